// asinh, acosh and atanh of floats in float arithmetic, within 1 ulp;
// kernels/sleef_math.cpp calls them for ember_asinhf, ember_acoshf,
// ember_atanhf and their vector variants.
//
// Note [float asinh, acosh and atanh]: computed in double and rounded
// once, asinh and acosh took 2.2-2.3 ms per 2^20 floats against NumPy's
// 0.8-0.9, and SLEEF's float atanh 1.9 against 0.7. Here they run on 16
// float lanes, as the double forms of Note [double asinh, acosh and
// atanh] do on 8:
//
//   asinh a = ln(w), w = a + sqrt(a^2 + 1);   acosh a = ln(w), w = a + sqrt(a^2 - 1);
//   atanh a = ln(w) / 2, w = (1 + a) / (1 - a)
//
// with w known as a pair w + w_lo (a^2 split by an FMA, sums by exact
// two-sums, the square root's error from its exact remainder over twice
// the root, the quotient's from its remainder times 1 / (1 - a)). With w
// = 2^k (1 + f), 1 + f in [sqrt(2)/2, sqrt(2)), ln(1 + f) = f - f^2/2 +
// f^3 P(f) is kept as a pair (f^2/2's rounding error by an FMA, f -
// f^2/2's by Fast2Sum), with no division (vec_math.h's float log divides
// for s = f / (2 + f)); then ln(w + w_lo) = k ln2 + ln(1 + f) + w_lo / w,
// 1 / w = 2^-k / (1 + f) from a rough reciprocal (the term is below
// 2^-22 of w). k ln2 is exact in its leading part (ln2 to 16 bits times
// k < 2^8), so only the last addition rounds at the result's scale.
// Below 2^-6 asinh and atanh are their series to a^5 (the next term is
// below 2^-38 of them), so the pairs never meet the deepest
// cancellation; past 2^12 asinh and acosh are ln(2a) (the +-1 under the
// root is below w's last bit).
//
// Largest errors over every float, against double: asinh 0.669 ulp,
// acosh 0.660, atanh 0.675 (tests/kernels/test_float_log_forms.cpp
// checks every 7th float against 0.75). The sweep, ember / NumPy, one
// run: asinh 2.53 -> 1.55, acosh 2.76 -> 1.50, atanh 2.60 -> 1.91.
// Scalar and vector forms run the same operations (the vector form is
// this function in an `omp simd` loop), so they give the same bits.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/vec_math.h"

namespace ember::kernels {

enum class FloatLogForm { Asinh, Acosh, Atanh };

namespace float_log_detail {

struct Pair {
  float hi, lo;
};

// 1 / y within 2^-12 for a positive normal y, without a division: the
// exponent-negating guess (within 12%) and two Newton steps.
inline __attribute__((always_inline)) float rough_reciprocal(float y) {
  using vec::detail::bit_cast;
  using vec::detail::madd;
  float r = bit_cast<float>(0x7ef311c3u - bit_cast<uint32_t>(y));
  r = r * madd(-y, r, 2.0f);
  return r * madd(-y, r, 2.0f);
}

// ln(w + w_lo) + extra_k ln2 as hi + lo, unrounded, for w >= 1 (finite)
// and |w_lo| below 2^-22 w; w_lo is 0 from 2^100 on.
inline __attribute__((always_inline)) Pair log_of_pair(float w, float w_lo, float extra_k) {
  using vec::detail::bit_cast;
  using vec::detail::madd;
  constexpr float kLn2Hi = 0.693145751953125f, kLn2Lo = 1.42860677e-06f;
  const uint32_t iw = bit_cast<uint32_t>(w) + (0x3f800000u - 0x3f3504f3u);
  const int32_t k_int = static_cast<int32_t>(iw >> 23) - 127;
  const float f = bit_cast<float>((iw & 0x007fffffu) + 0x3f3504f3u) - 1.0f;
  const float half_f = 0.5f * f, h = half_f * f, h_lo = madd(half_f, f, -h);
  const float hi = f - h, hi_error = (f - hi) - h;
  // ln(1 + f) - f + f^2/2 = f^3 P(f), P of degree 8 fitted for relative
  // error over [sqrt(2)/2 - 1, sqrt(2) - 1] (2^-23.8 with the
  // coefficients rounded to float; f^3 P is at most 0.07 of ln(1 + f)).
  float p = 0.0703762024641037f;
  p = madd(p, f, -0.11515600234270096f);
  p = madd(p, f, 0.11677489429712296f);
  p = madd(p, f, -0.12420051544904709f);
  p = madd(p, f, 0.14249268174171448f);
  p = madd(p, f, -0.16668058931827545f);
  p = madd(p, f, 0.20000715553760529f);
  p = madd(p, f, -0.24999994039535522f);
  p = madd(p, f, 0.3333333134651184f);
  const float tail = (f * f) * f * p;
  // w_lo / w = w_lo 2^-k / (1 + f), 1 / (1 + f) within 2^-12.
  const float down = bit_cast<float>(static_cast<uint32_t>(127 - (k_int < 100 ? k_int : 100)) << 23);
  const float correction = w_lo * down * rough_reciprocal(1.0f + f);
  const float k = static_cast<float>(k_int) + extra_k, lead = k * kLn2Hi;
  const float sum = lead + hi, sum_lo = hi - (sum - lead);
  return {sum, sum_lo + ((hi_error - h_lo + tail) + madd(k, kLn2Lo, correction))};
}

}  // namespace float_log_detail

template <FloatLogForm Form>
inline __attribute__((always_inline)) float float_log_form(float x) {
  using float_log_detail::log_of_pair;
  using float_log_detail::rough_reciprocal;
  using vec::detail::madd;
  constexpr float kInf = std::numeric_limits<float>::infinity();
  constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
  const float a = std::fabs(x);
  const float z = a * a;
  if constexpr (Form == FloatLogForm::Atanh) {
    const float up = 1.0f + a, up_c = a - (up - 1.0f);
    const float down = 1.0f - a, down_c = (1.0f - down) - a;
    const float inverse = 1.0f / (a < 1.0f ? down : 1.0f);
    const float w = up * inverse;
    const float w_lo = (madd(-w, down, up) + madd(-w, down_c, up_c)) * inverse;
    const auto l = log_of_pair(a < 1.0f ? w : 1.0f, a < 1.0f ? w_lo : 0.0f, 0.0f);
    const float series = madd(a * z, madd(z, 1.0f / 5, 1.0f / 3), a);
    const float magnitude = a < 0x1p-6f ? series : a == 1.0f ? kInf : 0.5f * (l.hi + l.lo);
    return a > 1.0f ? kNaN : std::copysign(magnitude, x);
  } else {
    constexpr bool kAsinh = Form == FloatLogForm::Asinh;
    const float b0 = kAsinh ? a : x;
    const bool big = b0 > 0x1p12f;
    const float b = big ? 1.0f : b0;  // keeps b^2 finite; big lanes take ln(b0) + ln2
    const float b2 = b * b, b2_lo = madd(b, b, -b2);
    constexpr float kOne = kAsinh ? 1.0f : -1.0f;
    const float t = b2 + kOne, back = t - b2;
    const float t_lo = ((b2 - (t - back)) + (kOne - back)) + b2_lo;
    const float root = std::sqrt(t > 0.0f ? t : 0.0f);
    const float root_lo = t > 0.0f ? (madd(-root, root, t) + t_lo) * rough_reciprocal(root + root) : 0.0f;
    // root >= b for asinh, b >= root for acosh: the larger first.
    const float w = b + root, w_lo = (kAsinh ? b - (w - root) : root - (w - b)) + root_lo;
    const auto l = log_of_pair(big ? b0 : w, big ? 0.0f : w_lo, big ? 1.0f : 0.0f);
    const float r = l.hi + l.lo;
    if constexpr (kAsinh) {
      const float series = madd(a * z, madd(z, 3.0f / 40, -1.0f / 6), a);
      const float magnitude = a < 0x1p-6f ? series : a == kInf ? kInf : r;
      return std::copysign(magnitude, x);
    } else {
      const float in_range = x == kInf ? kInf : r;
      return x >= 1.0f ? in_range : kNaN;
    }
  }
}

}  // namespace ember::kernels
