// sinh, cosh and expm1 of floats in float arithmetic, within 1 ulp;
// kernels/sleef_math.cpp calls them for ember_sinhf, ember_coshf,
// ember_expm1f and their vector variants.
//
// Note [float sinh, cosh and expm1]: computed in double and rounded once
// they took 1.3-1.5 ms per 2^20 floats against
// NumPy's 0.34-0.41 (SVML's floats): 8 lanes to a register, and a split
// of e^x made for doubles. Here they run on 16 float lanes.
//
// a = n ln2 + r + tail (|r| <= ln2/2; n ln2's leading float is exact in
// the FMA, so tail is r's own rounding error), z = r^2 and z_lo its
// rounding error (FMA). e^r = 1 + r + z/2 + (even part's rest) + (odd
// part less r), both rests below 0.7% of e^r. With up = 2^(n-1) and
// down = 2^(-n-1), sinh a = hd + hs r + hd (z/2 + even rest) + hs (odd
// rest), hd = up - down and hs = up + down; cosh swaps hd and hs, and
// expm1 x = (2^n - 1) + 2^n (r + z/2 + rests). The leading sum base +
// mul r is carried as a pair (the product's error by an FMA, the sum's
// by Fast2Sum, |base| >= |mul r| or base = 0), so only the last addition
// rounds at the result's scale; the second-order terms round at a
// fifteenth of it. hd and hs are exact for n <= 11; above, down joins the
// small terms as down (1 - r) (its second-order part is below 2^-27 of
// the result). 2^n - 1 is exact for |n| <= 24; outside, the 1 or 2^n
// joins the small terms likewise. Everything is computed at half scale
// and doubled (exactly) at the end, so that 2^n never overflows before
// the result does.
//
// Tiny arguments return x (sinh below 2^-12, expm1 below 2^-25: the
// next term is below half an ulp), which the half scale would round for
// subnormals; expm1 is -1 below -17.5. |x| is clamped to 89.5 (sinh,
// cosh) or 88.8 (expm1), past the overflow to inf; NaN passes through.
// Largest errors over every float, against double: sinh 0.693 ulp, cosh
// 0.646, expm1 0.740 (tests/kernels/test_float_exp_forms.cpp checks
// every 7th float against 0.75).
// Taylor coefficients suffice: the first omitted terms are below 2^-33
// of e^r. Scalar and vector forms run the same operations (the vector
// form is this function in an `omp simd` loop), so they give the same
// bits.
#pragma once

#include <cmath>
#include <cstdint>

#include "kernels/vec_math.h"

namespace ember::kernels {

enum class FloatExpForm { Sinh, Cosh, Expm1 };

namespace float_exp_detail {

// 2^e for e in [-126, 127].
inline __attribute__((always_inline)) float pow2(int32_t e) {
  return vec::detail::bit_cast<float>(static_cast<uint32_t>(e + 127) << 23);
}

}  // namespace float_exp_detail

template <FloatExpForm Form>
inline __attribute__((always_inline)) float float_exp_form(float x) {
  using float_exp_detail::pow2;
  using vec::detail::bit_cast;
  using vec::detail::madd;
  constexpr float kLog2e = 1.44269502f, kRound = 0x1.8p23f;  // adding kRound rounds to an integer
  constexpr float kLn2Hi = 0.693147182f, kLn2Lo = -1.90465421e-09f;
  constexpr bool kExpm1 = Form == FloatExpForm::Expm1;
  const float ax = std::fabs(x);
  const float a = kExpm1 ? (x > 88.8f ? 88.8f : x < -30.0f ? -30.0f : x) : (ax > 89.5f ? 89.5f : ax);
  const float t = madd(a, kLog2e, kRound);
  const float n = t - kRound;
  const int32_t n_int = static_cast<int32_t>(bit_cast<uint32_t>(t) - bit_cast<uint32_t>(kRound));
  const float r_hi = madd(n, -kLn2Hi, a);
  const float r = madd(n, -kLn2Lo, r_hi);
  const float tail = madd(n, -kLn2Lo, r_hi - r);
  const float z = r * r, z_lo = madd(r, r, -z);
  const float even_p = madd(z, madd(z, 1.0f / 40320, 1.0f / 720), 1.0f / 24);
  const float odd_rest = madd(r * z, madd(z, madd(z, 1.0f / 5040, 1.0f / 120), 1.0f / 6), tail);
  const float even_rest = madd(z * z, even_p, 0.5f * z_lo);
  // result / 2 = base + mul r + half_z z + rest, base and mul exact.
  float base, mul, half_z, rest;
  if constexpr (kExpm1) {
    const float up = pow2(n_int - 1);
    const bool wide = n_int > 24, deep = n_int < -24;
    base = wide ? up : deep ? -0.5f : up - 0.5f;
    mul = up;
    half_z = 0.5f * up;
    rest = madd(up, even_rest + odd_rest, wide ? -0.5f : deep ? up : 0.0f);
  } else {
    const float up = pow2(n_int - 2), down = pow2(-(n_int > 30 ? 30 : n_int) - 2);
    const bool exact = n_int <= 11;
    const float down_in = exact ? down : 0.0f, down_out = exact ? 0.0f : down;
    const float hd = up - down_in, hs = up + down_in;
    if constexpr (Form == FloatExpForm::Sinh) {
      base = hd, mul = hs, half_z = 0.5f * hd;
      rest = madd(hd, even_rest, madd(hs, odd_rest, -down_out * (1.0f - r)));
    } else {
      base = hs, mul = hd, half_z = 0.5f * hs;
      rest = madd(hs, even_rest, madd(hd, odd_rest, down_out * (1.0f - r)));
    }
  }
  const float m_hi = mul * r, m_lo = madd(mul, r, -m_hi);
  const float s = base + m_hi, s_err = m_hi - (s - base);
  const float result = 2.0f * (s + (madd(half_z, z, s_err + m_lo) + rest));
  if constexpr (Form == FloatExpForm::Sinh) return ax < 0x1p-12f ? x : std::copysign(result, x);
  if constexpr (Form == FloatExpForm::Cosh) return result;
  return x < -17.5f ? -1.0f : ax < 0x1p-25f ? x : result;
}

}  // namespace ember::kernels
