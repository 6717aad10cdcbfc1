// Elementary functions written for loops: branch-free, no libm calls, so
// GCC vectorizes a loop calling them (an `omp simd` pointwise loop, say)
// and the scalar remainder of that loop computes bit-identical results.
//
// Two things keep them vectorizable. They are always inlined: most are
// too big for GCC's inlining limits, and a call stops the vectorizer.
// And the library builds with -fno-trapping-math (meson.build): GCC turns
// a select such as `x == 0 ? -inf : r` into a branch with r's
// computation moved into one arm, and with trapping math it may not
// speculate that arm's floating-point operations back into straight-line
// code (AVX-512 can predicate some of them; an int-to-float conversion,
// or anything at all on AVX2, stops it), so the loop stays scalar.
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

#define EMBER_VEC_INLINE inline __attribute__((always_inline))

namespace ember::kernels::vec {

namespace detail {

EMBER_VEC_INLINE float madd(float a, float b, float c) {
#ifdef __FMA__
  return __builtin_fmaf(a, b, c);
#else
  return a * b + c;
#endif
}

EMBER_VEC_INLINE double madd(double a, double b, double c) {
#ifdef __FMA__
  return __builtin_fma(a, b, c);
#else
  return a * b + c;
#endif
}

template <class To, class From>
EMBER_VEC_INLINE To bit_cast(From v) {
  static_assert(sizeof(To) == sizeof(From), "same size");
  To t;
  std::memcpy(&t, &v, sizeof(To));
  return t;
}

// The pieces of exp(float). Adding kRound =
// 1.5 * 2^23 rounds to an integer n, which then sits in the low mantissa
// bits of t = x log2e + kRound; subtracting kRoundBits leaves n + 254,
// so that e1 = (n + 254) >> 1 and e2 = n + 254 - e1 carry the exponent
// bias 127 each.
constexpr float kLog2e = 1.44269504088896341f;
constexpr float kRound = 12582912.0f;
constexpr uint32_t kRoundBits = 0x4b400000u - 254u;

// r = x - n ln2 in two steps (Cody-Waite): n times ln2's leading bits
// is exact.
EMBER_VEC_INLINE float exp_reduce(float x, float n) {
  const float r = madd(n, -0.693359375f, x);
  return madd(n, 2.12194440e-4f, r);
}

// q(r) in e^r = 1 + r + r^2 q(r), |r| <= ln2/2.
EMBER_VEC_INLINE float exp_q(float r) {
  float q = 1.381440320983529e-3f;
  q = madd(q, r, 8.368811570107937e-3f);
  q = madd(q, r, 4.1668396443128586e-2f);
  q = madd(q, r, 1.666651964187622e-1f);
  return madd(q, r, 4.999999403953552e-1f);
}

// 2^52 + e, exactly, for e < 2^52: an integer as a double without an
// int64 conversion (none before AVX-512).
EMBER_VEC_INLINE double two52_plus(uint64_t e) {
  return bit_cast<double>(0x4330000000000000u | e);
}

// c0 + c1 x + c2 x^2 + ..., by Horner's rule.
template <class T>
EMBER_VEC_INLINE T horner(T, T c) {
  return c;
}
template <class T, class... C>
EMBER_VEC_INLINE T horner(T x, T c, C... cs) {
  return madd(horner(x, static_cast<T>(cs)...), x, c);
}

}  // namespace detail

// e^x for float. Largest error over all 2^32 inputs: 0.91 ulp of the
// exact value (correct rounding would be 0.5), measured exhaustively
// against double exp; tests/kernels/test_vec_math.cpp checks every 64th
// input against a 2 ulp bound. Overflow (x > 88.72) gives +inf,
// underflow the correctly rounded subnormal, then +0 below -103.97; NaN
// in gives NaN out.
//
// x = n ln2 + r with |r| <= ln2/2 (Cody-Waite: n times ln2's leading
// bits is exact, so r is exact up to a tiny rounding);
// e^r = 1 + r + r^2 q(r) with q the degree-4 minimax fit for relative
// error (3.1e-9, from a Remez exchange in mpmath), by Horner's rule;
// then times 2^n. 2^n is
// applied as two factors 2^(n>>1) and 2^(n - (n>>1)), each a normal
// float for every n in [-150, 150], so the first product is exact and
// the second rounds once, to a subnormal or infinity where due.
//
// Inputs beyond +-104 (n outside that range) compute garbage that the
// two selects at the end replace; that costs less than clamping x first,
// which GCC turns into ten mask instructions. NaN needs no select: it
// propagates through r and p, and what the integer path makes of its
// bits cannot matter.
EMBER_VEC_INLINE float exp(float x) {
  using namespace detail;
  const float t = madd(x, kLog2e, kRound);
  const float n = t - kRound;
  const uint32_t biased = bit_cast<uint32_t>(t) - kRoundBits;
  const float r = exp_reduce(x, n);
  float p = madd(exp_q(r), r, 1.0f);
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
EMBER_VEC_INLINE double exp(double x) {
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


namespace detail {

// The float logs' common part. x = 2^k (1 + f) with 1 + f in
// [sqrt(2)/2, sqrt(2)) and f exact, and ln(1 + f) = f - hfsq + s R with
// hfsq = f^2/2, s = f / (2 + f) and R = hfsq + R'(s^2), R' the degree-4
// minimax polynomial of fdlibm's e_logf.c (its Lg1..Lg4), by Horner's
// rule.
struct FloatLog {
  float f, k, hfsq, s, R;
};

EMBER_VEC_INLINE FloatLog float_log_of_1p(float f, float k) {
  const float hfsq = 0.5f * f * f;
  const float s = f / (2.0f + f);
  const float z = s * s;
  float R = 0.24279078841f;
  R = madd(R, z, 0.28498786688f);
  R = madd(R, z, 0.40000972152f);
  R = madd(R, z, 0.66666662693f);
  R = madd(R, z, hfsq);
  return {f, k, hfsq, s, R};
}

EMBER_VEC_INLINE FloatLog float_log(float x) {
  // Subnormals are scaled by 2^23 first. Which scale was used is read back
  // from its exponent bits: a second select on the same condition makes
  // GCC duplicate everything in between for both outcomes.
  const float scale = x < 1.17549435e-38f ? 8388608.0f : 1.0f;
  const uint32_t ix = bit_cast<uint32_t>(x * scale) + (0x3f800000u - 0x3f3504f3u);
  const float f = bit_cast<float>((ix & 0x007fffffu) + 0x3f3504f3u) - 1.0f;
  const float k =
      static_cast<float>(static_cast<int32_t>(ix >> 23) - static_cast<int32_t>(bit_cast<uint32_t>(scale) >> 23));
  return float_log_of_1p(f, k);
}

// k ln2 + ln(1 + f) + extra, with ln2 in two parts (its leading one
// exact times k) and extra (a small correction) added with the low terms.
// extra = 0 changes nothing: an FMA whose addend is 0 is the rounded
// product.
EMBER_VEC_INLINE float float_log_sum(const FloatLog& l, float extra) {
  const float lo = madd(l.s, l.R, madd(l.k, 9.0580006145e-06f, extra));
  return madd(l.k, 6.9313812256e-01f, lo - l.hfsq + l.f);
}

// x < 0 and NaN give NaN, +-0 gives -inf, +inf gives +inf (selects, which
// cost less than branching per lane).
EMBER_VEC_INLINE float float_log_edges(float x, float r) {
  r = x == std::numeric_limits<float>::infinity() ? x : r;
  r = x > 0.0f ? r : -std::numeric_limits<float>::infinity();
  return !(x >= 0.0f) ? std::numeric_limits<float>::quiet_NaN() : r;
}

// log_b(x) = k log_b(2) + ln(1 + f) / ln(b), each constant in two parts
// whose leading one has 12 significant bits, and ln(1 + f) as hi + lo
// with hi cut to 12 bits: the leading products are exact, and their sum
// w's rounding error is recovered exactly ((a - w) + p, as |a| >= |p| or
// a = 0), so the result rounds about once (fdlibm's e_log2f.c scheme).
EMBER_VEC_INLINE float float_log_in_base(float x, float inv_ln_b_hi, float inv_ln_b_lo, float log_b_2_hi,
                                         float log_b_2_lo) {
  const FloatLog l = float_log(x);
  const float hi = bit_cast<float>(bit_cast<uint32_t>(l.f - l.hfsq) & 0xfffff000u);
  const float lo = madd(l.s, l.R, (l.f - hi) - l.hfsq);
  const float a = l.k * log_b_2_hi, p = hi * inv_ln_b_hi;
  const float w = a + p;
  const float t = (a - w) + p + lo * inv_ln_b_hi + (lo + hi) * inv_ln_b_lo + l.k * log_b_2_lo;
  return float_log_edges(x, w + t);
}

}  // namespace detail

// ln(x) for float. Largest error over every float in (0, inf): 0.83 ulp,
// against double log (tests/kernels/test_vec_math.cpp checks every 7th
// input against 1 ulp): detail::float_log, with k ln2 added as a
// two-part constant.
EMBER_VEC_INLINE float log(float x) {
  return detail::float_log_edges(x, detail::float_log_sum(detail::float_log(x), 0.0f));
}

// log2(x) and log10(x) for float: detail::float_log_in_base. Largest
// errors over every float: 0.84 and 0.74 ulp, against double.
EMBER_VEC_INLINE float log2(float x) {
  return detail::float_log_in_base(x, 1.4428710938e+00f, -1.7605285393e-04f, 1.0f, 0.0f);
}
EMBER_VEC_INLINE float log10(float x) {
  return detail::float_log_in_base(x, 4.3432617188e-01f, -3.1689971365e-05f, 3.0102920532e-01f, 7.9034151668e-07f);
}

// ln(1 + x) for float. Largest error over every float: 0.83 ulp, against
// double. u = 1 + x rounds; where u is in [sqrt(2)/2, sqrt(2)) (k = 0)
// f is x itself, exact; elsewhere f comes from u and c / u restores the
// rounding error c of 1 + x (computed exactly: u - 1 is exact below 2,
// u - x from 2 on). -0 stays -0; below -1 NaN.
EMBER_VEC_INLINE float log1p(float x) {
  using detail::bit_cast;
  const float u = 1.0f + x;
  const uint32_t iu = bit_cast<uint32_t>(u) + (0x3f800000u - 0x3f3504f3u);
  const int32_t k = static_cast<int32_t>(iu >> 23) - 127;
  const float fu = bit_cast<float>((iu & 0x007fffffu) + 0x3f3504f3u) - 1.0f;
  const float c = u < 2.0f ? x - (u - 1.0f) : 1.0f - (u - x);
  const float cu = k == 0 ? 0.0f : c / u;
  float r = detail::float_log_sum(detail::float_log_of_1p(k == 0 ? x : fu, static_cast<float>(k)), cu);
  r = x == 0.0f || x == std::numeric_limits<float>::infinity() ? x : r;
  r = x > -1.0f ? r : -std::numeric_limits<float>::infinity();
  return !(x >= -1.0f) ? std::numeric_limits<float>::quiet_NaN() : r;
}

// atan(x) for float. Largest error over every float: 0.98 ulp, against
// double. With a = |x| and t = a, or from 1 up t = -1/a and pi/2 added
// (a capped at 2^100, whose atan is pi/2 already): atan t = t + t^3 P(t^2),
// P of degree 8 fitted for relative error (2^-28.5; iteratively reweighted
// least squares in mpmath, the coefficients rounded to float one at a
// time). From 1 up the result is carried in two parts: t's own rounding
// error e t (e = t a + 1, exact with FMA) times atan's slope
// 1 / (1 + t^2) ~ 1 - t^2/2, and the rounding errors of t + t^3 P and of
// pi/2 + that, each recovered exactly (the larger term first). The sign
// is x's: -0 stays -0, NaN stays NaN.
EMBER_VEC_INLINE float atan(float x) {
  using detail::bit_cast;
  using detail::madd;
  constexpr float kHalfPiHi = 1.57079637f, kHalfPiLo = -4.37113883e-08f;
  const float a = bit_cast<float>(bit_cast<uint32_t>(x) & 0x7fffffffu);
  const float capped = a < 0x1p100f ? a : 0x1p100f;
  const bool large = a >= 1.0f;
  const float t = large ? -1.0f / capped : a;
  const float z = t * t;
  float p = -1.788222697e-03f;
  p = madd(p, z, 1.089060679e-02f);
  p = madd(p, z, -3.113340214e-02f);
  p = madd(p, z, 5.791322142e-02f);
  p = madd(p, z, -8.400870115e-02f);
  p = madd(p, z, 1.095130593e-01f);
  p = madd(p, z, -1.426407397e-01f);
  p = madd(p, z, 1.999853253e-01f);
  p = madd(p, z, -3.333329856e-01f);
  const float q = (t * z) * p;
  const float s = t + q;
  const float w = kHalfPiHi + s;
  const float e = madd(t, capped, 1.0f);
  const float lo = madd(e * t, madd(-0.5f, z, 1.0f), ((kHalfPiHi - w) + s) + ((t - s) + q) + kHalfPiLo);
  const float r = large ? w + lo : madd(t * z, p, t);
  return bit_cast<float>(bit_cast<uint32_t>(r) | (bit_cast<uint32_t>(x) & 0x80000000u));
}

namespace detail {

// asin and acos of floats through asin(t) = t + q, q = t z P(z): with
// a = |x| below 1/2, t = a and z = a^2; from 1/2 up z = (1 - a)/2 (exact)
// and t = sqrt(z), whose rounding error dt = (z - t^2) / 2t (z - t^2
// exact with FMA) is carried beside it, as asin(a) = pi/2 - 2 asin(t).
// P of degree 5 fitted for relative error on [0, 1/4] (2^-31.7;
// iteratively reweighted least squares in mpmath, the coefficients
// rounded to float one at a time).
struct FloatAsin {
  float t, tail;  // asin = t + tail, tail = q + dt
};

// Of a = |x|.
EMBER_VEC_INLINE FloatAsin float_asin(float a) {
  const bool small = a < 0.5f;
  const float z = small ? a * a : 0.5f * (1.0f - a);
  const float s = std::sqrt(z);
  const float t = small ? a : s;
  const float dt = small || z == 0.0f ? 0.0f : madd(-s, s, z) / (s + s);
  const float p = horner(z, 1.666665971e-01f, 7.500521839e-02f, 4.451335222e-02f, 3.183952346e-02f, 1.431217324e-02f,
                         3.770212084e-02f);
  return {t, (t * z) * p + dt};
}

// c - k (t + tail) for a constant c = hi + lo with |c| >= |k t| (or
// c = 0): c - k t and its rounding error exactly, the small terms added.
EMBER_VEC_INLINE float minus_float_asin(float hi, float lo, float k, float t, float tail) {
  const float kt = k * t;
  const float w = hi - kt;
  return w + ((((hi - w) - kt) - k * tail) + lo);
}

}  // namespace detail

// asin(x) and acos(x) for float: detail::float_asin. Largest errors over
// every float: 0.64 and 0.61 ulp, against double. |x| > 1 and NaN give
// the positive quiet NaN (the square root's NaN would have its sign
// bit set or not as the loop was vectorized or not); asin keeps x's
// sign, -0 included.
EMBER_VEC_INLINE float asin(float x) {
  using detail::bit_cast;
  const float a = bit_cast<float>(bit_cast<uint32_t>(x) & 0x7fffffffu);
  const detail::FloatAsin v = detail::float_asin(a);
  const float r = a < 0.5f ? v.t + v.tail : detail::minus_float_asin(1.57079637f, -4.37113883e-08f, 2.0f, v.t, v.tail);
  const float signed_r = bit_cast<float>(bit_cast<uint32_t>(r) | (bit_cast<uint32_t>(x) & 0x80000000u));
  return a <= 1.0f ? signed_r : std::numeric_limits<float>::quiet_NaN();
}
// acos x = pi/2 - asin x below 1/2, 2 asin(t) from 1/2 up (0 - (-2) asin t),
// pi - 2 asin(t) from -1/2 down: one form, c - k asin, with c = m pi/2
// (m = 1, 0 or 2; both parts of pi/2 double exactly) and k = +-1 or -+2
// by x's sign, from two selects (a select between whole results is left
// scalar by GCC 12; nested selects per constant cost 0.28 ms per 2^20).
EMBER_VEC_INLINE float acos(float x) {
  using detail::bit_cast;
  const float a = bit_cast<float>(bit_cast<uint32_t>(x) & 0x7fffffffu);
  const detail::FloatAsin v = detail::float_asin(a);
  const bool small = a < 0.5f;
  const float sign = bit_cast<float>((bit_cast<uint32_t>(x) & 0x80000000u) | 0x3f800000u);  // +-1
  const float m = small ? 1.0f : 1.0f - sign;
  const float k = (small ? 1.0f : -2.0f) * sign;
  const float r = detail::minus_float_asin(m * 1.57079637f, m * -4.37113883e-08f, k, v.t, v.tail);
  return a <= 1.0f ? r : std::numeric_limits<float>::quiet_NaN();
}

// ln(x) for double: the same scheme with fdlibm's e_log.c polynomial
// (Lg1..Lg7, degree 7 in s^2), the reduction in 64-bit integers, and
// subnormals scaled by 2^54. Largest error seen on the test's 3e6 inputs
// (every binade, dense around 1) against long double logl: 0.73 ulp. The
// division is most of its time; every division-free form tried (a
// degree-20 polynomial in f, a float reciprocal refined by Newton steps)
// was slower.
EMBER_VEC_INLINE double log(double x) {
  using detail::bit_cast;
  using detail::madd;
  const double scale = x < 2.2250738585072014e-308 ? 18014398509481984.0 : 1.0;
  const uint64_t ix = bit_cast<uint64_t>(x * scale) + (0x3ff0000000000000u - 0x3fe6a09e00000000u);
  const double f = bit_cast<double>((ix & 0x000fffffffffffffu) + 0x3fe6a09e00000000u) - 1.0;
  const double dk = detail::two52_plus(ix >> 52) - detail::two52_plus(bit_cast<uint64_t>(scale) >> 52);
  const double hfsq = 0.5 * f * f;
  const double s = f / (2.0 + f);
  const double z = s * s;
  double R = 1.479819860511658591e-01;
  R = madd(R, z, 1.531383769920937332e-01);
  R = madd(R, z, 1.818357216161805012e-01);
  R = madd(R, z, 2.222219843214978396e-01);
  R = madd(R, z, 2.857142874366239149e-01);
  R = madd(R, z, 3.999999999940941908e-01);
  R = madd(R, z, 6.666666666666735130e-01);
  R = madd(R, z, hfsq);
  const double lo = madd(s, R, dk * 1.90821492927058770002e-10);
  double r = madd(dk, 6.93147180369123816490e-01, lo - hfsq + f);
  r = x == std::numeric_limits<double>::infinity() ? x : r;
  r = x > 0.0 ? r : -std::numeric_limits<double>::infinity();
  return !(x >= 0.0) ? std::numeric_limits<double>::quiet_NaN() : r;
}

// 1 / (1 + e^-x), written so that no term overflows: with e = e^-|x| in
// (0, 1], s = 1 / (1 + e) is sigmoid(|x|) and e s = sigmoid(-|x|). Both
// keep full relative accuracy (about 2 ulp) down to the smallest results,
// where 1 / (1 + e^-x) would give 0 once e^-x overflows. NaN gives NaN.
template <class M>
EMBER_VEC_INLINE M sigmoid(M x) {
  const M e = exp(-std::fabs(x));
  const M s = M(1) / (M(1) + e);
  return x >= M(0) ? s : e * s;
}

// x^y for float, C's powf semantics: y == 0 or x == 1 gives 1 (even for
// NaN), x == -1 with y = +-inf gives 1, a negative finite x with a
// non-integral y gives NaN, a negative x (-0 and -inf included) with an
// odd integral y gives a negative result; everything else follows from
// |x|^y = 2^(y log2 |x|) with log2 0 = -inf, log2 inf = inf.
//
// Computed in double, rounded to float once. |x| = 2^k (1 + f) with
// 1 + f in [sqrt(2)/2, sqrt(2)) (exact; float subnormals are normal
// doubles), log2(1 + f) = f P(f) with P a degree-11 Chebyshev fit
// (mpmath's chebyfit; relative error 2^-33); w = y log2 |x|;
// 2^w = 2^n 2^r with n = round(w), r = w - n exact, 2^r a degree-6 fit
// (2^-28.6). A relative error e in log2 |x| becomes one of about
// |w| e ln2 in the result, under 2^-26 for |w| < 150 (beyond, the result
// is 0 or inf). Largest error seen on 1e8 random (x, y) pairs against
// double pow: 0.67 ulp (glibc's powf: 0.76); 0.50 with degrees 13 and 8,
// which cost 10% more time. w beyond [-160, 130] is replaced by the
// limits' results, 0 and inf.
EMBER_VEC_INLINE float pow(float x, float y) {
  using namespace detail;
  constexpr float inf = std::numeric_limits<float>::infinity();
  const float ax = std::fabs(x);
  const double xd = ax;
  const uint64_t ix = bit_cast<uint64_t>(xd) + (0x3ff0000000000000u - 0x3fe6a09e00000000u);
  const double f = bit_cast<double>((ix & 0x000fffffffffffffu) + 0x3fe6a09e00000000u) - 1.0;
  const double k = two52_plus(ix >> 52) - two52_plus(1023);
  const double l = horner(f, 1.4426950409582302, -0.7213475248945522, 0.4808983110824002, -0.360672845348936,
                          0.28854145553597715, -0.24050279825001172, 0.20607165109914127, -0.17905123203322462,
                          0.15931300522348446, -0.15722652971153048, 0.1534528693745451, -0.08433521045800585);
  double log2_ax = madd(l, f, k);
  log2_ax = xd == 0.0 ? -static_cast<double>(inf) : log2_ax;
  log2_ax = xd < static_cast<double>(inf) ? log2_ax : xd;  // inf, NaN

  const double w = static_cast<double>(y) * log2_ax;
  constexpr double kRound = 6755399441055744.0;  // 1.5 * 2^52: rounds w to an integer n
  const double t = w + kRound;
  const double r = w - (t - kRound);
  const double p = horner(r, 1.0, 0.6931472067028326, 0.24022650922288757, 0.05550327226670302,
                          0.009618056678524637, 0.0013400428177615838, 0.0001546144469856913);
  const double scale = bit_cast<double>((bit_cast<uint64_t>(t) - (0x4338000000000000u - 1023u)) << 52);  // 2^n
  float result = static_cast<float>(p * scale);
  result = w > 130.0 ? inf : result;
  result = w < -160.0 ? 0.0f : result;

  const bool y_integral = std::trunc(y) == y;  // +-inf too
  const bool y_odd = y_integral && std::trunc(0.5f * y) != 0.5f * y;
  result = (std::signbit(x) && y_odd) ? -result : result;
  result = (x < 0.0f && x > -inf && !y_integral) ? std::numeric_limits<float>::quiet_NaN() : result;
  return (y == 0.0f || x == 1.0f || (ax == 1.0f && std::fabs(y) == inf)) ? 1.0f : result;
}

}  // namespace ember::kernels::vec

#undef EMBER_VEC_INLINE
