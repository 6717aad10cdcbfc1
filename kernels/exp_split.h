// e^x split for sinh, cosh and expm1 of doubles
// (kernels/double_exp_forms.h): x = n ln2 + r + tail
// with |r| <= ln2/2, z = r^2, and e^r = 1 + r + r odd_z + z/2 +
// z^2 even_p, where r + r odd_z and z/2 + z^2 even_p are e^r's odd and
// even (less 1) Taylor parts, so e^-r = 1 - r - r odd_z + z/2 +
// z^2 even_p. No division, and the parts are what sinh and cosh
// combine with 2^n and 2^-n.
//
// One template for kernels/sleef_math.cpp's scalar and vector forms, so
// they cannot disagree: D is double or a GCC vector of doubles; L's fma
// rounds once.
#pragma once

#include <cstdint>

#include "kernels/vec_math.h"

namespace ember::kernels::detail {

// D's bits as unsigned integers (vec::detail::bit_cast converts).
template <class D>
struct BitsOf {
  typedef uint64_t type __attribute__((vector_size(sizeof(D))));
};
template <>
struct BitsOf<double> {
  using type = uint64_t;
};

template <class D>
struct ExpSplit {
  typename BitsOf<D>::type n_bits;  // n as a two's complement integer
  D r, tail, z, odd_z, even_p;
};

// c0 + c1 z + c2 z^2 + ... by Horner's rule, each step one L::fma.
template <class L, class D>
[[gnu::always_inline]] inline D fma_horner(D, double c) {
  return D{} + c;
}
template <class L, class D, class... C>
[[gnu::always_inline]] inline D fma_horner(D z, double c, C... cs) {
  return L::fma(fma_horner<L>(z, cs...), z, D{} + c);
}

// 2^e for an integer e in [-1022, 1023], from its bits.
template <class D, class U>
[[gnu::always_inline]] inline D pow2(U e) {
  return vec::detail::bit_cast<D>((e + 1023) << 52);
}

// For |x| <= 1100 (callers clamp; NaN passes through). The Taylor terms
// run to r^14 and r^13 (the first omitted below 2^-57 of e^r); callers
// also add tail, r's rounding error (x - n ln2 is exact in n ln2's
// leading bits, n kLn2Hi, then rounds once).
template <class L, class D>
[[gnu::always_inline]] inline ExpSplit<D> exp_split(D x) {
  using U = typename BitsOf<D>::type;
  constexpr double kLog2e = 1.44269504088896338700e+00;
  constexpr double kRound = 0x1.8p52;  // adding it rounds to an integer, kept in the low bits
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 32 significant bits: n kLn2Hi is exact
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const D t = L::fma(x, D{} + kLog2e, D{} + kRound);
  const D n = t - kRound;
  const D r_hi = L::fma(n, D{} - kLn2Hi, x);
  const D r = L::fma(n, D{} - kLn2Lo, r_hi);
  const D tail = L::fma(n, D{} - kLn2Lo, r_hi - r);
  const D z = r * r;
  const D odd = fma_horner<L>(z, 1.0 / 6, 1.0 / 120, 1.0 / 5040, 1.0 / 362880, 1.0 / 39916800, 1.0 / 6227020800);
  const D even =
      fma_horner<L>(z, 1.0 / 24, 1.0 / 720, 1.0 / 40320, 1.0 / 3628800, 1.0 / 479001600, 1.0 / 87178291200);
  const U n_bits = vec::detail::bit_cast<U>(t) - vec::detail::bit_cast<uint64_t>(kRound);
  return {n_bits, r, tail, z, odd * z, even};
}

}  // namespace ember::kernels::detail
