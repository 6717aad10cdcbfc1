// GEMV, GER and DOT rewritten as one GEMM each (runtime/ops/blas_as_gemm.h,
// how CUDA tensors reach cuBLAS) give what the routines define, checked
// on the host: the rewritten call runs through the CPU's GEMM (OpenBLAS for
// double, the generic kernel for int64) against naive loops. The values
// are small integers, so every sum is exact and the comparison is too.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "runtime/ops/blas_as_gemm.h"

namespace ember::rt {
namespace {

template <class T>
std::vector<T> values(size_t n, int seed) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<T>(static_cast<int>((i * 7 + static_cast<size_t>(seed) * 13) % 11) - 5);
  return v;
}

template <class T>
class BlasAsGemm : public ::testing::Test {};
using Types = ::testing::Types<double, int64_t>;
TYPED_TEST_SUITE(BlasAsGemm, Types);

TYPED_TEST(BlasAsGemm, GemvEitherTransposeAndIncrements) {
  using T = TypeParam;
  const int64_t m = 5, n = 3, lda = 7;
  for (bool trans : {false, true})
    for (int64_t incx : {1, 3})
      for (int64_t incy : {1, 2}) {
        const int64_t rows = trans ? n : m, depth = trans ? m : n;
        const std::vector<T> a = values<T>(static_cast<size_t>(lda * n), 1);
        const std::vector<T> x = values<T>(static_cast<size_t>(depth * incx), 2);
        std::vector<T> y = values<T>(static_cast<size_t>(rows * incy), 3);
        std::vector<T> want = y;
        for (int64_t i = 0; i < rows; ++i) {
          T s = 0;
          for (int64_t j = 0; j < depth; ++j)
            s += (trans ? a[static_cast<size_t>(i * lda + j)] : a[static_cast<size_t>(j * lda + i)]) *
                 x[static_cast<size_t>(j * incx)];
          want[static_cast<size_t>(i * incy)] = 2 * s + 3 * y[static_cast<size_t>(i * incy)];
        }
        const GemvCall g{trans, m, n, Scalar(2), a.data(), lda, x.data(), incx, Scalar(3), y.data(), incy};
        blas_gemm<T>(gemv_as_gemm(g));
        EXPECT_EQ(y, want) << "trans " << trans << " incx " << incx << " incy " << incy;
      }
}

TYPED_TEST(BlasAsGemm, GerWithBetaAndIncrements) {
  using T = TypeParam;
  const int64_t m = 4, n = 3, lda = 6;
  for (int64_t incx : {1, 2})
    for (int64_t incy : {1, 4}) {
      const std::vector<T> x = values<T>(static_cast<size_t>(m * incx), 4);
      const std::vector<T> y = values<T>(static_cast<size_t>(n * incy), 5);
      std::vector<T> a = values<T>(static_cast<size_t>(lda * n), 6);
      std::vector<T> want = a;
      for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < m; ++i) {
          const size_t at = static_cast<size_t>(j * lda + i);
          want[at] = -1 * a[at] + 2 * x[static_cast<size_t>(i * incx)] * y[static_cast<size_t>(j * incy)];
        }
      const GerCall g{m, n, Scalar(2), x.data(), incx, y.data(), incy, Scalar(-1), a.data(), lda};
      blas_gemm<T>(ger_as_gemm(g));
      EXPECT_EQ(a, want) << "incx " << incx << " incy " << incy;
    }
}

TYPED_TEST(BlasAsGemm, DotWithIncrementsAndEmpty) {
  using T = TypeParam;
  for (int64_t n : {0, 1, 9})
    for (int64_t incx : {1, 3})
      for (int64_t incy : {1, 2}) {
        const std::vector<T> x = values<T>(static_cast<size_t>(n * incx + 1), 7);
        const std::vector<T> y = values<T>(static_cast<size_t>(n * incy + 1), 8);
        T want = 0;
        for (int64_t i = 0; i < n; ++i) want += x[static_cast<size_t>(i * incx)] * y[static_cast<size_t>(i * incy)];
        T got = 99;  // the product overwrites it, also when n == 0
        blas_gemm<T>(dot_as_gemm(n, x.data(), incx, y.data(), incy, &got));
        EXPECT_EQ(got, want) << "n " << n << " incx " << incx << " incy " << incy;
      }
}

}  // namespace
}  // namespace ember::rt
