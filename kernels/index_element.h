// What the index loops do per element, for the CPU loops (kernels/gather.h)
// and the CUDA ones (kernels/cuda/gather.cu) alike: how an index value
// picks a position along the indexed dim, and how a scatter combines the
// element it lands on with its source value.
#pragma once

#include <cstdint>

#include "ember/host_device.h"
#include "kernels/opmath.h"

namespace ember::kernels {

// How an index value picks a position along the indexed dim.
struct IndexedDim {
  int64_t size = 0;    // valid positions are 0 .. size - 1
  int64_t stride = 0;  // bytes between positions
  int64_t base = 0;    // subtracted first: 1 for TH's 1-based index tensors
  bool wrap = false;   // a negative position counts from the end
};

// The position index value `raw` selects, or -1 when it is out of range.
// raw - base wraps for raw near INT64_MIN (-fwrapv) and lands out of range.
EMBER_HOST_DEVICE inline int64_t position(const IndexedDim& d, int64_t raw) {
  int64_t k = raw - d.base;
  if (d.wrap && k < 0) k += d.size;
  return static_cast<uint64_t>(k) < static_cast<uint64_t>(d.size) ? k : -1;
}

// What a scatter does where it lands.
enum class ScatterMode : int8_t {
  Assign,      // dst = src (the last of duplicates wins)
  Accumulate,  // dst += alpha * src
  Multiply,    // dst *= src
  Max,         // dst = max(dst, src), NaN winning
  Min,
};

// The combining functions of the modes: the element landed on (`dst`) and
// the source value; T is the element type (an unsigned integer of its
// size for Assign).
struct Assign {
  template <class T>
  EMBER_HOST_DEVICE T operator()(T, T src) const {
    return src;
  }
};

template <class T>
struct AddScaled {
  opmath_t<T> alpha;
  EMBER_HOST_DEVICE T operator()(T dst, T src) const {
    return static_cast<T>(static_cast<opmath_t<T>>(dst) + alpha * static_cast<opmath_t<T>>(src));
  }
};

// scatter_reduce's prod, amax and amin (bool: and, or, and); a NaN on
// either side wins the comparisons, as PyTorch's.
struct Multiply {
  template <class T>
  EMBER_HOST_DEVICE T operator()(T dst, T src) const {
    return static_cast<T>(static_cast<opmath_t<T>>(dst) * static_cast<opmath_t<T>>(src));
  }
};

template <bool Max>
struct Extreme {
  template <class T>
  EMBER_HOST_DEVICE T operator()(T dst, T src) const {
    const opmath_t<T> a = static_cast<opmath_t<T>>(dst), b = static_cast<opmath_t<T>>(src);
    if (is_nan(a)) return dst;
    if (is_nan(b)) return src;
    return (Max ? b > a : b < a) ? src : dst;
  }
};

}  // namespace ember::kernels
