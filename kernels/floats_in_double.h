// Note [floats in double]: SLEEF's 1-ulp float sinh, cosh, expm1, asinh
// and acosh carry their extra precision in pairs of floats, and took
// 3.5-3.9x NumPy's time (bench/pointwise_sweep.py, 2026-12-05). Computed
// in double instead, each is a few operations on 8 lanes whose rounding
// errors stay below 2^-42 of the result, so the float it rounds to is
// the correctly rounded one but in rare near-ties (within 0.5 ulp plus
// 2^-18 ulp, tests/kernels/test_sleef_math.cpp).
//
// sinh, cosh and expm1 share one split of e^x that needs no division
// and cancels at most two bits: x = n ln2 + r with |r| <= ln2/2,
// e^r = 1 + E + O with E and O its even (less 1) and odd Taylor parts,
// so e^-r = 1 + E - O, and sinh x = (2^n - 2^-n)/2 (1 + E) +
// (2^n + 2^-n)/2 O: for |x| below ln2/2 that is O itself, the odd
// series, accurate down to the smallest x. asinh and acosh take SLEEF's 3.5-ulp double log (2^-50 of the
// result) with x - 1 and x + 1 exact; asinh below 2^-9, where
// log(x + sqrt(x^2 + 1)) cancels, is its series. atanh stays SLEEF's
// float function: in double (two logs) it was no faster; log1p of floats
// is vec_math.h's, in float.
//
// One template for kernels/sleef_math.cpp's scalar and vector forms, so
// they cannot disagree: D is double or a GCC vector of doubles; L's fma
// and sqrt round once (as do SLEEF's deterministic logs, lane for lane).
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

#include "kernels/vec_math.h"

namespace ember::kernels {

enum class DoubleForm { None, Sinh, Cosh, Expm1, Asinh, Acosh };

// The form of a kernels/sleef_math.h function of floats.
constexpr DoubleForm double_form(std::string_view name) {
  if (name == "sinh") return DoubleForm::Sinh;
  if (name == "cosh") return DoubleForm::Cosh;
  if (name == "expm1") return DoubleForm::Expm1;
  if (name == "asinh") return DoubleForm::Asinh;
  if (name == "acosh") return DoubleForm::Acosh;
  return DoubleForm::None;
}

namespace detail {

// D's bits as unsigned integers (vec::detail::bit_cast converts).
template <class D>
struct BitsOf {
  typedef uint64_t type __attribute__((vector_size(sizeof(D))));
};
template <>
struct BitsOf<double> {
  using type = uint64_t;
};

// e^x = 2^n (1 + even + odd) and e^-x = 2^-n (1 + even - odd).
template <class D>
struct ExpSplit {
  D up, down, even, odd;  // up = 2^n, down = 2^-n
};

// For |x| <= 100 (callers clamp; NaN passes through). The Taylor terms
// run to r^12 and r^11: the first omitted is below 2^-51 of e^r.
template <class L, class D>
[[gnu::always_inline]] inline ExpSplit<D> exp_split(D x) {
  using U = typename BitsOf<D>::type;
  constexpr double kLog2e = 1.44269504088896338700e+00;
  constexpr double kRound = 0x1.8p52;  // adding it rounds to an integer, kept in the low bits
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 32 significant bits: n kLn2Hi is exact
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const D t = L::fma(x, D{} + kLog2e, D{} + kRound);
  const D n = t - kRound;
  const D r = L::fma(n, D{} - kLn2Lo, L::fma(n, D{} - kLn2Hi, x));
  const D z = r * r;
  D odd = D{} + 1.0 / 39916800;
  odd = L::fma(odd, z, D{} + 1.0 / 362880);
  odd = L::fma(odd, z, D{} + 1.0 / 5040);
  odd = L::fma(odd, z, D{} + 1.0 / 120);
  odd = L::fma(odd, z, D{} + 1.0 / 6);
  odd = L::fma(odd * z, r, r);
  D even = D{} + 1.0 / 479001600;
  even = L::fma(even, z, D{} + 1.0 / 3628800);
  even = L::fma(even, z, D{} + 1.0 / 40320);
  even = L::fma(even, z, D{} + 1.0 / 720);
  even = L::fma(even, z, D{} + 1.0 / 24);
  even = L::fma(even, z, D{} + 0.5);
  even = even * z;
  const U n_bits = vec::detail::bit_cast<U>(t) - vec::detail::bit_cast<uint64_t>(kRound);  // n, two's complement
  const D up = vec::detail::bit_cast<D>((n_bits + 1023) << 52);
  const D down = vec::detail::bit_cast<D>((1023 - n_bits) << 52);
  return {up, down, even, odd};
}

}  // namespace detail

// The function of x (a float widened to double), in double. Overflow,
// infinities and NaNs: |x| is clamped to 100, where the results are far
// past FLT_MAX (and expm1 is -1 below -100); log(0) is -inf, log and
// sqrt of a negative number NaN.
template <DoubleForm Form, class L, class D, class Log>
[[gnu::always_inline]] inline D in_double(D x, const Log& log) {
  const D a = x < 0.0 ? -x : x;
  if constexpr (Form == DoubleForm::Sinh || Form == DoubleForm::Cosh) {
    const auto s = detail::exp_split<L>(a > 100.0 ? D{} + 100.0 : a);
    const D half_sum = (s.up + s.down) * 0.5, half_diff = (s.up - s.down) * 0.5;
    if constexpr (Form == DoubleForm::Sinh) {
      const D r = L::fma(half_diff, 1.0 + s.even, half_sum * s.odd);
      return x < 0.0 ? -r : r;
    } else {
      return L::fma(half_sum, 1.0 + s.even, half_diff * s.odd);
    }
  } else if constexpr (Form == DoubleForm::Expm1) {
    const D clamped = x > 100.0 ? D{} + 100.0 : x < -100.0 ? D{} - 100.0 : x;
    const auto s = detail::exp_split<L>(clamped);
    return L::fma(s.up, s.even + s.odd, s.up - 1.0);  // e^r - 1 for n = 0: no cancellation
  } else if constexpr (Form == DoubleForm::Asinh) {
    constexpr double kSeries = 0x1p-9;  // the series' first omitted term is below 2^-54 of it
    const D z = a * a;
    const D r = a < kSeries ? a * (1.0 + z * (-1.0 / 6 + z * (3.0 / 40))) : log(a + L::sqrt(z + 1.0));
    return x < 0.0 ? -r : r;
  } else {
    static_assert(Form == DoubleForm::Acosh);
    // Below 1 (-inf too) the product is positive: NaN by a select.
    const D r = log(x + L::sqrt((x - 1.0) * (x + 1.0)));
    return x < 1.0 ? D{} + std::numeric_limits<double>::quiet_NaN() : r;
  }
}

}  // namespace ember::kernels
