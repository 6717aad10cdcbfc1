// TH's linear solvers: gesv (LU), trtrs (triangular), gels (least
// squares), potrs (from a Cholesky factor). B may be a vector, read as
// one column; X comes back n x k column-major (n x 1 for a vector B).
#include <algorithm>
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_args.h"
#include "runtime/ops/linalg_matrix.h"
#include "runtime/ops/linalg_th.h"

namespace ember::rt::linalg {

namespace {

// B's column count (a vector is one column), after checking it is a
// vector or matrix of `rows` rows.
int rhs_columns(const th::Fn& fn, const TensorImpl* b, const char* b_arg, int64_t rows, const char* a_arg) {
  need_dims(fn, b, b_arg, 1, 2);
  same_rows(fn, b, b_arg, rows, a_arg);
  return b->nDimension == 2 ? lapack_size(fn, b, 1, b_arg) : 1;
}

}  // namespace

void th_gesv(const th::Fn& fn, TensorImpl* rb, TensorImpl* ra, TensorImpl* b, TensorImpl* a) {
  need(fn, rb, "rb_");
  need(fn, ra, "ra_");
  if (!a) a = ra;
  if (!b) b = rb;
  const int n = need_square(fn, a, "a_");
  const int k = rhs_columns(fn, b, "b_", n, "a_");
  for_dtype(fn, [&](auto t) {
    using T = decltype(t);
    ColMajor<T> A = read_matrix<T>(a), B = read_matrix<T>(b);
    std::vector<int> ipiv(std::max(1, n));
    int info = 0;
    if (n > 0) lapack::gesv<T>(fn.str(), n, k, A.data(), A.ld, ipiv.data(), B.data(), B.ld, &info);
    check_accepted(fn, "gesv", info);
    if (info > 0)
      fail(ErrorKind::Runtime,
           str(fn, ": U(", info, ",", info, ") is exactly zero, the matrix is singular (LAPACK info ", info, ")"));
    write_col_major(ra, A, n, n);
    write_col_major(rb, B, n, k);
  });
}

void th_trtrs(const th::Fn& fn, TensorImpl* rb, TensorImpl* ra, TensorImpl* b, TensorImpl* a, const char* uplo,
              const char* trans, const char* diag) {
  need(fn, rb, "rb_");
  need(fn, ra, "ra_");
  if (!a) a = ra;
  if (!b) b = rb;
  const int n = need_square(fn, a, "a_");
  const int k = rhs_columns(fn, b, "b_", n, "a_");
  const char u = flag(fn, uplo, "UL", "uplo"), t = flag(fn, trans, "NT", "trans"), d = flag(fn, diag, "NU", "diag");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a), B = read_matrix<T>(b);
    int info = 0;
    if (n > 0) lapack::trtrs<T>(fn.str(), u, t, d, n, k, A.data(), A.ld, B.data(), B.ld, &info);
    check_accepted(fn, "trtrs", info);
    if (info > 0)
      fail(ErrorKind::Runtime,
           str(fn, ": A(", info, ",", info, ") is zero, the triangular matrix is singular (LAPACK info ", info, ")"));
    write_col_major(ra, A, n, n);
    write_col_major(rb, B, n, k);
  });
}

void th_gels(const th::Fn& fn, TensorImpl* rb, TensorImpl* ra, TensorImpl* b, TensorImpl* a) {
  need(fn, rb, "rb_");
  need(fn, ra, "ra_");
  if (!a) a = ra;
  if (!b) b = rb;
  need_dims(fn, a, "a_", 2);
  const int m = lapack_size(fn, a, 0, "a_"), n = lapack_size(fn, a, 1, "a_");
  const int k = rhs_columns(fn, b, "b_", m, "a_");
  // B holds max(m, n) rows: X is n x k, and LAPACK needs room for B's m.
  const int ldb = std::max({1, m, n});
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a), B = read_matrix<T>(b, ldb);
    int info = 0;
    T optimum = 0;
    lapack::gels<T>(fn.str(), 'N', m, n, k, A.data(), A.ld, B.data(), B.ld, &optimum, -1, &info);
    check_accepted(fn, "gels", info);
    std::vector<T> work = workspace(optimum);
    lapack::gels<T>(fn.str(), 'N', m, n, k, A.data(), A.ld, B.data(), B.ld, work.data(), static_cast<int>(work.size()),
                    &info);
    check_accepted(fn, "gels", info);
    if (info > 0)
      fail(ErrorKind::Runtime,
           str(fn, ": diagonal element ", info, " of the triangular factor of A is zero, A does not ",
               "have full rank (LAPACK info ", info, ")"));
    write_col_major(ra, A, m, n);
    write_col_major(rb, B, n, k, ldb);
  });
}

void th_potrs(const th::Fn& fn, TensorImpl* rb, TensorImpl* b, TensorImpl* a, const char* uplo) {
  need(fn, rb, "rb_");
  need(fn, a, "a_");
  if (!b) b = rb;
  const int n = need_square(fn, a, "a_");
  const int k = rhs_columns(fn, b, "b_", n, "a_");
  const char u = flag(fn, uplo, "UL", "uplo");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a), B = read_matrix<T>(b);
    int info = 0;
    if (n > 0) lapack::potrs<T>(fn.str(), u, n, k, A.data(), A.ld, B.data(), B.ld, &info);
    check_accepted(fn, "potrs", info);
    write_col_major(rb, B, n, k);
  });
}

}  // namespace ember::rt::linalg
