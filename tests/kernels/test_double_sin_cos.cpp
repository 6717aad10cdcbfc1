// kernels/double_sin_cos.h through kernels/sleef_math.h's double sin and
// cos (SLEEF's 1-ulp forms past kDoubleTrigBound, and everywhere where
// the build has no FMA): within 1 ulp of the C library's long double sin
// and cos on random magnitudes below the bound and past it, on [-4, 4],
// at the doubles nearest every multiple of pi/2 up to 2^19 (where r is
// smallest) and spread over the rest of the range, around the bound, and
// at the special values. Loops against scalar calls: test_sleef_math.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/double_sin_cos.h"
#include "kernels/sleef_math.h"
#include "tests/kernels/float_ulp_sweep.h"

namespace ember::kernels {
namespace {

using testing::ulp_error;

constexpr double kInf = std::numeric_limits<double>::infinity();

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The worst errors of sin and cos over xs (both signs), and where.
struct Worst {
  double sin = 0, cos = 0, sin_at = 0, cos_at = 0;
  void add(double x) {
    for (const double v : {x, -x}) {
      const double es = ulp_error(::ember_sin(v), std::sin(static_cast<long double>(v)));
      const double ec = ulp_error(::ember_cos(v), std::cos(static_cast<long double>(v)));
      if (es > sin) sin = es, sin_at = v;
      if (ec > cos) cos = ec, cos_at = v;
    }
  }
};

TEST(DoubleSinCos, WithinOneUlpOnRandomInputs) {
  std::mt19937_64 g(20261207);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Worst w;
  for (int i = 0; i < (1 << 19); ++i) {
    w.add(std::exp2(-40 + unit(g) * 64));  // 2^-40 to 2^24: the own form
    w.add(std::exp2(24 + unit(g) * 999));  // past the bound: SLEEF's
    w.add(4 * unit(g));
  }
  for (double x = kDoubleTrigBound, y = kDoubleTrigBound, i = 0; i < 64; ++i) {
    w.add(x);
    w.add(y);
    x = std::nextafter(x, kInf);
    y = std::nextafter(y, 0.0);
  }
  EXPECT_LE(w.sin, 0.78) << "sin at " << w.sin_at;
  EXPECT_LE(w.cos, 0.78) << "cos at " << w.cos_at;
}

// The reduction's hardest inputs: the doubles nearest k pi/2, every k up
// to 2^19 / (pi/2), then k spread up to the bound.
TEST(DoubleSinCos, NearMultiplesOfHalfPi) {
  Worst w;
  const long double half_pi = 1.570796326794896619231321691639751442L;
  auto near = [&](int64_t k) {
    const double x = static_cast<double>(k * half_pi);
    for (const double v : {x, std::nextafter(x, 0.0), std::nextafter(x, kInf)})
      if (v < kDoubleTrigBound) w.add(v);
  };
  for (int64_t k = 1; k < 333772; ++k) near(k);
  for (int64_t k = 333772; k * half_pi < kDoubleTrigBound; k += 4099) near(k);
  EXPECT_LE(w.sin, 0.78) << "sin at " << w.sin_at;
  EXPECT_LE(w.cos, 0.78) << "cos at " << w.cos_at;
}

TEST(DoubleSinCos, SpecialValues) {
  for (const double x : {0.0, -0.0, std::numeric_limits<double>::denorm_min(), -1e-310, 0x1p-30, -0x1p-27})
    EXPECT_TRUE(same_bits(::ember_sin(x), x)) << "sin(" << x << ")";
  for (const double x : {0.0, -0.0, 1e-310, 0x1p-30}) EXPECT_EQ(::ember_cos(x), 1.0) << "cos(" << x << ")";
  for (const double bad : {kInf, -kInf, std::numeric_limits<double>::quiet_NaN()}) {
    EXPECT_TRUE(std::isnan(::ember_sin(bad))) << bad;
    EXPECT_TRUE(std::isnan(::ember_cos(bad))) << bad;
  }
}

}  // namespace
}  // namespace ember::kernels
