// kernels/floor_divide_by_number.h (Note [8-bit floor division by a
// number]): every uint8 and int8 dividend by every divisor of |d| >= 2
// against exact integer floor division, over dense rows of several
// lengths (the vector body and its remainder), strided and in place; and
// d = 0, +-1, a tensor of divisors and the other dtypes left to the
// general loop with nothing written.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "kernels/floor_divide_by_number.h"
#include "kernels/operands.h"

namespace {

using ember::kernels::floor_divide_by_number;
using ember::kernels::Operands;

// floor(a / d) in exact integer arithmetic, wrapped to T.
template <class T>
T floor_quotient(T a, T d) {
  const int q = a / d, r = a % d;
  return static_cast<T>((r != 0 && ((r < 0) != (d < 0))) ? q - 1 : q);
}

// out[i * out_step] = x[i * x_step] // d through the fast path, n
// elements; returns what it returned.
template <class T>
bool run(T* out, int64_t out_step, const T* x, int64_t x_step, int64_t n, T d, int64_t d_step = 0) {
  Operands<3> ops;
  ops.ndim = 1;
  ops.shape[0] = n;
  ops.strides[0][0] = out_step * static_cast<int64_t>(sizeof(T));
  ops.strides[1][0] = x_step * static_cast<int64_t>(sizeof(T));
  ops.strides[2][0] = d_step;
  ops.data[0] = reinterpret_cast<char*>(out);
  ops.data[1] = reinterpret_cast<char*>(const_cast<T*>(x));
  ops.data[2] = reinterpret_cast<char*>(&d);
  return floor_divide_by_number<T, T>(ops);
}

template <class T>
std::vector<T> every_value(int repeats) {
  std::vector<T> v;
  for (int r = 0; r < repeats; ++r)
    for (int i = 0; i < 256; ++i) v.push_back(static_cast<T>(i));
  return v;
}

template <class T>
void expect_every_quotient() {
  const std::vector<T> x = every_value<T>(3);
  for (int di = 0; di < 256; ++di) {
    const T d = static_cast<T>(di);
    if (std::abs(static_cast<int>(d)) < 2) continue;
    for (const int64_t n : {int64_t{768}, int64_t{255}, int64_t{31}, int64_t{1}}) {
      std::vector<T> out(x.size(), T(0x5a));
      ASSERT_TRUE(run(out.data(), 1, x.data(), 1, n, d)) << int(d);
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(out[i], floor_quotient(x[i], d)) << int(x[i]) << " // " << int(d) << " (n " << n << ")";
      for (size_t i = static_cast<size_t>(n); i < out.size(); ++i) ASSERT_EQ(out[i], T(0x5a)) << "wrote past the row";
    }
    // Strided both sides, and in place.
    std::vector<T> out(2 * x.size(), T(0));
    ASSERT_TRUE(run(out.data(), 2, x.data(), 3, 256, d));
    for (int64_t i = 0; i < 256; ++i) ASSERT_EQ(out[2 * i], floor_quotient(x[3 * i], d));
    std::vector<T> same = x;
    ASSERT_TRUE(run(same.data(), 1, same.data(), 1, static_cast<int64_t>(same.size()), d));
    for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(same[i], floor_quotient(x[i], d));
  }
}

TEST(FloorDivideByNumber, EveryUint8Quotient) { expect_every_quotient<uint8_t>(); }
TEST(FloorDivideByNumber, EveryInt8Quotient) { expect_every_quotient<int8_t>(); }

TEST(FloorDivideByNumber, LeavesTheRestToTheGeneralLoop) {
  const std::vector<int8_t> x = every_value<int8_t>(1);
  std::vector<int8_t> out(x.size(), 7);
  for (const int8_t d : {int8_t{0}, int8_t{1}, int8_t{-1}}) EXPECT_FALSE(run(out.data(), 1, x.data(), 1, 256, d)) << int(d);
  EXPECT_FALSE(run(out.data(), 1, x.data(), 1, 256, int8_t{7}, 1)) << "a tensor of divisors";
  EXPECT_FALSE(run(out.data(), 1, x.data(), 1, 0, int8_t{7})) << "no elements";
  for (const int8_t v : out) EXPECT_EQ(v, 7);
  const std::vector<int16_t> wide(256, 100);
  std::vector<int16_t> wide_out(256, 0);
  EXPECT_FALSE(run(wide_out.data(), 1, wide.data(), 1, 256, int16_t{7}));
  for (const int16_t v : wide_out) EXPECT_EQ(v, 0);
}

}  // namespace
