// The types kernels compute and accumulate in, per element type.
//
// opmath_t: what one element is converted to before an op is applied.
// Half and BFloat16 have no arithmetic of their own, so they compute in
// float; every other type computes in itself (integers wrap, -fwrapv).
//
// acc_t: what sums and products accumulate in (TH's accreal, the dtype
// schema's `acc`): int64_t for integers and bool, double for float and
// double, float for Half and BFloat16.
#pragma once

#include <cstdint>
#include <type_traits>

#include "ember/half.h"

namespace ember::kernels {

template <class T>
inline constexpr bool is_reduced_float_v = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

template <class T>
using opmath_t = std::conditional_t<is_reduced_float_v<T>, float, T>;

template <class T>
using acc_t = std::conditional_t<is_reduced_float_v<T>, float,
                                 std::conditional_t<std::is_integral_v<T>, int64_t, double>>;

// x != x is the NaN test that vectorizes; -ffast-math would break it and
// is never used for this library.
template <class M>
EMBER_HOST_DEVICE inline bool is_nan(M x) {
  if constexpr (std::is_floating_point_v<M>)
    return x != x;
  else
    return false;
}

}  // namespace ember::kernels
