// logsumexp_columns and softmax_columns (Note [softmax by columns])
// against naive long double references, on shapes around the sum's runs
// and the column blocks, columns of special values, nothing written past
// the output, and the same bits on one and two threads. Their bits
// against the composition: tests/python/test_softmax_columns.py.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "kernels/softmax_columns.h"
#include "kernels/parallel.h"

namespace ember::kernels {
namespace {

template <class T>
std::vector<T> random_values(int64_t count, double scale, uint32_t seed) {
  std::mt19937 g(seed);
  std::normal_distribution<double> normal(0.0, scale);
  std::vector<T> v(static_cast<size_t>(count));
  for (T& x : v) x = static_cast<T>(normal(g));
  return v;
}

// The largest of x[o, :, j] and the sum of exp(x[o, :, j] - it), in long
// double.
template <class T>
void reference_column(const std::vector<T>& x, int64_t n, int64_t inner, int64_t o, int64_t j, long double& m,
                      long double& total) {
  m = -INFINITY;
  for (int64_t k = 0; k < n; ++k) m = std::max<long double>(m, x[static_cast<size_t>((o * n + k) * inner + j)]);
  total = 0;
  for (int64_t k = 0; k < n; ++k) total += std::exp(x[static_cast<size_t>((o * n + k) * inner + j)] - m);
}

template <class T>
long double reference(const std::vector<T>& x, int64_t n, int64_t inner, int64_t o, int64_t j) {
  long double m, total;
  reference_column(x, n, inner, o, j, m, total);
  return std::log(total) + m;
}

template <class T>
class SoftmaxColumnsTyped : public ::testing::Test {};
using SoftmaxColumnTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SoftmaxColumnsTyped, SoftmaxColumnTypes);

TYPED_TEST(SoftmaxColumnsTyped, LogsumexpMatchesLongDouble) {
  using T = TypeParam;
  const double tol = std::is_same_v<T, float> ? 2e-6 : 1e-14;
  for (const int64_t outer : {1, 3})
    for (const int64_t n : {1, 7, 8, 9, 17, 64})
      for (const int64_t inner : {2, 15, 16, 17, 2047, 2049}) {
        const std::vector<T> x = random_values<T>(outer * n * inner, 10.0, static_cast<uint32_t>(n * 7919 + inner));
        std::vector<T> out(static_cast<size_t>(outer * inner + 5), T(-7));
        logsumexp_columns(x.data(), out.data(), outer, n, inner);
        for (int64_t o = 0; o < outer; ++o)
          for (int64_t j = 0; j < inner; ++j) {
            const long double want = reference(x, n, inner, o, j);
            ASSERT_NEAR(out[static_cast<size_t>(o * inner + j)], static_cast<double>(want),
                        tol * std::max(1.0L, std::fabs(want)))
                << outer << "x" << n << "x" << inner << " at " << o << ", " << j;
          }
        for (size_t i = static_cast<size_t>(outer * inner); i < out.size(); ++i) EXPECT_EQ(out[i], T(-7));
      }
}

TYPED_TEST(SoftmaxColumnsTyped, SoftmaxMatchesLongDouble) {
  using T = TypeParam;
  const double tol = std::is_same_v<T, float> ? 2e-6 : 1e-14;
  for (const int64_t outer : {1, 3})
    for (const int64_t n : {1, 7, 9, 64})
      for (const int64_t inner : {2, 17, 2049}) {
        const int64_t count = outer * n * inner;
        const std::vector<T> x = random_values<T>(count, 10.0, static_cast<uint32_t>(n * 31 + inner));
        std::vector<T> soft(static_cast<size_t>(count + 5), T(-7)), log_soft(soft);
        softmax_columns(x.data(), soft.data(), outer, n, inner, SoftmaxForm::Softmax);
        softmax_columns(x.data(), log_soft.data(), outer, n, inner, SoftmaxForm::LogSoftmax);
        for (int64_t o = 0; o < outer; ++o)
          for (int64_t j = 0; j < inner; ++j) {
            long double m, total;
            reference_column(x, n, inner, o, j, m, total);
            for (int64_t k = 0; k < n; ++k) {
              const size_t at = static_cast<size_t>((o * n + k) * inner + j);
              const long double shifted = x[at] - m;
              ASSERT_NEAR(soft[at], static_cast<double>(std::exp(shifted) / total), tol)
                  << outer << "x" << n << "x" << inner << " at " << o << ", " << k << ", " << j;
              const long double want = shifted - std::log(total);
              ASSERT_NEAR(log_soft[at], static_cast<double>(want), tol * std::max(1.0L, std::fabs(want)));
            }
          }
        for (size_t i = static_cast<size_t>(count); i < soft.size(); ++i) {
          EXPECT_EQ(soft[i], T(-7));
          EXPECT_EQ(log_soft[i], T(-7));
        }
      }
}

TYPED_TEST(SoftmaxColumnsTyped, LogsumexpOfSpecialColumns) {
  using T = TypeParam;
  const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
  const T big = std::numeric_limits<T>::max();
  const int64_t n = 5, inner = 6;
  // Columns: all -inf, one +inf, one NaN, huge values, constant, -inf and finite.
  std::vector<T> x(static_cast<size_t>(n * inner));
  for (int64_t k = 0; k < n; ++k) {
    T* row = x.data() + k * inner;
    row[0] = -inf;
    row[1] = k == 2 ? inf : T(1);
    row[2] = k == 4 ? nan : T(1);
    row[3] = big;
    row[4] = T(3);
    row[5] = k % 2 ? -inf : T(2);
  }
  std::vector<T> out(static_cast<size_t>(inner));
  logsumexp_columns(x.data(), out.data(), 1, n, inner);
  EXPECT_EQ(out[0], -inf);
  EXPECT_EQ(out[1], inf);
  EXPECT_TRUE(std::isnan(out[2]));
  EXPECT_EQ(out[3], big);  // big + log(5) rounds to big
  EXPECT_NEAR(out[4], 3 + std::log(5.0), 1e-6);
  EXPECT_NEAR(out[5], 2 + std::log(3.0), 1e-6);
}

TYPED_TEST(SoftmaxColumnsTyped, ThreadCountDoesNotChangeBits) {
  using T = TypeParam;
  for (const int64_t outer : {1, 5}) {
    const int64_t n = 301, inner = 4099;
    const std::vector<T> x = random_values<T>(outer * n * inner, 5.0, 17);
    const int saved = get_num_threads();
    std::vector<T> out[2], soft[2];
    for (int t = 0; t < 2; ++t) {
      set_num_threads(t + 1);
      out[t].resize(static_cast<size_t>(outer * inner));
      soft[t].resize(x.size());
      logsumexp_columns(x.data(), out[t].data(), outer, n, inner);
      softmax_columns(x.data(), soft[t].data(), outer, n, inner, SoftmaxForm::Softmax);
    }
    set_num_threads(saved);
    EXPECT_EQ(out[0], out[1]) << outer;
    EXPECT_EQ(soft[0], soft[1]) << outer;
  }
}

}  // namespace
}  // namespace ember::kernels
