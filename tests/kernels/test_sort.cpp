// kernels/sort.h, kernels/sort_keys.h and kernels/sort_parallel.h:
// keys and their inverse for every element type, sort_dim on slices long
// enough for every algorithm (insertion, merge, radix, vqsort, the
// parallel sort of one slice) against std::stable_sort with Note [sort
// order] written out as a comparison, and the parallel pair sort against
// std::sort for every thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "kernels/sort.h"
#include "tests/kernels/kernel_test_util.h"
#include "tests/kernels/sort_test_values.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

template <class T>
class SortTyped : public ::testing::Test {};
TYPED_TEST_SUITE(SortTyped, AllTypes);

TYPED_TEST(SortTyped, ValueInvertsKeyExceptForNaNAndZero) {
  using T = TypeParam;
  std::mt19937 g(3);
  for (int i = 0; i < 2000; ++i) {
    const T x = awkward_value<T>(g);
    const T back = SortKey<T>::value(SortKey<T>::key(x));
    const double d = as_double(x);
    if (std::isnan(d)) {
      EXPECT_TRUE(std::isnan(as_double(back)));
    } else if (d == 0.0 && !std::is_integral_v<T>) {
      EXPECT_EQ(as_double(back), 0.0);
      EXPECT_FALSE(std::signbit(as_double(back)));
    } else {
      EXPECT_TRUE(same_bits(back, x)) << d;
    }
  }
}

TYPED_TEST(SortTyped, SortDimMatchesAStableSortOfEveryLength) {
  using T = TypeParam;
  std::mt19937 g(7);
  // Around every threshold of sort_keys: insertion, merge, radix, vqsort.
  for (const int64_t n : {int64_t{1}, int64_t{20}, int64_t{100}, int64_t{127}, int64_t{128}, int64_t{700},
                          int64_t{1023}, int64_t{1024}, int64_t{3000}}) {
    for (const bool transposed_out : {false, true}) {
      const Shape shape{3, n};
      Array<T> in(shape);
      for (auto& b : in.mem) b.v = awkward_value<T>(g);
      const Shape out_strides = transposed_out ? Shape{1, 3} : contiguous_strides(shape);
      Array<T> values(shape, out_strides);
      Array<int64_t> positions(shape, out_strides);
      for (const bool descending : {false, true}) {
        SCOPED_TRACE("n " + std::to_string(n) + (descending ? " descending" : " ascending") +
                     (transposed_out ? ", strided outputs" : ""));
        sort_dim<T>(operands_of(shape, values, positions, in), 1, descending);
        for (int64_t r = 0; r < 3; ++r) {
          std::vector<int64_t> want(static_cast<size_t>(n));
          std::iota(want.begin(), want.end(), 0);
          std::stable_sort(want.begin(), want.end(),
                           [&](int64_t a, int64_t b) { return before(in.at({r, a}), in.at({r, b}), descending); });
          for (int64_t i = 0; i < n; ++i) {
            ASSERT_EQ(positions.at({r, i}), want[static_cast<size_t>(i)]) << "row " << r << ", element " << i;
            ASSERT_TRUE(same_bits(values.at({r, i}), in.at({r, want[static_cast<size_t>(i)]})))
                << "row " << r << ", element " << i;
          }
        }
      }
    }
  }
}

// TH's sort(rt, ri, t) with rt == t: the values overwrite the input they
// are sorted from, so the input is copied first; the result is the
// stable sort of the original, contiguous or strided.
TYPED_TEST(SortTyped, SortDimIntoItsOwnInput) {
  using T = TypeParam;
  std::mt19937 g(5);
  for (const bool transposed : {false, true}) {
    const Shape shape{3, 700};
    Array<T> data(shape, transposed ? Shape{1, 3} : contiguous_strides(shape));
    for (auto& b : data.mem) b.v = awkward_value<T>(g);
    const Array<T> original = data;
    Array<int64_t> positions(shape);
    sort_dim<T>(operands_of(shape, data, positions, data), 1, false);
    for (int64_t r = 0; r < 3; ++r) {
      std::vector<int64_t> want(700);
      std::iota(want.begin(), want.end(), 0);
      std::stable_sort(want.begin(), want.end(),
                       [&](int64_t a, int64_t b) { return before(original.at({r, a}), original.at({r, b}), false); });
      for (int64_t i = 0; i < 700; ++i) {
        ASSERT_EQ(positions.at({r, i}), want[static_cast<size_t>(i)]) << "row " << r << ", element " << i;
        ASSERT_TRUE(same_bits(data.at({r, i}), original.at({r, want[static_cast<size_t>(i)]})))
            << "row " << r << ", element " << i << (transposed ? ", strided" : "");
      }
    }
  }
}

TYPED_TEST(SortTyped, OneLongSliceSortsOnEveryThreadCountAlike) {
  using T = TypeParam;
  std::mt19937 g(11);
  const int64_t n = kParallelSortMin * 2 + 5;
  const Shape shape{n};
  Array<T> in(shape);
  for (auto& b : in.mem) b.v = awkward_value<T>(g);
  std::vector<int64_t> want(static_cast<size_t>(n));
  std::iota(want.begin(), want.end(), 0);
  std::stable_sort(want.begin(), want.end(), [&](int64_t a, int64_t b) { return before(in.at({a}), in.at({b}), false); });
  const int saved = get_num_threads();
  for (const int threads : {1, 2, 3}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    set_num_threads(threads);
    Array<T> values(shape);
    Array<int64_t> positions(shape);
    sort_dim<T>(operands_of(shape, values, positions, in), 0, false);
    for (int64_t i = 0; i < n; ++i) {
      ASSERT_EQ(positions.at({i}), want[static_cast<size_t>(i)]) << "element " << i;
      ASSERT_TRUE(same_bits(values.at({i}), in.at({want[static_cast<size_t>(i)]}))) << "element " << i;
    }
  }
  set_num_threads(saved);
}

template <class K>
class PairSortParallel : public ::testing::Test {};
using PairKeys = ::testing::Types<uint16_t, uint32_t, uint64_t>;
TYPED_TEST_SUITE(PairSortParallel, PairKeys);

TYPED_TEST(PairSortParallel, MatchesAComparisonSortForEveryPartCount) {
  using K = TypeParam;
  std::mt19937_64 g(5);
  for (const int64_t n : {kParallelSortMin - 1, kParallelSortMin * 3 + 11}) {
    for (int pattern = 0; pattern < kKeyPatterns; ++pattern) {
      std::vector<KeyIndex<K>> input(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i)
        input[static_cast<size_t>(i)] = {static_cast<decltype(KeyIndex<K>::idx)>(i), pattern_key<K>(pattern, i, n, g)};
      std::vector<KeyIndex<K>> want = input;
      std::sort(want.begin(), want.end(), detail::key_index_less<K>);
      for (const int threads : {1, 2, 3, 5, 8}) {
        SCOPED_TRACE("n " + std::to_string(n) + ", pattern " + std::to_string(pattern) + ", " +
                     std::to_string(threads) + " threads");
        std::vector<KeyIndex<K>> a = input, b(input.size());
        const KeyIndex<K>* got = sort_keys_parallel(a.data(), b.data(), n, threads);
        for (int64_t i = 0; i < n; ++i) {
          ASSERT_EQ(got[i].key, want[static_cast<size_t>(i)].key) << "pair " << i;
          ASSERT_EQ(got[i].idx, want[static_cast<size_t>(i)].idx) << "pair " << i;
        }
      }
    }
  }
}

}  // namespace
}  // namespace ember::kernels
