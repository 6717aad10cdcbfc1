// kernels/float_tanh.h: tanh of floats against the C library's double
// tanh on every 7th bit pattern (both signs) and near every piece's ends,
// the 16-lane form against the scalar one bit for bit, and the special
// values. Its wiring (ember_tanhf's vector variants against scalar calls
// in pointwise loops) is tested in test_sleef_math.cpp; the op's ulp
// bound in the generated op tests.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "kernels/float_tanh.h"
#include "tests/kernels/float_ulp_sweep.h"

namespace ember::kernels {
namespace {

using testing::float_of_bits;
using testing::ulp_error;
using testing::worst_float_error;

#ifdef __FMA__
TEST(FloatTanh, WithinTheQuotedUlpOnEvery7thInput) {
  float at = 0;
  const double worst = worst_float_error([](float x) { return float_tanh(x); },
                                         [](double x) { return std::tanh(x); }, &at);
  EXPECT_LE(worst, 0.75) << "at " << at << " (Note [float tanh by table] quotes 0.75 ulp)";
}

// Every float within 64 steps of each piece's ends, where one piece's
// polynomial stops and the next one's starts, and of the clamp.
TEST(FloatTanh, AtThePiecesEnds) {
  namespace table = float_tanh_table;
  double worst = 0;
  float worst_x = 0;
  for (int32_t piece = 0; piece <= table::kEntries; ++piece) {
    const uint32_t start = static_cast<uint32_t>(piece + table::kIndexBase) << (23 - table::kMantissaBits);
    for (uint32_t bits = start - 64; bits != start + 64; ++bits) {
      const float x = float_of_bits(bits);
      const double err = ulp_error(float_tanh(x), std::tanh(static_cast<double>(x)));
      if (err > worst) {
        worst = err;
        worst_x = x;
      }
    }
  }
  EXPECT_LE(worst, 0.75) << "at " << worst_x;
}
#endif

TEST(FloatTanh, SixteenLanesGiveTheScalarBits) {
  typedef float Lanes __attribute__((vector_size(64)));
  std::vector<float> in;
  for (uint64_t bits = 3; bits < (uint64_t{1} << 32); bits += 65521) in.push_back(float_of_bits(static_cast<uint32_t>(bits)));
  for (const float s : {0.0f, -0.0f, 9.5f, 9.01f, std::numeric_limits<float>::infinity(),
                        -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN(),
                        std::numeric_limits<float>::denorm_min()})
    in.push_back(s);
  while (in.size() % 16) in.push_back(1.0f);
  for (size_t i = 0; i < in.size(); i += 16) {
    Lanes v;
    std::memcpy(&v, &in[i], sizeof v);
    const Lanes r = float_tanh(v);
    for (int k = 0; k < 16; ++k) {
      const float want = float_tanh(in[i + k]);
      ASSERT_EQ(std::memcmp(&r[k], &want, 4), 0) << "tanh(" << in[i + k] << "): lane " << r[k] << ", scalar " << want;
    }
  }
}

TEST(FloatTanh, SpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(float_tanh(inf), 1.0f);
  EXPECT_EQ(float_tanh(-inf), -1.0f);
  EXPECT_EQ(float_tanh(1e30f), 1.0f);
  EXPECT_EQ(float_tanh(-9.5f), -1.0f);
  EXPECT_TRUE(std::isnan(float_tanh(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(float_tanh(0.0f), 0.0f);
  EXPECT_FALSE(std::signbit(float_tanh(0.0f)));
  EXPECT_TRUE(std::signbit(float_tanh(-0.0f)));
  const float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(float_tanh(tiny), tiny);
  EXPECT_EQ(float_tanh(-1e-30f), -1e-30f);
  // Odd: the sign is x's, the magnitude |x|'s.
  for (const float x : {1e-3f, 0.3f, 0.55f, 1.7f, 4.2f, 8.9f})
    EXPECT_EQ(float_tanh(-x), -float_tanh(x)) << x;
}

// Every float; a minute or two on two cores, so run on demand:
//   test_kernels --gtest_also_run_disabled_tests --gtest_filter='*Exhaustive*'
TEST(FloatTanh, DISABLED_Exhaustive) {
  double worst = 0;
#pragma omp parallel for schedule(dynamic) reduction(max : worst)
  for (int64_t hi = 0; hi < (int64_t{1} << 16); ++hi)
    for (uint32_t lo = 0; lo < (1u << 16); ++lo) {
      const float x = float_of_bits(static_cast<uint32_t>(hi) << 16 | lo);
      if (!std::isnan(x)) worst = std::max(worst, ulp_error(float_tanh(x), std::tanh(static_cast<double>(x))));
    }
  EXPECT_LE(worst, 0.75);
}

}  // namespace
}  // namespace ember::kernels
