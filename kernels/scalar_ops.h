// Scalar functions that schema kernel expressions call as ops::name(x).
// Each takes and returns the compute type (opmath_t) and is written so a
// loop over it vectorizes where the hardware allows. They compile for
// CUDA kernels too (EMBER_HOST_DEVICE): there the vectorizable polynomials
// of vec_math.h give way to CUDA's own math library (__CUDA_ARCH__).
#pragma once

#include <climits>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "ember/host_device.h"
#include "kernels/float_division.h"
#include "kernels/nudged_quotient.h"
#include "kernels/sleef_math.h"
#include "kernels/vec_math.h"

namespace ember::ops {

template <class M>
EMBER_HOST_DEVICE inline M abs(M x) {
  if constexpr (std::is_unsigned_v<M> || std::is_same_v<M, bool>)
    return x;
  else if constexpr (std::is_integral_v<M>)
    return x < 0 ? static_cast<M>(-x) : x;  // the most negative value wraps to itself
  else
    return std::fabs(x);
}

template <class M>
EMBER_HOST_DEVICE inline M exp(M x) {
#ifdef __CUDA_ARCH__
  return std::exp(x);
#else
  return kernels::vec::exp(x);
#endif
}

// Note [division through double]: x86 has no vector integer division,
// but integers of 32 bits or fewer divide exactly through double (Note
// [nudged quotients] in kernels/nudged_quotient.h), and a - q*b is exact
// there too. Integers of 16 bits or fewer divide in float by the same
// argument, 16 lanes to a register in place of 8. They widen through
// int32 on the way in and out: GCC vectorizes no conversion between 8 or
// 16 bits and a floating type (int16 // 7 ran a scalar loop at 10x
// NumPy's time). The quotient is a times b's reciprocal, nudged: by one
// number, as in a // 7, the loop has no division left (int32 // 7: 2.0 ms
// for 2^20, 0.37 so; int16 0.19). A remainder loop of int32 runs about
// 2x faster so (B23). CUDA keeps the integer instruction.
template <class M>
inline constexpr bool divides_through_double_v =
    std::is_integral_v<M> && !std::is_same_v<M, bool> && sizeof(M) <= 4;

// The floating type M divides in, and the integer type its rounded
// quotients convert back through (INT_MIN / -1 = 2^31 wraps to INT_MIN
// there as on the integer path; -2^15 / -1 likewise).
template <class M>
using quotient_t = std::conditional_t<(sizeof(M) <= 2), float, double>;
template <class M>
using rounded_t = std::conditional_t<(sizeof(M) <= 2), int32_t, int64_t>;

template <class M>
inline quotient_t<M> exactly(M v) {
  return static_cast<quotient_t<M>>(static_cast<std::conditional_t<(sizeof(M) <= 2), int32_t, M>>(v));
}

// a/b rounded toward zero (Floor false) or -inf, as a quotient_t<M>, for
// divides_through_double_v types (Note [nudged quotients] in
// kernels/nudged_quotient.h); x / 0 gives x (callers select their
// zero-divisor result: a select, not a branch, so the loop stays
// vectorized).
template <bool Floor, class M>
inline quotient_t<M> rounded_quotient(M a, M b) {
  using Q = quotient_t<M>;
  const Q x = exactly(a), y = b == 0 ? Q(1) : exactly(b);
  const Q q = kernels::nudged_quotient<Floor, Q>(x, Q(1) / y);
  if constexpr (Floor) return std::floor(q);
  else return std::trunc(q);
}

template <class M>
inline M div_through_double(M a, M b) {
  return b == 0 ? M(0) : static_cast<M>(static_cast<rounded_t<M>>(rounded_quotient<false>(a, b)));
}

template <class M>
inline M floor_divide_through_double(M a, M b) {
  return b == 0 ? M(0) : static_cast<M>(static_cast<rounded_t<M>>(rounded_quotient<true>(a, b)));
}

// a - q*b with q the truncated (fmod) or floored (remainder) quotient:
// |a - q*b| < |b|, exact, and in M's range.
template <class M>
inline M fmod_through_double(M a, M b) {
  const quotient_t<M> r = exactly(a) - rounded_quotient<false>(a, b) * exactly(b);
  return b == 0 ? M(0) : static_cast<M>(static_cast<rounded_t<M>>(r));
}

template <class M>
inline M remainder_through_double(M a, M b) {
  const quotient_t<M> r = exactly(a) - rounded_quotient<true>(a, b) * exactly(b);
  return b == 0 ? M(0) : static_cast<M>(static_cast<rounded_t<M>>(r));
}

// Integers truncate toward zero (TH's C division). A zero divisor is
// rejected before the loop runs (it would trap); the guard here only keeps
// the loop free of undefined behaviour. INT_MIN / -1 wraps.
template <class M>
EMBER_HOST_DEVICE inline M div(M a, M b) {
#ifndef __CUDA_ARCH__
  if constexpr (divides_through_double_v<M>) return div_through_double(a, b);
  if constexpr (std::is_same_v<M, int64_t>) return ::ember_div_i64(a, b);  // Note [int64 division by lanes]
#endif
  if constexpr (std::is_integral_v<M>) {
    if constexpr (std::is_signed_v<M>)
      if (b == -1) return static_cast<M>(-a);
    return b == 0 ? M(0) : static_cast<M>(a / b);
  } else {
    return a / b;
  }
}


// ---- signs and rounding --------------------------------------------------

// -1, 0 or 1; NaN and -0 give +0 (TH and PyTorch on the CPU; NumPy gives
// NaN for NaN); bool and unsigned values are never negative.
template <class M>
EMBER_HOST_DEVICE inline M sign(M x) {
  if constexpr (std::is_same_v<M, bool>)
    return x;
  else if constexpr (std::is_unsigned_v<M>)
    return static_cast<M>(x > 0);
  else
    return static_cast<M>(static_cast<int>(M(0) < x) - static_cast<int>(x < M(0)));
}

// Rounding functions leave integers as they are (PyTorch accepts them).
template <class M>
EMBER_HOST_DEVICE inline M ceil(M x) {
  if constexpr (std::is_floating_point_v<M>) return std::ceil(x); else return x;
}
template <class M>
EMBER_HOST_DEVICE inline M floor(M x) {
  if constexpr (std::is_floating_point_v<M>) return std::floor(x); else return x;
}
template <class M>
EMBER_HOST_DEVICE inline M trunc(M x) {
  if constexpr (std::is_floating_point_v<M>) return std::trunc(x); else return x;
}
// PyTorch's round: halves to even (the default rounding mode, as nearbyint).
template <class M>
EMBER_HOST_DEVICE inline M round_half_even(M x) {
  if constexpr (std::is_floating_point_v<M>) return std::nearbyint(x); else return x;
}
// TH's round (C's round): halves away from zero.
template <class M>
EMBER_HOST_DEVICE inline M round_half_away(M x) {
  if constexpr (std::is_floating_point_v<M>) return std::round(x); else return x;
}
// x - trunc(x): keeps the sign of x (frac(-2.5) = -0.5); inf gives NaN.
template <class M>
EMBER_HOST_DEVICE inline M frac(M x) {
  return x - std::trunc(x);
}

// ---- elementary functions --------------------------------------------------

template <class M>
EMBER_HOST_DEVICE inline M reciprocal(M x) {
  return M(1) / x;
}
// 1/sqrt(x): +0 gives +inf, -0 gives -inf, negative values NaN.
template <class M>
EMBER_HOST_DEVICE inline M rsqrt(M x) {
  return M(1) / std::sqrt(x);
}
template <class M>
EMBER_HOST_DEVICE inline M log(M x) {
#ifdef __CUDA_ARCH__
  return std::log(x);
#else
  return kernels::vec::log(x);
#endif
}
template <class M>
EMBER_HOST_DEVICE inline M sigmoid(M x) {
#ifdef __CUDA_ARCH__
  const M e = std::exp(-std::fabs(x));  // vec::sigmoid's form, accurate for large |x|
  const M s = M(1) / (M(1) + e);
  return x >= M(0) ? s : e * s;
#else
  return kernels::vec::sigmoid(x);
#endif
}
// Float: vec_math.h's, faster than SLEEF's; double: SLEEF's.
#ifdef __CUDA_ARCH__
#define EMBER_OPS_VEC_FLOAT_UNARY(name, suffix) \
  template <class M>                            \
  EMBER_HOST_DEVICE inline M name(M x) { return std::name(x); }
#else
#define EMBER_OPS_VEC_FLOAT_UNARY(name, suffix)                               \
  template <class M>                                                          \
  EMBER_HOST_DEVICE inline M name(M x) {                                      \
    if constexpr (std::is_same_v<M, double>) return kernels::sleef::name(x);  \
    else return kernels::vec::name(x);                                        \
  }
#endif
EMBER_SLEEF_DOUBLE_OPS_UNARY(EMBER_OPS_VEC_FLOAT_UNARY)
#undef EMBER_OPS_VEC_FLOAT_UNARY

// The functions without a branch-free form here: SLEEF's on the host
// (Note [SLEEF calls] in kernels/sleef_math.h), CUDA's math library on
// the device. Float and double reach them (Half and BFloat16 compute in
// float).
#ifdef __CUDA_ARCH__
#define EMBER_OPS_LIBRARY_UNARY(name, suffix) \
  template <class M>                          \
  EMBER_HOST_DEVICE inline M name(M x) { return std::name(x); }
#define EMBER_OPS_LIBRARY_BINARY(name, suffix) \
  template <class M>                           \
  EMBER_HOST_DEVICE inline M name(M x, M y) { return std::name(x, y); }
#else
#define EMBER_OPS_LIBRARY_UNARY(name, suffix) \
  template <class M>                          \
  EMBER_HOST_DEVICE inline M name(M x) { return kernels::sleef::name(x); }
#define EMBER_OPS_LIBRARY_BINARY(name, suffix) \
  template <class M>                           \
  EMBER_HOST_DEVICE inline M name(M x, M y) { return kernels::sleef::name(x, y); }
#endif
EMBER_SLEEF_OPS_UNARY(EMBER_OPS_LIBRARY_UNARY)
EMBER_SLEEF_BINARY(EMBER_OPS_LIBRARY_BINARY)
#undef EMBER_OPS_LIBRARY_UNARY
#undef EMBER_OPS_LIBRARY_BINARY

// ---- integer-aware division --------------------------------------------------
// Note [integer division]: a zero integral divisor is rejected before the
// loop runs (the kernel's `nonzero:`); the `b == 0` guards only keep the
// loop free of undefined behaviour. INT_MIN / -1 wraps to INT_MIN and
// INT_MIN % -1 is 0 (C leaves both undefined; x86 traps).

// C's remainder: the sign of the dividend (truncated division).
template <class M>
EMBER_HOST_DEVICE inline M fmod(M a, M b) {
#ifndef __CUDA_ARCH__
  if constexpr (divides_through_double_v<M>) return fmod_through_double(a, b);
  if constexpr (std::is_same_v<M, int64_t>) return ::ember_fmod_i64(a, b);
#endif
  if constexpr (std::is_integral_v<M>) {
    if constexpr (std::is_signed_v<M>)
      if (b == -1) return M(0);
    return b == 0 ? M(0) : static_cast<M>(a % b);
  } else {
#ifndef __CUDA_ARCH__
    if constexpr (std::is_same_v<M, float>) return ::ember_fmodf(a, b);  // Note [float division by lanes]
    if constexpr (std::is_same_v<M, double>) return ::ember_fmod(a, b);
#endif
    return std::fmod(a, b);  // (SLEEF's fmod gives NaN for huge quotients, FLT_MAX / FLT_MIN)
  }
}

// div's rounding_mode="trunc": the quotient rounded toward zero, which
// integer division already is.
template <class M>
EMBER_HOST_DEVICE inline M div_trunc(M a, M b) {
  if constexpr (std::is_floating_point_v<M>) return std::trunc(a / b);
  else return ops::div(a, b);
}

// Python's remainder: the sign of the divisor (floored division); floats
// through kernels/float_division.h.
template <class M>
EMBER_HOST_DEVICE inline M remainder(M a, M b) {
#ifndef __CUDA_ARCH__
  if constexpr (divides_through_double_v<M>) return remainder_through_double(a, b);
  if constexpr (std::is_same_v<M, int64_t>) return ::ember_remainder_i64(a, b);
  if constexpr (std::is_same_v<M, float>) return ::ember_remainderf(a, b);  // Note [float division by lanes]
  if constexpr (std::is_same_v<M, double>) return ::ember_remainder(a, b);
#endif
  const M r = ops::fmod(a, b);
  if constexpr (std::is_unsigned_v<M> || std::is_same_v<M, bool>)
    return r;
  else
    return kernels::remainder_from_fmod<M>(r, b);
}

// Python's a // b (floor); floats through kernels/float_division.h.
template <class M>
EMBER_HOST_DEVICE inline M floor_divide(M a, M b) {
#ifndef __CUDA_ARCH__
  if constexpr (divides_through_double_v<M>) return floor_divide_through_double(a, b);
  if constexpr (std::is_same_v<M, int64_t>) return ::ember_floor_divide_i64(a, b);
  if constexpr (std::is_same_v<M, float>) return ::ember_floor_dividef(a, b);  // Note [float division by lanes]
  if constexpr (std::is_same_v<M, double>) return ::ember_floor_divide(a, b);
#endif
  if constexpr (std::is_integral_v<M>) {
    const M q = ops::div(a, b);
    if constexpr (std::is_signed_v<M>)
      if (b != 0 && b != -1 && static_cast<M>(q * b) != a && ((a < 0) != (b < 0))) return static_cast<M>(q - 1);
    return q;
  } else {
    return kernels::floor_divide_from_fmod<M>(a, b, std::fmod(a, b), kernels::FloorOfScalar{});
  }
}

// a ** b. Integers: exact, wrapping (by squaring in the unsigned type);
// a negative exponent gives 1 for a == 1, +-1 for a == -1 and 0 otherwise
// (PyTorch's rule for tensor exponents; its numbers are checked before).
// Float (and Half, BFloat16): vec::pow, which vectorizes; double:
// SLEEF's pow with C's at the edges (Note [double pow by lanes]).
// An exponent of 0.5 is sqrt, as in PyTorch's and NumPy's pow with a
// number exponent: (-inf) ** 0.5 is nan and (-0) ** 0.5 is -0, where C's
// pow gives +inf and +0.
template <class M>
EMBER_HOST_DEVICE inline M pow(M a, M b) {
  if constexpr (std::is_same_v<M, bool>) {
    return a || !b;
  } else if constexpr (std::is_integral_v<M>) {
    if constexpr (std::is_signed_v<M>) {
      if (b < 0) {
        if (a == 1) return M(1);
        if (a == -1) return (b & 1) ? M(-1) : M(1);
        return M(0);
      }
    }
    using U = std::make_unsigned_t<std::conditional_t<(sizeof(M) < sizeof(int)), int, M>>;
    U base = static_cast<U>(a), result = 1;
    for (auto e = static_cast<std::make_unsigned_t<M>>(b); e; e >>= 1) {
      if (e & 1u) result *= base;
      base *= base;
    }
    return static_cast<M>(result);
  } else if constexpr (std::is_same_v<M, float>) {
#ifdef __CUDA_ARCH__
    const M r = std::pow(a, b);
#else
    const M r = kernels::vec::pow(a, b);
#endif
    return b == M(0.5) ? std::sqrt(a) : r;
  } else {
#ifdef __CUDA_ARCH__
    return b == M(0.5) ? std::sqrt(a) : std::pow(a, b);
#else
    return ::ember_pow(a, b);
#endif
  }
}

// ---- shifts --------------------------------------------------------------------
// Note [shifts]: C leaves shifts by a negative amount or by the bit width
// or more undefined. ember defines them as PyTorch does: such a left shift
// gives 0, such a right shift the sign fill (0, or -1 for negative signed
// values). Left shifts go through the unsigned type (wrapping).

template <class M>
EMBER_HOST_DEVICE inline M shift_left(M a, M b) {
  constexpr int bits = sizeof(M) * CHAR_BIT;
  using U = std::make_unsigned_t<M>;
  if (static_cast<std::make_signed_t<M>>(b) < 0 || static_cast<U>(b) >= static_cast<U>(bits)) return M(0);
  return static_cast<M>(static_cast<U>(static_cast<U>(a) << b));
}

// Arithmetic for signed types (PyTorch).
template <class M>
EMBER_HOST_DEVICE inline M shift_right(M a, M b) {
  constexpr int bits = sizeof(M) * CHAR_BIT;
  using U = std::make_unsigned_t<M>;
  if (static_cast<std::make_signed_t<M>>(b) < 0 || static_cast<U>(b) >= static_cast<U>(bits)) {
    if constexpr (std::is_signed_v<M>) return a < 0 ? M(-1) : M(0);
    else return M(0);
  }
  return static_cast<M>(a >> b);
}

// TH's lshift/clshift: integers as shift_left; Float and Double multiply
// by 2^b (TH's definition).
template <class M>
EMBER_HOST_DEVICE inline M th_shift_left(M a, M b) {
  if constexpr (std::is_floating_point_v<M>) return a * std::pow(M(2), b);
  else return shift_left(a, b);
}

// TH's rshift/crshift: a logical shift of the element's bits, also for
// signed types (TH shifted `(unsigned real) x`: -8 >> 1 is 124 in int8);
// out-of-range amounts give 0. Float and Double divide by 2^b.
template <class M>
EMBER_HOST_DEVICE inline M th_shift_right(M a, M b) {
  if constexpr (std::is_floating_point_v<M>) {
    return a / std::pow(M(2), b);
  } else {
    constexpr int bits = sizeof(M) * CHAR_BIT;
    using U = std::make_unsigned_t<M>;
    if (static_cast<std::make_signed_t<M>>(b) < 0 || static_cast<U>(b) >= static_cast<U>(bits)) return M(0);
    return static_cast<M>(static_cast<U>(a) >> b);
  }
}

template <class M>
EMBER_HOST_DEVICE inline M bitwise_not(M x) {
  if constexpr (std::is_same_v<M, bool>) return !x;
  else return static_cast<M>(~x);
}

// ---- max and min ---------------------------------------------------------------

// PyTorch's maximum/minimum: a NaN on either side gives NaN.
template <class M>
EMBER_HOST_DEVICE inline M maximum(M a, M b) {
  if constexpr (std::is_floating_point_v<M>) return a != a ? a : (b != b ? b : (a > b ? a : b));
  else return a > b ? a : b;
}
template <class M>
EMBER_HOST_DEVICE inline M minimum(M a, M b) {
  if constexpr (std::is_floating_point_v<M>) return a != a ? a : (b != b ? b : (a < b ? a : b));
  else return a < b ? a : b;
}

// PyTorch's clamp: NaN in x or a bound gives NaN; lo > hi gives hi.
template <class M>
EMBER_HOST_DEVICE inline M clamp(M x, M lo, M hi) {
  return minimum(maximum(x, lo), hi);
}

// PyTorch's lerp: the form accurate at both ends.
template <class M>
EMBER_HOST_DEVICE inline M lerp(M a, M b, M w) {
  const M d = b - a;
  return (w < M(0.5) && w > M(-0.5)) ? a + w * d : b - d * (M(1) - w);
}

}  // namespace ember::ops
