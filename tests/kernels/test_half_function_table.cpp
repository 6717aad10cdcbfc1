// by_half_table (Note [16-bit function tables]): every Half and BFloat16
// bit pattern through the table gives the loop's bits, dense and strided;
// calls below the threshold, functions with state and other dtypes are
// left to the loop with nothing written. The ops' own checks (24 ops,
// out= and in place): tests/python/test_half_function_table.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "ember/half.h"
#include "kernels/half_function_table.h"
#include "kernels/scalar_ops.h"

namespace ember::kernels {
namespace {

template <class Out, class In>
Operands<2> unary(Out* out, int64_t out_step, const In* x, int64_t x_step, int64_t n) {
  Operands<2> ops;
  ops.ndim = 1;
  ops.shape[0] = n;
  ops.strides[0][0] = out_step * static_cast<int64_t>(sizeof(Out));
  ops.strides[1][0] = x_step * static_cast<int64_t>(sizeof(In));
  ops.data[0] = reinterpret_cast<char*>(out);
  ops.data[1] = reinterpret_cast<char*>(const_cast<In*>(x));
  return ops;
}

template <class T>
class HalfFunctionTableTyped : public ::testing::Test {};
using HalfTypes = ::testing::Types<Half, BFloat16>;
TYPED_TEST_SUITE(HalfFunctionTableTyped, HalfTypes);

TYPED_TEST(HalfFunctionTableTyped, EveryPatternGivesTheLoopsBits) {
  using T = TypeParam;
  const auto f = [](float v) { return ember::ops::expm1(v); };
  std::vector<T> x;
  for (uint32_t b = 0; b < 65536; ++b) x.push_back(T::from_bits(static_cast<uint16_t>(b)));
  const int64_t n = static_cast<int64_t>(x.size());
  std::vector<T> by_table(x.size()), by_loop(x.size());
  ASSERT_TRUE((by_half_table<T, T>(unary(by_table.data(), 1, x.data(), 1, n), f)));
  // Calls of 1000 elements are below the threshold: the loop runs.
  for (int64_t i = 0; i < n; i += 1000) {
    const int64_t m = std::min<int64_t>(1000, n - i);
    ASSERT_FALSE((by_half_table<T, T>(unary(by_loop.data() + i, 1, x.data() + i, 1, m), f)));
    pointwise<T, T, 1, true>(unary(by_loop.data() + i, 1, x.data() + i, 1, m), f);
  }
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(by_table[i].x, by_loop[i].x) << "pattern " << i;
  // Strided: every third input into every other output, nothing between.
  std::vector<T> strided(2 * (n / 3), T::from_bits(0x1234u));
  ASSERT_TRUE((by_half_table<T, T>(unary(strided.data(), 2, x.data(), 3, n / 3), f)));
  for (int64_t i = 0; i < n / 3; ++i) {
    ASSERT_EQ(strided[2 * i].x, by_loop[3 * i].x) << i;
    ASSERT_EQ(strided[2 * i + 1].x, 0x1234u) << "wrote between the strided outputs";
  }
}

TYPED_TEST(HalfFunctionTableTyped, LeavesOtherCallsToTheLoop) {
  using T = TypeParam;
  std::vector<T> x(kHalfTableMinElements, T(1.5f)), out(x.size(), T::from_bits(0x1234u));
  const int64_t n = static_cast<int64_t>(x.size());
  const float scale = 2.0f;
  const auto with_state = [scale](float v) { return v * scale; };
  EXPECT_FALSE((by_half_table<T, T>(unary(out.data(), 1, x.data(), 1, n), with_state)));
  const auto f = [](float v) { return ember::ops::sin(v); };
  EXPECT_FALSE((by_half_table<T, T>(unary(out.data(), 1, x.data(), 1, n - 1), f)));
  EXPECT_FALSE((by_half_table<float, T>(unary(out.data(), 1, x.data(), 1, n / 2), f)));
  for (const T& v : out) ASSERT_EQ(v.x, 0x1234u);
  std::vector<float> xf(x.size(), 1.5f), outf(x.size(), 7.0f);
  EXPECT_FALSE((by_half_table<float, float>(unary(outf.data(), 1, xf.data(), 1, n), f)));
  for (const float v : outf) ASSERT_EQ(v, 7.0f);
}

}  // namespace
}  // namespace ember::kernels
