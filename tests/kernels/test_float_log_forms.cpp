// kernels/float_log_forms.h: asinh, acosh and atanh of floats against the
// C library's double functions on every 7th bit pattern from 2^-14 to
// 2^14 in magnitude (outside, asinh and atanh are their series and
// asinh and acosh ln(2a) alone, atanh NaN from 1: every 4099th pattern
// there, in OutsideTheSweep), on dense runs
// where the form changes course (the series' end, the ln(2a) start, k's
// steps of ln(w), acosh's start at 1 and atanh's end at 1), and at the
// special values. Their wiring (ember_asinhf's vector variants against
// scalar calls in pointwise loops) is tested in test_sleef_math.cpp; the
// ops' ulp bounds in the generated op tests.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/float_log_forms.h"
#include "tests/kernels/float_ulp_sweep.h"

namespace ember::kernels {
namespace {

using testing::ulp_error;
using testing::worst_float_error;

// Note [float asinh, acosh and atanh] quotes the worst over every float.
constexpr double kQuotedUlp = 0.75;

using Case = testing::FloatFunction;
const Case kCases[] = {
    {"asinh", [](float x) { return float_log_form<FloatLogForm::Asinh>(x); }, [](double x) { return std::asinh(x); }},
    {"acosh", [](float x) { return float_log_form<FloatLogForm::Acosh>(x); }, [](double x) { return std::acosh(x); }},
    {"atanh", [](float x) { return float_log_form<FloatLogForm::Atanh>(x); }, [](double x) { return std::atanh(x); }},
};

#ifdef __FMA__
TEST(FloatLogForms, WithinTheQuotedUlpOnEvery7thInput) {
  for (const Case& c : kCases) {
    float at = 0;
    const double worst = worst_float_error(c.f, c.ref, &at, 0x1p14f, 0x1p-14f);
    EXPECT_LE(worst, kQuotedUlp) << c.name << " at " << at;
  }
}

TEST(FloatLogForms, OutsideTheSweep) {
  for (const Case& c : kCases) {
    int checked = 0;
    for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += 4099) {
      const float x = testing::float_of_bits(static_cast<uint32_t>(bits));
      if (std::isnan(x) || (std::fabs(x) >= 0x1p-14f && std::fabs(x) <= 0x1p14f)) continue;
      EXPECT_LE(ulp_error(c.f(x), c.ref(static_cast<double>(x))), kQuotedUlp) << c.name << "(" << x << ")";
      ++checked;
    }
    EXPECT_GT(checked, 800000) << c.name;
  }
}

// 200 floats around each point where the form takes another course, both
// signs: the series' end (2^-6), the ln(2a) start (2^12), where w's
// exponent k steps (w = 2^k sqrt(2): asinh and acosh at (w - 1/w) / 2 and
// (w + 1/w) / 2, atanh at (w - 1) / (w + 1)), acosh's start at 1 and
// atanh's end at 1.
TEST(FloatLogForms, WhereTheFormChangesCourse) {
  std::vector<float> asinh_at = {0x1p-6f, 0x1p12f}, acosh_at = {1.0f, 0x1p12f}, atanh_at = {0x1p-6f, 1.0f};
  for (int k = 0; k <= 26; ++k) {
    const double w = std::ldexp(std::sqrt(2.0), k);
    asinh_at.push_back(static_cast<float>((w - 1 / w) / 2));
    acosh_at.push_back(static_cast<float>((w + 1 / w) / 2));
    atanh_at.push_back(static_cast<float>((w - 1) / (w + 1)));
  }
  const std::vector<float>* centers[] = {&asinh_at, &acosh_at, &atanh_at};
  for (int f = 0; f < 3; ++f) {
    float at = 0;
    EXPECT_LE(testing::worst_float_error_around(kCases[f].f, kCases[f].ref, *centers[f], &at), kQuotedUlp)
        << kCases[f].name << " at " << at;
  }
}
#endif

TEST(FloatLogForms, SpecialValues) {
  constexpr auto asinh = float_log_form<FloatLogForm::Asinh>;
  constexpr auto acosh = float_log_form<FloatLogForm::Acosh>;
  constexpr auto atanh = float_log_form<FloatLogForm::Atanh>;
  const float inf = std::numeric_limits<float>::infinity(), max = std::numeric_limits<float>::max();
  const float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(asinh(inf), inf);
  EXPECT_EQ(asinh(-inf), -inf);
  EXPECT_EQ(acosh(inf), inf);
  EXPECT_EQ(atanh(1.0f), inf);
  EXPECT_EQ(atanh(-1.0f), -inf);
  // ln(2 FLT_MAX) = 89.41...: finite.
  EXPECT_FLOAT_EQ(asinh(max), static_cast<float>(std::asinh(static_cast<double>(max))));
  EXPECT_FLOAT_EQ(asinh(-max), -static_cast<float>(std::asinh(static_cast<double>(max))));
  EXPECT_FLOAT_EQ(acosh(max), static_cast<float>(std::acosh(static_cast<double>(max))));
  // Outside the domain: NaN.
  for (const float x : {0.999999940f, 0.0f, -0.0f, -1.0f, -inf}) EXPECT_TRUE(std::isnan(acosh(x))) << x;
  for (const float x : {1.00000012f, -1.00000012f, 2.0f, inf, -inf}) EXPECT_TRUE(std::isnan(atanh(x))) << x;
  EXPECT_EQ(acosh(1.0f), 0.0f);
  // Zeros keep their sign; the subnormals are their own asinh and atanh.
  for (const auto f : {asinh, atanh}) {
    EXPECT_TRUE(std::signbit(f(-0.0f)));
    EXPECT_EQ(f(-0.0f), 0.0f);
    EXPECT_FALSE(std::signbit(f(0.0f)));
    EXPECT_EQ(f(tiny), tiny);
    EXPECT_EQ(f(-tiny), -tiny);
  }
}

// Every float; a few minutes on two cores, so run on demand:
//   test_kernels --gtest_also_run_disabled_tests --gtest_filter='*Exhaustive*'
TEST(FloatLogForms, DISABLED_Exhaustive) {
  for (const Case& c : kCases) EXPECT_LE(testing::worst_float_error_everywhere(c.f, c.ref), kQuotedUlp) << c.name;
}

}  // namespace
}  // namespace ember::kernels
