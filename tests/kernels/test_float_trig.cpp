// kernels/float_trig.h: sin, cos and tan of floats below kFloatTrigBound
// against the C library's double sin, cos and tan on every 7th bit pattern
// (both signs), at multiples of pi/2 near the bound, and at the special
// values. Its wiring (SLEEF's for the other lanes, loops against scalar
// calls) is tested in test_sleef_math.cpp; the ops' ulp bounds in the
// generated op tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>

#include "kernels/float_trig.h"
#include "tests/kernels/float_ulp_sweep.h"

namespace ember::kernels {
namespace {

using testing::ulp_error;
using testing::worst_float_error;

#ifdef __FMA__
TEST(FloatTrig, SinCosWithinOneUlpOnEvery7thInputBelowTheBound) {
  const float below = std::nextafter(kFloatTrigBound, 0.0f);
  float at = 0;
  double worst = worst_float_error([](float x) { return float_sin_cos<false>(x); },
                                   [](double x) { return std::sin(x); }, &at, below);
  EXPECT_LE(worst, 0.82) << "sin at " << at;
  worst = worst_float_error([](float x) { return float_sin_cos<true>(x); }, [](double x) { return std::cos(x); },
                            &at, below);
  EXPECT_LE(worst, 0.82) << "cos at " << at;
}

// Every float below the bound gave 0.834 ulp where k is even and 0.674
// where it is odd (-1/tan r).
TEST(FloatTrig, TanWithinOneUlpOnEvery7thInputBelowTheBound) {
  const float below = std::nextafter(kFloatTrigBound, 0.0f);
  float at = 0;
  const double worst =
      worst_float_error([](float x) { return float_tan(x); }, [](double x) { return std::tan(x); }, &at, below);
  EXPECT_LE(worst, 0.84) << "tan at " << at;
}

// The reduction's hardest inputs: floats nearest the multiples of pi/2
// up to the bound, where r is smallest.
TEST(FloatTrig, NearMultiplesOfHalfPi) {
  double worst_sin = 0, worst_cos = 0, worst_tan = 0;
  for (int64_t k = 1; k * M_PI_2 < kFloatTrigBound; ++k) {
    const float near = static_cast<float>(k * M_PI_2);
    for (const float x : {near, std::nextafter(near, 0.0f), std::nextafter(near, 1e9f)}) {
      if (!(x < kFloatTrigBound)) continue;
      worst_sin = std::max(worst_sin, ulp_error(float_sin_cos<false>(x), std::sin(static_cast<double>(x))));
      worst_cos = std::max(worst_cos, ulp_error(float_sin_cos<true>(x), std::cos(static_cast<double>(x))));
      worst_tan = std::max(worst_tan, ulp_error(float_tan(x), std::tan(static_cast<double>(x))));
    }
  }
  EXPECT_LE(worst_sin, 0.82);
  EXPECT_LE(worst_cos, 0.82);
  EXPECT_LE(worst_tan, 0.84);
}
#endif

TEST(FloatTrig, SpecialValues) {
  EXPECT_EQ(float_sin_cos<false>(0.0f), 0.0f);
  EXPECT_FALSE(std::signbit(float_sin_cos<false>(0.0f)));
  EXPECT_TRUE(std::signbit(float_sin_cos<false>(-0.0f)));
  EXPECT_EQ(float_sin_cos<true>(0.0f), 1.0f);
  EXPECT_EQ(float_sin_cos<true>(-0.0f), 1.0f);
  EXPECT_EQ(float_sin_cos<false>(1e-45f), 1e-45f);
  EXPECT_EQ(float_sin_cos<false>(-1e-30f), -1e-30f);
  EXPECT_EQ(float_tan(0.0f), 0.0f);
  EXPECT_FALSE(std::signbit(float_tan(0.0f)));
  EXPECT_TRUE(std::signbit(float_tan(-0.0f)));
  EXPECT_EQ(float_tan(1e-45f), 1e-45f);
  EXPECT_EQ(float_tan(-1e-30f), -1e-30f);
  const float inf = std::numeric_limits<float>::infinity();
  for (const float bad : {inf, -inf, std::numeric_limits<float>::quiet_NaN()}) {
    EXPECT_TRUE(std::isnan(float_sin_cos<false>(bad))) << bad;
    EXPECT_TRUE(std::isnan(float_sin_cos<true>(bad))) << bad;
    EXPECT_TRUE(std::isnan(float_tan(bad))) << bad;
  }
}

}  // namespace
}  // namespace ember::kernels
