// kernels/search.h's distinct_by_keys (Note [unique by sorted keys])
// against std::map counts of the elements, for keys of 1, 2, 4 and 8
// bytes; +-0 and NaN as the note says.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "kernels/search.h"

namespace ember::kernels {
namespace {

// distinct_by_keys into vectors sized as it asks; without counts too,
// which must give the same values.
template <class T>
void distinct(const T* x, int64_t n, std::vector<T>& values, std::vector<int64_t>& counts) {
  distinct_by_keys(x, n, [&](int64_t groups) {
    values.resize(static_cast<size_t>(groups));
    counts.resize(static_cast<size_t>(groups));
    return std::pair<T*, int64_t*>{values.data(), counts.data()};
  });
  std::vector<T> alone;
  distinct_by_keys(x, n, [&](int64_t groups) {
    alone.resize(static_cast<size_t>(groups));
    return std::pair<T*, int64_t*>{alone.data(), nullptr};
  });
  ASSERT_EQ(alone.size(), values.size());
  if (!values.empty()) {
    EXPECT_EQ(std::memcmp(alone.data(), values.data(), values.size() * sizeof(T)), 0);  // NaNs too
  }
}

template <class T>
void check_integers(uint32_t seed, int64_t n, int lo, int hi) {
  std::mt19937 g(seed);
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<T> x(static_cast<size_t>(n));
  std::map<T, int64_t> want;
  for (T& v : x) ++want[v = static_cast<T>(d(g))];
  std::vector<T> values;
  std::vector<int64_t> counts;
  distinct(x.data(), n, values, counts);
  ASSERT_EQ(values.size(), want.size());
  ASSERT_EQ(counts.size(), want.size());
  size_t i = 0;
  for (const auto& [v, c] : want) {
    EXPECT_EQ(values[i], v) << i;
    EXPECT_EQ(counts[i], c) << i;
    ++i;
  }
}

TEST(DistinctByKeys, IntegersOfEveryWidth) {
  check_integers<uint8_t>(1, 5000, 0, 255);
  check_integers<int8_t>(2, 5000, -128, 127);
  check_integers<int16_t>(3, 5000, -300, 300);
  check_integers<int32_t>(4, 5000, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max());
  check_integers<int64_t>(5, 5000, -20, 20);
  check_integers<int64_t>(6, 0, 0, 0);
  check_integers<int64_t>(7, 1, 0, 0);
}

TEST(DistinctByKeys, FirstZeroAndEveryNaNInOrder) {
  const double nan_a = std::numeric_limits<double>::quiet_NaN();
  double nan_b;
  const uint64_t bits = 0xfff8000000000005u;  // a negative NaN with a payload
  std::memcpy(&nan_b, &bits, 8);
  const std::vector<double> x{2.0, nan_b, -0.0, 0.0, -1.0, nan_a, 2.0, -0.0};
  std::vector<double> values;
  std::vector<int64_t> counts;
  distinct(x.data(), static_cast<int64_t>(x.size()), values, counts);
  ASSERT_EQ(values.size(), 5u);
  EXPECT_EQ(values[0], -1.0);
  EXPECT_TRUE(values[1] == 0.0 && std::signbit(values[1]));  // the input's first zero is -0
  EXPECT_EQ(values[2], 2.0);
  EXPECT_EQ(std::memcmp(&values[3], &nan_b, 8), 0);
  EXPECT_EQ(std::memcmp(&values[4], &nan_a, 8), 0);
  EXPECT_EQ(counts, (std::vector<int64_t>{1, 3, 2, 1, 1}));
}

}  // namespace
}  // namespace ember::kernels
