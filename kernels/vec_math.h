// Elementary functions written for loops: branch-free, no libm calls, so
// GCC vectorizes a loop calling them (an `omp simd` pointwise loop, say)
// and the scalar remainder of that loop computes bit-identical results.
//
// Where FMA is available (__FMA__, e.g. -march=native on x86-64-v3 and
// later) polynomials use it explicitly: faster and more accurate. The
// library builds with -ffp-contract=off (Note [no contraction] in
// kernels/pointwise.h), so that explicit choice is the only fusing, made
// once per build, identically in scalar and vector code.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace ember::kernels::vec {

namespace detail {

inline float madd(float a, float b, float c) {
#ifdef __FMA__
  return __builtin_fmaf(a, b, c);
#else
  return a * b + c;
#endif
}

inline double madd(double a, double b, double c) {
#ifdef __FMA__
  return __builtin_fma(a, b, c);
#else
  return a * b + c;
#endif
}

template <class To, class From>
inline To bit_cast(From v) {
  static_assert(sizeof(To) == sizeof(From), "same size");
  To t;
  std::memcpy(&t, &v, sizeof(To));
  return t;
}

}  // namespace detail

// e^x for float. Largest error over all 2^32 inputs: 0.91 ulp of the
// exact value (correct rounding would be 0.5), measured exhaustively
// against double exp; tests/kernels/test_vec_math.cpp checks every 64th
// input against a 2 ulp bound. Overflow (x > 88.72) gives +inf,
// underflow the correctly rounded subnormal, then +0 below -103.97; NaN
// in gives NaN out.
//
// x = n ln2 + r with |r| <= ln2/2 (Cody-Waite: n * kLn2Hi is exact, so r
// is exact up to the tiny n * kLn2Lo rounding); e^r = 1 + r + r^2 q(r)
// with q the degree-4 minimax fit for relative error (3.1e-9, from a
// Remez exchange in mpmath), by Horner's rule; then times 2^n. 2^n is
// applied as two factors 2^(n>>1) and 2^(n - (n>>1)), each a normal
// float for every n in [-150, 150], so the first product is exact and
// the second rounds once, to a subnormal or infinity where due.
//
// Inputs beyond +-104 (n outside that range) compute garbage that the
// two selects at the end replace; that costs less than clamping x first,
// which GCC turns into ten mask instructions. NaN needs no select: it
// propagates through r and p, and what the integer path makes of its
// bits cannot matter.
inline float exp(float x) {
  using detail::bit_cast;
  using detail::madd;
  constexpr float kLog2e = 1.44269504088896341f;
  // Adding 1.5 * 2^23 rounds to an integer n, which then sits in the low
  // mantissa bits of t; subtracting kRound's bits less 254 leaves n + 254,
  // so that e1 = (n + 254) >> 1 and e2 = n + 254 - e1 carry the exponent
  // bias 127 each.
  constexpr float kRound = 12582912.0f;
  constexpr uint32_t kRoundBits = 0x4b400000u - 254u;
  constexpr float kLn2Hi = 0.693359375f;
  constexpr float kLn2Lo = -2.12194440e-4f;
  const float t = madd(x, kLog2e, kRound);
  const float n = t - kRound;
  const uint32_t biased = bit_cast<uint32_t>(t) - kRoundBits;
  float r = madd(n, -kLn2Hi, x);
  r = madd(n, -kLn2Lo, r);
  float p = 1.381440320983529e-3f;
  p = madd(p, r, 8.368811570107937e-3f);
  p = madd(p, r, 4.1668396443128586e-2f);
  p = madd(p, r, 1.666651964187622e-1f);
  p = madd(p, r, 4.999999403953552e-1f);
  p = madd(p, r, 1.0f);
  p = madd(p, r, 1.0f);
  const uint32_t e1 = biased >> 1, e2 = biased - e1;
  float y = p * bit_cast<float>(e1 << 23) * bit_cast<float>(e2 << 23);
  y = x > 104.0f ? std::numeric_limits<float>::infinity() : y;
  return x < -104.0f ? 0.0f : y;
}

// e^x for double. Largest error seen in 2e8 random inputs against long
// double expl: 0.93 ulp. The same scheme around fdlibm's e_exp.c core:
// r = hi - lo, and e^r = 1 - ((lo - r c / (2 - c)) - hi) with
// c = r - r^2 P(r^2), P its degree-4 minimax polynomial; the two factors
// are normal for n in [-1077, 1077], i.e. |x| <= 746.
inline double exp(double x) {
  using detail::bit_cast;
  using detail::madd;
  constexpr double kLog2e = 1.44269504088896338700e+00;
  constexpr double kRound = 6755399441055744.0;  // 1.5 * 2^52
  constexpr uint64_t kRoundBits = 0x4338000000000000u - 2046u;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 32 significant bits
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const double t = madd(x, kLog2e, kRound);
  const double n = t - kRound;
  const uint64_t biased = bit_cast<uint64_t>(t) - kRoundBits;
  const double hi = madd(n, -kLn2Hi, x);
  const double lo = n * kLn2Lo;
  const double r = hi - lo;
  const double z = r * r;
  double p = 4.13813679705723846039e-08;
  p = madd(p, z, -1.65339022054652515390e-06);
  p = madd(p, z, 6.61375632143793436117e-05);
  p = madd(p, z, -2.77777777770155933842e-03);
  p = madd(p, z, 1.66666666666666019037e-01);
  const double c = madd(-z, p, r);
  const double er = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
  const uint64_t e1 = biased >> 1, e2 = biased - e1;
  double y = er * bit_cast<double>(e1 << 52) * bit_cast<double>(e2 << 52);
  y = x > 746.0 ? std::numeric_limits<double>::infinity() : y;
  return x < -746.0 ? 0.0 : y;
}


// ln(x) for float. Largest error seen over every float in (0, inf):
// tests/kernels/test_vec_math.cpp measures it against double log (under
// 1 ulp). x = 2^k m with m in [sqrt(2)/2, sqrt(2)), f = m - 1, and
// ln(1 + f) = f - f^2/2 + s (f^2/2 + R(s^2)) with s = f / (2 + f) and R
// the degree-4 minimax polynomial of fdlibm's e_logf.c (its Lg1..Lg4);
// k ln2 is added as a two-part constant. Subnormals are scaled by 2^23
// first. x < 0 and NaN give NaN, +-0 gives -inf, +inf gives +inf (the
// selects at the end, which cost less than branching per lane).
inline float log(float x) {
  using detail::bit_cast;
  const bool subnormal = x < 1.17549435e-38f;
  const float xs = subnormal ? x * 8388608.0f : x;
  uint32_t ix = bit_cast<uint32_t>(xs) + (0x3f800000u - 0x3f3504f3u);
  const int32_t k = static_cast<int32_t>(ix >> 23) - 127 - (subnormal ? 23 : 0);
  ix = (ix & 0x007fffffu) + 0x3f3504f3u;
  const float f = bit_cast<float>(ix) - 1.0f;
  const float s = f / (2.0f + f);
  const float z = s * s;
  const float w = z * z;
  const float t1 = w * (0.40000972152f + w * 0.24279078841f);
  const float t2 = z * (0.66666662693f + w * 0.28498786688f);
  const float hfsq = 0.5f * f * f;
  const float dk = static_cast<float>(k);
  float r = s * (hfsq + t2 + t1) + dk * 9.0580006145e-06f - hfsq + f + dk * 6.9313812256e-01f;
  r = x == std::numeric_limits<float>::infinity() ? x : r;
  r = x == 0.0f ? -std::numeric_limits<float>::infinity() : r;
  return (x < 0.0f || x != x) ? std::numeric_limits<float>::quiet_NaN() : r;
}

// ln(x) for double: the same reduction with fdlibm's e_log.c polynomial
// (Lg1..Lg7, degree 7 in s^2); subnormals scaled by 2^54. Under 1 ulp.
inline double log(double x) {
  using detail::bit_cast;
  const bool subnormal = x < 2.2250738585072014e-308;
  const double xs = subnormal ? x * 18014398509481984.0 : x;
  const uint64_t bits = bit_cast<uint64_t>(xs);
  uint32_t hx = static_cast<uint32_t>(bits >> 32) + (0x3ff00000u - 0x3fe6a09eu);
  const int32_t k = static_cast<int32_t>(hx >> 20) - 1023 - (subnormal ? 54 : 0);
  hx = (hx & 0x000fffffu) + 0x3fe6a09eu;
  const double m = bit_cast<double>((static_cast<uint64_t>(hx) << 32) | (bits & 0xffffffffu));
  const double f = m - 1.0;
  const double hfsq = 0.5 * f * f;
  const double s = f / (2.0 + f);
  const double z = s * s;
  const double w = z * z;
  const double t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01));
  const double t2 = z * (6.666666666666735130e-01 +
                         w * (2.857142874366239149e-01 + w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)));
  const double dk = static_cast<double>(k);
  double r = s * (hfsq + t2 + t1) + dk * 1.90821492927058770002e-10 - hfsq + f + dk * 6.93147180369123816490e-01;
  r = x == std::numeric_limits<double>::infinity() ? x : r;
  r = x == 0.0 ? -std::numeric_limits<double>::infinity() : r;
  return (x < 0.0 || x != x) ? std::numeric_limits<double>::quiet_NaN() : r;
}

// 1 / (1 + e^-x), written so that no term overflows: with e = e^-|x| in
// (0, 1], s = 1 / (1 + e) is sigmoid(|x|) and e s = sigmoid(-|x|). Both
// keep full relative accuracy (about 2 ulp) down to the smallest results,
// where 1 / (1 + e^-x) would give 0 once e^-x overflows. NaN gives NaN.
template <class M>
inline M sigmoid(M x) {
  const M e = exp(-std::fabs(x));
  const M s = M(1) / (M(1) + e);
  return x >= M(0) ? s : e * s;
}

// tanh for float, computed in double: (e - 1) / (e + 1) with e = e^(2x)
// from the double exp above (x clamped to +-20, where tanh is 1 in
// float), rounded once to float. Cancellation in e - 1 costs at most
// 2^-52 / |2x| relative, negligible for float above |x| = 2^-12; below
// it tanh(x) rounds to x itself. Under 1 ulp.
inline float tanh(float x) {
  const double d = static_cast<double>(x);
  const double c = d > 20.0 ? 20.0 : (d < -20.0 ? -20.0 : d);
  const double e = exp(2.0 * c);
  const float t = static_cast<float>((e - 1.0) / (e + 1.0));
  return std::fabs(x) < 2.44140625e-4f ? x : t;
}

// tanh for double: the C library's (no higher precision to work in).
inline double tanh(double x) { return std::tanh(x); }

}  // namespace ember::kernels::vec
