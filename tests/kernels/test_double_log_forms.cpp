// kernels/double_log_forms.h through kernels/sleef_math.h's double asinh,
// acosh, atanh and log1p (SLEEF's 1-ulp forms where the build has no
// FMA): within 1 ulp of the C library's long double functions on random
// magnitudes over the whole range, near their cancellations (asinh and
// atanh of small x, acosh just above 1, atanh just below 1, log1p near 0
// and -1), around the thresholds of the forms (asinh's 2^-26, atanh's
// 2^-20, 2^28, log1p's 2^-53), and at the special values. Loops against
// scalar calls: test_sleef_math.cpp.
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

// Around the forms' thresholds: asinh's 2^-26, atanh's 2^-20, 2^28,
// log1p's 2^-53.
std::vector<double> magnitudes() { return testing::double_sweep({0x1p-26, 0x1p-20, 0x1p28, 0x1p-53}, true); }

// The magnitudes in [lo, hi), and with both_signs their negations.
std::vector<double> inputs(double lo, double hi, bool both_signs) {
  std::vector<double> v;
  for (const double m : magnitudes()) {
    if (!(m >= lo && m < hi)) continue;
    v.push_back(m);
    if (both_signs) v.push_back(-m);
  }
  return v;
}

template <class F, class Ref>
void expect_within_one_ulp(const char* name, F f, Ref ref, const std::vector<double>& xs) {
  double worst = 0, at = 0;
  for (const double x : xs) {
    const double err = ulp_error(f(x), ref(static_cast<long double>(x)));
    if (err > worst) {
      worst = err;
      at = x;
    }
  }
  EXPECT_LE(worst, 1.0) << name << " at " << at;
}

TEST(DoubleLogForms, WithinOneUlp) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  expect_within_one_ulp("asinh", ::ember_asinh, [](long double x) { return std::asinh(x); }, inputs(0, kInf, true));
  expect_within_one_ulp("acosh", ::ember_acosh, [](long double x) { return std::acosh(x); }, inputs(1, kInf, false));
  expect_within_one_ulp("atanh", ::ember_atanh, [](long double x) { return std::atanh(x); }, inputs(0, 1, true));
  std::vector<double> log1p_inputs = inputs(0, kInf, false);
  for (const double m : inputs(0, 1, false)) {
    log1p_inputs.push_back(-m);
    log1p_inputs.push_back(m - 1);  // near -1 as well as 0
  }
  expect_within_one_ulp("log1p", ::ember_log1p, [](long double x) { return std::log1p(x); }, log1p_inputs);
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(DoubleLogForms, SpecialValues) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double max = std::numeric_limits<double>::max();
  for (const double x : {0.0, -0.0, std::numeric_limits<double>::denorm_min(), -1e-310, -0x1p-27})
    EXPECT_TRUE(same_bits(::ember_asinh(x), x)) << "asinh(" << x << ")";
  EXPECT_EQ(::ember_asinh(kInf), kInf);
  EXPECT_EQ(::ember_asinh(-kInf), -kInf);
  EXPECT_LE(ulp_error(::ember_asinh(-max), std::asinh(-static_cast<long double>(max))), 1.0);
  EXPECT_TRUE(same_bits(::ember_acosh(1.0), 0.0));
  EXPECT_EQ(::ember_acosh(kInf), kInf);
  EXPECT_LE(ulp_error(::ember_acosh(max), std::acosh(static_cast<long double>(max))), 1.0);
  for (const double x : {std::nextafter(1.0, 0.0), 0.0, -1.0, -kInf})
    EXPECT_TRUE(std::isnan(::ember_acosh(x))) << "acosh(" << x << ")";
  for (const double x : {0.0, -0.0, std::numeric_limits<double>::denorm_min(), -1e-310, -0x1p-27})
    EXPECT_TRUE(same_bits(::ember_atanh(x), x)) << "atanh(" << x << ")";
  EXPECT_EQ(::ember_atanh(1.0), kInf);
  EXPECT_EQ(::ember_atanh(-1.0), -kInf);
  for (const double x : {std::nextafter(1.0, 2.0), -2.0, kInf, -kInf, max})
    EXPECT_TRUE(std::isnan(::ember_atanh(x))) << "atanh(" << x << ")";
  for (const double x : {0.0, -0.0, std::numeric_limits<double>::denorm_min(), -1e-310, 0x1p-54, -0x1p-54})
    EXPECT_TRUE(same_bits(::ember_log1p(x), x)) << "log1p(" << x << ")";
  EXPECT_EQ(::ember_log1p(-1.0), -kInf);
  EXPECT_EQ(::ember_log1p(kInf), kInf);
  EXPECT_LE(ulp_error(::ember_log1p(max), std::log1p(static_cast<long double>(max))), 1.0);
  for (const double x : {std::nextafter(-1.0, -2.0), -2.0, -kInf}) EXPECT_TRUE(std::isnan(::ember_log1p(x))) << x;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(::ember_asinh(nan)) && std::isnan(::ember_acosh(nan)) && std::isnan(::ember_atanh(nan)));
  EXPECT_TRUE(std::isnan(::ember_log1p(nan)));
}

// asinh and atanh are odd to the last bit: the forms work on |x|.
TEST(DoubleLogForms, AsinhAndAtanhAreOdd) {
  for (const double x : magnitudes()) {
    ASSERT_TRUE(same_bits(::ember_asinh(-x), -::ember_asinh(x))) << x;
    if (x < 1) {
      ASSERT_TRUE(same_bits(::ember_atanh(-x), -::ember_atanh(x))) << x;
    }
  }
}

}  // namespace
}  // namespace ember::kernels
