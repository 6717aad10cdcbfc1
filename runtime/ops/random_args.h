// The argument checks of the random functions, shared by TH's C forms and
// the C++ ops so both raise the same errors. Each runs before the first
// draw or write; comparisons are written so that NaN fails them.
#pragma once

#include "TH/THRandom.h"
#include <cmath>

#include "ember/error.h"

namespace ember::rt {

inline THGenerator& need_generator(const char* fn, THGenerator* g, const char* arg = "_generator") {
  if (!g) fail(ErrorKind::Value, str(fn, ": the generator is NULL"), arg);
  return *g;
}

inline void check_range(const char* fn, double from, double to, const char* arg = "to") {
  if (!(from <= to) || !std::isfinite(to - from))
    fail(ErrorKind::Value, str(fn, ": expected a finite range from <= to, got [", from, ", ", to, ")"), arg);
}

// A scale parameter: a standard deviation, a Cauchy sigma, a rate.
inline void check_positive(const char* fn, double v, const char* arg, const char* what) {
  if (!(v > 0) || !std::isfinite(v)) fail(ErrorKind::Value, str(fn, ": ", what, " must be finite and > 0, got ", v), arg);
}

inline void check_probability(const char* fn, double p, const char* arg) {
  if (!(p >= 0 && p <= 1)) fail(ErrorKind::Value, str(fn, ": probability must be in [0, 1], got ", p), arg);
}

inline void check_open_probability(const char* fn, double p, const char* arg) {
  if (!(p > 0 && p < 1)) fail(ErrorKind::Value, str(fn, ": probability must be in (0, 1), got ", p), arg);
}

}  // namespace ember::rt
