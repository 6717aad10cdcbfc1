// The factorizations of the C++/Python linear algebra and what is read off
// them: linalg_inv (xGETRF, xGETRI), linalg_det and linalg_slogdet (from
// getrf's U and pivots), linalg_cholesky (xPOTRF), linalg_qr (xGEQRF,
// xORGQR).
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_api.h"
#include "runtime/ops/linalg_batch.h"

namespace ember::rt {

using linalg::ColMajor;

namespace {

// One square matrix's LU factors in place; info as getrf reports it.
template <class T>
int lu(const char* op, ColMajor<T>& a, std::vector<int>& ipiv) {
  int info = 0;
  ipiv.assign(std::max(1, a.rows), 0);
  if (a.rows > 0) lapack::getrf<T>(op, a.rows, a.cols, a.data(), a.ld, ipiv.data(), &info);
  return info;
}

// The sign and log |det| of each matrix of A, from its LU factors, and
// (when `det` is given) the determinant itself, as the product of U's
// diagonal and the pivots' parity.
template <class T>
void sign_logdet(const char* op, const TensorBase& A, T* sign, T* logabs, T* det = nullptr) {
  const int n = A.size(A.dim() - 1);
  const std::vector<int64_t> batch = linalg::batch_of(A);
  std::vector<int> ipiv;
  for (int64_t b = 0; b < linalg::count(batch); ++b) {
    ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, batch, b), n, n);
    lu(op, a, ipiv);
    T s = 1, l = 0, p = 1;
    for (int i = 0; i < n; ++i) {
      const T u = a.at(i, i);
      p *= ipiv[i] != i + 1 ? -u : u;
      if (ipiv[i] != i + 1) s = -s;
      if (u < 0) s = -s;
      if (u == 0) s = 0;
      l += std::log(std::fabs(u));
    }
    sign[b] = s;
    logabs[b] = s == 0 ? -std::numeric_limits<T>::infinity() : l;
    if (det) det[b] = p;
  }
}

}  // namespace

TensorBase linalg_inv(const TensorBase& A) {
  static const char* const op = "linalg_inv";
  linalg::need_floating(op, A, "A");
  const int n = linalg::need_square_matrices(op, A, "A");
  const std::vector<int64_t> batch = linalg::batch_of(A);
  TensorBase R = empty(A.sizes(), A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    T* out = static_cast<T*>(R.data_ptr());
    std::vector<int> ipiv;
    for (int64_t b = 0; b < linalg::count(batch); ++b) {
      ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, batch, b), n, n);
      const int info = lu(op, a, ipiv);
      if (info > 0)
        fail(ErrorKind::Runtime,
             str(op, ": U(", info, ",", info, ") is exactly zero, the matrix is singular", linalg::batch_text(batch, b),
                 " (LAPACK info ", info, ")"),
             "A");
      if (n > 0) {
        int status = 0;
        T optimum = 0;
        lapack::getri<T>(op, n, a.data(), a.ld, ipiv.data(), &optimum, -1, &status);
        std::vector<T> work(static_cast<size_t>(std::max<T>(1, optimum)));
        lapack::getri<T>(op, n, a.data(), a.ld, ipiv.data(), work.data(), static_cast<int>(work.size()), &status);
      }
      linalg::store(out + b * n * n, a, n, n);
    }
  });
  return R;
}

TensorBase linalg_det(const TensorBase& A) {
  static const char* const op = "linalg_det";
  linalg::need_floating(op, A, "A");
  linalg::need_square_matrices(op, A, "A");
  const std::vector<int64_t> batch = linalg::batch_of(A);
  TensorBase det = empty(batch, A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    std::vector<T> sign(linalg::count(batch)), logabs(linalg::count(batch));
    sign_logdet<T>(op, A, sign.data(), logabs.data(), static_cast<T*>(det.data_ptr()));
  });
  return det;
}

std::tuple<TensorBase, TensorBase> linalg_slogdet(const TensorBase& A) {
  static const char* const op = "linalg_slogdet";
  linalg::need_floating(op, A, "A");
  linalg::need_square_matrices(op, A, "A");
  const std::vector<int64_t> batch = linalg::batch_of(A);
  TensorBase sign = empty(batch, A.dtype()), logabs = empty(batch, A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    sign_logdet<T>(op, A, static_cast<T*>(sign.data_ptr()), static_cast<T*>(logabs.data_ptr()));
  });
  return {sign, logabs};
}

TensorBase linalg_cholesky(const TensorBase& A, bool upper) {
  static const char* const op = "linalg_cholesky";
  linalg::need_floating(op, A, "A");
  const int n = linalg::need_square_matrices(op, A, "A");
  const std::vector<int64_t> batch = linalg::batch_of(A);
  TensorBase R = empty(A.sizes(), A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    T* out = static_cast<T*>(R.data_ptr());
    for (int64_t b = 0; b < linalg::count(batch); ++b) {
      ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, batch, b), n, n);
      int info = 0;
      if (n > 0) lapack::potrf<T>(op, 'L', n, a.data(), a.ld, &info);
      if (info > 0)
        fail(ErrorKind::Runtime,
             str(op, ": the leading minor of order ", info, " is not positive definite", linalg::batch_text(batch, b),
                 " (LAPACK info ", info, ")"),
             "A");
      ColMajor<T> f(n, n);  // L, or U = Lᵀ; the other triangle zero
      for (int j = 0; j < n; ++j)
        for (int i = j; i < n; ++i) (upper ? f.at(j, i) : f.at(i, j)) = a.at(i, j);
      linalg::store(out + b * n * n, f, n, n);
    }
  });
  return R;
}

std::tuple<TensorBase, TensorBase> linalg_qr(const TensorBase& A) {
  static const char* const op = "linalg_qr";
  linalg::need_floating(op, A, "A");
  int m = 0, n = 0;
  linalg::need_matrices(op, A, "A", &m, &n);
  const int k = std::min(m, n);
  const std::vector<int64_t> batch = linalg::batch_of(A);
  TensorBase Q = empty(linalg::joined(batch, {m, k}), A.dtype()), R = empty(linalg::joined(batch, {k, n}), A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    T* q = static_cast<T*>(Q.data_ptr());
    T* r = static_cast<T*>(R.data_ptr());
    for (int64_t b = 0; b < linalg::count(batch); ++b) {
      ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, batch, b), m, n);
      std::vector<T> tau(std::max(1, k));
      int info = 0;
      if (k > 0) {
        T optimum = 0;
        lapack::geqrf<T>(op, m, n, a.data(), a.ld, tau.data(), &optimum, -1, &info);
        std::vector<T> work(static_cast<size_t>(std::max<T>(1, optimum)));
        lapack::geqrf<T>(op, m, n, a.data(), a.ld, tau.data(), work.data(), static_cast<int>(work.size()), &info);
      }
      ColMajor<T> upper(k, n);
      for (int j = 0; j < n; ++j)
        for (int i = 0; i <= std::min(j, k - 1); ++i) upper.at(i, j) = a.at(i, j);
      linalg::store(r + b * k * n, upper, k, n);
      if (k > 0) {
        T optimum = 0;
        lapack::orgqr<T>(op, m, k, k, a.data(), a.ld, tau.data(), &optimum, -1, &info);
        std::vector<T> work(static_cast<size_t>(std::max<T>(1, optimum)));
        lapack::orgqr<T>(op, m, k, k, a.data(), a.ld, tau.data(), work.data(), static_cast<int>(work.size()), &info);
      }
      linalg::store(q + b * m * k, a, m, k);
    }
  });
  return {Q, R};
}

}  // namespace ember::rt
