// TH's inverses: getri (general, by LU: xGETRF then xGETRI) and potri
// (symmetric positive definite, from a Cholesky factor: xPOTRI, which
// writes one triangle; TH then mirrored it, and so does ember).
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_args.h"
#include "runtime/ops/linalg_matrix.h"
#include "runtime/ops/linalg_th.h"

namespace ember::rt::linalg {

void th_getri(const th::Fn& fn, TensorImpl* ra, TensorImpl* a) {
  need(fn, ra, "ra_");
  if (!a) a = ra;
  const int n = need_square(fn, a, "a");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a);
    if (n > 0) {
      std::vector<int> ipiv(n);
      int info = 0;
      lapack::getrf<T>(fn.str(), n, n, A.data(), A.ld, ipiv.data(), &info);
      check_accepted(fn, "getrf", info);
      if (info > 0)
        fail(ErrorKind::Runtime, str(fn, ": U(", info, ",", info, ") is exactly zero, the matrix is singular (LAPACK ",
                                     "getrf info ", info, ")"));
      T optimum = 0;
      lapack::getri<T>(fn.str(), n, A.data(), A.ld, ipiv.data(), &optimum, -1, &info);
      check_accepted(fn, "getri", info);
      std::vector<T> work = workspace(optimum);
      lapack::getri<T>(fn.str(), n, A.data(), A.ld, ipiv.data(), work.data(), static_cast<int>(work.size()), &info);
      check_accepted(fn, "getri", info);
    }
    write_col_major(ra, A, n, n);
  });
}

void th_potri(const th::Fn& fn, TensorImpl* ra, TensorImpl* a, const char* uplo) {
  need(fn, ra, "ra_");
  if (!a) a = ra;
  const int n = need_square(fn, a, "a");
  const char u = flag(fn, uplo, "UL", "uplo");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a);
    int info = 0;
    if (n > 0) lapack::potri<T>(fn.str(), u, n, A.data(), A.ld, &info);
    check_accepted(fn, "potri", info);
    if (info > 0)
      fail(ErrorKind::Runtime, str(fn, ": the factor's diagonal element (", info, ",", info,
                                   ") is zero, the matrix is ", "singular (LAPACK info ", info, ")"));
    for (int j = 0; j < n; ++j)
      for (int i = j + 1; i < n; ++i) {
        if (u == 'U')
          A.at(i, j) = A.at(j, i);
        else
          A.at(j, i) = A.at(i, j);
      }
    write_col_major(ra, A, n, n);
  });
}

}  // namespace ember::rt::linalg
