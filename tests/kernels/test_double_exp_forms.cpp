// kernels/double_exp_forms.h through kernels/sleef_math.h's double sinh,
// cosh, expm1 and tanh (SLEEF's 1-ulp forms where the build has no FMA):
// within 1 ulp of the C library's long double functions on random
// magnitudes over the whole range, on the reduction's hardest inputs (x
// near (k + 1/2) ln2, where r is largest: the cancellations at k = 0, the
// last exact 2^-n at k = 26), at the overflow thresholds (found from the
// references) and at the special values. Loops against scalar calls:
// test_sleef_math.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/sleef_math.h"
#include "tests/kernels/float_ulp_sweep.h"

namespace ember::kernels {
namespace {

using testing::ulp_error;

struct Function {
  const char* name;
  double (*f)(double);
  long double (*ref)(long double);
  bool overflows;
};
const Function kFunctions[] = {
    {"sinh", ::ember_sinh, [](long double x) { return std::sinh(x); }, true},
    {"cosh", ::ember_cosh, [](long double x) { return std::cosh(x); }, true},
    {"expm1", ::ember_expm1, [](long double x) { return std::expm1(x); }, true},
    {"tanh", ::ember_tanh, [](long double x) { return std::tanh(x); }, false},
};

// The least double whose reference rounds to inf, by bisection over the
// bit patterns of [700, 720] (ordered as the doubles are); 720 for tanh.
double overflow_threshold(const Function& fn) {
  auto bits = [](double x) {
    uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
  };
  uint64_t lo = bits(700.0), hi = bits(720.0);
  while (hi - lo > 1) {
    const uint64_t mid = lo + (hi - lo) / 2;
    double x;
    std::memcpy(&x, &mid, sizeof x);
    (std::isinf(static_cast<double>(fn.ref(x))) ? hi : lo) = mid;
  }
  double x;
  std::memcpy(&x, &hi, sizeof x);
  return x;
}

// Magnitudes spread evenly in log2 from 2^-60 to the overflow threshold,
// values in [-3, 3], and the doubles within 2^-40 of (k + 1/2) ln2 for
// every k up to the threshold; both signs.
std::vector<double> inputs(double overflow) {
  std::mt19937_64 g(20261206);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> v;
  for (int i = 0; i < (1 << 18); ++i) {
    v.push_back(std::exp2(-60 + unit(g) * (60 + std::log2(overflow))));
    v.push_back(3 * unit(g));
  }
  for (int k = 0; (k + 0.5) * M_LN2 < overflow; ++k)
    for (int j = 0; j < 64; ++j) v.push_back((k + 0.5) * M_LN2 * (1 + (unit(g) - 0.5) * 0x1p-40));
  const size_t positive = v.size();
  for (size_t i = 0; i < positive; ++i) v.push_back(-v[i]);
  return v;
}

TEST(DoubleExpForms, WithinOneUlpOverTheRange) {
  for (const Function& fn : kFunctions) {
    double worst = 0, at = 0;
    for (const double x : inputs(overflow_threshold(fn))) {
      const double err = ulp_error(fn.f(x), fn.ref(x));
      if (err > worst) {
        worst = err;
        at = x;
      }
    }
    EXPECT_LE(worst, 1.0) << fn.name << " at " << at;
  }
}

TEST(DoubleExpForms, OverflowThresholds) {
  for (const Function& fn : kFunctions) {
    if (!fn.overflows) continue;
    const double overflow = overflow_threshold(fn), last = std::nextafter(overflow, 0.0);
    EXPECT_TRUE(std::isfinite(fn.f(last))) << fn.name << "(" << last << ")";
    EXPECT_LE(ulp_error(fn.f(last), fn.ref(last)), 1.0) << fn.name << "(" << last << ")";
    EXPECT_EQ(fn.f(overflow), HUGE_VAL) << fn.name << "(" << overflow << ")";
    EXPECT_EQ(fn.f(1e300), HUGE_VAL) << fn.name;
  }
  const double overflow = overflow_threshold(kFunctions[0]);
  EXPECT_EQ(::ember_sinh(-overflow), -HUGE_VAL);
  EXPECT_EQ(::ember_cosh(-overflow), HUGE_VAL);
  EXPECT_EQ(::ember_sinh(-std::nextafter(overflow, 0.0)), -::ember_sinh(std::nextafter(overflow, 0.0)));
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(DoubleExpForms, SpecialValues) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double tiny[] = {0.0, -0.0, std::numeric_limits<double>::denorm_min(), -1e-310, 1e-300, -0x1p-55};
  for (const double x : tiny) {
    EXPECT_TRUE(same_bits(::ember_sinh(x), x)) << "sinh(" << x << ")";
    EXPECT_TRUE(same_bits(::ember_expm1(x), x)) << "expm1(" << x << ")";
    EXPECT_EQ(::ember_cosh(x), 1.0) << "cosh(" << x << ")";
    EXPECT_TRUE(same_bits(::ember_tanh(x), x)) << "tanh(" << x << ")";
  }
  EXPECT_EQ(::ember_tanh(kInf), 1.0);
  EXPECT_EQ(::ember_tanh(-kInf), -1.0);
  EXPECT_EQ(::ember_tanh(25.0), 1.0);
  EXPECT_EQ(::ember_tanh(-19.5), -1.0);
  EXPECT_EQ(::ember_sinh(kInf), kInf);
  EXPECT_EQ(::ember_sinh(-kInf), -kInf);
  EXPECT_EQ(::ember_cosh(-kInf), kInf);
  EXPECT_EQ(::ember_expm1(kInf), kInf);
  EXPECT_EQ(::ember_expm1(-kInf), -1.0);
  EXPECT_EQ(::ember_expm1(-800.0), -1.0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const Function& fn : kFunctions) EXPECT_TRUE(std::isnan(fn.f(nan))) << fn.name;
}

// sinh and tanh are odd and cosh even to the last bit: the forms work on
// |x|.
TEST(DoubleExpForms, Symmetry) {
  for (const double x : inputs(overflow_threshold(kFunctions[0]))) {
    ASSERT_TRUE(same_bits(::ember_sinh(-x), -::ember_sinh(x))) << x;
    ASSERT_TRUE(same_bits(::ember_cosh(-x), ::ember_cosh(x))) << x;
    ASSERT_TRUE(same_bits(::ember_tanh(-x), -::ember_tanh(x))) << x;
  }
}

}  // namespace
}  // namespace ember::kernels
