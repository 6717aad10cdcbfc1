// Note [double atan]: SLEEF's 1-ulp double atan carries pairs of doubles
// through every step. Here atan a, for a = |x|, is b + atan t with one
// division:
//
//   a in [0, 7/16):     b = 0,          t = a
//   a in [7/16, 11/16): b = atan(1/2),  t = (2a - 1) / (2 + a)
//   a in [11/16, 19/16): b = pi/4,      t = (a - 1) / (a + 1)
//   a in [19/16, 39/16): b = atan(3/2), t = (a - 3/2) / (1 + 3a/2)
//   a from 39/16:        b = pi/2,      t = -1 / a
//
// so |t| < 7/16, and atan t = t + t z Q(z) with z = t^2 and Q a degree-11
// Chebyshev fit (mpmath's chebyfit, relative error 2^-57.9 in atan t).
// The numerators are exact (Sterbenz); each denominator c0 + c1 a is
// carried as a pair (an FMA's product error, a two-sum's), and t's
// rounding error comes from the exact remainder num - t den times a float
// reciprocal. b is a pair of doubles, and b + t is added exactly (|b| >=
// |t| where b is not 0), so the sum rounds once at full size. 5-25%
// faster than SLEEF's in a loop of 2^16 doubles (a scratch harness calling
// both vector forms, 2026-12-06); largest error seen over the test's
// inputs against long double: 0.62 ulp
// (tests/kernels/test_double_atan_form.cpp). atan2 by the same sum (the
// quotient |y|/|x| and its remainder's error fed in as a pair, then pi
// minus it for a negative x) ran 2-15% slower than SLEEF's: not taken.
//
// One template for kernels/sleef_math.cpp's scalar and vector forms, so
// they cannot disagree: D is double or a GCC vector of doubles; L's fma
// rounds once and its float_reciprocal gives the same bits in both.
#pragma once

#include <cstdint>
#include <limits>

#include "kernels/exp_split.h"

namespace ember::kernels {

namespace detail {

template <class D>
struct AtanPair {
  D hi, lo;
};

// atan a as hi + lo, unrounded, for a >= 0 (infinity included, no NaN).
template <class L, class D>
[[gnu::always_inline]] inline AtanPair<D> atan_pair(D a_in) {
  // Past 2^100, atan a rounds to pi/2's leading part either way; the bound
  // keeps the products below finite.
  const D a = a_in < 0x1p100 ? a_in : D{} + 0x1p100;
  const auto r1 = a >= 7.0 / 16, r2 = a >= 11.0 / 16, r3 = a >= 19.0 / 16, r4 = a >= 39.0 / 16;
  const auto pick = [&](double v0, double v1, double v2, double v3, double v4) {
    return r4 ? D{} + v4 : r3 ? D{} + v3 : r2 ? D{} + v2 : r1 ? D{} + v1 : D{} + v0;
  };
  const D num = L::fma(pick(1, 2, 1, 1, 0), a, pick(0, -1, -1, -1.5, -1));
  const D c0 = pick(1, 2, 1, 1, 0), c1 = pick(0, 1, 1, 1.5, 1);
  const D p = c1 * a, p_lo = L::fma(c1, a, -p);
  const D den = c0 + p, back = den - c0;
  const D den_lo = ((c0 - (den - back)) + (p - back)) + p_lo;
  const D t = num / den;
  const D t_lo = (L::fma(-t, den, num) - t * den_lo) * L::float_reciprocal(den);
  const D z = t * t;
  const D poly = t * z *
                 fma_horner<L>(z, -0x1.5555555555555p-2, 0x1.99999999998c5p-3, -0x1.2492492485503p-3,
                               0x1.c71c71bd2b8bcp-4, -0x1.745d154c84f7ap-4, 0x1.3b1375ce5bdc6p-4,
                               -0x1.110c9ce7b0572p-4, 0x1.e170800a46210p-5, -0x1.ab59b417b2d3fp-5,
                               0x1.7001816fd063fp-5, -0x1.0f62bba6a2558p-5, 0x1.e4167464d3de8p-7);
  const D b_hi = pick(0, 0x1.dac670561bb4fp-2, 0x1.921fb54442d18p-1, 0x1.f730bd281f69bp-1, 0x1.921fb54442d18p+0);
  const D b_lo = pick(0, 0x1.a2b7f222f65e2p-56, 0x1.1a62633145c07p-55, 0x1.007887af0cbbdp-56, 0x1.1a62633145c07p-54);
  const D small = b_lo + (t_lo * (1.0 - z) + poly);
  const D hi = b_hi + t;
  return {hi, ((b_hi - hi) + t) + small};
}

}  // namespace detail

// atan x. A NaN gives some NaN: callers pass NaNs through themselves.
template <class L, class D>
[[gnu::always_inline]] inline D double_atan_form(D x) {
  using U = typename detail::BitsOf<D>::type;
  using vec::detail::bit_cast;
  const U sign = bit_cast<U>(x) & (U{} + (uint64_t{1} << 63));
  const auto r = detail::atan_pair<L>(bit_cast<D>(bit_cast<U>(x) ^ sign));
  return bit_cast<D>(bit_cast<U>(r.hi + r.lo) | sign);
}

}  // namespace ember::kernels
