// Naive references for the BLAS kernel tests (test_gemm.cpp,
// test_blas.cpp): each element type's values are summed exactly where
// that is possible, in uint64_t for integers (wrapping, so the low bits
// are exact) and in long double for floating types, and the kernels'
// results are compared exactly (integers) or within a bound on the
// rounding error of sums in the accumulate type (floating).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "ember/half.h"
#include "kernels/opmath.h"

namespace ember::kernels::testing {

template <class T>
using RefNum = std::conditional_t<std::is_integral_v<T>, uint64_t, long double>;

template <class T>
RefNum<T> ref_of(T x) {
  if constexpr (std::is_integral_v<T>) return static_cast<uint64_t>(static_cast<int64_t>(x));
  else if constexpr (is_reduced_float_v<T>) return static_cast<long double>(static_cast<float>(x));
  else return static_cast<long double>(x);
}

// A scalar (alpha, beta) as the reference sees it; integer scalars wrap
// like the kernels' arithmetic.
template <class T>
RefNum<T> ref_scalar(double v) {
  if constexpr (std::is_integral_v<T>) return static_cast<uint64_t>(static_cast<int64_t>(v));
  else return static_cast<long double>(v);
}

// Unit roundoff of the type results are rounded to, and of the type sums
// accumulate in (Note [gemm accumulation]).
template <class T>
long double out_eps() {
  if constexpr (std::is_same_v<T, Half>) return std::ldexp(1.0L, -11);
  else if constexpr (std::is_same_v<T, BFloat16>) return std::ldexp(1.0L, -8);
  else if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::epsilon() / 2;
  else return 0;
}
template <class T>
long double acc_eps() {
  if constexpr (is_reduced_float_v<T>) return std::numeric_limits<float>::epsilon() / 2;
  else return out_eps<T>();
}

// Random values: integers over their whole range (products overflow and
// wrap), floating values in [-2, 2] as the type stores them.
template <class T>
std::vector<T> random_values(size_t n, uint32_t seed) {
  std::mt19937_64 gen(seed);
  std::vector<T> v(n);
  for (auto& x : v) {
    if constexpr (std::is_integral_v<T>) x = static_cast<T>(gen());
    else x = T(static_cast<float>(std::uniform_real_distribution<double>(-2, 2)(gen)));
  }
  return v;
}

// got == want (integers: want wrapped to T), or |got - want| <= bound where
// bound covers the rounding of a sum whose terms add up to `mass` in
// magnitude over `terms` additions, and the final rounding to T.
template <class T>
::testing::AssertionResult close(T got, RefNum<T> want, long double mass, int64_t terms, int rounds = 1) {
  if constexpr (std::is_integral_v<T>) {
    if (got == static_cast<T>(want)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << +got << ", want " << +static_cast<T>(want);
  } else {
    const long double g = ref_of(got);
    const long double bound = mass * ((terms + 2) * acc_eps<T>() + rounds * out_eps<T>()) +
                              std::numeric_limits<float>::denorm_min();
    if (std::fabs(g - want) <= bound) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << static_cast<double>(g) << ", want " << static_cast<double>(want)
                                         << " (bound " << static_cast<double>(bound) << ")";
  }
}

template <class T>
long double magnitude(RefNum<T> v) {
  if constexpr (std::is_integral_v<T>) return 0;
  else return std::fabs(v);
}

}  // namespace ember::kernels::testing
