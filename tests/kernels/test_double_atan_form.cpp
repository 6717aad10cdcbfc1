// kernels/double_atan_form.h through kernels/sleef_math.h's double atan
// (SLEEF's 1-ulp form where the build has no FMA): within 1 ulp of the C
// library's long double atan on random magnitudes over the whole range and
// around the reduction's breakpoints (7/16, 11/16, 19/16, 39/16) and its
// 2^-27 and 2^100 bounds, odd to the last bit, and at the special values.
// Loops against scalar calls: test_sleef_math.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <vector>

#include "kernels/sleef_math.h"
#include "tests/kernels/float_ulp_sweep.h"

namespace ember::kernels {
namespace {

using testing::ulp_error;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr long double kPi = 3.141592653589793238462643383279502884L;

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The breakpoints and bounds of Note [double atan]'s reduction.
std::vector<double> magnitudes() {
  return testing::double_sweep({7.0 / 16, 11.0 / 16, 19.0 / 16, 39.0 / 16, 0x1p100, 0x1p-27}, false);
}

TEST(DoubleAtanForm, AtanWithinOneUlp) {
  double worst = 0, at = 0;
  for (const double m : magnitudes()) {
    for (const double x : {m, -m}) {
      const double err = ulp_error(::ember_atan(x), std::atan(static_cast<long double>(x)));
      if (err > worst) {
        worst = err;
        at = x;
      }
    }
  }
  EXPECT_LE(worst, 1.0) << "atan at " << at;
}

// atan works on |x| and sets the sign back.
TEST(DoubleAtanForm, IsOdd) {
  for (const double x : magnitudes()) ASSERT_TRUE(same_bits(::ember_atan(-x), -::ember_atan(x))) << x;
}

TEST(DoubleAtanForm, SpecialValues) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double half_pi = static_cast<double>(kPi / 2), quarter_pi = static_cast<double>(kPi / 4);
  for (const double x : {0.0, -0.0, std::numeric_limits<double>::denorm_min(), -1e-310, 0x1p-30})
    EXPECT_TRUE(same_bits(::ember_atan(x), x)) << "atan(" << x << ")";
  EXPECT_EQ(::ember_atan(kInf), half_pi);
  EXPECT_EQ(::ember_atan(-kInf), -half_pi);
  EXPECT_EQ(::ember_atan(std::numeric_limits<double>::max()), half_pi);
  EXPECT_EQ(::ember_atan(1.0), quarter_pi);
  EXPECT_TRUE(std::isnan(::ember_atan(nan)));
}

}  // namespace
}  // namespace ember::kernels
