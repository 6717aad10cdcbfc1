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

// e^x for float. Largest error over all 2^32 inputs: 1.01 ulp of the
// exact value (correct rounding would be 0.5), measured exhaustively
// against double exp; tests/kernels/test_vec_math.cpp checks every 64th
// input against a 2 ulp bound.
// Overflow (x > 88.72) gives +inf, underflow gives the correctly scaled
// subnormal, then +0 below -103.97; NaN in gives NaN out.
//
// x = n ln2 + r with |r| <= ln2/2 (Cody-Waite: n * kLn2Hi is exact, so r
// is exact up to the tiny n * kLn2Lo rounding), e^r by Cephes' expf
// polynomial (degree 7, relative error ~1e-8), then times 2^n. 2^n is
// applied as two factors 2^(n>>1) and 2^(n - (n>>1)), each a normal
// float for every n in [-150, 128], so the first product is exact and
// the second rounds once, to a subnormal or infinity where due.
inline float exp(float x) {
  using detail::bit_cast;
  using detail::madd;
  constexpr float kLog2e = 1.44269504088896341f;
  constexpr float kRound = 12582912.0f;  // 1.5 * 2^23: t - kRound is t rounded to an integer
  constexpr float kLn2Hi = 0.693359375f;
  constexpr float kLn2Lo = -2.12194440e-4f;
  // The clamps keep n in [-150, 128], where both scale factors are
  // normal; beyond them the result is already 0 or inf. NaN lands on the
  // lower clamp here (comparisons with NaN are false) and is put back at
  // the end.
  float xc = x > -104.0f ? x : -104.0f;
  xc = xc < 89.0f ? xc : 89.0f;
  const float t = madd(xc, kLog2e, kRound);
  const float n = t - kRound;
  const int32_t ni = static_cast<int32_t>(bit_cast<uint32_t>(t) - bit_cast<uint32_t>(kRound));
  float r = madd(n, -kLn2Hi, xc);
  r = madd(n, -kLn2Lo, r);
  float p = 1.9875691500e-4f;
  p = madd(p, r, 1.3981999507e-3f);
  p = madd(p, r, 8.3334519073e-3f);
  p = madd(p, r, 4.1665795894e-2f);
  p = madd(p, r, 1.6666665459e-1f);
  p = madd(p, r, 5.0000001201e-1f);
  p = madd(p, r * r, r) + 1.0f;
  const int32_t n1 = ni >> 1, n2 = ni - n1;
  const float s1 = bit_cast<float>(static_cast<uint32_t>(n1 + 127) << 23);
  const float s2 = bit_cast<float>(static_cast<uint32_t>(n2 + 127) << 23);
  const float y = p * s1 * s2;
  return x != x ? x + x : y;
}

// e^x for double. Largest error seen in 2e8 random inputs against long
// double expl: 0.92 ulp.
// Same scheme with fdlibm's e_exp.c core: r = hi - lo, and
// e^r = 1 - ((lo - r c / (2 - c)) - hi) with c = r - r^2 P(r^2), P a
// degree-4 minimax polynomial; n in [-1076, 1024].
inline double exp(double x) {
  using detail::bit_cast;
  using detail::madd;
  constexpr double kLog2e = 1.44269504088896338700e+00;
  constexpr double kRound = 6755399441055744.0;  // 1.5 * 2^52
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 32 significant bits
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  double xc = x > -746.0 ? x : -746.0;
  xc = xc < 710.0 ? xc : 710.0;
  const double t = madd(xc, kLog2e, kRound);
  const double n = t - kRound;
  const int64_t ni = static_cast<int64_t>(bit_cast<uint64_t>(t) - bit_cast<uint64_t>(kRound));
  const double hi = madd(n, -kLn2Hi, xc);
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
  const int64_t n1 = ni >> 1, n2 = ni - n1;
  const double s1 = bit_cast<double>(static_cast<uint64_t>(n1 + 1023) << 52);
  const double s2 = bit_cast<double>(static_cast<uint64_t>(n2 + 1023) << 52);
  const double y = er * s1 * s2;
  return x != x ? x + x : y;
}

}  // namespace ember::kernels::vec
