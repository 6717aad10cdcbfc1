// TH's singular value decomposition, gesvd and gesvd2 (xGESVD with jobu
// = jobvt): A = U diag(S) Vᵀ. TH handed back V, not LAPACK's Vᵀ: LAPACK's
// column-major Vᵀ read row-major, so rv_ is contiguous (row-major) where
// the other matrix results are column-major.
#include <algorithm>
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_args.h"
#include "runtime/ops/linalg_matrix.h"
#include "runtime/ops/linalg_th.h"

namespace ember::rt::linalg {

namespace {

template <class T>
void set_identity(ColMajor<T>& m) {
  for (int i = 0; i < std::min(m.rows, m.cols); ++i) m.at(i, i) = T(1);
}

}  // namespace

void th_gesvd2(const th::Fn& fn, TensorImpl* ru, TensorImpl* rs, TensorImpl* rv, TensorImpl* ra, TensorImpl* a,
               const char* jobu) {
  need(fn, ru, "ru_");
  need(fn, rs, "rs_");
  need(fn, rv, "rv_");
  const bool all = flag(fn, jobu, "AS", "jobu") == 'A';
  if (!a) a = ra;
  need_dims(fn, a, "a", 2);
  const int m = lapack_size(fn, a, 0, "a"), n = lapack_size(fn, a, 1, "a"), k = std::min(m, n);
  const int ucols = all ? m : k, vcols = all ? n : k;
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a), U(m, ucols), VT(vcols, n);
    std::vector<T> s(std::max(1, k));
    if (k == 0) {
      // LAPACK returns at once without touching U and Vᵀ; all of an empty A's orthogonal factors are identities.
      set_identity(U);
      set_identity(VT);
    } else {
      const char job = all ? 'A' : 'S';
      int info = 0;
      T optimum = 0;
      lapack::gesvd<T>(fn.str(), job, job, m, n, A.data(), A.ld, s.data(), U.data(), U.ld, VT.data(), VT.ld, &optimum,
                       -1, &info);
      check_accepted(fn, "gesvd", info);
      std::vector<T> work = workspace(optimum);
      lapack::gesvd<T>(fn.str(), job, job, m, n, A.data(), A.ld, s.data(), U.data(), U.ld, VT.data(), VT.ld,
                       work.data(), static_cast<int>(work.size()), &info);
      check_accepted(fn, "gesvd", info);
      if (info > 0)
        fail(ErrorKind::Runtime,
             str(fn, ": the SVD did not converge, ", info, " superdiagonals of the bidiagonal form ",
                 "did not reach zero (LAPACK info ", info, ")"));
    }
    write_col_major(ru, U, m, ucols);
    write_vector(rs, s.data(), k);
    resize(rv, {n, vcols}, {vcols, 1}, "linalg");
    T* p = data<T>(rv);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < vcols; ++j) p[static_cast<size_t>(i) * vcols + j] = VT.at(j, i);
    if (ra) write_col_major(ra, A, m, n);
  });
}

}  // namespace ember::rt::linalg
