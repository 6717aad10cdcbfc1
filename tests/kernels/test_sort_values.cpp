// kernels/sort_values.h: the values-only sort along a dim against
// std::stable_sort with Note [sort order] written out as a comparison,
// bit for bit (NaN payloads and zero signs in input order, Note
// [values-only sort]), over every path (counting, std::sort, vqsort, the
// parallel sort of one slice); and the parallel sort of bare keys against
// std::sort for every thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "kernels/sort_values.h"
#include "tests/kernels/kernel_test_util.h"
#include "tests/kernels/sort_test_values.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

// in's rows (dim 1) sorted stably by Note [sort order]: the reference.
template <class T>
std::vector<T> stably_sorted_row(const Array<T>& in, int64_t r, int64_t n, bool descending) {
  std::vector<T> row(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) row[static_cast<size_t>(i)] = in.at({r, i});
  std::stable_sort(row.begin(), row.end(), [descending](T a, T b) { return before(a, b, descending); });
  return row;
}

template <class T>
class SortValuesTyped : public ::testing::Test {};
TYPED_TEST_SUITE(SortValuesTyped, AllTypes);

TYPED_TEST(SortValuesTyped, MatchesAStableSortOfEveryLength) {
  using T = TypeParam;
  std::mt19937 g(7);
  // Around kBareVqsortMin, and long enough for the counting sort to matter.
  for (const int64_t n : {int64_t{1}, int64_t{20}, int64_t{127}, int64_t{128}, int64_t{700}, int64_t{3000}}) {
    for (const bool transposed_out : {false, true}) {
      const Shape shape{3, n};
      Array<T> in(shape);
      for (auto& b : in.mem) b.v = awkward_value<T>(g);
      Array<T> values(shape, transposed_out ? Shape{1, 3} : contiguous_strides(shape));
      for (const bool descending : {false, true}) {
        SCOPED_TRACE("n " + std::to_string(n) + (descending ? " descending" : " ascending") +
                     (transposed_out ? ", strided output" : ""));
        sort_values_dim<T>(operands_of(shape, values, in), 1, descending);
        for (int64_t r = 0; r < 3; ++r) {
          const std::vector<T> want = stably_sorted_row(in, r, n, descending);
          for (int64_t i = 0; i < n; ++i)
            ASSERT_TRUE(same_bits(values.at({r, i}), want[static_cast<size_t>(i)])) << "row " << r << ", element " << i;
        }
      }
    }
  }
}

// The output over the input (TH's msort into self): the refill of the
// NaN and zero runs reads the original, so it is copied first.
TYPED_TEST(SortValuesTyped, IntoItsOwnInput) {
  using T = TypeParam;
  std::mt19937 g(5);
  for (const bool transposed : {false, true}) {
    const Shape shape{3, 700};
    Array<T> data(shape, transposed ? Shape{1, 3} : contiguous_strides(shape));
    for (auto& b : data.mem) b.v = awkward_value<T>(g);
    const Array<T> original = data;
    sort_values_dim<T>(operands_of(shape, data, data), 1, false);
    for (int64_t r = 0; r < 3; ++r) {
      const std::vector<T> want = stably_sorted_row(original, r, 700, false);
      for (int64_t i = 0; i < 700; ++i)
        ASSERT_TRUE(same_bits(data.at({r, i}), want[static_cast<size_t>(i)]))
            << "row " << r << ", element " << i << (transposed ? ", strided" : "");
    }
  }
}

TYPED_TEST(SortValuesTyped, OneLongSliceSortsOnEveryThreadCountAlike) {
  using T = TypeParam;
  std::mt19937 g(11);
  const int64_t n = kParallelSortMin * 2 + 5;
  const Shape shape{1, n};
  Array<T> in(shape);
  for (auto& b : in.mem) b.v = awkward_value<T>(g);
  const std::vector<T> want = stably_sorted_row(in, 0, n, false);
  const int saved = get_num_threads();
  for (const int threads : {1, 2, 3}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    set_num_threads(threads);
    Array<T> values(shape);
    sort_values_dim<T>(operands_of(shape, values, in), 1, false);
    for (int64_t i = 0; i < n; ++i)
      ASSERT_TRUE(same_bits(values.at({0, i}), want[static_cast<size_t>(i)])) << "element " << i;
  }
  set_num_threads(saved);
}

template <class K>
class BareKeySortParallel : public ::testing::Test {};
using BareKeys = ::testing::Types<uint8_t, uint16_t, uint32_t, uint64_t>;
TYPED_TEST_SUITE(BareKeySortParallel, BareKeys);

TYPED_TEST(BareKeySortParallel, MatchesStdSortForEveryPartCount) {
  using K = TypeParam;
  std::mt19937_64 g(5);
  for (const int64_t n : {kParallelSortMin - 1, kParallelSortMin * 3 + 11}) {
    for (int pattern = 0; pattern < kKeyPatterns; ++pattern) {
      std::vector<K> input(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) input[static_cast<size_t>(i)] = pattern_key<K>(pattern, i, n, g);
      std::vector<K> want = input;
      std::sort(want.begin(), want.end());
      for (const int threads : {1, 2, 3, 5, 8}) {
        SCOPED_TRACE("n " + std::to_string(n) + ", pattern " + std::to_string(pattern) + ", " +
                     std::to_string(threads) + " threads");
        std::vector<K> a = input, b(input.size());
        const K* got = sample_sort_parallel(a.data(), b.data(), n, threads, [](K k) { return k; }, sort_bare_keys<K>);
        for (int64_t i = 0; i < n; ++i) ASSERT_EQ(got[i], want[static_cast<size_t>(i)]) << "key " << i;
      }
    }
  }
}

}  // namespace
}  // namespace ember::kernels
