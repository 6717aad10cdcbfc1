// Accuracy checks for the kernel tests: the error in ulps against a
// reference computed in a wider type (floats and doubles), and its worst
// over every 7th float bit pattern; the inputs of the double functions'
// sweeps.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <random>
#include <vector>

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

// A float function under test beside its reference in double.
struct FloatFunction {
  const char* name;
  float (*f)(float);
  double (*ref)(double);
};

inline float float_of_bits(uint32_t bits) {
  float x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

// The worst ulp error of f against ref (a function of double) over every
// 7th float bit pattern of magnitude from min_magnitude up to
// max_magnitude, and in *at the input where it was. NaN inputs are
// skipped; a NaN reference must meet NaN.
template <class F, class R>
double worst_float_error(F f, R ref, float* at, float max_magnitude = std::numeric_limits<float>::infinity(),
                         float min_magnitude = 0.0f) {
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
      if (std::fabs(float_of_bits(static_cast<uint32_t>(hi) << 16 | 0xffffu)) < min_magnitude) continue;
      for (uint32_t lo = static_cast<uint32_t>(hi % 7); lo < (1u << 16); lo += 7) {
        const float x = float_of_bits(static_cast<uint32_t>(hi) << 16 | lo);
        if (!(std::fabs(x) <= max_magnitude) || std::fabs(x) < min_magnitude) continue;  // NaN too
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

// The worst ulp error of f against ref over 200 floats around each of
// `centers`, both signs (100 below, 100 from it up), and in *at its input.
template <class F, class R>
double worst_float_error_around(F f, R ref, const std::vector<float>& centers, float* at) {
  double worst = 0;
  for (const float center : centers)
    for (const float sign : {1.0f, -1.0f}) {
      float x = sign * center;
      for (int i = 0; i < 100; ++i) x = std::nextafter(x, -std::numeric_limits<float>::infinity());
      for (int i = 0; i < 200; ++i, x = std::nextafter(x, std::numeric_limits<float>::infinity())) {
        const double err = ulp_error(f(x), ref(static_cast<double>(x)));
        if (err > worst) worst = err, *at = x;
      }
    }
  return worst;
}

// The worst ulp error of f against ref over every float but NaNs (a few
// minutes on two cores: for tests run on demand).
template <class F, class R>
double worst_float_error_everywhere(F f, R ref) {
  double worst = 0;
#pragma omp parallel for schedule(dynamic) reduction(max : worst)
  for (int64_t hi = 0; hi < (int64_t{1} << 16); ++hi)
    for (uint32_t lo = 0; lo < (1u << 16); ++lo) {
      const float x = float_of_bits(static_cast<uint32_t>(hi) << 16 | lo);
      if (!std::isnan(x)) worst = std::max(worst, ulp_error(f(x), ref(static_cast<double>(x))));
    }
  return worst;
}

// Doubles for the double functions' sweeps: 2^18 magnitudes spread evenly
// in log2 over every binade and 2^18 in [0, 4] (with near_one, 2^18 each
// of 1 + 2^-e and 1 - 2^-e, e spread over [0, 52] and [0, 53]), then the
// 64 doubles each side of each edge.
inline std::vector<double> double_sweep(std::initializer_list<double> edges, bool near_one) {
  std::mt19937_64 g(20261206);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> v;
  for (int i = 0; i < (1 << 18); ++i) {
    v.push_back(std::exp2(-1074 + unit(g) * 2098));
    v.push_back(4 * unit(g));
    if (near_one) {
      v.push_back(1 + std::exp2(-52 * unit(g)));
      v.push_back(1 - std::exp2(-53 * unit(g)));
    }
  }
  for (const double edge : edges) {
    double up = edge, down = edge;
    for (int i = 0; i < 64; ++i) {
      v.push_back(up);
      v.push_back(down);
      up = std::nextafter(up, std::numeric_limits<double>::infinity());
      down = std::nextafter(down, 0.0);
    }
  }
  return v;
}

}  // namespace ember::kernels::testing
