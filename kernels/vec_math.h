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

}  // namespace ember::kernels::vec
