// What a CUDA pointwise kernel receives: the Operands of the CPU engine
// after the same dimension collapsing (kernels/coalesce.h, done on the
// host), in a fixed-size struct passed by value as a kernel parameter,
// and the per-element work. Everything here is plain C++ with
// EMBER_HOST_DEVICE, so the host build's tests run the same indexing and
// conversion code the GPU runs (tests/runtime/test_device_operands.cpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <utility>

#include "ember/host_device.h"
#include "kernels/coalesce.h"
#include "kernels/convert.h"
#include "kernels/opmath.h"
#include "kernels/operands.h"

namespace ember::kernels::cuda {

// Dims left after collapsing; tensors with more (rare: every adjacent pair
// of dims non-mergeable) are refused by the launcher with a clear error.
constexpr int kMaxDims = 16;

template <int N>
struct DeviceOperands {
  int ndim = 1;
  int64_t shape[kMaxDims];       // dim 0 is the outermost
  int64_t strides[N][kMaxDims];  // bytes
  char* data[N];                 // device addresses; null for a value held in `value`
  // An operand that is one number (a Python/C++ scalar, or a CPU 0-dim
  // tensor beside CUDA tensors) travels in the kernel's parameters.
  alignas(8) unsigned char value[N][8];

  EMBER_HOST_DEVICE int64_t numel() const {
    int64_t n = 1;
    for (int d = 0; d < ndim; ++d) n *= shape[d];
    return n;
  }

  // Byte offsets of element i (row-major over shape) for every operand.
  // OneDim: a single dim, the offset is i * stride.
  template <bool OneDim>
  EMBER_HOST_DEVICE void offsets(int64_t i, int64_t (&off)[N]) const {
    if constexpr (OneDim) {
      for (int k = 0; k < N; ++k) off[k] = i * strides[k][0];
    } else {
      for (int k = 0; k < N; ++k) off[k] = 0;
      for (int d = ndim - 1; d >= 0; --d) {
        const int64_t q = i / shape[d], idx = i - q * shape[d];
        i = q;
        for (int k = 0; k < N; ++k) off[k] += idx * strides[k][d];
      }
    }
  }

  template <class T>
  EMBER_HOST_DEVICE T load(int k, int64_t off) const {
    if (data[k] == nullptr) return *reinterpret_cast<const T*>(value[k]);
    return *reinterpret_cast<const T*>(data[k] + off);
  }
};

// The kernel parameters for `ops`, dims as they are. Operand k whose bit
// is set in `host_values` is one number at a host address (every stride
// 0): its `value_bytes` bytes are copied into the parameters. False when
// `ops` has more than kMaxDims dims.
template <int N>
bool device_operands_as_laid_out(const Operands<N>& ops, unsigned host_values, const int (&value_bytes)[N],
                                 DeviceOperands<N>* out) {
  if (ops.ndim > kMaxDims) return false;
  DeviceOperands<N>& d = *out;
  d.ndim = ops.ndim;
  for (int i = 0; i < ops.ndim; ++i) d.shape[i] = ops.shape[i];
  for (int k = 0; k < N; ++k) {
    std::memset(d.value[k], 0, sizeof(d.value[k]));
    const bool host = (host_values >> k) & 1u;
    d.data[k] = host ? nullptr : ops.data[k];
    if (host) std::memcpy(d.value[k], ops.data[k], static_cast<size_t>(value_bytes[k]));
    for (int i = 0; i < ops.ndim; ++i) d.strides[k][i] = host ? 0 : ops.strides[k][i];
  }
  return true;
}

// The same for `ops` coalesced first (kernels that ignore the order of
// elements).
template <int N>
bool make_device_operands(const Operands<N>& operands, unsigned host_values, const int (&value_bytes)[N],
                          DeviceOperands<N>* out) {
  return device_operands_as_laid_out(coalesced(operands), host_values, value_bytes, out);
}

namespace detail {

template <class OutT, class InT, class F, std::size_t... K>
EMBER_HOST_DEVICE inline void pointwise_apply(char* out, const DeviceOperands<sizeof...(K) + 1>& ops,
                                              const int64_t* off, const F& f, std::index_sequence<K...>) {
  using M = opmath_t<InT>;
  *reinterpret_cast<OutT*>(out) = convert<OutT>(f(static_cast<M>(ops.template load<InT>(K + 1, off[K + 1]))...));
}

}  // namespace detail

// out[i] = f(in_1[i], ..., in_NIn[i]) for the i-th element: inputs loaded
// as InT, handed to f as opmath_t<InT>, the result converted to OutT:
// exactly kernels/pointwise.h's rule, so both backends agree bit for bit
// wherever f rounds the same.
template <class OutT, class InT, int NIn, bool OneDim, class F>
EMBER_HOST_DEVICE inline void pointwise_element(const DeviceOperands<NIn + 1>& ops, int64_t i, const F& f) {
  int64_t off[NIn + 1];
  ops.template offsets<OneDim>(i, off);
  detail::pointwise_apply<OutT, InT>(ops.data[0] + off[0], ops, off, f, std::make_index_sequence<NIn>{});
}

}  // namespace ember::kernels::cuda
