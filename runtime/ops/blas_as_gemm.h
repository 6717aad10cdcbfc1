// GEMV, GER and DOT as one GEMM each, so that CUDA tensors reach every
// matrix product through the one cuBLAS entry point (and dtype set) of
// runtime/ops/cuda_gemm.h. A vector with increment inc is a 1 x len
// column-major matrix with leading dim inc, read as is or transposed: no
// copy, and every leading dim stays >= 1 as BLAS requires. cuBLAS picks
// its GEMV-shaped kernels for these m == 1 or k == 1 products itself.
#pragma once

#include "runtime/ops/blas_routines.h"

namespace ember::rt {

// y = alpha op(A) x + beta y, as y^T = alpha x^T op(A)^T + beta y^T:
// a 1 x len(y) product.
inline GemmCall gemv_as_gemm(const GemvCall& g) {
  const int64_t rows = g.trans ? g.n : g.m, depth = g.trans ? g.m : g.n;
  return GemmCall{false, !g.trans, 1, rows, depth, g.alpha, g.x, g.incx, g.a, g.lda, g.beta, g.y, g.incy};
}

// A = beta A + alpha x y^T: x as an m x 1 (a transposed 1 x m), y^T as 1 x n.
inline GemmCall ger_as_gemm(const GerCall& g) {
  return GemmCall{true, false, g.m, g.n, 1, g.alpha, g.x, g.incx, g.y, g.incy, g.beta, g.a, g.lda};
}

// *c = x^T y, a 1 x 1 product (c is one element of the vectors' dtype).
inline GemmCall dot_as_gemm(int64_t n, const void* x, int64_t incx, const void* y, int64_t incy, void* c) {
  return GemmCall{false, true, 1, 1, n, Scalar(1), x, incx, y, incy, Scalar(0), c, 1};
}

}  // namespace ember::rt
