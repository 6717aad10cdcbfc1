// kernels/float_sin_cos.h: sin and cos of floats below kFloatSinCosBound
// against the C library's double sin and cos on every 7th bit pattern
// (both signs), at multiples of pi/2 near the bound, and at the special
// values. Its wiring (SLEEF's for the other lanes, loops against scalar
// calls) is tested in test_sleef_math.cpp; the ops' ulp bounds in the
// generated op tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "kernels/float_sin_cos.h"

namespace ember::kernels {
namespace {

float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// |got - want| in ulps of float at want.
double float_ulps(float got, double want) {
  const int e = std::max(std::ilogb(static_cast<float>(want)), std::numeric_limits<float>::min_exponent - 1);
  return std::fabs(static_cast<double>(got) - want) / std::ldexp(1.0, e - 23);
}

template <bool Cos>
double worst_error(float* at) {
  double worst = 0;
  const uint32_t end = 0x48000000u;  // 2^17
  for (uint32_t u = 0; u < end; u += 7) {
    for (const float x : {from_bits(u), -from_bits(u)}) {
      const double want = Cos ? std::cos(static_cast<double>(x)) : std::sin(static_cast<double>(x));
      const double e = float_ulps(float_sin_cos<Cos>(x), want);
      if (e > worst) {
        worst = e;
        *at = x;
      }
    }
  }
  return worst;
}

#ifdef __FMA__
TEST(FloatSinCos, WithinOneUlpOnEvery7thInputBelowTheBound) {
  float at = 0;
  double worst = worst_error<false>(&at);
  EXPECT_LE(worst, 0.82) << "sin at " << at;
  worst = worst_error<true>(&at);
  EXPECT_LE(worst, 0.82) << "cos at " << at;
}

// The reduction's hardest inputs: floats nearest the multiples of pi/2
// up to the bound, where r is smallest.
TEST(FloatSinCos, NearMultiplesOfHalfPi) {
  double worst_sin = 0, worst_cos = 0;
  for (int64_t k = 1; k * M_PI_2 < kFloatSinCosBound; ++k) {
    const float near = static_cast<float>(k * M_PI_2);
    for (const float x : {near, std::nextafter(near, 0.0f), std::nextafter(near, 1e9f)}) {
      if (!(x < kFloatSinCosBound)) continue;
      worst_sin = std::max(worst_sin, float_ulps(float_sin_cos<false>(x), std::sin(static_cast<double>(x))));
      worst_cos = std::max(worst_cos, float_ulps(float_sin_cos<true>(x), std::cos(static_cast<double>(x))));
    }
  }
  EXPECT_LE(worst_sin, 0.82);
  EXPECT_LE(worst_cos, 0.82);
}
#endif

TEST(FloatSinCos, SpecialValues) {
  EXPECT_EQ(float_sin_cos<false>(0.0f), 0.0f);
  EXPECT_FALSE(std::signbit(float_sin_cos<false>(0.0f)));
  EXPECT_TRUE(std::signbit(float_sin_cos<false>(-0.0f)));
  EXPECT_EQ(float_sin_cos<true>(0.0f), 1.0f);
  EXPECT_EQ(float_sin_cos<true>(-0.0f), 1.0f);
  EXPECT_EQ(float_sin_cos<false>(1e-45f), 1e-45f);
  EXPECT_EQ(float_sin_cos<false>(-1e-30f), -1e-30f);
  const float inf = std::numeric_limits<float>::infinity();
  for (const float bad : {inf, -inf, std::numeric_limits<float>::quiet_NaN()}) {
    EXPECT_TRUE(std::isnan(float_sin_cos<false>(bad))) << bad;
    EXPECT_TRUE(std::isnan(float_sin_cos<true>(bad))) << bad;
  }
}

}  // namespace
}  // namespace ember::kernels
