// kernels/float_exp_forms.h: sinh, cosh and expm1 of floats against the C
// library's double functions on every 7th bit pattern up to 100 in
// magnitude (beyond, the results are inf or -1: SpecialValues), on dense
// runs where the form changes course (n's steps, the exactness limits of
// hd, hs and 2^n - 1, the tiny-argument returns, the overflow), and at
// the special values. Their wiring (ember_sinhf's vector variants against
// scalar calls in pointwise loops) is tested in test_sleef_math.cpp; the
// ops' ulp bounds in the generated op tests.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "kernels/float_exp_forms.h"
#include "tests/kernels/float_ulp_sweep.h"

namespace ember::kernels {
namespace {

using testing::ulp_error;
using testing::worst_float_error;

// Note [float sinh, cosh and expm1] measured 0.693, 0.646 and 0.740 ulp
// over every float.
constexpr double kQuotedUlp = 0.75;

using Case = testing::FloatFunction;
const Case kCases[] = {
    {"sinh", [](float x) { return float_exp_form<FloatExpForm::Sinh>(x); }, [](double x) { return std::sinh(x); }},
    {"cosh", [](float x) { return float_exp_form<FloatExpForm::Cosh>(x); }, [](double x) { return std::cosh(x); }},
    {"expm1", [](float x) { return float_exp_form<FloatExpForm::Expm1>(x); }, [](double x) { return std::expm1(x); }},
};

#ifdef __FMA__
TEST(FloatExpForms, WithinTheQuotedUlpOnEvery7thInput) {
  for (const Case& c : kCases) {
    float at = 0;
    const double worst = worst_float_error(c.f, c.ref, &at, 100.0f);
    EXPECT_LE(worst, kQuotedUlp) << c.name << " at " << at;
  }
}

// 200 floats around each point where the form takes another course, both
// signs: where n steps ((k + 1/2) ln2), where hd and hs stop being exact
// (n = 12) and 2^n - 1 (|n| = 25), the tiny-argument returns (2^-12,
// 2^-25), expm1's -1 (-17.5), the clamps (88.8, 89.5) and the overflows
// (ln FLT_MAX, ln 2 FLT_MAX).
TEST(FloatExpForms, WhereTheFormChangesCourse) {
  std::vector<float> centers = {0x1p-12f, 0x1p-25f, 17.5f, 88.8f, 89.5f, 88.7228391f, 89.4159851f};
  for (const int k : {0, 1, 2, 10, 11, 12, 23, 24, 25, 126, 127, 128})
    centers.push_back(static_cast<float>((k + 0.5) * std::log(2.0)));
  for (const Case& c : kCases) {
    float at = 0;
    EXPECT_LE(testing::worst_float_error_around(c.f, c.ref, centers, &at), kQuotedUlp) << c.name << " at " << at;
  }
}
#endif

TEST(FloatExpForms, SpecialValues) {
  constexpr auto sinh = float_exp_form<FloatExpForm::Sinh>;
  constexpr auto cosh = float_exp_form<FloatExpForm::Cosh>;
  constexpr auto expm1 = float_exp_form<FloatExpForm::Expm1>;
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(sinh(inf), inf);
  EXPECT_EQ(sinh(-inf), -inf);
  EXPECT_EQ(sinh(1e30f), inf);
  EXPECT_EQ(sinh(-89.42f), -inf);
  EXPECT_EQ(cosh(inf), inf);
  EXPECT_EQ(cosh(-inf), inf);
  EXPECT_EQ(cosh(-89.42f), inf);
  EXPECT_EQ(expm1(inf), inf);
  EXPECT_EQ(expm1(88.73f), inf);
  EXPECT_EQ(expm1(-inf), -1.0f);
  EXPECT_EQ(expm1(-1e30f), -1.0f);
  EXPECT_TRUE(std::isfinite(sinh(89.41f)));
  EXPECT_TRUE(std::isfinite(expm1(88.72f)));
  for (const auto f : {sinh, cosh, expm1}) EXPECT_TRUE(std::isnan(f(nan)));
  // Zeros keep their sign; the subnormals are their own sinh and expm1.
  EXPECT_TRUE(std::signbit(sinh(-0.0f)));
  EXPECT_TRUE(std::signbit(expm1(-0.0f)));
  EXPECT_FALSE(std::signbit(sinh(0.0f)));
  EXPECT_EQ(cosh(0.0f), 1.0f);
  EXPECT_EQ(cosh(-0.0f), 1.0f);
  EXPECT_EQ(sinh(tiny), tiny);
  EXPECT_EQ(sinh(-tiny), -tiny);
  EXPECT_EQ(expm1(-tiny), -tiny);
  EXPECT_EQ(cosh(tiny), 1.0f);
  // Past 100 in magnitude, where the sweep stops: every 4099th pattern.
  for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += 4099) {
    const float x = testing::float_of_bits(static_cast<uint32_t>(bits));
    if (!(std::fabs(x) > 100.0f)) continue;
    EXPECT_EQ(sinh(x), std::copysign(inf, x)) << x;
    EXPECT_EQ(cosh(x), inf) << x;
    EXPECT_EQ(expm1(x), x > 0 ? inf : -1.0f) << x;
  }
}

// Every float; a few minutes on two cores, so run on demand:
//   test_kernels --gtest_also_run_disabled_tests --gtest_filter='*Exhaustive*'
TEST(FloatExpForms, DISABLED_Exhaustive) {
  for (const Case& c : kCases) EXPECT_LE(testing::worst_float_error_everywhere(c.f, c.ref), kQuotedUlp) << c.name;
}

}  // namespace
}  // namespace ember::kernels
