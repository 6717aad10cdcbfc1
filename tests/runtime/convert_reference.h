// An independent statement of kernels/convert.h's conversion rule, for
// checking copies: values are carried exactly (integers as int64, floating
// values as double), 16-bit floats are decoded from their bits by the
// textbook formula, and rounding to Half/BFloat16 is done on the value's
// binary exponent with nearbyint (ties to even), not with bit tricks.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "ember/dtype.h"

namespace ember::test {

// A value of some dtype, exactly.
struct Exact {
  bool integral;  // integral and bool dtypes
  int64_t i;
  double d;
  static Exact integer(int64_t v) { return {true, v, 0}; }
  static Exact floating(double v) { return {false, 0, v}; }
  bool operator==(const Exact& o) const {
    if (integral != o.integral) return false;
    if (integral) return i == o.i;
    if (std::isnan(d) || std::isnan(o.d)) return std::isnan(d) && std::isnan(o.d);
    return d == o.d && std::signbit(d) == std::signbit(o.d);
  }
};

inline double half_bits_value(uint16_t h) {
  const int e = (h >> 10) & 0x1f;
  const int m = h & 0x3ff;
  double v;
  if (e == 0x1f) v = m ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else if (e == 0) v = std::ldexp(m, -24);
  else v = std::ldexp(1024 + m, e - 25);
  return (h & 0x8000) ? -v : v;
}

inline double bfloat16_bits_value(uint16_t b) {  // the top half of a float
  const uint32_t u = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// x rounded to a binary format with `mant` stored mantissa bits, smallest
// normal exponent `emin` and largest finite exponent `emax`.
inline double round_to_format(double x, int mant, int emin, int emax) {
  if (std::isnan(x) || std::isinf(x) || x == 0) return x;
  int e;
  std::frexp(std::fabs(x), &e);  // |x| = m * 2^e, m in [0.5, 1)
  const double quantum = std::ldexp(1.0, std::max(e - 1, emin) - mant);
  const double r = std::nearbyint(std::fabs(x) / quantum) * quantum;
  const double out = r >= std::ldexp(1.0, emax + 1) ? std::numeric_limits<double>::infinity() : r;
  return std::copysign(out, x);
}

// v wrapped to `bits` bits, two's complement when `is_signed`.
inline int64_t wrap(int64_t v, int bits, bool is_signed) {
  if (bits == 64) return v;
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  const uint64_t u = static_cast<uint64_t>(v) & mask;
  if (is_signed && u >= (uint64_t{1} << (bits - 1))) return static_cast<int64_t>(u) - (int64_t{1} << bits);
  return static_cast<int64_t>(u);
}

// What converting v to `to` must give.
inline Exact convert_reference(DType to, const Exact& v) {
  if (is_bool(to)) return Exact::integer(v.integral ? v.i != 0 : v.d != 0);  // NaN != 0
  if (is_integral(to)) {
    const int bits = 8 * static_cast<int>(element_size(to));
    if (v.integral) return Exact::integer(wrap(v.i, bits, info(to).is_signed));
    // Truncate; NaN and values outside int32 (int64 for 64-bit targets)
    // give the x86 integer indefinite, then wrap.
    const double bound = bits == 64 ? 9223372036854775808.0 : 2147483648.0;
    const int64_t indefinite = bits == 64 ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int32_t>::min();
    const bool in_range = !std::isnan(v.d) && v.d >= -bound && v.d < bound;
    return Exact::integer(wrap(in_range ? static_cast<int64_t>(std::trunc(v.d)) : indefinite, bits, info(to).is_signed));
  }
  // Floating targets. Everything but double goes through float first.
  const double as_double = v.integral ? static_cast<double>(v.i) : v.d;
  const double as_float = v.integral ? static_cast<double>(static_cast<float>(v.i)) : static_cast<double>(static_cast<float>(v.d));
  switch (to) {
    case DType::Double: return Exact::floating(as_double);
    case DType::Float: return Exact::floating(as_float);
    case DType::Half: return Exact::floating(round_to_format(as_float, 10, -14, 15));
    case DType::BFloat16: return Exact::floating(round_to_format(as_float, 7, -126, 127));
    default: return Exact::floating(as_float);
  }
}

}  // namespace ember::test
