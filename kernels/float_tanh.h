// tanh of floats in float arithmetic by a table of polynomials, within
// 0.75 ulp; kernels/sleef_math.cpp calls it for ember_tanhf and its vector
// variants.
//
// Note [float tanh by table]: the form through exp (1 - 2 / (e^2a + 1)
// with its rounding errors carried, and a separate odd polynomial near 0)
// took 45 vector instructions per 16 floats, a division among them, and
// ran 1.5x slower than NumPy's tanh in cache. Here a = |x| picks one of 30
// pieces by its exponent and two leading mantissa bits (a quarter of a
// binade from 2^-4 up; one piece below), and the piece's degree-5
// polynomial in h = a - center gives tanh. Each lookup is one permute
// across two registers (32 entries): 25 instructions, no division (16
// entries, one register each, need degree 6 for the same accuracy and
// ran no faster).
// The centers have a tanh that is (nearly) a float, c0, so that
// r = c0 + h P(h) is exact at h = 0 and its last rounding is the main
// error; the piece below 2^-4 returns h + h P(h), exact to half an ulp
// down to the subnormals. |x| is clamped to 9.5 first (tanh rounds to 1
// from 9.01): inf gives 1, NaN passes through (it fails the comparison).
// Largest error over every float, against double tanh: 0.75 ulp. The
// table comes from codegen/fits/float_tanh.py. Scalar and vector forms run
// the same operations, so they give the same bits.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "kernels/float_tanh_table.h"

namespace ember::kernels {
namespace float_tanh_detail {

// The int32 lanes of T: int32_t for float, a GCC vector for a vector (a
// typedef: GCC drops the attribute from a template argument).
template <class T, bool = std::is_same_v<T, float>>
struct IntLanesOf {
  using type = int32_t;
};
template <class T>
struct IntLanesOf<T, false> {
  typedef int32_t type __attribute__((vector_size(sizeof(T))));
};
template <class T>
using IntLanes = typename IntLanesOf<T>::type;

template <class To, class From>
inline __attribute__((always_inline)) To same_bits(From v) {
  static_assert(sizeof(To) == sizeof(From), "same size");
  To t;
  std::memcpy(&t, &v, sizeof(To));
  return t;
}

template <class T>
inline __attribute__((always_inline)) T fma_lanes(T a, T b, T c) {
  if constexpr (std::is_same_v<T, float>) {
    return __builtin_fmaf(a, b, c);
  } else {
#if defined(__AVX512F__)
    if constexpr (sizeof(T) == 64) return T(_mm512_fmadd_ps(__m512(a), __m512(b), __m512(c)));
#endif
#if defined(__FMA__)
    if constexpr (sizeof(T) == 32) return T(_mm256_fmadd_ps(__m256(a), __m256(b), __m256(c)));
    if constexpr (sizeof(T) == 16) return T(_mm_fmadd_ps(__m128(a), __m128(b), __m128(c)));
#endif
    for (size_t k = 0; k < sizeof(T) / sizeof(float); ++k) a[k] = __builtin_fmaf(a[k], b[k], c[k]);
    return a;
  }
}

// row[i] in each lane: one two-register permute for 16 lanes.
template <class T>
inline __attribute__((always_inline)) T entry(const float (&row)[float_tanh_table::kEntries], IntLanes<T> i) {
  constexpr int kEntries = float_tanh_table::kEntries;
  static_assert(kEntries == 32, "two 16-lane registers");
  if constexpr (std::is_same_v<T, float>) {
    return row[i & (kEntries - 1)];
  } else if constexpr (sizeof(T) == 64) {
    T low, high;
    std::memcpy(&low, row, sizeof(T));
    std::memcpy(&high, row + 16, sizeof(T));
    return __builtin_shuffle(low, high, i);  // indices are taken modulo 32
  } else {
    T r;
    for (size_t k = 0; k < sizeof(T) / sizeof(float); ++k) r[k] = row[i[k] & (kEntries - 1)];
    return r;
  }
}

}  // namespace float_tanh_detail

// tanh(x) for a float or a GCC vector of floats.
template <class T>
inline __attribute__((always_inline)) T float_tanh(T x) {
  namespace table = float_tanh_table;
  using float_tanh_detail::entry;
  using float_tanh_detail::fma_lanes;
  using float_tanh_detail::same_bits;
  using I = float_tanh_detail::IntLanes<T>;
  const I bits = same_bits<I>(x);
  const T a = same_bits<T>(bits & 0x7fffffff);
  const T clamped = a > table::kClamp ? T{} + table::kClamp : a;
  I i = (same_bits<I>(clamped) >> (23 - table::kMantissaBits)) - table::kIndexBase;
  i = i < 0 ? I{} : i;
  const auto& rows = table::kRows;
  const T h = clamped - entry<T>(rows[0], i);
  constexpr int kLast = sizeof(rows) / sizeof(rows[0]) - 1;
  T p = entry<T>(rows[kLast], i);
#pragma GCC unroll 16
  for (int k = kLast - 1; k >= 2; --k) p = fma_lanes(p, h, entry<T>(rows[k], i));
  const T c0 = i == 0 ? h : entry<T>(rows[1], i);
  const T r = fma_lanes(h, p, c0);
  return same_bits<T>(same_bits<I>(r) | (bits & INT32_MIN));
}

}  // namespace ember::kernels
