// TH's Cholesky factorizations: potrf (xPOTRF) and pstrf (complete
// pivoting, xPSTRF). LAPACK leaves the triangle it does not factor as it
// was; TH zeroed it, so the result is the factor itself.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_args.h"
#include "runtime/ops/linalg_matrix.h"
#include "runtime/ops/linalg_th.h"

namespace ember::rt::linalg {

namespace {

// Zeroes the triangle opposite `uplo`, keeping the diagonal.
template <class T>
void clear_other_triangle(ColMajor<T>& a, char uplo) {
  for (int j = 0; j < a.cols; ++j)
    for (int i = 0; i < a.rows; ++i)
      if (uplo == 'U' ? i > j : i < j) a.at(i, j) = T(0);
}

}  // namespace

void th_potrf(const th::Fn& fn, TensorImpl* ra, TensorImpl* a, const char* uplo) {
  need(fn, ra, "ra_");
  if (!a) a = ra;
  const int n = need_square(fn, a, "a");
  const char u = flag(fn, uplo, "UL", "uplo");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a);
    int info = 0;
    if (n > 0) lapack::potrf<T>(fn.str(), u, n, A.data(), A.ld, &info);
    check_accepted(fn, "potrf", info);
    if (info > 0)
      fail(ErrorKind::Runtime,
           str(fn, ": the leading minor of order ", info, " is not positive definite (LAPACK info ", info, ")"));
    clear_other_triangle(A, u);
    write_col_major(ra, A, n, n);
  });
}

void th_pstrf(const th::Fn& fn, TensorImpl* ra, TensorImpl* rpiv, TensorImpl* a, const char* uplo, double tol) {
  need(fn, ra, "ra_");
  need(fn, rpiv, "rpiv_");
  need(fn, a, "a");
  const int n = need_square(fn, a, "a");
  const char u = flag(fn, uplo, "UL", "uplo");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a);
    std::vector<int> piv(std::max(1, n));
    std::vector<T> work(std::max(1, 2 * n));
    int rank = 0, info = 0;
    if (n > 0)
      lapack::pstrf<T>(fn.str(), u, n, A.data(), A.ld, piv.data(), &rank, static_cast<T>(tol), work.data(), &info);
    check_accepted(fn, "pstrf", info);
    if (info > 0)
      fail(ErrorKind::Runtime, str(fn, ": the matrix is rank deficient (computed rank ", rank, " of ", n,
                                   ") or not positive semidefinite (LAPACK info ", info, ")"));
    clear_other_triangle(A, u);
    write_col_major(ra, A, n, n);
    resize(rpiv, {n}, {1}, "linalg");
    std::copy(piv.begin(), piv.begin() + n, data<int32_t>(rpiv));
  });
}

}  // namespace ember::rt::linalg
