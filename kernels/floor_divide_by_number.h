// a // d for integer tensors and one number d, without a division per
// element.
//
// Note [8-bit floor division by a number]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// a // d for uint8 and int8 tensors where d is one number for every
// element (`a // 7`), |d| >= 2. Through float (Note [division through
// double] in kernels/scalar_ops.h) each byte widens to a 32-bit lane,
// 16 to a register, and uint8 // 7 took 2.4x NumPy's time, whose loop
// multiplies by an invariant. Here each byte widens to 16 bits only (32
// lanes) and the quotient is the high half of one 16-bit product:
//
//   floor(n / d) = (n m) >> 16 with m = floor(2^16 / d) + 1, for
//   0 <= n and n d < 2^16,
//
// since n m / 2^16 exceeds n / d by n (m - 2^16/d) / 2^16 <= n / 2^16 <
// 1/d, less than the distance from n / d up to the next integer. For
// int8 the numerator is made non-negative first: floor(a / d) =
// floor(a' / |d|) with a' = a or -a (d < 0, in int, so that -(-128) is
// 128), and floor(a' / |d|) = floor((a' + k |d|) / |d|) - k with
// k = ceil(128 / |d|), so that n = a' + k |d| lies in [0, 256 + |d|)
// and n |d| < 384 * 128. d = +-1 (m would need 17 bits; -128 // -1
// wraps) stays with the general loop. The quotient is exact, so the bits
// are those of ops::floor_divide. uint8 // 7 of 2^22 bytes, one thread:
// 0.98-1.00 ms through float, 0.38-0.39 so (int8 the same).
//
// Note [16-bit floor division by a number]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// int16 // d, |d| >= 2: through float (16 lanes) it took 1.24-1.46x
// NumPy's time; here every step is a 16-bit lane (32 to a register). The
// numerator is made unsigned, n = s a + B in [0, 2^16) with s the sign of
// d and B = 2^15 (d > 0) or 2^15 - 1 (d < 0, so that -(-2^15) fits),
// and floor(a / d) = floor(s a / |d|) = floor((n - c) / |d|) - k with
// B = k |d| + c, 0 <= c < |d|. n < c (a few of the most negative s a)
// gives -1 - k. floor(u / |d|) for u in [0, 2^16) is Granlund and
// Montgomery's (PLDI 1994) unsigned division with l = ceil(log2 |d|):
//
//   t = (u m) >> 16,  m = floor(2^16 (2^l - |d|) / |d|) + 1 < 2^16,
//   floor(u / |d|) = (t + ((u - t) >> 1)) >> (l - 1),
//
// every value within 16 bits. The last shift is a high product by
// 2^(17 - l) too (|d| = 2 keeps its value): GCC widens a shift by a
// variable count to 32-bit lanes. Checked exhaustively (every int16 a,
// every d) in scratch; tests/kernels/test_floor_divide_by_number.cpp
// checks every a for hundreds of d. int16 // 7 of 2^22 elements: 0.43 ms
// through float, 0.35 so (NumPy 0.32-0.34).
//
// Note [64-bit floor division by a number]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// int64 // d, 2 <= |d| <= 2^32: x86 has no vector integer division, and
// the scalar loop took 0.60 ns an element (3.1-3.2 ms for 2^22 elements
// beside NumPy's 2.7, both past the L3 cache). Two rounds through double
// with D = |d| and i = fl(1/D) give it on 8 lanes:
//
//   q1 = trunc(fl(a) i),  r1 = a - q1 D  (exact in int64),
//   q2 = q1 + trunc(r1 i),  r2 = a - q2 D,
//   floor(a / D) = q2 - [r2 < 0] + [r2 >= D].
//
// fl(a) i is a / D within a relative 3 2^-53 (three roundings), so
// |a / D - q1| < 2^62 3 2^-53 + 1 < 1538 and |r1| < 1538 D < 2^43: exact
// in double, and a - q1 D wraps back to it in int64 (-fwrapv). r1 i is
// then r1 / D within 2^-41, so q2 is floor(a / D) - 1, + 0 or + 1, and
// one step each way fixes it. For d < 0, floor(a / d) = -floor(a / D) -
// [r != 0] with r = a - floor(a / D) D in [0, D): no -a to overflow.
// Larger |d| (r1 would pass 2^53), d = +-1 and INT64_MIN stay with the
// general loop. int64 // 7: 0.030 ms per 2^16 elements in the cache
// against the scalar loop's 0.040 (NumPy 0.043).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <type_traits>

#include "kernels/operands.h"
#include "kernels/pointwise.h"

namespace ember::kernels {

namespace floor_divide_detail {

// The bytes (Note [8-bit floor division by a number]).
template <class T>
void divide_bytes(const Operands<3>& ops, int divisor) {
  const int magnitude = std::abs(divisor);
  // Every step in 16 bits, so that GCC keeps 16-bit lanes throughout
  // (int steps made it widen int8's loop to 32-bit lanes, 2x slower).
  const uint16_t m = static_cast<uint16_t>(65536 / magnitude + 1);
  const auto quotient = [m](uint16_t n) { return static_cast<uint16_t>((static_cast<uint32_t>(n) * m) >> 16); };
  if constexpr (std::is_same_v<T, uint8_t>) {
    pointwise<T, T, 2>(ops, [=](uint8_t a, uint8_t) { return static_cast<uint8_t>(quotient(a)); });
  } else {
    const uint16_t k = static_cast<uint16_t>((128 + magnitude - 1) / magnitude);
    const uint16_t bias = static_cast<uint16_t>(k * magnitude);
    // Each sign of d is its own loop: no select on it per element.
    if (divisor > 0)
      pointwise<T, T, 2>(ops, [=](int8_t a, int8_t) {
        return static_cast<int8_t>(quotient(static_cast<uint16_t>(bias + a)) - k);
      });
    else
      pointwise<T, T, 2>(ops, [=](int8_t a, int8_t) {
        return static_cast<int8_t>(quotient(static_cast<uint16_t>(bias - a)) - k);
      });
  }
}

// The high half of the 16-bit product u v.
inline uint16_t high_product(uint16_t u, uint16_t v) {
  return static_cast<uint16_t>((static_cast<uint32_t>(u) * v) >> 16);
}

// int16 (Note [16-bit floor division by a number]).
inline void divide_int16(const Operands<3>& ops, int divisor) {
  const unsigned magnitude = static_cast<unsigned>(std::abs(divisor));
  int l = 1;
  while ((1u << l) < magnitude) ++l;
  const auto m = static_cast<uint16_t>((uint64_t{65536} * ((1u << l) - magnitude)) / magnitude + 1);
  const auto last = static_cast<uint16_t>(l == 1 ? 0u : 1u << (17 - l));  // >> (l - 1) as a high product
  const uint16_t keep = l == 1 ? 0xffffu : 0u;                             // l = 1: no shift
  const unsigned base = divisor > 0 ? 32768u : 32767u;
  const auto k = static_cast<uint16_t>(base / magnitude), c = static_cast<uint16_t>(base % magnitude);
  const auto quotient = [=](uint16_t n) {
    const uint16_t below = n < c ? 1 : 0;
    const uint16_t u = n < c ? 0 : static_cast<uint16_t>(n - c);
    const uint16_t t = high_product(u, m);
    const auto x = static_cast<uint16_t>(t + static_cast<uint16_t>(static_cast<uint16_t>(u - t) >> 1));
    const auto q = static_cast<uint16_t>(high_product(x, last) + (x & keep));
    return static_cast<int16_t>(static_cast<uint16_t>(q - k - below));
  };
  if (divisor > 0)
    pointwise<int16_t, int16_t, 2>(ops, [=](int16_t a, int16_t) {
      return quotient(static_cast<uint16_t>(static_cast<uint16_t>(a) ^ 0x8000u));
    });
  else
    pointwise<int16_t, int16_t, 2>(ops, [=](int16_t a, int16_t) {
      return quotient(static_cast<uint16_t>(32767u - static_cast<uint16_t>(a)));
    });
}

// floor(a / D) and a - floor(a / D) D for 2 <= D <= 2^32 (Note [64-bit
// floor division by a number]).
struct Int64Quotient {
  int64_t q, r;
};
inline Int64Quotient floor_quotient(int64_t a, int64_t d, double inverse) {
  const auto q1 = static_cast<int64_t>(static_cast<double>(a) * inverse);
  const int64_t r1 = a - q1 * d;
  const int64_t q2 = q1 + static_cast<int64_t>(static_cast<double>(r1) * inverse);
  const int64_t r2 = a - q2 * d;
  const bool low = r2 < 0, high = r2 >= d;
  return {q2 - (low ? 1 : 0) + (high ? 1 : 0), r2 + (low ? d : 0) - (high ? d : 0)};
}

inline void divide_int64(const Operands<3>& ops, int64_t divisor) {
  const int64_t magnitude = divisor < 0 ? -divisor : divisor;
  const double inverse = 1.0 / static_cast<double>(magnitude);
  if (divisor > 0)
    pointwise<int64_t, int64_t, 2>(ops, [=](int64_t a, int64_t) { return floor_quotient(a, magnitude, inverse).q; });
  else
    pointwise<int64_t, int64_t, 2>(ops, [=](int64_t a, int64_t) {
      const Int64Quotient f = floor_quotient(a, magnitude, inverse);
      return -f.q - (f.r != 0 ? 1 : 0);
    });
}

}  // namespace floor_divide_detail

// Runs ops (out, self, other) as the Notes above say and returns true
// when other is one such number; false (nothing written) otherwise, for
// the general loop.
template <class OutT, class T>
bool floor_divide_by_number(const Operands<3>& ops) {
  constexpr bool kByte = std::is_same_v<T, uint8_t> || std::is_same_v<T, int8_t>;
  constexpr bool kInt16 = std::is_same_v<T, int16_t>, kInt64 = std::is_same_v<T, int64_t>;
  if constexpr (!(kByte || kInt16 || kInt64) || !std::is_same_v<OutT, T>) {
    return false;
  } else {
    for (int d = 0; d < ops.ndim; ++d)
      if ((ops.strides[2][d] != 0 && ops.shape[d] != 1) || ops.shape[d] == 0) return false;
    const T divisor = *reinterpret_cast<const T*>(ops.data[2]);
    if constexpr (kInt64) {
      constexpr int64_t kLargest = int64_t{1} << 32;
      if (divisor < -kLargest || divisor > kLargest || (divisor >= -1 && divisor <= 1)) return false;
      floor_divide_detail::divide_int64(ops, divisor);
    } else {
      if (std::abs(static_cast<int>(divisor)) < 2) return false;
      if constexpr (kInt16) floor_divide_detail::divide_int16(ops, divisor);
      else floor_divide_detail::divide_bytes<T>(ops, divisor);
    }
    return true;
  }
}

}  // namespace ember::kernels
