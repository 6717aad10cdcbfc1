// Note [pow by a number]
// ~~~~~~~~~~~~~~~~~~~~~~
// x ** y for float (and Half, BFloat16, which compute in float) where y is
// one number for every element (a Scalar exponent, TH's pow) and a whole
// or half-whole number under 16 in magnitude: y = +-m or +-(m + 1/2).
// Such exponents are most of what programs raise to (x ** 2, x ** 0.5,
// x ** -1, x ** 1.5), and they need no logarithm: in double,
// x^m is a product of x, x^2, x^4, x^8 picked by m's binary digits, and
// x^(m + 1/2) is that times sqrt(x). A float is exact in double and at
// most 8 products (each rounded by 2^-53) and a square root good to
// 2^-47 (sqrt_to_double) separate the double result from x^y, so the
// float result is x^y correctly rounded except in ties closer than about
// 2^-22 ulp (every 61st positive float gave long double pow's rounding
// for y = 2.5, +-0.5, +-1.5, 7.5 and -15.5; vec::pow is off by up to
// 0.67 ulp), and faster: on 2^24 floats, one thread, x ** 2.5 (bench
// B27) 12.3-12.4 ms where vec::pow takes 27.5 ms (x ** 2.4); two double
// square roots per 16 floats took 16.1-17.5 ms, and all four binary
// digits of m rather than two (m < 4) 13.5-13.8, each in the same run;
// clamping x and the root instead of the select in sqrt_to_double took
// 14.2. x ** 2 and x ** 0.5 8.6-8.9 ms (memory-bound), x ** -1 14.7 ms.
// C's powf special cases come out of the arithmetic: y == 0 gives 1 (a
// product of no factors), signs follow m's parity, x = +-0 and +-inf
// give 0 or inf; for half-whole y a negative x gives NaN through sqrt,
// except -0 and -inf, which C treats as +0 and +inf. y == 0.5 is sqrt
// itself, as ops::pow computes it ((-0) ** 0.5 is -0, as PyTorch).
// Each sign of y is its own loop: a division left in the positive loop
// would cost as much as the rest.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "kernels/opmath.h"
#include "kernels/operands.h"
#include "kernels/pointwise.h"

namespace ember::kernels {

namespace detail {

// x^m for m < 2^Digits, as Note [pow by a number] says; the selects on m
// keep the element loop free of branches. Fewer digits, fewer products:
// the same factors in the same order, so the same bits.
template <unsigned Digits = 4>
inline double power_by_digits(double x, unsigned m) {
  double power = x, result = (m & 1u) ? x : 1.0;
  for (unsigned d = 1; d < Digits; ++d) {
    power = power * power;
    result = result * (((m >> d) & 1u) ? power : 1.0);
  }
  return result;
}

// What sqrt's argument is for C's powf: -0 and -inf count as +0, +inf.
inline float powf_root_base(float x) {
  return (x == 0.0f || x == -std::numeric_limits<float>::infinity()) ? std::fabs(x) : x;
}

// sqrt(x) within about 2^-47 of its value, in double, for float x: s =
// sqrtf(x) is within 2^-24, x - s^2 is exact in double, and one Newton
// step s + (x - s^2) / 2s, whose quotient needs only float precision,
// leaves the rest. The step is dropped where it is not finite (x = 0 or
// inf; a NaN stays NaN through s).
inline double sqrt_to_double(float x) {
  const float s = std::sqrt(x);
  const float half_reciprocal = 0.5f / s;
  const double root = s;
  const double step = std::fma(-root, root, static_cast<double>(x)) * static_cast<double>(half_reciprocal);
  return root + (std::fabs(step) < std::numeric_limits<double>::infinity() ? step : 0.0);
}

}  // namespace detail

// Runs ops (out, self, exponent) as Note [pow by a number] says and
// returns true when the exponent is one such number; false (nothing
// written) otherwise, for the general loop.
template <class OutT, class T>
bool pow_by_number(const Operands<3>& ops) {
  if constexpr (!std::is_same_v<opmath_t<T>, float>) {
    return false;
  } else {
    for (int d = 0; d < ops.ndim; ++d)
      if ((ops.strides[2][d] != 0 && ops.shape[d] != 1) || ops.shape[d] == 0) return false;
    const float y = static_cast<float>(*reinterpret_cast<const T*>(ops.data[2]));
    const float twice = 2.0f * y;
    if (!(std::fabs(y) < 16.0f) || std::trunc(twice) != twice) return false;
    const unsigned m = static_cast<unsigned>(std::fabs(y));
    if (y == 0.5f) {
      pointwise<OutT, T, 2>(ops, [](float x, float) { return std::sqrt(x); });
    } else if (std::trunc(y) == y) {
      if (y < 0)
        pointwise<OutT, T, 2>(ops, [=](float x, float) { return static_cast<float>(1.0 / detail::power_by_digits(x, m)); });
      else
        pointwise<OutT, T, 2>(ops, [=](float x, float) { return static_cast<float>(detail::power_by_digits(x, m)); });
    } else if (y < 0) {
      pointwise<OutT, T, 2>(ops, [=](float x, float) {
        const float a = detail::powf_root_base(x);
        return static_cast<float>(1.0 / (detail::power_by_digits(a, m) * detail::sqrt_to_double(a)));
      });
    } else if (m < 4) {  // x ** 0.5 ... x ** 3.5, with 6 fewer products per 16 floats
      pointwise<OutT, T, 2>(ops, [=](float x, float) {
        const float a = detail::powf_root_base(x);
        return static_cast<float>(detail::power_by_digits<2>(a, m) * detail::sqrt_to_double(a));
      });
    } else {
      pointwise<OutT, T, 2>(ops, [=](float x, float) {
        const float a = detail::powf_root_base(x);
        return static_cast<float>(detail::power_by_digits(a, m) * detail::sqrt_to_double(a));
      });
    }
    return true;
  }
}

}  // namespace ember::kernels
