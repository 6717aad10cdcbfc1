// Note [double sin and cos]: SLEEF's 1-ulp double sin and cos carry pairs
// of doubles through their reduction and polynomials: 1.47 and 1.70 ms
// per 2^20 doubles against NumPy's 0.85 and 0.98. Here, below
// kDoubleTrigBound, x = k pi/2 + r with |r| <= pi/4 (a hair more where
// x 2/pi rounds near a half), k = x 2/pi rounded, and r carried as
// rh + rl: pi/2 = C1 + C2 + C3 in doubles; x - k C1 is exact with FMA (k
// C1 and x are multiples of 2^-52 where |x| >= 1, k = 0 below, and the
// difference is below 1); k C2 is split exactly by an FMA and subtracted
// by a two-sum; k C3 and the rounding errors join rl; the next part of
// pi/2 (2^-163) times k is far below the last bit of the smallest r.
// Then, with z = rh^2, sin r = rh + rh z P(z) + rl (1 - z/2) and
// cos r = (1 - z/2) + z^2 Q(z) - rh rl, 1 - z/2's and z's rounding
// errors recovered exactly (FMA); P and Q of degree 5, fitted for
// relative error on [0, (pi/4)^2] (2^-57.9 and 2^-63.9;
// codegen/fits/double_sin_cos.py). k's low bits pick the function and the
// sign; sin keeps -0. Largest errors against long double over 8 million
// random inputs and the doubles nearest every multiple of pi/2 below the
// bound: sin 0.772 ulp, cos 0.765 (tests/kernels/test_double_sin_cos.cpp
// checks fewer against 0.78). Both polynomials run for every lane, as
// the lanes' quadrants differ. THDoubleTensor_sin and _cos of 2^16 in
// [-3, 3], this form's library and SLEEF's alternating in one process
// (session 43): sin 1.74 -> 1.53 ns per double, cos 1.90 -> 1.50; in
// [-1000, 1000], where SLEEF's reduction slows, 3.2 -> 1.5 and 3.6 ->
// 1.4. Session 42's first try had run slower than SLEEF's through the
// library (1.39 against 1.34 ns) while faster in a bare loop: its call to
// SLEEF for the lanes past the bound was inline, so every vector set up
// a stack frame; sleef_math.cpp's sleef_past_trig_bound is out of line.
//
// One template for kernels/sleef_math.cpp's scalar and vector forms, so
// they cannot disagree: D is double or a GCC vector of doubles; L's fma
// rounds once.
#pragma once

#include <cstdint>

#include "kernels/exp_split.h"

namespace ember::kernels {

constexpr double kDoubleTrigBound = 0x1p24;

// sin x (Cos false) or cos x of |x| < kDoubleTrigBound; meaningless
// beyond it, some NaN of a NaN.
template <bool Cos, class L, class D>
[[gnu::always_inline]] inline D double_sin_cos_form(D x) {
  using U = typename detail::BitsOf<D>::type;
  using vec::detail::bit_cast;
  constexpr double kRound = 0x1.8p52;  // adding it rounds to an integer
  constexpr double kC1 = 0x1.921fb54442d18p+0, kC2 = 0x1.1a62633145c07p-54, kC3 = -0x1.f1976b7ed8fbcp-110;
  const D shifted = L::fma(x, D{} + 0x1.45f306dc9c883p-1, D{} + kRound);
  const D k = shifted - kRound;
  const U quadrant = bit_cast<U>(shifted) + (Cos ? U{} + 1 : U{});
  const D r1 = L::fma(-k, D{} + kC1, x);
  const D p = k * kC2, p_lo = L::fma(k, D{} + kC2, -p);
  const D rh = r1 - p, back = rh - r1;
  const D sum_error = (r1 - (rh - back)) + (-p - back);
  const D rl = L::fma(-k, D{} + kC3, sum_error - p_lo);
  const D z = rh * rh;

  const D sp = detail::fma_horner<L>(z, -0x1.5555555555548p-3, 0x1.111111110f755p-7, -0x1.a01a019bf0cf3p-13,
                             0x1.71de355dc8498p-19, -0x1.ae5e53779bf0bp-26, 0x1.5d8dedd41a68bp-33);
  const D sin_r = rh + L::fma(z, L::fma(D{} - 0.5, rl, rh * sp), rl);

  const D cq = detail::fma_horner<L>(z, 0x1.555555555554bp-5, -0x1.6c16c16c15014p-10, 0x1.a01a019c8ef76p-16,
                             -0x1.27e4f7f162d8dp-22, 0x1.1ee9dba75d199p-29, -0x1.8fa66c4ad71b1p-37);
  const D hz = 0.5 * z, w = 1.0 - hz;
  const D cos_tail = (((1.0 - w) - hz) - 0.5 * L::fma(rh, rh, -z)) + L::fma(z * z, cq, -rh * rl);
  const D cos_r = w + cos_tail;

  D r = (quadrant & 1u) != 0 ? cos_r : sin_r;
  if constexpr (!Cos) r = x == 0.0 ? x : r;  // rh is +0 for x = -0
  return bit_cast<D>(bit_cast<U>(r) ^ ((quadrant & 2u) << 62));
}

}  // namespace ember::kernels
