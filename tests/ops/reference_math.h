// Reference arithmetic for the generated op tests' `ref` expressions
// (schemas' `test.ref`), written from the definitions, independently of
// kernels/scalar_ops.h: floating cases in long double, integer cases in
// int64 (the harness wraps the result to the dtype, which is exact for
// +, *, shifts within the width and the ring operations).
#pragma once

#include <cmath>
#include <cstdint>
#include <numeric>

namespace ember::optest::ref {

// a ** b: C's pow for floats; for integers repeated multiplication modulo
// 2^64, and PyTorch's rule for negative exponents (1, +-1 for -1, else 0).
inline double pow(double a, double b) { return static_cast<double>(powl(a, b)); }
inline long double pow(long double a, long double b) { return powl(a, b); }
inline int64_t pow(int64_t a, int64_t b) {
  if (b < 0) return a == 1 ? 1 : (a == -1 ? (b % 2 ? -1 : 1) : 0);
  uint64_t r = 1;
  for (int64_t i = 0; i < b; ++i) r *= static_cast<uint64_t>(a);
  return static_cast<int64_t>(r);
}

// Truncated remainder: a - trunc(a / b) b.
inline double fmod(double a, double b) { return static_cast<double>(fmodl(a, b)); }
inline int64_t fmod(int64_t a, int64_t b) {
  const int64_t q = static_cast<int64_t>(truncl(static_cast<long double>(a) / b));
  return a - q * b;
}

// Floored remainder (Python's %): the sign of b.
inline double remainder(double a, double b) {
  long double r = fmodl(a, b);
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return static_cast<double>(r);
}
inline int64_t remainder(int64_t a, int64_t b) {
  const int64_t q = static_cast<int64_t>(floorl(static_cast<long double>(a) / b));
  return a - q * b;
}

// Floored quotient (Python's //).
inline double floor_divide(double a, double b) {
  if (b == 0 || std::isnan(a) || std::isnan(b)) return a / b;
  if (std::isinf(a)) return NAN;  // Python: inf // x is nan
  if (std::isinf(b)) return (a == 0 || (a < 0) == (b < 0)) ? std::copysign(0.0, a / b) : -1.0;
  const long double q = floorl(static_cast<long double>(a) / static_cast<long double>(b));
  return q == 0 ? std::copysign(0.0, a / b) : static_cast<double>(q);
}
inline int64_t floor_divide(int64_t a, int64_t b) {
  return static_cast<int64_t>(floorl(static_cast<long double>(a) / b));
}

// Greatest common divisor and least common multiple, non-negative (the
// domains keep them within int64). Only integer dtypes have these ops; the
// double forms exist for the harness's floating reference.
inline int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }
inline int64_t lcm(int64_t a, int64_t b) { return std::lcm(a, b); }
inline double gcd(double a, double b) { return static_cast<double>(gcd(static_cast<int64_t>(a), static_cast<int64_t>(b))); }
inline double lcm(double a, double b) { return static_cast<double>(lcm(static_cast<int64_t>(a), static_cast<int64_t>(b))); }

// Shifts by amounts within [0, 64).
inline int64_t shift_left(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) << b); }
inline int64_t shift_right(int64_t a, int64_t b) { return a >> b; }
// TH's: Float and Double multiply or divide by 2^b.
inline double th_shift_left(double a, double b) { return a * static_cast<double>(powl(2, b)); }
inline double th_shift_right(double a, double b) { return a / static_cast<double>(powl(2, b)); }
inline int64_t th_shift_left(int64_t a, int64_t b) { return shift_left(a, b); }
inline int64_t th_shift_right(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) >> b); }

// NaN-propagating max/min and clamp (PyTorch's maximum, minimum, clamp).
inline double maximum(double a, double b) { return (std::isnan(a) || std::isnan(b)) ? NAN : (a < b ? b : a); }
inline double minimum(double a, double b) { return (std::isnan(a) || std::isnan(b)) ? NAN : (b < a ? b : a); }
inline int64_t maximum(int64_t a, int64_t b) { return a < b ? b : a; }
inline int64_t minimum(int64_t a, int64_t b) { return b < a ? b : a; }
inline double clamp(double x, double lo, double hi) {
  if (std::isnan(x) || std::isnan(lo) || std::isnan(hi)) return NAN;
  const double r = x < lo ? lo : x;
  return r > hi ? hi : r;
}
inline int64_t clamp(int64_t x, int64_t lo, int64_t hi) {
  const int64_t r = x < lo ? lo : x;
  return r > hi ? hi : r;
}

// erf's inverse by bisection on erfl (monotone), independent of the
// kernel's Newton iteration; +-1 give +-inf.
inline double erfinv(double y) {
  if (std::isnan(y) || y < -1 || y > 1) return NAN;
  if (y == 1 || y == -1) return y * INFINITY;
  if (std::fabs(y) < 1e-5) return 0.886226925452758013649 * y * (1 + M_PI / 12 * y * y);  // the series; bisection's resolution is absolute
  long double lo = -7, hi = 7;
  for (int i = 0; i < 100; ++i) {
    const long double mid = (lo + hi) / 2;
    (erfl(mid) < y ? lo : hi) = mid;
  }
  return static_cast<double>((lo + hi) / 2);
}

}  // namespace ember::optest::ref
