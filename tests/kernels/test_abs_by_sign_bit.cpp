// kernels/abs_by_sign_bit.h (Note [abs by the sign bit]): every bit
// pattern of Half and BFloat16, dense, strided and in place, against the
// general loop (widen, abs in float, round back) for every non-NaN and
// against the cleared sign bit for every pattern; other dtypes left to the
// general loop with nothing written.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "ember/half.h"
#include "kernels/abs_by_sign_bit.h"
#include "kernels/operands.h"
#include "kernels/pointwise.h"
#include "kernels/scalar_ops.h"

namespace {

using ember::BFloat16;
using ember::Half;
using ember::kernels::abs_by_sign_bit;
using ember::kernels::Operands;

template <class T>
Operands<2> unary(T* out, int64_t out_step, const T* x, int64_t x_step, int64_t n) {
  Operands<2> ops;
  ops.ndim = 1;
  ops.shape[0] = n;
  ops.strides[0][0] = out_step * static_cast<int64_t>(sizeof(T));
  ops.strides[1][0] = x_step * static_cast<int64_t>(sizeof(T));
  ops.data[0] = reinterpret_cast<char*>(out);
  ops.data[1] = reinterpret_cast<char*>(const_cast<T*>(x));
  return ops;
}

template <class T>
void expect_every_pattern() {
  std::vector<T> x;
  for (uint32_t b = 0; b < 65536; ++b) x.push_back(T::from_bits(static_cast<uint16_t>(b)));
  const int64_t n = static_cast<int64_t>(x.size());
  std::vector<T> fast(x.size()), general(x.size());
  ASSERT_TRUE((abs_by_sign_bit<T, T>(unary(fast.data(), 1, x.data(), 1, n))));
  ember::kernels::pointwise<T, T, 1>(unary(general.data(), 1, x.data(), 1, n),
                                     [](float v) { return ember::ops::abs(v); });
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(fast[i].x, x[i].x & 0x7fffu) << i;
    if (!std::isnan(static_cast<float>(x[i]))) {
      ASSERT_EQ(fast[i].x, general[i].x) << i;
    }
  }
  std::vector<T> strided(2 * x.size() / 3, T::from_bits(0x1234u));
  ASSERT_TRUE((abs_by_sign_bit<T, T>(unary(strided.data(), 2, x.data(), 3, n / 3))));
  for (int64_t i = 0; i < n / 3; ++i) {
    ASSERT_EQ(strided[2 * i].x, x[3 * i].x & 0x7fffu);
    ASSERT_EQ(strided[2 * i + 1].x, 0x1234u) << "wrote between the strided outputs";
  }
  std::vector<T> same = x;
  ASSERT_TRUE((abs_by_sign_bit<T, T>(unary(same.data(), 1, same.data(), 1, n))));
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(same[i].x, x[i].x & 0x7fffu);
}

TEST(AbsBySignBit, EveryHalfPattern) { expect_every_pattern<Half>(); }
TEST(AbsBySignBit, EveryBFloat16Pattern) { expect_every_pattern<BFloat16>(); }

TEST(AbsBySignBit, LeavesTheRestToTheGeneralLoop) {
  const std::vector<float> x(64, -2.0f);
  std::vector<float> out(64, 7.0f);
  EXPECT_FALSE((abs_by_sign_bit<float, float>(unary(out.data(), 1, x.data(), 1, 64))));
  for (const float v : out) EXPECT_EQ(v, 7.0f);
  const std::vector<int16_t> shorts(64, -2);
  std::vector<int16_t> short_out(64, 7);
  EXPECT_FALSE((abs_by_sign_bit<int16_t, int16_t>(unary(short_out.data(), 1, shorts.data(), 1, 64))));
  for (const int16_t v : short_out) EXPECT_EQ(v, 7);
}

}  // namespace
