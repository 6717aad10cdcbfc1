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
#pragma once

#include <cstdint>
#include <cstdlib>
#include <type_traits>

#include "kernels/operands.h"
#include "kernels/pointwise.h"

namespace ember::kernels {

// Runs ops (out, self, other) as Note [8-bit floor division by a number]
// says and returns true when other is one such number; false (nothing
// written) otherwise, for the general loop.
template <class OutT, class T>
bool floor_divide_by_number(const Operands<3>& ops) {
  constexpr bool kByte = std::is_same_v<T, uint8_t> || std::is_same_v<T, int8_t>;
  if constexpr (!kByte || !std::is_same_v<OutT, T>) {
    return false;
  } else {
    for (int d = 0; d < ops.ndim; ++d)
      if ((ops.strides[2][d] != 0 && ops.shape[d] != 1) || ops.shape[d] == 0) return false;
    const int divisor = *reinterpret_cast<const T*>(ops.data[2]);
    const int magnitude = std::abs(divisor);
    if (magnitude < 2) return false;
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
    return true;
  }
}

}  // namespace ember::kernels
