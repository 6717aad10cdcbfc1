// Note [double asinh, acosh and atanh]: SLEEF's 1-ulp double asinh,
// acosh and atanh carry their extra precision in pairs of doubles and
// took 2.6-4.0x NumPy's time (bench/pointwise_sweep.py, 2026-12-06). Here
//
//   asinh a = ln(w), w = a + sqrt(a^2 + 1);   acosh a = ln(w), w = a + sqrt(a^2 - 1);
//   atanh a = ln(w) / 2, w = (1 + a) / (1 - a)
//
// with every step's rounding error carried beside it, so that w is known
// as a pair w + w_lo: a^2 split by an FMA, sums by exact two-sums, the
// square root's error from its exact remainder (an FMA) divided by twice
// the root, the quotient's from its exact remainder times 1 / (1 - a) in
// float (the term is below 2^-52 of w). ln(w) is vec_math.h's double log
// kept as a pair: its reduction w = 2^k (1 + f) with 1 + f in
// [sqrt(2)/2, sqrt(2)), and ln(1 + f) = f - h + s (h + R) with h = f^2/2
// split exactly, s = f/(2+f) and R fdlibm's polynomial in s^2, f - h's
// rounding error recovered; then ln(w + w_lo) = k ln2 + ln(1 + f) +
// w_lo/w, where 1/w = 2^-k (1-s)/(1+s) is taken as 2^-k (1 - 2s + 2s^2 -
// 2s^3), within 2 s^4 of it: ample for a term below 2^-52 of the result.
// k ln2 is added by an exact two-term sum (ln2's leading 32 bits times k
// are exact), so only the last addition rounds at full size. The
// cancellations (w near 1: asinh and atanh of small a, acosh near 1,
// where a^2 - 1 is exact) are in the pairs. Past 2^28 asinh and acosh
// are ln(2a) (a^2 would overflow, and the +-1 is below the last bit);
// below 2^-26 asinh is a itself (keeping -0), below 2^-20 atanh its
// series a + a^3/3 (w's low part would need more than float's precision
// there).
//
// Largest errors seen over runs of 2^24 random inputs each against long
// double: asinh 0.67 ulp, acosh 0.66, atanh 0.66;
// tests/kernels/test_double_log_forms.cpp.
//
// Note [double log1p]: SLEEF's 1-ulp double log1p carries pairs of
// doubles through every step. Here log1p x = ln(w + w_lo), with w + w_lo
// = 1 + x exactly (a two-sum), by log_of_pair below, as atanh's; below
// 2^-53 in magnitude log1p x is x itself, correctly rounded (x^2/2 is
// below half of x's ulp) and keeping -0, where the pair's last additions
// could add a quarter ulp. 10-30% faster than SLEEF's in a loop of 2^16
// doubles (a scratch harness calling both vector forms, 2026-12-06);
// largest error seen over the test's inputs against long double: 0.66
// ulp (tests/kernels/test_double_log_forms.cpp). The same form for log2
// and log10 (log_pair's ln(1 + f) times log2(e) or log10(e) as pairs)
// ran no faster than SLEEF's, and log10 15% slower: not taken.
//
// One template for kernels/sleef_math.cpp's scalar and vector forms, so
// they cannot disagree: D is double or a GCC vector of doubles; L's fma
// and sqrt round once, and its float_reciprocal gives the same bits in
// both.
#pragma once

#include <cstdint>
#include <limits>

#include "kernels/exp_split.h"
#include "kernels/own_double.h"

namespace ember::kernels {

namespace detail {

// x = 2^k (1 + f) and ln(1 + f) = hi + lo; s = f / (2 + f). For a
// positive normal x (callers select the results of infinities and NaNs).
template <class D>
struct LogPair {
  D k, s, hi, lo;
};
template <class L, class D>
[[gnu::always_inline]] inline LogPair<D> log_pair(D x) {
  using U = typename BitsOf<D>::type;
  using vec::detail::bit_cast;
  const U ix = bit_cast<U>(x) + (0x3ff0000000000000u - 0x3fe6a09e00000000u);
  const D f = bit_cast<D>((ix & 0x000fffffffffffffu) + 0x3fe6a09e00000000u) - 1.0;
  // The exponent as a double without an int64 conversion: 2^52 + e - 2^52.
  const D k = bit_cast<D>((ix >> 52) | 0x4330000000000000u) - (0x1p52 + 1023);
  const D half_f = 0.5 * f, h = half_f * f, h_lo = L::fma(half_f, f, -h);
  const D s = f / (2.0 + f), z = s * s;
  const D r = z * fma_horner<L>(z, 6.666666666666735130e-01, 3.999999999940941908e-01, 2.857142874366239149e-01,
                                2.222219843214978396e-01, 1.818357216161805012e-01, 1.531383769920937332e-01,
                                1.479819860511658591e-01);
  const D hi = f - h, hi_error = (f - hi) - h;
  return {k, s, hi, hi_error + (s * (h + r) - h_lo)};
}

// ln(w + w_lo) + extra_k ln2 = hi + lo, unrounded, for a positive normal
// w and |w_lo| below 2^-52 w.
template <class D>
struct Pair {
  D hi, lo;
};
template <class L, class D>
[[gnu::always_inline]] inline Pair<D> log_of_pair(D w, D w_lo, D extra_k) {
  using U = typename BitsOf<D>::type;
  using vec::detail::bit_cast;
  constexpr double kLn2Hi = 6.93147180369123816490e-01, kLn2Lo = 1.90821492927058770002e-10;
  const auto l = log_pair<L>(w);
  // 2^-k from k's bits (k + 1.5 2^52 holds k in its low bits); past
  // 2^1000 w_lo is 0 and 2^-1000 keeps the product finite.
  const D k_bits = (l.k < 1000.0 ? l.k : D{} + 1000.0) + 0x1.8p52;
  const D down = bit_cast<D>((1023 - bit_cast<U>(k_bits)) << 52);
  const D correction = w_lo * down * L::fma(-2.0 * l.s, L::fma(-l.s, 1.0 - l.s, D{} + 1.0), D{} + 1.0);
  const D k = l.k + extra_k, lead = k * kLn2Hi;
  const D sum = lead + l.hi, sum_lo = l.hi - (sum - lead);
  return {sum, sum_lo + (l.lo + L::fma(k, D{} + kLn2Lo, correction))};
}

}  // namespace detail

// The function of x. A NaN gives some NaN (whatever the steps made of
// it): callers pass NaNs through themselves.
template <OwnDouble Form, class L, class D>
[[gnu::always_inline]] inline D double_log_form(D x) {
  using detail::log_of_pair;
  using U = typename detail::BitsOf<D>::type;
  using vec::detail::bit_cast;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  const U sign = bit_cast<U>(x) & (U{} + (uint64_t{1} << 63));
  const D a = x < 0.0 ? -x : x;
  if constexpr (Form == OwnDouble::Atanh) {
    const D up = 1.0 + a, up_back = up - 1.0, up_c = (1.0 - (up - up_back)) + (a - up_back);
    const D down = 1.0 - a, down_back = 1.0 - down, down_c = (1.0 - (down + down_back)) + (down_back - a);
    const D w = up / down, w_lo = (L::fma(-w, down, up) + L::fma(-w, down_c, up_c)) * L::float_reciprocal(down);
    const auto l = log_of_pair<L>(w, w_lo, D{});
    const D r = 0.5 * (l.hi + l.lo);
    // Below 2^-20 the series a + a^3/3 is within 2^-80 of atanh.
    const D magnitude = a < 0x1p-20 ? L::fma(a * a, a * (1.0 / 3), a) : a == 1.0 ? D{} + kInf : r;
    return a > 1.0 ? D{} + kNaN : bit_cast<D>(bit_cast<U>(magnitude) | sign);
  } else {
    constexpr bool kAsinh = Form == OwnDouble::Asinh;
    const D b0 = kAsinh ? a : x;
    const auto big = b0 > 0x1p28;
    const D b = big ? D{} + 1.0 : b0;  // keeps b^2 finite; big lanes take ln(b0) + ln2
    const D b2 = b * b, b2_lo = L::fma(b, b, -b2);
    const D one = kAsinh ? D{} + 1.0 : D{} - 1.0;
    const D t = b2 + one, back = t - b2;
    const D t_lo = ((b2 - (t - back)) + (one - back)) + b2_lo;
    const D root = L::sqrt(t);
    const D root_lo = t == 0.0 ? D{} : (L::fma(-root, root, t) + t_lo) / (root + root);
    // root >= b for asinh, b >= root for acosh: the larger first.
    const D w = b + root, w_lo = (kAsinh ? b - (w - root) : root - (w - b)) + root_lo;
    const auto l = log_of_pair<L>(big ? b0 : w, big ? D{} : w_lo, big ? D{} + 1.0 : D{});
    const D r = l.hi + l.lo;
    if constexpr (kAsinh) {
      const D magnitude = a < 0x1p-26 ? a : a == kInf ? D{} + kInf : r;
      return bit_cast<D>(bit_cast<U>(magnitude) | sign);
    } else {
      const D in_range = x == kInf ? D{} + kInf : r;
      return x >= 1.0 ? in_range : D{} + kNaN;
    }
  }
}

// log1p x (Note [double log1p]). A NaN gives some NaN: callers pass NaNs
// through themselves.
template <class L, class D>
[[gnu::always_inline]] inline D double_log1p_form(D x) {
  using vec::detail::bit_cast;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  const D w = 1.0 + x, back = w - 1.0;
  const D w_lo = (1.0 - (w - back)) + (x - back);
  // Lanes at or below -1 take a valid w and are replaced below.
  const auto l = detail::log_of_pair<L>(w > 0.0 ? w : D{} + 1.0, w_lo, D{});
  const D a = bit_cast<D>(bit_cast<typename detail::BitsOf<D>::type>(x) & 0x7fffffffffffffffu);
  D r = a < 0x1p-53 ? x : l.hi + l.lo;
  r = x == kInf ? D{} + kInf : r;
  r = x == -1.0 ? D{} - kInf : r;
  return x < -1.0 ? D{} + kNaN : r;
}

}  // namespace ember::kernels
