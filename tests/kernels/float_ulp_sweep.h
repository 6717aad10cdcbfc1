// Accuracy checks for the kernel tests: the error in ulps against a
// reference computed in a wider type (floats and doubles), and its worst
// over every 7th float bit pattern.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace ember::kernels::testing {

// |got - exact| in units of the last place of the exact value's format
// (subnormal spacing below the normal range). Results that round to an
// infinity count as 0 ulp when got is that infinity, a NaN reference as 0
// when got is NaN; else as huge.
template <class F, class Ref>
double ulp_error(F got, Ref exact) {
  constexpr int kMant = std::numeric_limits<F>::digits;
  constexpr int kMinExp = std::numeric_limits<F>::min_exponent;
  if (std::isnan(exact)) return std::isnan(got) ? 0.0 : 1e30;
  const F rounded = static_cast<F>(exact);
  if (std::isinf(rounded) || std::isinf(got)) return got == rounded ? 0.0 : 1e30;
  int e = 0;
  std::frexp(exact, &e);
  const Ref ulp = std::ldexp(Ref(1), std::max(e, kMinExp) - kMant);
  return static_cast<double>(std::fabs(static_cast<Ref>(got) - exact) / ulp);
}

inline float float_of_bits(uint32_t bits) {
  float x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

// The worst ulp error of f against ref (a function of double) over every
// 7th float bit pattern of magnitude up to max_magnitude, and in *at the
// input where it was. NaN inputs are skipped; a NaN reference must meet
// NaN.
template <class F, class R>
double worst_float_error(F f, R ref, float* at, float max_magnitude = std::numeric_limits<float>::infinity()) {
  double worst = 0;
  float worst_x = 0;
#pragma omp parallel
  {
    double mine = 0;
    float mine_x = 0;
#pragma omp for schedule(dynamic, 64)
    for (int64_t hi = 0; hi < (int64_t{1} << 16); ++hi) {
      // Magnitudes grow with the low bits: a block that starts past the
      // limit has nothing below it.
      if (std::fabs(float_of_bits(static_cast<uint32_t>(hi) << 16)) > max_magnitude) continue;
      for (uint32_t lo = static_cast<uint32_t>(hi % 7); lo < (1u << 16); lo += 7) {
        const float x = float_of_bits(static_cast<uint32_t>(hi) << 16 | lo);
        if (!(std::fabs(x) <= max_magnitude)) continue;  // NaN too
        const double want = ref(static_cast<double>(x));
        const float got = f(x);
        const double err = ulp_error(got, want);
        if (err > mine) {
          mine = err;
          mine_x = x;
        }
      }
    }
#pragma omp critical
    if (mine > worst) {
      worst = mine;
      worst_x = mine_x;
    }
  }
  *at = worst_x;
  return worst;
}

}  // namespace ember::kernels::testing
