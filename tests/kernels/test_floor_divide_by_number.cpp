// kernels/floor_divide_by_number.h (Notes [8-bit floor division by a
// number], [16-bit ...] and [64-bit ...]): every uint8 and int8 dividend
// by every divisor of |d| >= 2, every int16 dividend by hundreds of
// divisors (all small ones, the powers of two and their neighbours, the
// extremes), and int64 dividends (the extremes, random ones of every
// size, exact multiples of d and their neighbours) by divisors up to
// 2^32, against exact integer floor division, over dense rows of several
// lengths (the vector body and its remainder), strided and in place; and
// d = 0, +-1, int64 divisors past 2^32, a tensor of divisors and the
// other dtypes left to the general loop with nothing written.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <vector>

#include "kernels/floor_divide_by_number.h"
#include "kernels/operands.h"

namespace {

using ember::kernels::floor_divide_by_number;
using ember::kernels::Operands;

// floor(a / d) in exact integer arithmetic (|d| >= 2, so no overflow).
template <class T>
T floor_quotient(T a, T d) {
  using W = std::conditional_t<(sizeof(T) < 8), int, int64_t>;
  const W q = W(a) / W(d), r = W(a) % W(d);
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

// x // d through the fast path against floor_quotient: dense rows of
// x.size() and shorter lengths, nothing written past them; strided on
// both sides; in place.
template <class T>
void expect_quotients(const std::vector<T>& x, T d) {
  {
    const int64_t size = static_cast<int64_t>(x.size());
    for (const int64_t n : {size, size - 1, int64_t{31}, int64_t{1}}) {
      std::vector<T> out(x.size(), T(0x5a));
      ASSERT_TRUE(run(out.data(), 1, x.data(), 1, n, d)) << int64_t(d);
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(out[i], floor_quotient(x[i], d)) << int64_t(x[i]) << " // " << int64_t(d) << " (n " << n << ")";
      for (size_t i = static_cast<size_t>(n); i < out.size(); ++i) ASSERT_EQ(out[i], T(0x5a)) << "wrote past the row";
    }
  }
  const int64_t third = static_cast<int64_t>(x.size()) / 3;
  std::vector<T> out(2 * static_cast<size_t>(third), T(0));
  ASSERT_TRUE(run(out.data(), 2, x.data(), 3, third, d));
  for (int64_t i = 0; i < third; ++i) ASSERT_EQ(out[2 * i], floor_quotient(x[3 * i], d)) << int64_t(x[3 * i]);
  std::vector<T> same = x;
  ASSERT_TRUE(run(same.data(), 1, same.data(), 1, static_cast<int64_t>(same.size()), d));
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(same[i], floor_quotient(x[i], d)) << int64_t(x[i]);
}

template <class T>
void expect_every_byte_quotient() {
  const std::vector<T> x = every_value<T>(3);
  for (int di = 0; di < 256; ++di) {
    const T d = static_cast<T>(di);
    if (std::abs(static_cast<int>(d)) < 2) continue;
    expect_quotients(x, d);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(FloorDivideByNumber, EveryUint8Quotient) { expect_every_byte_quotient<uint8_t>(); }
TEST(FloorDivideByNumber, EveryInt8Quotient) { expect_every_byte_quotient<int8_t>(); }

// Divisors for int16: every |d| up to 300, each power of two and its
// neighbours, the extremes, and random ones.
std::vector<int> int16_divisors() {
  std::vector<int> ds;
  for (int d = 2; d <= 300; ++d) ds.insert(ds.end(), {d, -d});
  for (int j = 9; j <= 15; ++j)
    for (const int d : {(1 << j) - 1, 1 << j, (1 << j) + 1})
      for (const int signed_d : {d, -d})
        if (signed_d >= -32768 && signed_d <= 32767) ds.push_back(signed_d);
  std::mt19937 gen(7);
  for (int i = 0; i < 200; ++i) {
    const int d = 301 + static_cast<int>(gen() % 32000u);
    ds.insert(ds.end(), {d, -d});
  }
  return ds;
}

TEST(FloorDivideByNumber, EveryInt16DividendByManyDivisors) {
  std::vector<int16_t> x;
  for (int a = -32768; a <= 32767; ++a) x.push_back(static_cast<int16_t>(a));
  const std::vector<int> ds = int16_divisors();
  for (const int d : ds) {
    expect_quotients(x, static_cast<int16_t>(d));
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// int64 dividends: the extremes, random ones of every magnitude, and the
// multiples of d near random quotients with their neighbours.
std::vector<int64_t> int64_dividends(int64_t d, std::mt19937_64& gen) {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min(), kMax = std::numeric_limits<int64_t>::max();
  std::vector<int64_t> x = {kMin, kMin + 1, kMax, kMax - 1, 0, 1, -1, d, -d, d - 1, 1 - d};
  for (int i = 0; i < 1500; ++i) x.push_back(static_cast<int64_t>(gen()) >> (gen() % 64));
  for (int i = 0; i < 500; ++i) {
    const int64_t q = static_cast<int64_t>(gen()) >> (gen() % 64);
    const __int128 multiple = static_cast<__int128>(q) * d;
    for (int off = -2; off <= 2; ++off)
      if (multiple + off >= kMin && multiple + off <= kMax) x.push_back(static_cast<int64_t>(multiple + off));
  }
  return x;
}

TEST(FloorDivideByNumber, Int64QuotientsUpTo2To32) {
  std::vector<int64_t> ds;
  for (int64_t d = 2; d <= 200; ++d) ds.insert(ds.end(), {d, -d});
  for (int j = 8; j <= 32; ++j)
    for (const int64_t d : {(int64_t{1} << j) - 1, int64_t{1} << j, (int64_t{1} << j) + 1})
      if (d <= (int64_t{1} << 32)) ds.insert(ds.end(), {d, -d});
  std::mt19937_64 gen(11);
  for (int i = 0; i < 200; ++i) {
    const int64_t d = 2 + static_cast<int64_t>(gen() % ((uint64_t{1} << 32) - 1));
    ds.insert(ds.end(), {d, -d});
  }
  for (const int64_t d : ds) {
    expect_quotients(int64_dividends(d, gen), d);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(FloorDivideByNumber, LeavesTheRestToTheGeneralLoop) {
  const std::vector<int8_t> x = every_value<int8_t>(1);
  std::vector<int8_t> out(x.size(), 7);
  for (const int8_t d : {int8_t{0}, int8_t{1}, int8_t{-1}}) EXPECT_FALSE(run(out.data(), 1, x.data(), 1, 256, d)) << int(d);
  EXPECT_FALSE(run(out.data(), 1, x.data(), 1, 256, int8_t{7}, 1)) << "a tensor of divisors";
  EXPECT_FALSE(run(out.data(), 1, x.data(), 1, 0, int8_t{7})) << "no elements";
  for (const int8_t v : out) EXPECT_EQ(v, 7);
  const std::vector<int32_t> wide(256, 100);
  std::vector<int32_t> wide_out(256, 0);
  EXPECT_FALSE(run(wide_out.data(), 1, wide.data(), 1, 256, int32_t{7}));
  for (const int32_t v : wide_out) EXPECT_EQ(v, 0);
  // int64: past 2^32 (r1 would pass 2^53) and INT64_MIN, as well as 0 and +-1.
  const std::vector<int64_t> longs(256, 100);
  std::vector<int64_t> long_out(256, 0);
  for (const int64_t d : {(int64_t{1} << 32) + 1, -(int64_t{1} << 32) - 1, std::numeric_limits<int64_t>::min(),
                          std::numeric_limits<int64_t>::max(), int64_t{0}, int64_t{1}, int64_t{-1}})
    EXPECT_FALSE(run(long_out.data(), 1, longs.data(), 1, 256, d)) << d;
  for (const int64_t v : long_out) EXPECT_EQ(v, 0);
}

}  // namespace
