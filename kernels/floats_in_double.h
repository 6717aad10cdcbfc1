// Note [floats in double]: SLEEF's 1-ulp float asinh and acosh carry
// their extra precision in pairs of floats, and took 3.8-3.9x NumPy's
// time (bench/pointwise_sweep.py, 2026-12-05). Computed in double
// instead, each is a few operations on 8 lanes whose rounding errors stay
// below 2^-42 of the result, so the float it rounds to is the correctly
// rounded one but in rare near-ties (within 0.5 ulp plus 2^-18 ulp,
// tests/kernels/test_sleef_math.cpp).
//
// They take SLEEF's 3.5-ulp double log (2^-50 of the result) with x - 1
// and x + 1 exact; asinh below 2^-9, where log(x + sqrt(x^2 + 1))
// cancels, is its series. sinh, cosh and expm1 were computed so too
// until they got forms in float (Note [float sinh, cosh and expm1] in
// kernels/float_exp_forms.h), twice as fast. atanh stays SLEEF's float
// function: in double (two logs) it was no faster; log1p of floats is
// vec_math.h's, in float.
//
// One template for kernels/sleef_math.cpp's scalar and vector forms, so
// they cannot disagree: D is double or a GCC vector of doubles; L's
// sqrt rounds once (as do SLEEF's deterministic logs, lane for lane).
#pragma once

#include <limits>

namespace ember::kernels {

enum class DoubleForm { None, Asinh, Acosh };

// The function of x (a float widened to double), in double. Infinities
// and NaNs: log(0) is -inf, log and sqrt of a negative number NaN.
template <DoubleForm Form, class L, class D, class Log>
[[gnu::always_inline]] inline D in_double(D x, const Log& log) {
  if constexpr (Form == DoubleForm::Asinh) {
    const D a = x < 0.0 ? -x : x;
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
