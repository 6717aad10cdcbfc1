// sin, cos and tan of floats in float arithmetic, within 1 ulp below
// kFloatTrigBound; kernels/sleef_math.cpp takes SLEEF's for larger
// arguments (Note [float sin and cos] there).
//
// x = k pi/2 + r, |r| <= pi/4, k = x 2/pi rounded (|k| < 2^17), and r
// carried as rh + rl. pi/2 = C1 + C2 + C3 in floats: x - k C1 is exact
// with FMA (k C1 and x are multiples of 2^-23, or of 2^-24 where
// |x| < 1, and their difference is below 1); k C2 is split exactly
// into a sum (FMA) and added by a two-sum; k C3 is far below the last
// bit. Then sin r = rh + rl (1 - z/2) + rh z P(z) and
// cos r = 1 - z/2 - rh rl + z^2 Q(z) with z = rh^2, the rounding errors
// of 1 - z/2 and of z recovered exactly (FMA). P (degree 3) and Q
// (degree 2) were fitted for relative error on [0, (pi/4)^2] (2^-32.5
// and 2^-33; iteratively reweighted least squares in mpmath, the
// coefficients rounded to float one at a time). k's low bits pick the
// function and the sign; sin keeps -0. Largest errors over every float
// below the bound, against double: sin 0.81 ulp, cos 0.82 (the small
// terms' five roundings add up to 0.3 ulp where |r| nears pi/4).
//
// Note [float tan]: SLEEF's 1-ulp tanf took 1.1-1.3 ms per 2^20 floats
// against NumPy's 0.43-0.6. Here tan r = rh + t_lo, t_lo = rh z T(z) +
// rl (1 + tan^2 rh) (the reduction's tail through tan's slope), T of
// degree 6 (codegen/fits/float_tan.py: relative error 2^-29.6 on
// [0, pi/4], coefficients rounded to float one at a time). For even k
// that sum is the result; for odd k, tan x = -1/tan r: t = rh + t_lo
// rounds, its error e = (rh - t) + t_lo is exact (Fast2Sum: |t_lo| <
// 0.28 |rh|), q = -1/t, and 1 + q t is exact for a correctly rounded
// quotient, so u = (1 + q t) + q e is 1 + q tan r to far below an ulp
// and -1/tan r = q / (1 - u) ~ q + q u. rh^3's rounding errors are kept
// (z and rh z by FMA): without them the largest error was 1.16 ulp.
// Largest errors over every float below the bound, against double: 0.834
// ulp for even k, 0.674 for odd. ember_tanf's 16-lane form in an `omp
// simd` loop of 2^14 floats: 0.79 ns per float against SLEEF's 1.01
// (sin: 0.68).
#pragma once

#include <cstdint>

#include "kernels/vec_math.h"

namespace ember::kernels {

constexpr float kFloatTrigBound = 131072.0f;  // 2^17

namespace float_trig_detail {

// x = k pi/2 + rh + rl; `shifted`'s low bits are k's.
struct QuarterTurns {
  uint32_t shifted;
  float rh, rl;
};

inline __attribute__((always_inline)) QuarterTurns quarter_turns(float x) {
  using vec::detail::bit_cast;
  using vec::detail::madd;
  const float shifted = madd(x, 6.36619747e-01f, 12582912.0f);  // 1.5 * 2^23: rounds to an integer
  const float k = shifted - 12582912.0f;
  const float p1 = madd(-k, 1.57079637f, x);
  const float bh = k * -4.37113883e-08f;
  const float bl = madd(k, -4.37113883e-08f, -bh);
  const float rh = p1 - bh;
  const float back = rh - p1;
  const float sum_error = (p1 - (rh - back)) + (-bh - back);
  return {bit_cast<uint32_t>(shifted), rh, madd(-k, -1.71512451e-15f, sum_error - bl)};
}

}  // namespace float_trig_detail

// sin x (Cos false) or cos x of |x| < kFloatTrigBound; NaN of +-inf and
// NaN, meaningless beyond the bound.
template <bool Cos>
inline __attribute__((always_inline)) float float_sin_cos(float x) {
  using vec::detail::bit_cast;
  using vec::detail::horner;
  using vec::detail::madd;
  const auto [shifted, rh, rl] = float_trig_detail::quarter_turns(x);
  const uint32_t quadrant = shifted + (Cos ? 1u : 0u);
  const float z = rh * rh;

  const float p = horner(z, -1.666666716e-01f, 8.333379403e-03f, -1.985309209e-04f, 2.833072813e-06f);
  const float sin_r = rh + madd(z, madd(-0.5f, rl, rh * p), rl);

  const float q = horner(z, 4.166664556e-02f, -1.388731063e-03f, 2.443256562e-05f);
  const float hz = 0.5f * z;
  const float w = 1.0f - hz;
  const float cos_tail = (((1.0f - w) - hz) - 0.5f * madd(rh, rh, -z)) + madd(z * z, q, -rh * rl);
  const float cos_r = w + cos_tail;

  float r = (quadrant & 1u) ? cos_r : sin_r;
  if constexpr (!Cos) r = x == 0.0f ? x : r;  // rh is +0 for x = -0
  return bit_cast<float>(bit_cast<uint32_t>(r) ^ ((quadrant & 2u) << 30));
}

// tan x of |x| < kFloatTrigBound (Note [float tan]); NaN of +-inf and
// NaN, meaningless beyond the bound.
inline __attribute__((always_inline)) float float_tan(float x) {
  using vec::detail::horner;
  using vec::detail::madd;
  const auto [shifted, rh, rl] = float_trig_detail::quarter_turns(x);
  const float z = rh * rh, z_lo = madd(rh, rh, -z);
  const float rz = rh * z, rz_lo = madd(rh, z, -rz);  // rh^3 = rz + rz_lo + rh z_lo
  constexpr float c0 = 3.333334923e-01f;
  const float t_rest = horner(z, 1.333267540e-01f, 5.405890197e-02f, 2.128632925e-02f, 1.082697790e-02f,
                              9.900806617e-05f, 4.372245632e-03f);
  const float first = madd(rz, madd(z, t_rest, c0), rh);
  const float low = madd(madd(rh, z_lo, rz_lo), c0, rl * madd(first, first, 1.0f));
  const float t_lo = madd(rz, c0, madd(rz * z, t_rest, low));
  const float even = rh + t_lo;
  const float e = (rh - even) + t_lo;
  const float q = -1.0f / even;
  const float u = madd(q, e, madd(q, even, 1.0f));
  const float odd = madd(q, u, q);
  const float r = (shifted & 1u) ? odd : even;
  return x == 0.0f ? x : r;  // rh is +0 for x = -0
}

}  // namespace ember::kernels
