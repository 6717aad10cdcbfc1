// Note [variance by blocks]: Welford's update (Variance in
// kernels/reducers.h) divides once an element, which held var of 2048^2
// float32 at 1.6x NumPy's time. A dense block, at most kBlock elements
// and in cache after its first read, is instead summed for its mean,
// then read again for the deviations' sum and sum of squares: the
// corrected two-pass algorithm (Chan, Golub and LeVeque), whose
// m2 = sum d^2 - (sum d)^2 / n takes out the error of the rounded mean.
// Blocks merge by Chan's formula, as Welford's lanes do. Both passes add
// into independent lanes folded pairwise, an order set by the block's
// length alone, never by the thread count (Note [reduction order]). var
// of 2048^2 float32: 7.5 ms -> 1.6-1.9 (NumPy 3.8-4.8;
// `bench/common_ops.py --filter var`).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/opmath.h"
#include "kernels/reducers.h"

namespace ember::kernels {

namespace detail {

// Eight doubles: a 512-bit register (GCC splits it where the build has
// narrower ones). Explicit vectors, since GCC's SLP left half of the
// second pass scalar when the lanes were an array.
typedef double MomentLanes __attribute__((vector_size(64)));
constexpr int kMomentWidth = 8;
// Four registers of lanes per sum: enough to hide an add's latency.
constexpr int kMomentVectors = 4;

template <class T>
inline MomentLanes load_moment_lanes(const T* q) {
  MomentLanes v;
  if constexpr (std::is_same_v<T, double>) {
    std::memcpy(&v, q, sizeof(v));
  } else if constexpr (std::is_same_v<T, float>) {
    typedef float Floats __attribute__((vector_size(32)));
    Floats f;
    std::memcpy(&f, q, sizeof(f));
    v = __builtin_convertvector(f, MomentLanes);
  } else {
    for (int j = 0; j < kMomentWidth; ++j) v[j] = static_cast<double>(static_cast<opmath_t<T>>(q[j]));
  }
  return v;
}

// The lanes' sum, folded pairwise: vectors, then within the first.
inline double fold_moment_lanes(MomentLanes* v) {
  for (int w = kMomentVectors / 2; w >= 1; w /= 2)
    for (int u = 0; u < w; ++u) v[u] += v[u + w];
  double lanes[kMomentWidth];
  std::memcpy(lanes, &v[0], sizeof(lanes));
  for (int w = kMomentWidth / 2; w >= 1; w /= 2)
    for (int j = 0; j < w; ++j) lanes[j] += lanes[j + w];
  return lanes[0];
}

}  // namespace detail

// The moments of q[0, n), n > 0; a NaN or an infinity among them gives a
// NaN m2. Vector u's lane j takes elements i + 8u + j of each step of 32;
// the last n % 32 go to lanes 0, 1, ... of the first vectors.
template <class T>
Moments moments_of_block(const T* q, int64_t n) {
  using detail::MomentLanes;
  constexpr int W = detail::kMomentWidth, U = detail::kMomentVectors, kStep = W * U;
  const int64_t whole = n / kStep * kStep;
  const auto at = [q](int64_t i) { return static_cast<double>(static_cast<opmath_t<T>>(q[i])); };

  MomentLanes sum[U] = {};
  for (int64_t i = 0; i < whole; i += kStep)
    for (int u = 0; u < U; ++u) sum[u] += detail::load_moment_lanes(q + i + u * W);
  for (int64_t i = whole; i < n; ++i) sum[(i - whole) / W][(i - whole) % W] += at(i);
  const double count = static_cast<double>(n), mean = detail::fold_moment_lanes(sum) / count;

  MomentLanes dev[U] = {}, square[U] = {};
  for (int64_t i = 0; i < whole; i += kStep)
    for (int u = 0; u < U; ++u) {
      const MomentLanes d = detail::load_moment_lanes(q + i + u * W) - mean;
      dev[u] += d;
      square[u] += d * d;
    }
  for (int64_t i = whole; i < n; ++i) {
    const double d = at(i) - mean;
    dev[(i - whole) / W][(i - whole) % W] += d;
    square[(i - whole) / W][(i - whole) % W] += d * d;
  }
  const double d = detail::fold_moment_lanes(dev), m2 = detail::fold_moment_lanes(square) - d * d / count;
  return {count, mean + d / count, m2 < 0.0 ? 0.0 : m2};  // (rounding can make m2 a hair negative; NaN stays)
}

}  // namespace ember::kernels
