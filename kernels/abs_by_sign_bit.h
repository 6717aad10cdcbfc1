// abs of Half and BFloat16 tensors by clearing the sign bit.
//
// Note [abs by the sign bit]: the general loop widens each 16-bit float
// to float, takes abs and rounds back (Note [16-bit float runs] in
// kernels/pointwise.h); float16 abs of 2^20 elements took 0.099 ms
// against NumPy's 0.045. |x| is x with its sign bit cleared in every
// IEEE format, so the loop runs on the bits as 16-bit integers, 32 to an
// AVX-512 register, with nothing converted. The bits are those of the
// general loop for every number and infinity; a NaN keeps its payload
// (the round trip through float would quiet a signaling one).
#pragma once

#include <cstdint>
#include <type_traits>

#include "kernels/opmath.h"
#include "kernels/operands.h"
#include "kernels/pointwise.h"

namespace ember::kernels {

// Runs ops (out, self) as Note [abs by the sign bit] says and returns
// true for Half and BFloat16 (the same in and out); false (nothing
// written) otherwise, for the general loop.
template <class OutT, class T>
bool abs_by_sign_bit(const Operands<2>& ops) {
  if constexpr (!is_reduced_float_v<T> || !std::is_same_v<OutT, T>) {
    return false;
  } else {
    static_assert(sizeof(T) == sizeof(uint16_t));
    pointwise<uint16_t, uint16_t, 1>(ops, [](uint16_t bits) { return static_cast<uint16_t>(bits & 0x7fffu); });
    return true;
  }
}

}  // namespace ember::kernels
