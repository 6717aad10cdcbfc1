// Python's remainder and floor division of floating values, given the
// exact fmod of the same operands: one form for kernels/scalar_ops.h's
// scalars and kernels/sleef_math.cpp's vectors (Note [float division by
// lanes]), so the two cannot disagree. S is the element type, M is S or
// a GCC vector of S; selects, not branches, so both read the same.
#pragma once

#include <cmath>

#include "ember/host_device.h"

namespace ember::kernels {

// The sign of the divisor: fmod's result moved by b where their signs
// differ, exact (PyTorch's form; TH's a - b * floor(a / b) could round
// to b itself). x % 0 is NaN (fmod's).
template <class S, class M>
EMBER_HOST_DEVICE inline M remainder_from_fmod(M mod, M b) {
  return ((mod != S(0)) & ((mod < S(0)) != (b < S(0)))) ? mod + b : mod;
}

// Python's a // b: (a - mod) / b, corrected to the floor, then rounded to
// the nearest integer so an inexact quotient cannot land just below it; a
// zero quotient has the sign of a / b, and x // 0 is x / 0 (inf or NaN).
// floor(v) floors each lane of v.
template <class S, class M, class Floor>
EMBER_HOST_DEVICE inline M floor_divide_from_fmod(M a, M b, M mod, const Floor& floor) {
  M d = (a - mod) / b;
  d = ((mod != S(0)) & ((b < S(0)) != (mod < S(0)))) ? d - S(1) : d;
  M f = floor(d);
  f = d - f > S(0.5) ? f + S(1) : f;
  const M q = a / b;
  f = d == S(0) ? q * S(0) : f;  // |q| < 1 there: a zero with its sign
  return b == S(0) ? q : f;
}

// floor_divide_from_fmod's Floor for scalars.
struct FloorOfScalar {
  template <class S>
  EMBER_HOST_DEVICE S operator()(S v) const {
    return std::floor(v);
  }
};

}  // namespace ember::kernels
