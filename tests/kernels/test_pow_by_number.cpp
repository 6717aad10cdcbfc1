// kernels/pow_by_number.h (Note [pow by a number]): for every whole and
// half-whole exponent under 16 in magnitude, results within 0.5 ulp of
// long double pow (x over every binade), C's powf special cases exactly
// (sqrt's for 0.5), Half computing in float, and every other exponent
// (or a tensor of exponents) left to the general loop.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "ember/half.h"
#include "kernels/operands.h"
#include "kernels/pow_by_number.h"

namespace {

using ember::kernels::Operands;
using ember::kernels::pow_by_number;

// out = x ** e through pow_by_number over a dense row (e one number).
template <class T>
bool run(std::vector<T>& out, const std::vector<T>& x, T e) {
  out.assign(x.size(), T(0));
  Operands<3> ops;
  ops.ndim = 1;
  ops.shape[0] = static_cast<int64_t>(x.size());
  ops.strides[0][0] = ops.strides[1][0] = sizeof(T);
  ops.strides[2][0] = 0;
  ops.data[0] = reinterpret_cast<char*>(out.data());
  ops.data[1] = reinterpret_cast<char*>(const_cast<T*>(x.data()));
  ops.data[2] = reinterpret_cast<char*>(&e);
  return pow_by_number<T, T>(ops);
}

std::vector<float> exponents() {
  std::vector<float> e;
  for (int twice = -31; twice <= 31; ++twice) e.push_back(0.5f * static_cast<float>(twice));
  return e;
}

TEST(PowByNumber, CorrectlyRoundedOnEveryBinade) {
  std::mt19937 g(3);
  std::vector<float> x;
  for (int i = 0; i < 60000; ++i) {
    const uint32_t bits = g() & 0x7fffffffu;
    float v;
    std::memcpy(&v, &bits, 4);
    if (std::isfinite(v)) x.push_back(i % 5 == 0 ? -v : v);
  }
  std::vector<float> out;
  for (float e : exponents()) {
    ASSERT_TRUE(run(out, x, e)) << e;
    double worst = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const long double exact = std::pow(static_cast<long double>(x[i]), static_cast<long double>(e));
      if (std::isnan(exact)) {
        ASSERT_TRUE(std::isnan(out[i])) << x[i] << " ** " << e;
        continue;
      }
      const float rounded = static_cast<float>(exact);
      if (std::isinf(rounded) || rounded == 0.0f || std::fabs(rounded) < std::numeric_limits<float>::min()) {
        ASSERT_EQ(out[i], rounded) << x[i] << " ** " << e;  // overflow, underflow: the rounded value itself
        continue;
      }
      const long double ulp = std::ldexp(1.0L, std::ilogb(rounded) - 23);
      worst = std::max(worst, static_cast<double>(std::fabs(static_cast<long double>(out[i]) - exact) / ulp));
    }
    EXPECT_LE(worst, 0.5001) << "exponent " << e;
  }
}

// The half-whole powers' root: within 2^-46 of long double's sqrt on
// every binade (subnormals too), and 0, inf, NaN as sqrt gives them.
TEST(PowByNumber, SqrtToDoubleIsCloseToTheExactRoot) {
  using ember::kernels::detail::sqrt_to_double;
  std::mt19937 g(5);
  double worst = 0;
  for (int i = 0; i < 200000; ++i) {
    const uint32_t bits = g() % 0x7f800000u;
    float x;
    std::memcpy(&x, &bits, 4);
    const long double exact = std::sqrt(static_cast<long double>(x));
    if (exact == 0) continue;
    worst = std::max(worst, static_cast<double>(std::fabs(static_cast<long double>(sqrt_to_double(x)) - exact) / exact));
  }
  EXPECT_LE(worst, std::ldexp(1.0, -46));
  EXPECT_EQ(sqrt_to_double(0.0f), 0.0);
  EXPECT_EQ(sqrt_to_double(std::numeric_limits<float>::infinity()), std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(sqrt_to_double(-1.0f)));
  EXPECT_TRUE(std::isnan(sqrt_to_double(std::numeric_limits<float>::quiet_NaN())));
}

TEST(PowByNumber, SpecialValuesAsPowf) {
  constexpr float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> x = {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, -2.0f, inf, -inf,
                                std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::denorm_min(),
                                std::numeric_limits<float>::max(), -std::numeric_limits<float>::max()};
  std::vector<float> out;
  for (float e : exponents()) {
    ASSERT_TRUE(run(out, x, e));
    for (size_t i = 0; i < x.size(); ++i) {
      // 0.5 is sqrt, as ops::pow computes it ((-0) ** 0.5 is -0, (-inf) ** 0.5 NaN);
      // ordinary x (2, the largest float) against double pow, rounded once.
      const bool special = x[i] == 0.0f || std::fabs(x[i]) == 1.0f || !std::isfinite(x[i]);
      const float want = e == 0.5f ? std::sqrt(x[i])
                         : special ? std::pow(x[i], e)
                                   : static_cast<float>(std::pow(static_cast<double>(x[i]), static_cast<double>(e)));
      if (std::isnan(want))
        EXPECT_TRUE(std::isnan(out[i])) << x[i] << " ** " << e << " = " << out[i];
      else
        EXPECT_EQ(std::memcmp(&out[i], &want, 4), 0) << x[i] << " ** " << e << " = " << out[i] << ", powf " << want;
    }
  }
}

TEST(PowByNumber, HalfComputesInFloat) {
  std::vector<ember::Half> x, out;
  for (int i = -40; i <= 40; ++i) x.push_back(ember::Half(0.37f * static_cast<float>(i)));
  for (float e : {2.0f, -1.5f, 3.5f}) {
    ASSERT_TRUE(run(out, x, ember::Half(e)));
    for (size_t i = 0; i < x.size(); ++i) {
      const float want = static_cast<float>(ember::Half(static_cast<float>(
          std::pow(static_cast<double>(static_cast<float>(x[i])), static_cast<double>(e)))));
      const float got = static_cast<float>(out[i]);
      if (std::isnan(want)) EXPECT_TRUE(std::isnan(got));
      else EXPECT_EQ(got, want) << static_cast<float>(x[i]) << " ** " << e;
    }
  }
}

TEST(PowByNumber, OtherExponentsAreLeftToTheGeneralLoop) {
  const std::vector<float> x = {1.0f, 2.0f, 3.0f};
  std::vector<float> out;
  for (float e : {0.25f, 2.1f, 16.0f, -16.5f, 1e9f, std::numeric_limits<float>::infinity(),
                  std::numeric_limits<float>::quiet_NaN()}) {
    EXPECT_FALSE(run(out, x, e)) << e;
    EXPECT_EQ(out, std::vector<float>(3, 0.0f)) << "nothing written for " << e;
  }
  std::vector<double> xd = {2.0}, outd;
  EXPECT_FALSE(run(outd, xd, 2.0));  // double: the C library's pow
  // A tensor of exponents (a dense exponent operand) is not one number.
  std::vector<float> e = {2.0f, 2.0f, 2.0f};
  Operands<3> ops;
  ops.ndim = 1;
  ops.shape[0] = 3;
  ops.strides[0][0] = ops.strides[1][0] = ops.strides[2][0] = sizeof(float);
  ops.data[0] = reinterpret_cast<char*>(out.data());
  ops.data[1] = reinterpret_cast<char*>(const_cast<float*>(x.data()));
  ops.data[2] = reinterpret_cast<char*>(e.data());
  EXPECT_FALSE((pow_by_number<float, float>(ops)));
}

}  // namespace
