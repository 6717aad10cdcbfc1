// Test-only strided arrays and naive loops for the kernel tests.
//
// An Array owns a buffer and views it with any strides, negative
// included; reference loops address elements straight from the strides,
// never through kernels/ code, so they check the kernels independently.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <type_traits>
#include <vector>

#include "ember/half.h"
#include "kernels/operands.h"
#include "tests/common/index_walk.h"

namespace ember::kernels::testing {

using Shape = std::vector<int64_t>;

inline Shape contiguous_strides(const Shape& shape) {
  Shape s(shape.size());
  int64_t st = 1;
  for (size_t d = shape.size(); d-- > 0;) {
    s[d] = st;
    st *= std::max<int64_t>(shape[d], 1);
  }
  return s;
}

// Strides of a contiguous array of `shape` permuted by perm: dim d of the
// view is dim perm[d] of the storage. {1, 0} gives a transposed matrix.
inline Shape permuted_strides(const Shape& shape, const std::vector<int>& perm) {
  Shape stored(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) stored[d] = shape[perm[d]];
  const Shape cs = contiguous_strides(stored);
  Shape s(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) s[perm[d]] = cs[d];
  return s;
}

inline int64_t numel(const Shape& shape) {
  int64_t n = 1;
  for (int64_t v : shape) n *= v;
  return n;
}

using testutil::for_each_index;

// A T that std::vector stores as itself (std::vector<bool> packs bits).
template <class T>
struct Box {
  T v;
};

template <class T>
struct Array {
  static_assert(sizeof(Box<T>) == sizeof(T), "boxes are laid out as the element");
  Shape shape, strides;  // strides in elements
  std::vector<Box<T>> mem;
  int64_t origin = 0;  // element (0, ..., 0) is mem[origin]

  Array(Shape shape_, Shape strides_) : shape(std::move(shape_)), strides(std::move(strides_)) {
    int64_t lo = 0, hi = 0;
    if (numel(shape) > 0)
      for (size_t d = 0; d < shape.size(); ++d) {
        const int64_t ext = (shape[d] - 1) * strides[d];
        (ext < 0 ? lo : hi) += ext;
      }
    origin = -lo;
    mem.assign(static_cast<size_t>(hi - lo + 1), Box<T>{T()});
  }
  explicit Array(const Shape& shape_) : Array(shape_, contiguous_strides(shape_)) {}

  T* base() { return &mem[static_cast<size_t>(origin)].v; }
  T& at(const Shape& idx) { return mem[static_cast<size_t>(offset(idx))].v; }
  const T& at(const Shape& idx) const { return mem[static_cast<size_t>(offset(idx))].v; }
  int64_t offset(const Shape& idx) const {
    int64_t off = origin;
    for (size_t d = 0; d < idx.size(); ++d) off += idx[d] * strides[d];
    return off;
  }
};

// Shape `shape` with the given arrays as operands, in order.
template <int N>
Operands<N> make_operands(const Shape& shape, char* const (&data)[N], const Shape* const (&strides)[N],
                          const int64_t (&elem_size)[N]) {
  Operands<N> ops;
  ops.ndim = static_cast<int>(shape.size());
  for (int d = 0; d < ops.ndim; ++d) {
    ops.shape[d] = shape[d];
    for (int k = 0; k < N; ++k) ops.strides[k][d] = (*strides[k])[d] * elem_size[k];
  }
  for (int k = 0; k < N; ++k) ops.data[k] = data[k];
  return ops;
}

template <class... T>
Operands<sizeof...(T)> operands_of(const Shape& shape, Array<T>&... arrays) {
  constexpr int N = sizeof...(T);
  char* data[N] = {reinterpret_cast<char*>(arrays.base())...};
  const Shape* strides[N] = {&arrays.strides...};
  const int64_t sizes[N] = {static_cast<int64_t>(sizeof(T))...};
  return make_operands<N>(shape, data, strides, sizes);
}

// Random values every element type can hold exactly, in a range where
// float arithmetic on them is interesting but not overflowing.
template <class T>
T random_value(std::mt19937& g) {
  if constexpr (std::is_same_v<T, bool>) {
    return (g() & 1) != 0;
  } else if constexpr (std::is_integral_v<T>) {
    std::uniform_int_distribution<int> d(std::is_signed_v<T> ? -100 : 0, std::is_signed_v<T> ? 100 : 200);
    return static_cast<T>(d(g));
  } else {
    std::uniform_real_distribution<float> d(-8.0f, 8.0f);
    return T(d(g));
  }
}

template <class T>
void fill_random(Array<T>& a, std::mt19937& g) {
  for (Box<T>& b : a.mem) b.v = random_value<T>(g);
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
double as_double(T v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return static_cast<float>(v);
  else
    return static_cast<double>(v);
}

using AllTypes = ::testing::Types<uint8_t, int8_t, int16_t, int32_t, int64_t, float, double, bool, Half, BFloat16>;

}  // namespace ember::kernels::testing
