// Scalar functions of the newer pointwise entries (classification,
// NaN-skipping max/min, sinc, xlogy, logaddexp, erfinv, sign bit, nextafter, step,
// gcd and lcm), kept apart from
// kernels/scalar_ops.h so that editing them recompiles only the ops whose
// entries include this header (`include:`). Same conventions: they take
// and return the compute type (opmath_t).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "ember/host_device.h"
#include "kernels/sleef_math.h"

namespace ember::ops {

// ---- classification --------------------------------------------------------------
// Integers and bool are always finite (PyTorch's isinf/isfinite accept them).

template <class M>
EMBER_HOST_DEVICE inline bool isinf(M x) {
  if constexpr (std::is_floating_point_v<M>) return std::isinf(x); else return false;
}
template <class M>
EMBER_HOST_DEVICE inline bool isfinite(M x) {
  if constexpr (std::is_floating_point_v<M>) return std::isfinite(x); else return true;
}
template <class M>
EMBER_HOST_DEVICE inline bool isposinf(M x) {
  if constexpr (std::is_floating_point_v<M>) return x == std::numeric_limits<M>::infinity(); else return false;
}
template <class M>
EMBER_HOST_DEVICE inline bool isneginf(M x) {
  if constexpr (std::is_floating_point_v<M>) return x == -std::numeric_limits<M>::infinity(); else return false;
}

// ---- more elementary functions ---------------------------------------------------

// NumPy's fmax/fmin: a NaN on one side gives the other (NaN only if both
// are); of -0 and +0, a, as C's fmax and PyTorch's (NumPy's gives b). A
// compare and a select, not C's fmax: GCC 12 leaves a loop of fmaxf
// calls at half NumPy's speed.
template <class M>
EMBER_HOST_DEVICE inline M fmax(M a, M b) {
  return (a < b) | (a != a) ? b : a;
}
template <class M>
EMBER_HOST_DEVICE inline M fmin(M a, M b) {
  return (b < a) | (a != a) ? b : a;
}

// sin(pi x) / (pi x), 1 at 0. In double: pi x rounded to float is off by
// up to an ulp of a value near an integer, where sin is near 0, which
// would cost float results most of their digits there.
template <class M>
EMBER_HOST_DEVICE inline M sinc(M x) {
  if (x == M(0)) return M(1);
  const double px = M_PI * static_cast<double>(x);
  return static_cast<M>(std::sin(px) / px);
}

// x * log(y), 0 where x is 0 (even for y 0 or inf), NaN where y is NaN.
template <class M>
EMBER_HOST_DEVICE inline M xlogy(M x, M y) {
  if (y != y) return y;
  if (x == M(0)) return M(0);
  return x * std::log(y);
}

// log(e^a + e^b) (log2(2^a + 2^b) in base 2) without overflow: the
// larger plus log1p of the smaller's ratio; equal infinities are returned
// as they are (their difference is NaN). Floats in double: the sum
// cancels where the larger is negative and near the log1p term, which
// would cost float results their last digits. Doubles take that
// cancellation as NumPy and PyTorch do (an absolute error of an ulp of
// the log1p term, below 2^-52, where the result nears 0).
template <bool Base2, class M>
EMBER_HOST_DEVICE inline M logaddexp_in_base(M x, M y) {
#ifndef __CUDA_ARCH__
  // The same form as one vectorizable call (Note [SLEEF calls]): the C
  // library's exp and log1p kept double's loop scalar, at 2.5x
  // PyTorch's time (bench/pointwise_sweep.py).
  if constexpr (std::is_same_v<M, float>) {
    if constexpr (Base2) return ::ember_logaddexp2f(x, y);
    else return ::ember_logaddexpf(x, y);
  } else if constexpr (std::is_same_v<M, double>) {
    if constexpr (Base2) return ::ember_logaddexp2(x, y);
    else return ::ember_logaddexp(x, y);
  } else
#endif
  {
    const double a = x, b = y;
    if (std::isinf(a) && a == b) return x;
    const double hi = a > b ? a : b, lo = a > b ? b : a;
    return static_cast<M>(hi + (Base2 ? std::log1p(std::exp2(lo - hi)) / M_LN2 : std::log1p(std::exp(lo - hi))));
  }
}
template <class M>
EMBER_HOST_DEVICE inline M logaddexp(M x, M y) {
  return logaddexp_in_base<false>(x, y);
}
template <class M>
EMBER_HOST_DEVICE inline M logaddexp2(M x, M y) {
  return logaddexp_in_base<true>(x, y);
}

// The inverse of erf on (-1, 1); +-1 give +-inf, beyond them NaN. A
// closed-form estimate (Winitzki's, relative error below 2e-3) refined by
// Newton steps on std::erf in double, each squaring the relative error.
template <class M>
EMBER_HOST_DEVICE inline M erfinv(M y) {
  const double x = static_cast<double>(y);
  if (!(std::fabs(x) < 1))
    return std::fabs(x) == 1 ? static_cast<M>(std::copysign(HUGE_VAL, x)) : static_cast<M>(NAN);
  const double a = 0.147, l = std::log1p(-x * x), t = 2 / (M_PI * a) + l / 2;
  double r = std::copysign(std::sqrt(std::sqrt(t * t - l / a) - t), x);
  for (int i = 0; i < 3; ++i) r -= (std::erf(r) - x) / (M_2_SQRTPI * std::exp(-r * r));
  return static_cast<M>(r);
}

// ---- representation and divisors --------------------------------------------------

// The sign bit: -0.0 and negative NaNs count; unsigned and bool have none.
// Read through copysign: GCC 12 fails (an internal error) vectorizing
// std::signbit's builtin with AVX2.
template <class M>
EMBER_HOST_DEVICE inline bool signbit(M x) {
  if constexpr (std::is_floating_point_v<M>) return std::copysign(M(1), x) < M(0);
  else if constexpr (std::is_signed_v<M>) return x < M(0);
  else return false;
}

// C's nextafter without its library call, which keeps a loop scalar: a
// neighbour in the bits (magnitude up or down one step), 0 stepping to
// the least subnormal of `to`'s sign, `to` itself where they are equal
// (so nextafter(-0, +0) is +0), NaN where either is.
template <class M>
EMBER_HOST_DEVICE inline M nextafter(M from, M to) {
  if constexpr (std::is_floating_point_v<M>) {
    using U = std::conditional_t<sizeof(M) == 8, uint64_t, uint32_t>;
    U bits;
    std::memcpy(&bits, &from, sizeof(M));
    const U step = ((from < to) == (from > M(0))) ? bits + 1 : bits - 1;
    M r, least;
    std::memcpy(&r, &step, sizeof(M));
    const U one = 1;
    std::memcpy(&least, &one, sizeof(M));
    r = from == M(0) ? std::copysign(least, to) : r;
    r = from == to ? to : r;
    return (from != from || to != to) ? from + to : r;
  } else {
    return std::nextafter(from, to);
  }
}

// NumPy's heaviside: 0 below zero, `at_zero` at zero, 1 above, NaN kept.
template <class M>
EMBER_HOST_DEVICE inline M heaviside(M x, M at_zero) {
  if (x != x) return x;
  return x == M(0) ? at_zero : M(x > M(0));
}

// |x| as the unsigned type, exact for the lowest value too.
template <class M>
EMBER_HOST_DEVICE inline std::make_unsigned_t<M> magnitude(M x) {
  using U = std::make_unsigned_t<M>;
  if constexpr (std::is_unsigned_v<M>) return x;  // (nvcc warns of `x < 0` on an unsigned x)
  else return x < M(0) ? U(0) - static_cast<U>(x) : static_cast<U>(x);
}

// Euclid's algorithm on magnitudes, so gcd is never negative (the lowest
// value's magnitude wraps back to it, as PyTorch's abs does).
template <class M>
EMBER_HOST_DEVICE inline M gcd(M a, M b) {
  auto x = magnitude(a), y = magnitude(b);
  while (y != 0) {
    const auto r = x % y;
    x = y;
    y = r;
  }
  return static_cast<M>(x);
}

// |a / gcd * b|, wrapping in the dtype where it does not fit; 0 if either is 0.
template <class M>
EMBER_HOST_DEVICE inline M lcm(M a, M b) {
  const M g = gcd(a, b);
  if (g == M(0)) return M(0);
  return static_cast<M>(magnitude(static_cast<M>(a / g)) * magnitude(b));
}

}  // namespace ember::ops
