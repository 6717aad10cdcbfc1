// Element conversion, the one rule every kernel uses (copy, pointwise
// results, reduction results), so fast and slow paths cannot disagree.
//
//   integral -> integral   static_cast: wraps modulo 2^bits (-fwrapv).
//   anything -> bool       x != 0 (NaN is true, as in C, NumPy, PyTorch).
//   bool     -> anything   0 or 1.
//   Half/BFloat16 -> x     through float (exact).
//   x -> Half/BFloat16     through float, round to nearest even; from
//                          double or int64 that rounds twice (as PyTorch).
//   floating -> integral   truncate toward zero, then wrap to the target
//                          width. NaN and values outside int32 (outside
//                          int64 for an int64 target) give the x86
//                          "integer indefinite" value INT32_MIN (INT64_MIN)
//                          before the wrap: what cvttss2si/cvttps2dq return,
//                          hence what NumPy and PyTorch give on x86. So
//                          NaN -> int8/uint8/int16 is 0, -> int32 INT32_MIN,
//                          and 300.0f -> uint8 is 44 (300 mod 256).
//   others                 static_cast (IEEE round to nearest, overflow
//                          to inf).
//
// The float -> integral rule is written out as a select because a plain
// static_cast of an out-of-range value is undefined behaviour, which the
// optimizer may fold differently in the scalar and vector loops.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernels/opmath.h"

namespace ember::kernels {

template <class To, class From>
EMBER_HOST_DEVICE inline To float_to_integral(From v) {
  using Wide = std::conditional_t<sizeof(To) == 8, int64_t, int32_t>;
  // 2^31 and 2^63 are exact in float and double; the range is [-2^k, 2^k).
  constexpr From bound = static_cast<From>(sizeof(Wide) == 8 ? 9223372036854775808.0 : 2147483648.0);
  const Wide w = (v >= -bound && v < bound) ? static_cast<Wide>(v) : std::numeric_limits<Wide>::min();
  return static_cast<To>(w);
}

template <class To, class From>
EMBER_HOST_DEVICE inline To convert(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (is_reduced_float_v<From>) {
    return convert<To>(static_cast<float>(v));
  } else if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (is_reduced_float_v<To>) {
    return To(static_cast<float>(v));
  } else if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>) {
    return float_to_integral<To>(v);
  } else {
    return static_cast<To>(v);
  }
}

}  // namespace ember::kernels
