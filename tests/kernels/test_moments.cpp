// moments_of_block (Note [variance by blocks]) and the variance reductions
// that take it, against two-pass references in long double.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "kernels/moments.h"
#include "kernels/parallel.h"
#include "kernels/reduce.h"
#include "kernels/reducers.h"
#include "tests/kernels/kernel_test_util.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

struct Reference {
  long double mean, m2;
};

template <class T>
Reference two_pass(const std::vector<T>& v) {
  long double sum = 0, m2 = 0;
  for (const T& x : v) sum += as_double(x);
  const long double mean = sum / static_cast<long double>(v.size());
  for (const T& x : v) m2 += (as_double(x) - mean) * (as_double(x) - mean);
  return {mean, m2};
}

void expect_relative(double got, long double want, double tolerance) {
  EXPECT_LE(std::fabs(static_cast<double>(got - want)), tolerance * std::fabs(static_cast<double>(want)) + 1e-300)
      << got << " vs " << static_cast<double>(want);
}

template <class T>
class MomentsTyped : public ::testing::Test {};
using MomentTypes = ::testing::Types<float, double, Half, int32_t>;
TYPED_TEST_SUITE(MomentsTyped, MomentTypes);

// Lengths around the 32-element step and up to a whole block, values
// offset from zero by 100 times their spread (a mean the sum of squares
// alone would cancel against).
TYPED_TEST(MomentsTyped, BlockMatchesTwoPassInLongDouble) {
  using T = TypeParam;
  std::mt19937 g(7);
  for (int64_t n : {1, 2, 7, 31, 32, 33, 100, 1000, 8191, 8192}) {
    SCOPED_TRACE(n);
    std::vector<T> v(static_cast<size_t>(n));
    for (T& x : v) x = T(static_cast<float>(random_value<T>(g)) + 800.0f);
    const Moments m = moments_of_block(v.data(), n);
    const Reference want = two_pass(v);
    EXPECT_EQ(m.n, static_cast<double>(n));
    expect_relative(m.mean, want.mean, 1e-15);
    if (n == 1) EXPECT_EQ(m.m2, 0.0);
    else expect_relative(m.m2, want.m2, 1e-11);
  }
}

// 1e9 + k for k < n: every element and the mean's deviations are exact
// in double, so m2 is n (n^2 - 1) / 12 exactly.
TEST(Moments, LargeOffsetDoesNotCancel) {
  for (int64_t n : {5, 32, 1001, 8192}) {
    std::vector<double> v(static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) v[static_cast<size_t>(k)] = 1e9 + static_cast<double>(k);
    const Moments m = moments_of_block(v.data(), n);
    const long double exact = static_cast<long double>(n) * (static_cast<long double>(n) * n - 1) / 12;
    expect_relative(m.m2, exact, 1e-14);
    expect_relative(m.mean, 1e9 + (n - 1) / 2.0L, 1e-16);
  }
}

TEST(Moments, NaNAndInfinitiesGiveNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  for (int64_t n : {1, 40, 8192})
    for (int64_t at : {int64_t{0}, n / 2, n - 1})
      for (float special : {nan, inf, -inf}) {
        std::vector<float> v(static_cast<size_t>(n), 1.5f);
        v[static_cast<size_t>(at)] = special;
        EXPECT_TRUE(std::isnan(moments_of_block(v.data(), n).m2)) << n << " " << at << " " << special;
      }
}

// Through reduce_all: dense runs of several blocks and rows of a 2-d
// view take moments_of_block; strided and transposed ones Welford's
// lanes. The same variance from each.
TEST(Moments, VarianceOfEveryLayoutMatchesTwoPass) {
  std::mt19937 g(11);
  const std::vector<std::pair<Shape, Shape>> layouts = {
      {{3 * 8192 + 5}, {1}}, {{50, 999}, {1000, 1}}, {{5000}, {3}}, {{301, 203}, permuted_strides({301, 203}, {1, 0})}};
  for (const auto& [shape, strides] : layouts) {
    Array<float> a(shape, strides);
    fill_random(a, g);
    std::vector<float> v;
    for_each_index(shape, [&](const Shape& i) { v.push_back(a.at(i) + 100.0f); });
    size_t k = 0;
    for_each_index(shape, [&](const Shape& i) { a.at(i) = v[k++]; });
    const Reference want = two_pass(v);
    for (const bool unbiased : {false, true}) {
      const Variance<float> var{unbiased ? 1.0 : 0.0, false};
      const double got = var.finalize(reduce_all<float>(operands_of(shape, a), var), 0);
      expect_relative(got, want.m2 / (static_cast<long double>(v.size()) - (unbiased ? 1 : 0)), 1e-12);
    }
  }
}

TEST(Moments, ThreadCountDoesNotChangeVariance) {
  std::mt19937 g(13);
  for (const auto& [shape, strides] : std::vector<std::pair<Shape, Shape>>{{{1 << 20}, {1}}, {{600, 1000}, {1001, 1}}}) {
    Array<float> a(shape, strides);
    fill_random(a, g);
    const Variance<float> var{1.0, false};
    const int saved = get_num_threads();
    set_num_threads(1);
    const Moments one = reduce_all<float>(operands_of(shape, a), var);
    set_num_threads(2);
    const Moments two = reduce_all<float>(operands_of(shape, a), var);
    set_num_threads(saved);
    EXPECT_TRUE(same_bits(one.mean, two.mean) && same_bits(one.m2, two.m2)) << one.m2 << " vs " << two.m2;
  }
}

}  // namespace
}  // namespace ember::kernels
