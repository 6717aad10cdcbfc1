// softmax_rows and logsumexp_rows (Note [softmax by rows]) against naive
// long double references, on rows of every length around the reductions'
// lane and block sizes, rows of special values, and the same bits on one
// and two threads (each thread takes a scratch row of its own).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "kernels/parallel.h"
#include "kernels/softmax_rows.h"

namespace ember::kernels {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

template <class T>
std::vector<T> random_rows(int64_t rows, int64_t n, double scale, uint32_t seed) {
  std::mt19937 g(seed);
  std::normal_distribution<double> normal(0.0, scale);
  std::vector<T> v(static_cast<size_t>(rows * n));
  for (T& x : v) x = static_cast<T>(normal(g));
  return v;
}

// max, then sum of exp(x - max), in long double.
template <class T>
void reference_row(const T* x, int64_t n, long double& m, long double& total) {
  m = -INFINITY;
  for (int64_t i = 0; i < n; ++i) m = std::max<long double>(m, x[i]);
  total = 0;
  for (int64_t i = 0; i < n; ++i) total += std::exp(static_cast<long double>(x[i]) - m);
}

template <class T>
class SoftmaxRowsTyped : public ::testing::Test {};
using SoftmaxTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SoftmaxRowsTyped, SoftmaxTypes);

TYPED_TEST(SoftmaxRowsTyped, MatchLongDouble) {
  using T = TypeParam;
  const double tol = std::is_same_v<T, float> ? 4e-6 : 1e-13;
  for (int64_t n : {1, 2, 31, 64, 65, 1000, 8192, 8193, 20000}) {
    SCOPED_TRACE(n);
    const int64_t rows = 3;
    const std::vector<T> x = random_rows<T>(rows, n, 30.0, static_cast<uint32_t>(n));
    std::vector<T> soft(x.size()), log_soft(x.size()), lse(static_cast<size_t>(rows));
    softmax_rows(x.data(), soft.data(), rows, n, SoftmaxForm::Softmax);
    softmax_rows(x.data(), log_soft.data(), rows, n, SoftmaxForm::LogSoftmax);
    logsumexp_rows(x.data(), lse.data(), rows, n);
    for (int64_t r = 0; r < rows; ++r) {
      long double m, total;
      reference_row(x.data() + r * n, n, m, total);
      const double want_lse = static_cast<double>(std::log(total) + m);
      EXPECT_NEAR(lse[static_cast<size_t>(r)], want_lse, tol * std::fabs(want_lse) + tol);
      for (int64_t i = 0; i < n; ++i) {
        const size_t k = static_cast<size_t>(r * n + i);
        const long double shifted = static_cast<long double>(x[k]) - m;
        const double want = static_cast<double>(std::exp(shifted) / total);
        // Below T's normal range only absolute accuracy is left.
        const double floor = 4 * static_cast<double>(std::numeric_limits<T>::denorm_min());
        ASSERT_NEAR(soft[k], want, tol * want + floor) << "row " << r << " element " << i;
        const double want_log = static_cast<double>(shifted - std::log(total));
        ASSERT_NEAR(log_soft[k], want_log, tol * std::fabs(want_log) + tol) << "row " << r << " element " << i;
      }
    }
  }
}

// Rows holding -inf, only -inf, +inf, NaN: softmax NaN where the largest
// element is infinite or NaN, 0 at -inf otherwise; logsumexp +inf, -inf,
// NaN as the composition gives (runtime/ops/softmax.cpp).
TYPED_TEST(SoftmaxRowsTyped, SpecialRows) {
  using T = TypeParam;
  const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
  const std::vector<T> x = {1, -inf, 1, -inf, -inf, -inf, 1, inf, 0, 1, nan, 2};
  std::vector<T> soft(x.size()), lse(4);
  softmax_rows(x.data(), soft.data(), 4, 3, SoftmaxForm::Softmax);
  logsumexp_rows(x.data(), lse.data(), 4, 3);
  EXPECT_EQ(soft[0], T(0.5));
  EXPECT_EQ(soft[1], T(0));
  EXPECT_EQ(soft[2], T(0.5));
  for (int i = 3; i < 12; ++i) EXPECT_TRUE(std::isnan(soft[static_cast<size_t>(i)])) << i;
  EXPECT_NEAR(lse[0], 1 + std::log(2.0), 1e-6);
  EXPECT_EQ(lse[1], -inf);
  EXPECT_EQ(lse[2], inf);
  EXPECT_TRUE(std::isnan(lse[3]));
}

TYPED_TEST(SoftmaxRowsTyped, ThreadCountDoesNotChangeBits) {
  using T = TypeParam;
  const int64_t rows = 300, n = 777;
  const std::vector<T> x = random_rows<T>(rows, n, 5.0, 11);
  const int saved = get_num_threads();
  std::vector<T> soft[2], lse[2];
  for (int t = 0; t < 2; ++t) {
    set_num_threads(t + 1);
    soft[t].resize(x.size());
    lse[t].resize(static_cast<size_t>(rows));
    softmax_rows(x.data(), soft[t].data(), rows, n, SoftmaxForm::Softmax);
    logsumexp_rows(x.data(), lse[t].data(), rows, n);
  }
  set_num_threads(saved);
  EXPECT_EQ(soft[0], soft[1]);
  EXPECT_EQ(lse[0], lse[1]);
}

}  // namespace
}  // namespace ember::kernels
