// BLAS levels 1 and 2 for every element type, in BLAS's terms: vectors
// are (pointer, increment), matrices column-major with a leading dim. The
// path of the dtypes OpenBLAS has no routine for; Float and Double reach
// OpenBLAS instead (runtime/ops/blas_routines.h).
//
// Increments follow BLAS: element i of an n-vector with increment inc < 0
// is x[(n - 1 - i) * -inc]. Sums run in gemm_acc_t<T> (Note [gemm
// accumulation]); dot returns acc_t<T>, TH's accreal. Like gemm, gemv
// does not read y when beta == 0 nor A and x when alpha == 0 (Note [gemm
// zeros]).
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/gemm.h"
#include "kernels/opmath.h"
#include "kernels/parallel.h"

namespace ember::kernels {

namespace blas_detail {

// The address of element 0 of a vector under BLAS's increment rule.
template <class P>
inline P first(P x, int64_t n, int64_t inc) {
  return inc < 0 && n > 0 ? x + (n - 1) * -inc : x;
}

// Output elements below which gemv stays on one thread.
constexpr int64_t kGemvGrain = 1 << 16;

}  // namespace blas_detail

// sum x[i] * y[i] in acc_t<T>, in kLanes-style independent partial sums
// when both vectors are dense (vectorizable; the order depends on n only).
template <class T>
acc_t<T> dot(int64_t n, const T* x, int64_t incx, const T* y, int64_t incy) {
  using Acc = acc_t<T>;
  if (n <= 0) return Acc(0);
  x = blas_detail::first(x, n, incx);
  y = blas_detail::first(y, n, incy);
  constexpr int L = 16;
  Acc lanes[L] = {};
  int64_t i = 0;
  if (incx == 1 && incy == 1) {
    for (; i + L <= n; i += L) {
#pragma GCC unroll 16
      for (int j = 0; j < L; ++j) lanes[j] += static_cast<Acc>(x[i + j]) * static_cast<Acc>(y[i + j]);
    }
  }
  for (int j = 0; i < n; ++i, j = (j + 1) % L)
    lanes[j] += static_cast<Acc>(x[i * incx]) * static_cast<Acc>(y[i * incy]);
  for (int w = L / 2; w >= 1; w /= 2)
    for (int j = 0; j < w; ++j) lanes[j] += lanes[j + w];
  return lanes[0];
}

// y = alpha * op(A) x + beta * y; A is m x n column-major (lda), op(A) = A^T
// when trans (then x has m elements and y n).
template <class T>
void gemv(bool trans, int64_t m, int64_t n, gemm_acc_t<T> alpha, const T* a, int64_t lda, const T* x, int64_t incx,
          gemm_acc_t<T> beta, T* y, int64_t incy) {
  using A = gemm_acc_t<T>;
  const int64_t leny = trans ? n : m, lenx = trans ? m : n;
  if (leny <= 0) return;
  y = blas_detail::first(y, leny, incy);
  x = blas_detail::first(x, lenx, incx);
  auto finish = [&](int64_t i, A sum) {
    T& yi = y[i * incy];
    yi = beta == A(0) ? static_cast<T>(alpha * sum) : static_cast<T>(beta * static_cast<A>(yi) + alpha * sum);
  };
  if (lenx <= 0 || alpha == A(0)) {
    for (int64_t i = 0; i < leny; ++i) finish(i, A(0));
    return;
  }
  const int64_t grain = std::max<int64_t>(1, blas_detail::kGemvGrain / lenx);
  if (trans) {
    // y[j] takes column j of A: a dense dot per output.
    parallel_for(0, n, grain, [&](int64_t j0, int64_t j1) {
      for (int64_t j = j0; j < j1; ++j) {
        const T* col = a + j * lda;
        A s(0);
        for (int64_t i = 0; i < m; ++i) s += static_cast<A>(col[i]) * static_cast<A>(x[i * incx]);
        finish(j, s);
      }
    });
    return;
  }
  // y[i] sums along row i: columns are walked densely, 64 rows at a time
  // into accumulators that stay in registers.
  parallel_for(0, (m + 63) / 64, std::max<int64_t>(1, grain / 64), [&](int64_t b0, int64_t b1) {
    for (int64_t r0 = b0 * 64; r0 < std::min(m, b1 * 64); r0 += 64) {
      const int64_t rows = std::min<int64_t>(64, m - r0);
      A acc[64] = {};
      for (int64_t j = 0; j < n; ++j) {
        const T* col = a + r0 + j * lda;
        const A xj = static_cast<A>(x[j * incx]);
        if (rows == 64) {
#pragma omp simd
          for (int i = 0; i < 64; ++i) acc[i] += static_cast<A>(col[i]) * xj;
        } else {
          for (int64_t i = 0; i < rows; ++i) acc[i] += static_cast<A>(col[i]) * xj;
        }
      }
      for (int64_t i = 0; i < rows; ++i) finish(r0 + i, acc[i]);
    }
  });
}

// A (m x n, lda) = beta * A + alpha * x y^T, each element rounded once;
// beta == 0 does not read A.
template <class T>
void ger(int64_t m, int64_t n, gemm_acc_t<T> alpha, const T* x, int64_t incx, const T* y, int64_t incy, T* a,
         int64_t lda, gemm_acc_t<T> beta = gemm_acc_t<T>(1)) {
  using A = gemm_acc_t<T>;
  if (m <= 0 || n <= 0) return;
  if (alpha == A(0)) return scale_matrix<T>(m, n, beta, a, lda);
  x = blas_detail::first(x, m, incx);
  y = blas_detail::first(y, n, incy);
  parallel_for(0, n, std::max<int64_t>(1, kGrain / m), [&](int64_t j0, int64_t j1) {
    for (int64_t j = j0; j < j1; ++j) {
      T* col = a + j * lda;
      const A z = alpha * static_cast<A>(y[j * incy]);
      if (beta == A(0)) {
        for (int64_t i = 0; i < m; ++i) col[i] = static_cast<T>(z * static_cast<A>(x[i * incx]));
      } else if (beta == A(1)) {
        for (int64_t i = 0; i < m; ++i) col[i] = static_cast<T>(static_cast<A>(col[i]) + z * static_cast<A>(x[i * incx]));
      } else {
        for (int64_t i = 0; i < m; ++i)
          col[i] = static_cast<T>(beta * static_cast<A>(col[i]) + z * static_cast<A>(x[i * incx]));
      }
    }
  });
}

// y += alpha * x
template <class T>
void axpy(int64_t n, gemm_acc_t<T> alpha, const T* x, int64_t incx, T* y, int64_t incy) {
  using A = gemm_acc_t<T>;
  if (n <= 0) return;
  x = blas_detail::first(x, n, incx);
  y = blas_detail::first(y, n, incy);
  for (int64_t i = 0; i < n; ++i) y[i * incy] = static_cast<T>(static_cast<A>(y[i * incy]) + alpha * static_cast<A>(x[i * incx]));
}

// x *= alpha; as reference BLAS, nothing happens for inc <= 0, and (as
// OpenBLAS) alpha == 0 writes zeros.
template <class T>
void scal(int64_t n, gemm_acc_t<T> alpha, T* x, int64_t incx) {
  using A = gemm_acc_t<T>;
  if (n <= 0 || incx <= 0) return;
  for (int64_t i = 0; i < n; ++i)
    x[i * incx] = alpha == A(0) ? T(0) : static_cast<T>(alpha * static_cast<A>(x[i * incx]));
}

// y = x
template <class T>
void copy(int64_t n, const T* x, int64_t incx, T* y, int64_t incy) {
  if (n <= 0) return;
  x = blas_detail::first(x, n, incx);
  y = blas_detail::first(y, n, incy);
  for (int64_t i = 0; i < n; ++i) y[i * incy] = x[i * incx];
}

// x <-> y
template <class T>
void swap(int64_t n, T* x, int64_t incx, T* y, int64_t incy) {
  if (n <= 0) return;
  x = blas_detail::first(x, n, incx);
  y = blas_detail::first(y, n, incy);
  for (int64_t i = 0; i < n; ++i) std::swap(x[i * incx], y[i * incy]);
}

}  // namespace ember::kernels
