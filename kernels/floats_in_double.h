// Note [floats in double]: SLEEF's 1-ulp float sinh, cosh, expm1, asinh
// and acosh carry their extra precision in pairs of floats, and took
// 3.5-3.9x NumPy's time (bench/pointwise_sweep.py, 2026-12-05). Computed
// in double instead, each is a few operations on 8 lanes whose rounding
// errors stay below 2^-42 of the result, so the float it rounds to is
// the correctly rounded one but in rare near-ties (within 0.5 ulp plus
// 2^-18 ulp, tests/kernels/test_sleef_math.cpp).
//
// sinh, cosh and expm1 share one split of e^x that needs no division
// and cancels at most two bits (kernels/exp_split.h): with E and O the
// even (less 1) and odd parts of e^r, e^-r = 1 + E - O, and sinh x =
// (2^n - 2^-n)/2 (1 + E) + (2^n + 2^-n)/2 O: for |x| below ln2/2 that is
// O itself, the odd series, accurate down to the smallest x. asinh and
// acosh take SLEEF's 3.5-ulp double log (2^-50 of the result) with x - 1
// and x + 1 exact; asinh below 2^-9, where log(x + sqrt(x^2 + 1))
// cancels, is its series. atanh stays SLEEF's float function: in double
// (two logs) it was no faster; log1p of floats is vec_math.h's, in
// float.
//
// One template for kernels/sleef_math.cpp's scalar and vector forms, so
// they cannot disagree: D is double or a GCC vector of doubles; L's fma
// and sqrt round once (as do SLEEF's deterministic logs, lane for lane).
#pragma once

#include <limits>

#include "kernels/exp_split.h"

namespace ember::kernels {

enum class DoubleForm { None, Sinh, Cosh, Expm1, Asinh, Acosh };

// The function of x (a float widened to double), in double. Overflow,
// infinities and NaNs: |x| is clamped to 100, where the results are far
// past FLT_MAX (and expm1 is -1 below -100); log(0) is -inf, log and
// sqrt of a negative number NaN.
template <DoubleForm Form, class L, class D, class Log>
[[gnu::always_inline]] inline D in_double(D x, const Log& log) {
  const D a = x < 0.0 ? -x : x;
  if constexpr (Form == DoubleForm::Sinh || Form == DoubleForm::Cosh) {
    const auto s = detail::exp_split<L, true>(a > 100.0 ? D{} + 100.0 : a);
    const D up = detail::pow2<D>(s.n_bits), down = detail::pow2<D>(-s.n_bits);
    const D odd = L::fma(s.odd_z, s.r, s.r), even = L::fma(s.even_p, s.z, D{} + 0.5) * s.z;
    const D half_sum = (up + down) * 0.5, half_diff = (up - down) * 0.5;
    if constexpr (Form == DoubleForm::Sinh) {
      const D r = L::fma(half_diff, 1.0 + even, half_sum * odd);
      return x < 0.0 ? -r : r;
    } else {
      return L::fma(half_sum, 1.0 + even, half_diff * odd);
    }
  } else if constexpr (Form == DoubleForm::Expm1) {
    const D clamped = x > 100.0 ? D{} + 100.0 : x < -100.0 ? D{} - 100.0 : x;
    const auto s = detail::exp_split<L, true>(clamped);
    const D up = detail::pow2<D>(s.n_bits);
    const D even = L::fma(s.even_p, s.z, D{} + 0.5) * s.z;
    return L::fma(up, even + L::fma(s.odd_z, s.r, s.r), up - 1.0);  // e^r - 1 for n = 0: no cancellation
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
