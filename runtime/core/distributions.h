// Torch7's sampling formulas over a generator's 32-bit stream, written
// once for TH's C functions and the tensor fills. Each is evaluated in
// double in Torch7's order of operations (the build has no fused
// multiply-add: -ffp-contract=off), so a value is bit-identical to
// Torch7's for the same draws (docs/random.md). Arguments are checked by
// the callers, before the first draw.
#pragma once

#include <cmath>
#include <cstdint>

#include "runtime/core/generator.h"

namespace ember::rt {

constexpr double kPi = 3.14159265358979323846;

// One draw / 2^32: [0, 1) on a grid of 2^-32 (Torch7's uniform).
inline double uniform01(THGenerator& g) { return next_u32(g) * (1.0 / 4294967296.0); }

inline double uniform(THGenerator& g, double a, double b) { return uniform01(g) * (b - a) + a; }

// Box-Muller: a pair (x, y) of draws gives rho = sqrt(-2 log(1 - y)),
// rho cos(2 pi x) now and rho sin(2 pi x) at the next call, whatever its
// mean and stdv; the generator holds the pair meanwhile (so it is part of
// the saved state, and manual_seed forgets it).
inline double normal(THGenerator& g, double mean, double stdv) {
  if (!g.normal_is_valid) {
    g.normal_x = uniform01(g);
    g.normal_y = uniform01(g);
    g.normal_rho = std::sqrt(-2. * std::log(1.0 - g.normal_y));
    g.normal_is_valid = 1;
    return g.normal_rho * std::cos(2. * kPi * g.normal_x) * stdv + mean;
  }
  g.normal_is_valid = 0;
  return g.normal_rho * std::sin(2. * kPi * g.normal_x) * stdv + mean;
}

inline double exponential(THGenerator& g, double lambda) { return -1. / lambda * std::log(1 - uniform01(g)); }

inline double cauchy(THGenerator& g, double median, double sigma) {
  return median + sigma * std::tan(kPi * (uniform01(g) - 0.5));
}

// exp of a normal value: both TH's logNormal and PyTorch's log_normal_
// name the underlying normal's mean and deviation.
inline double log_normal(THGenerator& g, double mean, double stdv) { return std::exp(normal(g, mean, stdv)); }

// Trials up to and including the first success, where log_q is the log of
// the failure probability (TH's p is that probability: log_q = log(p);
// PyTorch's p is the success one: log_q = log1p(-p)). P(X > k) = q^k.
// Counts beyond int64 (a success probability near 0) saturate.
inline int64_t geometric(THGenerator& g, double log_q) {
  const double failures = std::log(1 - uniform01(g)) / log_q;
  return failures < 9.2e18 ? static_cast<int64_t>(failures) + 1 : INT64_MAX;
}

// Torch7's u <= p, except that p = 0 never succeeds (Torch7 gave 1 for
// the draw 0, once in 2^32).
inline int bernoulli(THGenerator& g, double p) {
  const double u = uniform01(g);
  return p > 0 && u <= p;
}

}  // namespace ember::rt
