// TH's BLAS wrappers THBlas_(swap scal copy axpy dot gemv ger gemm)
// (schemas/math/blas.yaml) as templates the generated C functions
// instantiate per dtype: BLAS's column-major conventions and argument
// order, TH's fix-ups of leading dims and increments that a size of 1
// makes irrelevant, then reference BLAS's argument checks (xerbla's), as
// ValueErrors naming the parameter instead of a message on stderr.
// Increments follow BLAS (negative ones walk from the end); level-1
// routines do nothing for n <= 0.
#pragma once

#include <algorithm>
#include <cstdint>

#include "ember/error.h"
#include "runtime/ops/blas_routines.h"
#include "runtime/th/args.h"

namespace ember::rt {

namespace th_blas_detail {

inline bool trans_arg(char t, const th::Fn& fn, const char* arg) {
  switch (t) {
    case 'n': case 'N': return false;
    case 't': case 'T': case 'c': case 'C': return true;
    default: fail(ErrorKind::Value, str(fn, ": ", arg, " is '", t, "', not one of n, t, c"), arg);
  }
}

inline void at_least(long v, long low, const th::Fn& fn, const char* arg, const char* what) {
  if (v < low) fail(ErrorKind::Value, str(fn, ": ", arg, " is ", v, ", must be at least ", what, " = ", low), arg);
}

inline void nonzero_inc(long inc, const th::Fn& fn, const char* arg) {
  if (inc == 0) fail(ErrorKind::Value, str(fn, ": ", arg, " is 0"), arg);
}

template <class P>
P* data(P* p, bool needed, const th::Fn& fn, const char* arg) {
  return needed ? th::need(p, fn, arg) : p;
}

template <class T>
T* typed(void* p) {
  return static_cast<T*>(p);
}

}  // namespace th_blas_detail

template <class T>
void th_blas_swap(long n, void* x, long incx, void* y, long incy) {
  using namespace th_blas_detail;
  const th::Fn fn = th::fn_of<T>("Blas_swap");
  if (n <= 0) return;
  if (n == 1) incx = incy = 1;
  T* xs = typed<T>(data(x, true, fn, "x"));
  T* ys = typed<T>(data(y, true, fn, "y"));
  if constexpr (blas_detail::kOpenBlasType<T>) {
    if (blas_detail::fit_int(n, incx, incy) && openblas::available()) return openblas::swap(int(n), xs, int(incx), ys, int(incy));
  }
  kernels::swap<T>(n, xs, incx, ys, incy);
}

template <class T>
void th_blas_scal(long n, T a, void* x, long incx) {
  using namespace th_blas_detail;
  const th::Fn fn = th::fn_of<T>("Blas_scal");
  if (n <= 0) return;
  if (n == 1) incx = 1;
  T* xs = typed<T>(data(x, true, fn, "x"));
  if constexpr (blas_detail::kOpenBlasType<T>) {
    if (blas_detail::fit_int(n, incx) && openblas::available()) return openblas::scal(int(n), a, xs, int(incx));
  }
  kernels::scal<T>(n, static_cast<kernels::gemm_acc_t<T>>(a), xs, incx);
}

template <class T>
void th_blas_copy(long n, void* x, long incx, void* y, long incy) {
  using namespace th_blas_detail;
  const th::Fn fn = th::fn_of<T>("Blas_copy");
  if (n <= 0) return;
  if (n == 1) incx = incy = 1;
  const T* xs = typed<T>(data(x, true, fn, "x"));
  T* ys = typed<T>(data(y, true, fn, "y"));
  if constexpr (blas_detail::kOpenBlasType<T>) {
    if (blas_detail::fit_int(n, incx, incy) && openblas::available()) return openblas::copy(int(n), xs, int(incx), ys, int(incy));
  }
  kernels::copy<T>(n, xs, incx, ys, incy);
}

template <class T>
void th_blas_axpy(long n, T a, void* x, long incx, void* y, long incy) {
  using namespace th_blas_detail;
  const th::Fn fn = th::fn_of<T>("Blas_axpy");
  if (n <= 0) return;
  if (n == 1) incx = incy = 1;
  const T* xs = typed<T>(data(x, true, fn, "x"));
  T* ys = typed<T>(data(y, true, fn, "y"));
  if constexpr (blas_detail::kOpenBlasType<T>) {
    if (blas_detail::fit_int(n, incx, incy) && openblas::available())
      return openblas::axpy(int(n), a, xs, int(incx), ys, int(incy));
  }
  kernels::axpy<T>(n, static_cast<kernels::gemm_acc_t<T>>(a), xs, incx, ys, incy);
}

// TH's dot returns `real`: the accreal sum rounded to the dtype.
template <class T>
T th_blas_dot(long n, void* x, long incx, void* y, long incy) {
  using namespace th_blas_detail;
  const th::Fn fn = th::fn_of<T>("Blas_dot");
  if (n <= 0) return T(0);
  if (n == 1) incx = incy = 1;
  Scalar result;
  blas_dot<T>(DotCall{n, data(x, true, fn, "x"), incx, data(y, true, fn, "y"), incy, &result});
  return result.to<T>();
}

template <class T>
void th_blas_gemv(char trans, long m, long n, T alpha, void* a, long lda, void* x, long incx, T beta, void* y,
                  long incy) {
  using namespace th_blas_detail;
  const th::Fn fn = th::fn_of<T>("Blas_gemv");
  if (n == 1) lda = std::max(1L, m);
  const bool t = trans_arg(trans, fn, "trans");
  at_least(m, 0, fn, "m", "0");
  at_least(n, 0, fn, "n", "0");
  at_least(lda, std::max(1L, m), fn, "lda", "max(1, m)");
  nonzero_inc(incx, fn, "incx");
  nonzero_inc(incy, fn, "incy");
  const long leny = t ? n : m, lenx = t ? m : n;
  const bool reads = lenx > 0 && leny > 0;
  blas_gemv<T>(GemvCall{t, m, n, Scalar(alpha), data(a, reads, fn, "a"), lda, data(x, reads, fn, "x"), incx,
                        Scalar(beta), data(y, leny > 0, fn, "y"), incy});
}

template <class T>
void th_blas_ger(long m, long n, T alpha, void* x, long incx, void* y, long incy, void* a, long lda) {
  using namespace th_blas_detail;
  const th::Fn fn = th::fn_of<T>("Blas_ger");
  if (n == 1) lda = std::max(1L, m);
  at_least(m, 0, fn, "m", "0");
  at_least(n, 0, fn, "n", "0");
  nonzero_inc(incx, fn, "incx");
  nonzero_inc(incy, fn, "incy");
  at_least(lda, std::max(1L, m), fn, "lda", "max(1, m)");
  const bool any = m > 0 && n > 0;
  blas_ger<T>(GerCall{m, n, Scalar(alpha), data(x, any, fn, "x"), incx, data(y, any, fn, "y"), incy, Scalar(1),
                      data(a, any, fn, "a"), lda});
}

template <class T>
void th_blas_gemm(char transa, char transb, long m, long n, long k, T alpha, void* a, long lda, void* b, long ldb,
                  T beta, void* c, long ldc) {
  using namespace th_blas_detail;
  const th::Fn fn = th::fn_of<T>("Blas_gemm");
  const bool ta = trans_arg(transa, fn, "transa");
  const bool tb = trans_arg(transb, fn, "transb");
  // TH's fix-ups: a leading dim that no second column uses may be anything.
  if (n == 1) ldc = std::max(1L, m);
  if (ta ? m == 1 : k == 1) lda = std::max(1L, ta ? k : m);
  if (tb ? k == 1 : n == 1) ldb = std::max(1L, tb ? n : k);
  at_least(m, 0, fn, "m", "0");
  at_least(n, 0, fn, "n", "0");
  at_least(k, 0, fn, "k", "0");
  at_least(lda, std::max(1L, ta ? k : m), fn, "lda", ta ? "max(1, k)" : "max(1, m)");
  at_least(ldb, std::max(1L, tb ? n : k), fn, "ldb", tb ? "max(1, n)" : "max(1, k)");
  at_least(ldc, std::max(1L, m), fn, "ldc", "max(1, m)");
  const bool any = m > 0 && n > 0;
  const bool reads = any && k > 0;
  GemmCall g{ta, tb, m, n, k, Scalar(alpha), data(a, reads, fn, "a"), lda, data(b, reads, fn, "b"), ldb, Scalar(beta),
             data(c, any, fn, "c"), ldc};
  blas_gemm<T>(g);
}

}  // namespace ember::rt
