// sin and cos of floats in float arithmetic, within 1 ulp below
// kFloatSinCosBound; kernels/sleef_math.cpp takes SLEEF's for larger
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
#pragma once

#include <cstdint>

#include "kernels/vec_math.h"

namespace ember::kernels {

constexpr float kFloatSinCosBound = 131072.0f;  // 2^17

// sin x (Cos false) or cos x of |x| < kFloatSinCosBound; NaN of +-inf and
// NaN, meaningless beyond the bound.
template <bool Cos>
inline __attribute__((always_inline)) float float_sin_cos(float x) {
  using vec::detail::bit_cast;
  using vec::detail::horner;
  using vec::detail::madd;
  const float shifted = madd(x, 6.36619747e-01f, 12582912.0f);  // 1.5 * 2^23: rounds to an integer
  const float k = shifted - 12582912.0f;
  const uint32_t quadrant = bit_cast<uint32_t>(shifted) + (Cos ? 1u : 0u);
  const float p1 = madd(-k, 1.57079637f, x);
  const float bh = k * -4.37113883e-08f;
  const float bl = madd(k, -4.37113883e-08f, -bh);
  const float rh = p1 - bh;
  const float back = rh - p1;
  const float sum_error = (p1 - (rh - back)) + (-bh - back);
  const float rl = madd(-k, -1.71512451e-15f, sum_error - bl);
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

}  // namespace ember::kernels
