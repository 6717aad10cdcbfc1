// kernels/blas.h (BLAS levels 1 and 2) against naive loops for every
// element type, with BLAS's increment rule (negative increments walk from
// the end) and Note [gemm zeros].
#include "kernels/blas.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "kernels/parallel.h"
#include "tests/kernels/blas_reference.h"

namespace ember::kernels::testing {
namespace {

// Element i of an n-vector at x with increment inc, by BLAS's rule.
template <class V>
auto& element(V& x, int64_t n, int64_t inc, int64_t i) {
  return inc >= 0 ? x[i * inc] : x[(n - 1 - i) * -inc];
}

template <class T>
class BlasTest : public ::testing::Test {};
using ElementTypes = ::testing::Types<uint8_t, int8_t, int16_t, int32_t, int64_t, float, double, Half, BFloat16>;
TYPED_TEST_SUITE(BlasTest, ElementTypes);

TYPED_TEST(BlasTest, Dot) {
  using T = TypeParam;
  for (int64_t n : {0, 1, 15, 16, 17, 1000}) {
    for (auto [incx, incy] : {std::pair<int64_t, int64_t>{1, 1}, {2, 3}, {-1, 1}, {3, -2}}) {
      const std::vector<T> x = random_values<T>(std::max<int64_t>(n, 1) * std::abs(incx), 11);
      const std::vector<T> y = random_values<T>(std::max<int64_t>(n, 1) * std::abs(incy), 12);
      RefNum<T> want = 0;
      long double mass = 0;
      for (int64_t i = 0; i < n; ++i) {
        const RefNum<T> p = ref_of(element(x, n, incx, i)) * ref_of(element(y, n, incy, i));
        want += p;
        mass += magnitude<T>(p);
      }
      const acc_t<T> got = dot<T>(n, x.data(), incx, y.data(), incy);
      if constexpr (std::is_integral_v<T>) {
        EXPECT_EQ(static_cast<uint64_t>(got), want) << "n " << n;  // int64 sums: exact modulo 2^64
      } else {
        EXPECT_LE(std::fabs(static_cast<long double>(got) - want), mass * (n + 2) * acc_eps<T>()) << "n " << n;
      }
    }
  }
}

TYPED_TEST(BlasTest, Gemv) {
  using T = TypeParam;
  using A = gemm_acc_t<T>;
  const double alpha = std::is_integral_v<T> ? -3 : 1.5, beta = std::is_integral_v<T> ? 5 : -0.5;
  for (auto [m, n] : {std::pair<int64_t, int64_t>{1, 1}, {7, 5}, {64, 3}, {130, 70}, {3, 200}}) {
    for (bool trans : {false, true}) {
      for (auto [incx, incy] : {std::pair<int64_t, int64_t>{1, 1}, {2, -1}, {-3, 2}}) {
        const int64_t lda = m + 2, lenx = trans ? m : n, leny = trans ? n : m;
        const std::vector<T> a = random_values<T>(lda * n, 21), x = random_values<T>(lenx * std::abs(incx), 22);
        const std::vector<T> y0 = random_values<T>(leny * std::abs(incy), 23);
        std::vector<T> y = y0;
        gemv<T>(trans, m, n, static_cast<A>(alpha), a.data(), lda, x.data(), incx, static_cast<A>(beta), y.data(), incy);
        for (int64_t i = 0; i < leny; ++i) {
          RefNum<T> sum = 0;
          long double mass = 0;
          for (int64_t j = 0; j < lenx; ++j) {
            const T aij = trans ? a[j + i * lda] : a[i + j * lda];
            const RefNum<T> p = ref_of(aij) * ref_of(element(x, lenx, incx, j));
            sum += p;
            mass += magnitude<T>(p);
          }
          const RefNum<T> by = ref_scalar<T>(beta) * ref_of(element(y0, leny, incy, i));
          const RefNum<T> want = ref_scalar<T>(alpha) * sum + by;
          ASSERT_TRUE(close(element(y, leny, incy, i), want, mass * std::fabs(alpha) + magnitude<T>(by), lenx))
              << "m " << m << " n " << n << " trans " << trans << " i " << i;
        }
      }
    }
  }
}

TYPED_TEST(BlasTest, Ger) {
  using T = TypeParam;
  using A = gemm_acc_t<T>;
  const double alpha = std::is_integral_v<T> ? 7 : -2;
  for (auto [m, n] : {std::pair<int64_t, int64_t>{1, 1}, {9, 4}, {40, 33}}) {
    for (auto [incx, incy] : {std::pair<int64_t, int64_t>{1, 1}, {-2, 3}}) {
      const int64_t lda = m + 1;
      const std::vector<T> x = random_values<T>(m * std::abs(incx), 31), y = random_values<T>(n * std::abs(incy), 32);
      const std::vector<T> a0 = random_values<T>(lda * n, 33);
      std::vector<T> a = a0;
      ger<T>(m, n, static_cast<A>(alpha), x.data(), incx, y.data(), incy, a.data(), lda);
      for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < m; ++i) {
          const RefNum<T> xy = ref_scalar<T>(alpha) * ref_of(element(x, m, incx, i)) * ref_of(element(y, n, incy, j));
          const RefNum<T> want = ref_of(a0[i + j * lda]) + xy;
          ASSERT_TRUE(close(a[i + j * lda], want, magnitude<T>(xy) + magnitude<T>(ref_of(a0[i + j * lda])), 2));
        }
    }
  }
}

TYPED_TEST(BlasTest, Level1) {
  using T = TypeParam;
  using A = gemm_acc_t<T>;
  const int64_t n = 37;
  for (auto [incx, incy] : {std::pair<int64_t, int64_t>{1, 1}, {3, -2}, {-1, 4}}) {
    const std::vector<T> x0 = random_values<T>(n * std::abs(incx), 41), y0 = random_values<T>(n * std::abs(incy), 42);
    std::vector<T> x = x0, y = y0;
    const double alpha = std::is_integral_v<T> ? 3 : 0.5;
    axpy<T>(n, static_cast<A>(alpha), x.data(), incx, y.data(), incy);
    for (int64_t i = 0; i < n; ++i) {
      const RefNum<T> ax = ref_scalar<T>(alpha) * ref_of(element(x0, n, incx, i));
      ASSERT_TRUE(close(element(y, n, incy, i), ref_of(element(y0, n, incy, i)) + ax,
                        magnitude<T>(ax) + magnitude<T>(ref_of(element(y0, n, incy, i))), 1));
    }
    y = y0;
    copy<T>(n, x.data(), incx, y.data(), incy);
    for (int64_t i = 0; i < n; ++i) ASSERT_TRUE(close(element(y, n, incy, i), ref_of(element(x0, n, incx, i)), 0, 0));
    y = y0;
    swap<T>(n, x.data(), incx, y.data(), incy);
    for (int64_t i = 0; i < n; ++i) {
      ASSERT_TRUE(close(element(y, n, incy, i), ref_of(element(x0, n, incx, i)), 0, 0));
      ASSERT_TRUE(close(element(x, n, incx, i), ref_of(element(y0, n, incy, i)), 0, 0));
    }
  }
  // scal: x *= a for inc > 0, nothing for inc <= 0, zeros for a == 0.
  std::vector<T> x = random_values<T>(2 * n, 43);
  const std::vector<T> x0 = x;
  scal<T>(n, static_cast<A>(std::is_integral_v<T> ? -5 : 4), x.data(), 2);
  for (int64_t i = 0; i < 2 * n; ++i) {
    const RefNum<T> want = i % 2 ? ref_of(x0[i]) : ref_scalar<T>(std::is_integral_v<T> ? -5 : 4) * ref_of(x0[i]);
    ASSERT_TRUE(close(x[i], want, magnitude<T>(want), 0));
  }
  scal<T>(n, A(0), x.data(), -1);
  scal<T>(n, A(0), x.data(), 1);
  for (int64_t i = 0; i < n; ++i) ASSERT_TRUE(close(x[i], 0, 0, 0));
}

TEST(Blas, ZerosDoNotRead) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> a(6, 1.0), x(3, 2.0), y(2, nan);
  gemv<double>(false, 2, 3, 1.0, a.data(), 2, x.data(), 1, 0.0, y.data(), 1);
  EXPECT_EQ(y[0], 6.0);
  EXPECT_EQ(y[1], 6.0);
  std::vector<double> an(6, nan), y2(2, 3.0);
  gemv<double>(true, 3, 2, 0.0, an.data(), 3, an.data(), 1, 2.0, y2.data(), 1);
  EXPECT_EQ(y2[0], 6.0);
  EXPECT_EQ(y2[1], 6.0);
}

TEST(Blas, GemvThreadCountDoesNotChangeResults) {
  const int64_t m = 3000, n = 300;
  const std::vector<float> a = random_values<float>(m * n, 51), x = random_values<float>(std::max(m, n), 52);
  const int before = get_num_threads();
  for (bool trans : {false, true}) {
    std::vector<float> y1(std::max(m, n)), y2(std::max(m, n));
    set_num_threads(1);
    gemv<float>(trans, m, n, 1.0f, a.data(), m, x.data(), 1, 0.0f, y1.data(), 1);
    set_num_threads(2);
    gemv<float>(trans, m, n, 1.0f, a.data(), m, x.data(), 1, 0.0f, y2.data(), 1);
    EXPECT_EQ(y1, y2) << "trans " << trans;
  }
  set_num_threads(before);
}

}  // namespace
}  // namespace ember::kernels::testing
