// Scalar functions that schema kernel expressions call as ops::name(x).
// Each takes and returns the compute type (opmath_t) and is written so a
// loop over it vectorizes where the hardware allows.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "kernels/vec_math.h"

namespace ember::ops {

template <class M>
inline M abs(M x) {
  if constexpr (std::is_unsigned_v<M> || std::is_same_v<M, bool>)
    return x;
  else if constexpr (std::is_integral_v<M>)
    return x < 0 ? static_cast<M>(-x) : x;  // the most negative value wraps to itself
  else
    return std::fabs(x);
}

template <class M>
inline M exp(M x) {
  return kernels::vec::exp(x);
}

// Integers truncate toward zero (TH's C division). A zero divisor is
// rejected before the loop runs (it would trap); the guard here only keeps
// the loop free of undefined behaviour. INT_MIN / -1 wraps.
template <class M>
inline M div(M a, M b) {
  if constexpr (std::is_integral_v<M>) {
    if constexpr (std::is_signed_v<M>)
      if (b == -1) return static_cast<M>(-a);
    return b == 0 ? M(0) : static_cast<M>(a / b);
  } else {
    return a / b;
  }
}

}  // namespace ember::ops
