// nextafter in Float, where the generated tests' double reference cannot
// follow the dtype (schemas/math/numeric.yaml names this in test.gtest):
// the neighbour is found by stepping the float's bit pattern, written out
// here independently of std::nextafter.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "tests/ops/harness.h"

namespace ember::optest {
namespace {

// The float after x towards y by its bits: magnitudes step by one unit of
// the pattern, and +-0 steps to the smallest subnormal of y's sign.
float step_towards(float x, float y) {
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<float>::quiet_NaN();
  if (x == y) return y;
  if (x == 0) return std::copysign(std::numeric_limits<float>::denorm_min(), y);
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const bool away = (y > x) == (x > 0);
  bits = away ? bits + 1 : bits - 1;
  float r;
  std::memcpy(&r, &bits, sizeof r);
  return r;
}

std::vector<float> floats_of(const Tensor& t) {
  const Tensor c = t.contiguous();
  return std::vector<float>(c.data<float>(), c.data<float>() + c.numel());
}

TEST(NumericOps, NextAfter) {
  const float inf = std::numeric_limits<float>::infinity(), big = std::numeric_limits<float>::max();
  const std::vector<float> xs = {1.0f, 1.0f, -1.0f, 0.0f, -0.0f, 3.5f, big, -big, 1e-45f, 2.0f, inf, 7.0f};
  const std::vector<float> ys = {2.0f, 0.0f, 0.0f, 1.0f, -1.0f, 3.5f, inf, -inf, 0.0f, -inf, 0.0f, NAN};
  const auto n = static_cast<int64_t>(xs.size());
  const Tensor x = ember::from_vector(xs, {n}), y = ember::from_vector(ys, {n});
  for (bool transposed : {false, true}) {
    const Tensor a = transposed ? x.view({2, n / 2}).t().contiguous().t() : x;
    const Tensor b = transposed ? y.view({2, n / 2}).t().contiguous().t() : y;
    const Tensor r = ember::nextafter(a, b);
    ASSERT_EQ(r.dtype(), DType::Float);
    const std::vector<float> got = floats_of(r), in_x = floats_of(a), in_y = floats_of(b);
    for (size_t i = 0; i < got.size(); ++i) {
      const float want = step_towards(in_x[i], in_y[i]);
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got[i])) << in_x[i] << " towards " << in_y[i];
      } else {
        EXPECT_EQ(std::memcmp(&got[i], &want, sizeof want), 0) << in_x[i] << " towards " << in_y[i] << ": " << got[i];
      }
    }
  }
  Tensor s = x.clone();
  ember::nextafter_(s, y);
  const std::vector<float> in_place = floats_of(s), functional = floats_of(ember::nextafter(x, y));
  EXPECT_EQ(std::memcmp(in_place.data(), functional.data(), in_place.size() * sizeof(float)), 0);
}

}  // namespace
}  // namespace ember::optest
