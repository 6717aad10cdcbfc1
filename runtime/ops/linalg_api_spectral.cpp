// The spectral decompositions of the C++/Python linear algebra:
// linalg_eigh (xSYEV), linalg_eig (xGEEV) and linalg_svd (xGESVD).
//
// Note [complex results as pairs]: ember has no complex dtype, so
// linalg_eig returns each complex number as a trailing dim of 2 (real,
// imaginary), the layout PyTorch's view_as_real gives its complex results.
// LAPACK stores a complex pair's eigenvectors as two real columns, x and
// y, for λ = a + ib (x + iy) and its conjugate (x - iy); they are spread
// out here so that column j always belongs to eigenvalue j.
#include <algorithm>
#include <tuple>
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_api.h"
#include "runtime/ops/linalg_batch.h"

namespace ember::rt {

using linalg::ColMajor;

std::tuple<TensorBase, TensorBase> linalg_eigh(const TensorBase& A) {
  static const char* const op = "linalg_eigh";
  linalg::need_floating(op, A, "A");
  const int n = linalg::need_square_matrices(op, A, "A");
  const std::vector<int64_t> batch = linalg::batch_of(A);
  TensorBase W = empty(linalg::joined(batch, {n}), A.dtype()), V = empty(A.sizes(), A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    T* w = static_cast<T*>(W.data_ptr());
    T* vec = static_cast<T*>(V.data_ptr());
    for (int64_t b = 0; b < linalg::count(batch); ++b) {
      ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, batch, b), n, n);
      if (n == 0) continue;
      int info = 0;
      T optimum = 0;
      lapack::syev<T>(op, 'V', 'L', n, a.data(), a.ld, w + b * n, &optimum, -1, &info);
      std::vector<T> work(static_cast<size_t>(std::max<T>(1, optimum)));
      lapack::syev<T>(op, 'V', 'L', n, a.data(), a.ld, w + b * n, work.data(), static_cast<int>(work.size()), &info);
      if (info > 0)
        fail(ErrorKind::Runtime,
             str(op, ": the eigenvalue iteration did not converge", linalg::batch_text(batch, b), " (LAPACK info ",
                 info, ")"),
             "A");
      linalg::store(vec + b * n * n, a, n, n);
    }
  });
  return {W, V};
}

std::tuple<TensorBase, TensorBase> linalg_eig(const TensorBase& A) {
  static const char* const op = "linalg_eig";
  linalg::need_floating(op, A, "A");
  const int n = linalg::need_square_matrices(op, A, "A");
  const std::vector<int64_t> batch = linalg::batch_of(A);
  TensorBase W = empty(linalg::joined(batch, {n, 2}), A.dtype()),
             V = empty(linalg::joined(batch, {n, n, 2}), A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    T* w = static_cast<T*>(W.data_ptr());
    T* vec = static_cast<T*>(V.data_ptr());
    for (int64_t b = 0; b < linalg::count(batch); ++b) {
      ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, batch, b), n, n), vr(n, n);
      if (n == 0) continue;
      std::vector<T> wr(n), wi(n);
      int info = 0;
      T optimum = 0;
      lapack::geev<T>(op, 'N', 'V', n, a.data(), a.ld, wr.data(), wi.data(), nullptr, 1, vr.data(), vr.ld, &optimum, -1,
                      &info);
      std::vector<T> work(static_cast<size_t>(std::max<T>(1, optimum)));
      lapack::geev<T>(op, 'N', 'V', n, a.data(), a.ld, wr.data(), wi.data(), nullptr, 1, vr.data(), vr.ld, work.data(),
                      static_cast<int>(work.size()), &info);
      if (info > 0)
        fail(ErrorKind::Runtime,
             str(op, ": the QR algorithm did not compute all eigenvalues", linalg::batch_text(batch, b),
                 " (LAPACK info ", info, ")"),
             "A");
      T* wb = w + b * n * 2;
      T* vb = vec + b * n * n * 2;
      for (int j = 0; j < n; ++j) {
        wb[2 * j] = wr[j];
        wb[2 * j + 1] = wi[j];
        // Note [complex results as pairs]: x + iy in columns (j, j + 1) of a pair, x - iy for its second.
        const bool pair = wi[j] != 0;
        const int x = pair && wi[j] < 0 ? j - 1 : j;
        const T sign = pair && wi[j] < 0 ? T(-1) : T(1);
        for (int i = 0; i < n; ++i) {
          vb[(static_cast<int64_t>(i) * n + j) * 2] = vr.at(i, x);
          vb[(static_cast<int64_t>(i) * n + j) * 2 + 1] = pair ? sign * vr.at(i, x + 1) : T(0);
        }
      }
    }
  });
  return {W, V};
}

std::tuple<TensorBase, TensorBase, TensorBase> linalg_svd(const TensorBase& A, bool full_matrices) {
  static const char* const op = "linalg_svd";
  linalg::need_floating(op, A, "A");
  int m = 0, n = 0;
  linalg::need_matrices(op, A, "A", &m, &n);
  const int k = std::min(m, n), ucols = full_matrices ? m : k, vrows = full_matrices ? n : k;
  const std::vector<int64_t> batch = linalg::batch_of(A);
  TensorBase U = empty(linalg::joined(batch, {m, ucols}), A.dtype()), S = empty(linalg::joined(batch, {k}), A.dtype()),
             Vh = empty(linalg::joined(batch, {vrows, n}), A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    T* u = static_cast<T*>(U.data_ptr());
    T* s = static_cast<T*>(S.data_ptr());
    T* vh = static_cast<T*>(Vh.data_ptr());
    const char job = full_matrices ? 'A' : 'S';
    for (int64_t b = 0; b < linalg::count(batch); ++b) {
      ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, batch, b), m, n), uu(m, ucols), vt(vrows, n);
      if (k == 0) {
        // LAPACK returns at once; an empty matrix's full factors are identities.
        for (int i = 0; i < std::min(m, ucols); ++i) uu.at(i, i) = T(1);
        for (int i = 0; i < std::min(n, vrows); ++i) vt.at(i, i) = T(1);
      } else {
        int info = 0;
        T optimum = 0;
        lapack::gesvd<T>(op, job, job, m, n, a.data(), a.ld, s + b * k, uu.data(), uu.ld, vt.data(), vt.ld, &optimum,
                         -1, &info);
        std::vector<T> work(static_cast<size_t>(std::max<T>(1, optimum)));
        lapack::gesvd<T>(op, job, job, m, n, a.data(), a.ld, s + b * k, uu.data(), uu.ld, vt.data(), vt.ld, work.data(),
                         static_cast<int>(work.size()), &info);
        if (info > 0)
          fail(ErrorKind::Runtime,
               str(op, ": the SVD did not converge", linalg::batch_text(batch, b), " (LAPACK info ", info, ")"), "A");
      }
      linalg::store(u + b * m * ucols, uu, m, ucols);
      linalg::store(vh + b * vrows * n, vt, vrows, n);
    }
  });
  return {U, S, Vh};
}

}  // namespace ember::rt
