// Note [nudged quotients]: integers a and b that a floating type Q holds
// exactly (unit roundoff u: 2^-53 for double, 2^-24 for float) divide
// exactly through Q. With r = b's rounded reciprocal, p = a r is within
// about 2u|a/b| of a/b. Nudged by 8u of its magnitude (toward +inf for a
// floor, away from zero for a truncation) it lies on that side of a/b,
// and within 12u|a/b| of it. While 12u|a| < 1 that is less than 1/|b|,
// the least distance from a quotient that is not an integer to an
// integer, so the floor (or truncation) of the nudged product is a/b's,
// an integral a/b included: |a| <= 2^32 in double, 2^16 in float (Note
// [division through double] in kernels/scalar_ops.h), 2^48 for int64
// lanes in double (12u 2^48 = 0.375; Note [int64 division by lanes] in
// kernels/sleef_math.cpp). Multiplying by the reciprocal, not dividing,
// lets a loop by one divisor (a // 7) hoist the division out.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

namespace ember::kernels {

// a/b before its floor (Floor) or truncation, from x = a and r = 1/b
// rounded, in S or in a GCC vector of S lanes. The truncation's nudge is
// folded into the reciprocal, which a loop by one divisor then hoists.
template <bool Floor, class S, class Q>
inline Q nudged_quotient(Q x, Q r) {
  constexpr S kNudge = S(8) * std::numeric_limits<S>::epsilon() / S(2);
  if constexpr (Floor) {
    const Q p = x * r;
    if constexpr (std::is_floating_point_v<Q>) return p + std::fabs(p) * kNudge;
    else return p + (p < S(0) ? -p : p) * kNudge;
  } else {
    return x * (r * (S(1) + kNudge));
  }
}

}  // namespace ember::kernels
