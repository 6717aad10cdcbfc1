// Note [double sinh, cosh, expm1 and tanh]: SLEEF's 1-ulp double sinh,
// cosh, expm1 and tanh carry their extra precision in pairs of doubles
// and took 2.6-4.0x NumPy's time (bench/pointwise_sweep.py, 2026-12-06).
// These forms build each from kernels/exp_split.h's parts (e^r's odd part
// O = r + r odd_z, its even part E = z/2 + z^2 even_p) and 2^n, 2^-n,
// with one exact two-term sum in place of the pairs:
//
//   sinh x = c0 + c1 O + c0 E,   c0 = (2^n - 2^-n)/2, c1 = (2^n + 2^-n)/2
//   cosh x = the same with c0 and c1 exchanged,
//   expm1 x = c0 + c1 (O + E),   c0 = 2^n - 1, c1 = 2^n
//
// hi = c0 + c1 r is rounded once (an FMA) and its rounding error is
// recovered exactly (c0 - hi is exact: the two are within 2^53 units of
// the finer one's last place), so the result hi + (error + the small
// terms) rounds once more; the small terms' largest part, c z/2, is
// exact, and their roundings stay near 2^-56 of the result. That holds
// across the cancellations at n = +-1 (sinh near ln2/2, expm1 near
// +-ln2/2, where the result is a third of c1): the cancelled part is
// exact. c0 and c1 hold 2^-n (sinh, cosh) and the 1 (expm1) only while
// they stay exact (n <= 26, n <= 52); past that those join the small
// terms. The tail of r (x - n ln2's rounding error) and z's are added to
// first order. Everything is computed a quarter down (c0/4, c1/4) and
// multiplied by 4 at the end, so 2^n near the overflow threshold stays
// finite and the result rounds to inf only where it should. Below 2^-27
// (sinh, tanh) and 2^-54 (expm1) the result is x itself (the quarter
// would cost a subnormal x its last bits), which keeps -0 too.
//
// tanh |x| = e / (e + 2) with e = expm1(2|x|) kept unrounded as a pair:
// one division, then a correction from the quotient's exact remainder
// (an FMA) and the pairs' low parts, times the same reciprocal.
//
// Largest errors seen over several runs of 2^24 random inputs each
// against long double (magnitudes spread over the range, and x near
// (k + 1/2) ln2): sinh 0.76 ulp, cosh 0.66, expm1 0.85, tanh 0.73;
// tests/kernels/test_double_exp_forms.cpp.
//
// One template for kernels/sleef_math.cpp's scalar and vector forms, so
// they cannot disagree: D is double or a GCC vector of doubles; L's fma
// rounds once.
#pragma once

#include <cstdint>

#include "kernels/exp_split.h"
#include "kernels/own_double.h"

namespace ember::kernels {

namespace detail {

// expm1(x) / 4 = hi + lo, unrounded, for x in [-60, 710].
template <class D>
struct QuarterExpm1 {
  D hi, lo;
};
template <class L, class D>
[[gnu::always_inline]] inline QuarterExpm1<D> quarter_expm1(D x) {
  const auto s = exp_split<L>(x);
  // The 1 (a quarter, here) joins c0 while c0 stays exact: n <= 52.
  const D c1 = pow2<D>(s.n_bits - 2), one = x < 36.0 ? D{} + 0.25 : D{}, c0 = c1 - one;
  const D hi = L::fma(c1, s.r, c0), error = L::fma(c1, s.r, c0 - hi) + (one - 0.25);
  // The odd terms, the tail (times e^r, to first order) and z's
  // rounding error (times 1/2), then the even terms: c1 z is exact, and
  // so is its half, the largest.
  const D z_error = L::fma(s.r, s.r, -s.z);
  const D low = L::fma(s.r, s.odd_z, L::fma(s.tail, s.r, s.tail)) + 0.5 * z_error;
  const D c1z = c1 * s.z;
  return {hi, error + L::fma(c1z, s.z * s.even_p, L::fma(c1z, D{} + 0.5, c1 * low))};
}

}  // namespace detail

// The function of x. A NaN gives some NaN (what its garbage 2^n made of
// it; a new NaN's sign bit depends on the operands' order): callers pass
// NaNs through themselves.
template <OwnDouble Form, class L, class D>
[[gnu::always_inline]] inline D double_exp_form(D x) {
  using detail::exp_split;
  using detail::pow2;
  using detail::quarter_expm1;
  using U = typename detail::BitsOf<D>::type;
  using vec::detail::bit_cast;
  const U sign = bit_cast<U>(x) & (U{} + (uint64_t{1} << 63));
  if constexpr (Form == OwnDouble::Expm1) {
    // Past 710 the result overflows; below -60 it is -1 to the last bit.
    const auto e = quarter_expm1<L>(x > 710.0 ? D{} + 710.0 : x < -60.0 ? D{} - 60.0 : x);
    const D r = (e.hi + e.lo) * 4.0;
    return (x < 0x1p-54) & (x > -0x1p-54) ? x : r;
  } else if constexpr (Form == OwnDouble::Tanh) {
    // tanh |x| = e / (e + 2) with e = expm1(2|x|) = 4 (hi + lo), summed
    // into a pair (|hi| >= |lo|); the denominator's sum by a two-sum,
    // then one division and a correction for what it left out; past 20
    // the result is 1 to the last bit.
    const D a = x < 0.0 ? -x : x;
    const auto e = quarter_expm1<L>(a > 20.0 ? D{} + 40.0 : a + a);
    const D num = e.hi + e.lo, num_lo = e.lo - (num - e.hi);
    const D den = num + 0.5, back = den - num;
    const D den_lo = ((num - (den - back)) + (0.5 - back)) + num_lo;
    const D inverse = 1.0 / den, q = num * inverse;
    const D r = L::fma(L::fma(-q, den, num) + L::fma(-q, den_lo, num_lo), inverse, q);
    const D magnitude = a < 0x1p-27 ? a : r;
    return bit_cast<D>(bit_cast<U>(magnitude) | sign);
  } else {
    static_assert(Form == OwnDouble::Sinh || Form == OwnDouble::Cosh);
    constexpr bool kSinh = Form == OwnDouble::Sinh;
    const D a = x < 0.0 ? -x : x;
    const auto s = exp_split<L>(a > 710.6 ? D{} + 710.6 : a);
    // 2^-n in c0 and c1 while they stay exact (2n + 1 bits); past that it
    // is below 2^-54 of them and joins the small terms, times e^-r to
    // first order. Clamped, it stays normal.
    const D h = pow2<D>(s.n_bits - 3);
    const D d = pow2<D>(U{} - 3 - (s.n_bits < 200 ? s.n_bits : U{} + 200));
    const D d_exact = s.n_bits <= 26 ? d : D{}, d_rest = d - d_exact;
    const D c0 = kSinh ? h - d_exact : h + d_exact, c1 = kSinh ? h + d_exact : h - d_exact;
    const D hi = L::fma(c1, s.r, c0), error = L::fma(c1, s.r, c0 - hi);
    // The tail times the derivative, z's rounding error times c0 / 2 and
    // the rest of 2^-n (to first order), the odd terms, the even terms.
    const D z_error = L::fma(s.r, s.r, -s.z);
    const D rest = kSinh ? L::fma(d_rest, s.r, -d_rest) : L::fma(-d_rest, s.r, d_rest);
    const D low = L::fma(s.tail, L::fma(c0, s.r, c1), L::fma(c0 * 0.5, z_error, rest));
    const D c0z = c0 * s.z;
    const D small = L::fma(c0z, s.z * s.even_p, L::fma(c0z, D{} + 0.5, L::fma(c1, s.r * s.odd_z, low)));
    const D r = (hi + (error + small)) * 4.0;
    if constexpr (!kSinh) {
      return r;
    } else {
      const D magnitude = a < 0x1p-27 ? a : r;
      return bit_cast<D>(bit_cast<U>(magnitude) | sign);
    }
  }
}

}  // namespace ember::kernels
