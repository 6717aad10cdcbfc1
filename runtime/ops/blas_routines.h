// One call of a BLAS routine, described without a dtype, and the
// per-dtype routines the generated dispatch of each matrix-product op
// instantiates (runtime/ops/blas_plan.h prepares the calls from tensors; the
// TH C functions THBlas_* reach the same routines). Float and Double go
// to OpenBLAS where its int arguments reach; everything else, and
// everything when OpenBLAS is missing, runs the generic loops of
// kernels/gemm.h and kernels/blas.h. The semantics do not depend on the
// path: Note [gemm zeros] holds for both (the cases OpenBLAS might treat
// otherwise never reach it).
#pragma once

#include <climits>
#include <cstdint>
#include <type_traits>

#include "ember/error.h"
#include "ember/kernel_log.h"
#include "ember/scalar.h"
#include "kernels/blas.h"
#include "kernels/gemm.h"
#include "runtime/ops/openblas.h"

namespace ember::rt {

// C = alpha * op(A) op(B) + beta * C, column-major (kernels/gemm.h), for
// `batch` matrices `stride_*` elements apart. `accumulate`: one C takes
// every product (addbmm), beta applying to the first; with batch == 0, C
// = beta * C.
struct GemmCall {
  bool transa, transb;
  int64_t m, n, k;
  Scalar alpha;
  const void* a;
  int64_t lda;
  const void* b;
  int64_t ldb;
  Scalar beta;
  void* c;
  int64_t ldc;
  int64_t batch = 1;
  int64_t stride_a = 0, stride_b = 0, stride_c = 0;
  bool accumulate = false;
};

// y = alpha * op(A) x + beta * y; A m x n column-major.
struct GemvCall {
  bool trans;
  int64_t m, n;
  Scalar alpha;
  const void* a;
  int64_t lda;
  const void* x;
  int64_t incx;
  Scalar beta;
  void* y;
  int64_t incy;
};

// A = beta * A + alpha * x y^T; A m x n column-major.
struct GerCall {
  int64_t m, n;
  Scalar alpha;
  const void* x;
  int64_t incx;
  const void* y;
  int64_t incy;
  Scalar beta;
  void* a;
  int64_t lda;
};

// *result = sum x[i] y[i], in the dtype's accumulate type (TH's accreal).
struct DotCall {
  int64_t n;
  const void* x;
  int64_t incx;
  const void* y;
  int64_t incy;
  Scalar* result;
};

namespace blas_detail {

template <class T>
constexpr bool kOpenBlasType = std::is_same_v<T, float> || std::is_same_v<T, double>;

inline bool fits_int(int64_t v) { return v >= INT_MIN && v <= INT_MAX; }
template <class... V>
bool fit_int(V... v) {
  return (fits_int(v) && ...);
}

}  // namespace blas_detail

template <class T>
void blas_gemm(const GemmCall& g) {
  using A = kernels::gemm_acc_t<T>;
  const A alpha = g.alpha.to<A>(), beta = g.beta.to<A>();
  const T* a = static_cast<const T*>(g.a);
  const T* b = static_cast<const T*>(g.b);
  T* c = static_cast<T*>(g.c);
  if (g.accumulate && g.batch == 0) kernels::scale_matrix<T>(g.m, g.n, beta, c, g.ldc);
  bool amx = false;
  for (int64_t i = 0; i < g.batch; ++i) {
    const A beta_i = g.accumulate && i > 0 ? A(1) : beta;
    const T* ai = a + i * g.stride_a;
    const T* bi = b + i * g.stride_b;
    T* ci = c + i * g.stride_c;
    if constexpr (blas_detail::kOpenBlasType<T>) {
      if (g.k > 0 && alpha != A(0) && g.m > 0 && g.n > 0 && blas_detail::fit_int(g.m, g.n, g.k, g.lda, g.ldb, g.ldc) &&
          openblas::available()) {
        if (g.m == 1 && g.n == 1) {
          // Batches of dot products (einsum's "ij,ij->i" through bmm):
          // through OpenBLAS's sgemm, einsum of 2048^2 took 3.4 us per
          // 1 x 2048 x 1 product.
          const A d = openblas::dot(int(g.k), ai, g.transa ? 1 : int(g.lda), bi, g.transb ? int(g.ldb) : 1);
          ci[0] = static_cast<T>(beta_i == A(0) ? alpha * d : alpha * d + beta_i * ci[0]);
          continue;
        }
        openblas::gemm(g.transa, g.transb, int(g.m), int(g.n), int(g.k), alpha, ai, int(g.lda), bi, int(g.ldb), beta_i,
                       ci, int(g.ldc));
        continue;
      }
    }
    const kernels::GemmRan ran = kernels::gemm<T>(g.transa, g.transb, g.m, g.n, g.k, alpha, ai, g.lda, bi, g.ldb, beta_i,
                                                  ci, g.ldc);
    if (ran == kernels::GemmRan::kOutOfMemory)
      fail(ErrorKind::Memory, "matrix product: out of memory for the packed blocks");
    amx = amx || ran == kernels::GemmRan::kAmxTiles;
  }
  if (amx) note_simd("AMX");
}

template <class T>
void blas_gemv(const GemvCall& g) {
  using A = kernels::gemm_acc_t<T>;
  const A alpha = g.alpha.to<A>(), beta = g.beta.to<A>();
  const T* a = static_cast<const T*>(g.a);
  const T* x = static_cast<const T*>(g.x);
  T* y = static_cast<T*>(g.y);
  if constexpr (blas_detail::kOpenBlasType<T>) {
    if (alpha != A(0) && g.m > 0 && g.n > 0 && g.incx != 0 && g.incy != 0 &&
        blas_detail::fit_int(g.m, g.n, g.lda, g.incx, g.incy) && openblas::available()) {
      openblas::gemv(g.trans, int(g.m), int(g.n), alpha, a, int(g.lda), x, int(g.incx), beta, y, int(g.incy));
      return;
    }
  }
  kernels::gemv<T>(g.trans, g.m, g.n, alpha, a, g.lda, x, g.incx, beta, y, g.incy);
}

template <class T>
void blas_ger(const GerCall& g) {
  using A = kernels::gemm_acc_t<T>;
  const A alpha = g.alpha.to<A>(), beta = g.beta.to<A>();
  const T* x = static_cast<const T*>(g.x);
  const T* y = static_cast<const T*>(g.y);
  T* a = static_cast<T*>(g.a);
  if constexpr (blas_detail::kOpenBlasType<T>) {
    if (alpha != A(0) && g.m > 0 && g.n > 0 && g.incx != 0 && g.incy != 0 &&
        blas_detail::fit_int(g.m, g.n, g.lda, g.incx, g.incy) && openblas::available()) {
      kernels::scale_matrix<T>(g.m, g.n, beta, a, g.lda);
      openblas::ger(int(g.m), int(g.n), alpha, x, int(g.incx), y, int(g.incy), a, int(g.lda));
      return;
    }
  }
  // beta applied in the same rounding as the product (Half: once).
  kernels::ger<T>(g.m, g.n, alpha, x, g.incx, y, g.incy, a, g.lda, beta);
}

template <class T>
void blas_dot(const DotCall& g) {
  const T* x = static_cast<const T*>(g.x);
  const T* y = static_cast<const T*>(g.y);
  if constexpr (blas_detail::kOpenBlasType<T>) {
    if (blas_detail::fit_int(g.n, g.incx, g.incy) && openblas::available()) {
      *g.result = Scalar(openblas::dot(int(g.n), x, int(g.incx), y, int(g.incy)));
      return;
    }
  }
  *g.result = Scalar(kernels::dot<T>(g.n, x, g.incx, y, g.incy));
}

}  // namespace ember::rt
