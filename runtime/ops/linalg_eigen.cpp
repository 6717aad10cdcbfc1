// TH's eigen decompositions: syev (symmetric, xSYEV) and geev (general,
// right eigenvectors only, xGEEV).
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_args.h"
#include "runtime/ops/linalg_matrix.h"
#include "runtime/ops/linalg_th.h"

namespace ember::rt::linalg {

void th_syev(const th::Fn& fn, TensorImpl* re, TensorImpl* rv, TensorImpl* a, const char* jobz, const char* uplo) {
  need(fn, re, "re_");
  const bool vectors = flag(fn, jobz, "NV", "jobz") == 'V';
  const char u = flag(fn, uplo, "UL", "uplo");
  if (!a) a = need(fn, rv, "a_");
  if (vectors) need(fn, rv, "rv_");
  const int n = need_square(fn, a, "a_");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a);
    std::vector<T> w(std::max(1, n));
    int info = 0;
    T optimum = 0;
    const char job = vectors ? 'V' : 'N';
    lapack::syev<T>(fn.str(), job, u, n, A.data(), A.ld, w.data(), &optimum, -1, &info);
    check_accepted(fn, "syev", info);
    std::vector<T> work = workspace(optimum);
    lapack::syev<T>(fn.str(), job, u, n, A.data(), A.ld, w.data(), work.data(), static_cast<int>(work.size()), &info);
    check_accepted(fn, "syev", info);
    if (info > 0)
      fail(ErrorKind::Runtime,
           str(fn, ": the eigenvalue iteration did not converge, ", info,
               " off-diagonal elements of the tridiagonal form are not zero (LAPACK info ", info, ")"));
    write_vector(re, w.data(), n);
    if (vectors) write_col_major(rv, A, n, n);
  });
}

void th_geev(const th::Fn& fn, TensorImpl* re, TensorImpl* rv, TensorImpl* a, const char* jobvr) {
  need(fn, re, "re_");
  need(fn, a, "a_");
  const bool vectors = flag(fn, jobvr, "NV", "jobvr") == 'V';
  if (vectors) need(fn, rv, "rv_");
  const int n = need_square(fn, a, "a_");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a), VR(vectors ? n : 1, vectors ? n : 1);
    std::vector<T> wr(std::max(1, n)), wi(std::max(1, n));
    int info = 0;
    T optimum = 0;
    const char job = vectors ? 'V' : 'N';
    lapack::geev<T>(fn.str(), 'N', job, n, A.data(), A.ld, wr.data(), wi.data(), nullptr, 1, VR.data(), VR.ld, &optimum,
                    -1, &info);
    check_accepted(fn, "geev", info);
    std::vector<T> work = workspace(optimum);
    lapack::geev<T>(fn.str(), 'N', job, n, A.data(), A.ld, wr.data(), wi.data(), nullptr, 1, VR.data(), VR.ld,
                    work.data(), static_cast<int>(work.size()), &info);
    check_accepted(fn, "geev", info);
    if (info > 0)
      fail(ErrorKind::Runtime, str(fn, ": the QR algorithm did not compute all eigenvalues (LAPACK info ", info,
                                   ": only eigenvalues ", info + 1, " to ", n, " converged)"));
    resize(re, {n, 2}, {2, 1}, "linalg");
    T* e = data<T>(re);
    for (int i = 0; i < n; ++i) {
      e[2 * i] = wr[i];
      e[2 * i + 1] = wi[i];
    }
    if (vectors) write_col_major(rv, VR, n, n);
  });
}

}  // namespace ember::rt::linalg
