// The solvers of the C++/Python linear algebra: linalg_solve (xGESV),
// linalg_lstsq (xGELS), cholesky_solve (xPOTRS), triangular_solve (xTRTRS),
// each over the broadcast batch of its two inputs.
#include <algorithm>
#include <tuple>
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_api.h"
#include "runtime/ops/linalg_batch.h"
#include "runtime/ops/output.h"

namespace ember::rt {

using linalg::ColMajor;

namespace {

// The shared checks of A X = B with A (*, n, n) and B (*, n, k): the batch, n and k.
struct System {
  std::vector<int64_t> batch;
  int n = 0, k = 0;
};

System check_system(const char* op, const TensorBase& a, const char* a_arg, const TensorBase& b, const char* b_arg) {
  linalg::need_floating(op, a, a_arg);
  linalg::need_floating(op, b, b_arg);
  linalg::need_same_dtype(op, a, a_arg, b, b_arg);
  System s;
  s.n = linalg::need_square_matrices(op, a, a_arg);
  int rows = 0;
  linalg::need_matrices(op, b, b_arg, &rows, &s.k);
  if (rows != s.n)
    fail(ErrorKind::Value, str(op, ": ", b_arg, " has ", rows, " rows, but ", a_arg, " is ", s.n, "x", s.n), b_arg);
  s.batch = linalg::broadcast_batch(op, linalg::batch_of(a), linalg::batch_of(b), b_arg);
  return s;
}

}  // namespace

TensorBase linalg_solve(const TensorBase& A, const TensorBase& B) {
  static const char* const op = "linalg_solve";
  linalg::need_floating(op, A, "A");
  linalg::need_floating(op, B, "B");
  // PyTorch's rule: B is a vector (or a batch of them) when it is 1-D, or A's shape without its last dim.
  const IntList as = A.sizes(), bs = B.sizes();
  const bool vector =
      B.dim() == 1 || (A.dim() >= 2 && B.dim() == A.dim() - 1 && std::equal(bs.begin(), bs.end(), as.begin()));
  int n = 0, k = 1;
  std::vector<int64_t> batch;
  if (vector) {
    linalg::need_same_dtype(op, A, "A", B, "B");
    n = linalg::need_square_matrices(op, A, "A");
    if (B.size(B.dim() - 1) != n)
      fail(ErrorKind::Value, str(op, ": B has ", B.size(B.dim() - 1), " rows, but A is ", n, "x", n), "B");
    batch = linalg::broadcast_batch(op, linalg::batch_of(A), linalg::batch_of(B, 1), "B");
  } else {
    const System s = check_system(op, A, "A", B, "B");
    n = s.n, k = s.k, batch = s.batch;
  }
  TensorBase X = empty(vector ? linalg::joined(batch, {n}) : linalg::joined(batch, {n, k}), A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    T* out = static_cast<T*>(X.data_ptr());
    std::vector<int> ipiv(std::max(1, n));
    for (int64_t b = 0; b < linalg::count(batch); ++b) {
      ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, batch, b), n, n);
      ColMajor<T> x = linalg::read_at<T>(B, linalg::batch_offset(B, batch, b, vector ? 1 : 2), n, k, vector ? 1 : 2);
      int info = 0;
      if (n > 0) lapack::gesv<T>(op, n, k, a.data(), a.ld, ipiv.data(), x.data(), x.ld, &info);
      if (info > 0)
        fail(ErrorKind::Runtime,
             str(op, ": U(", info, ",", info, ") is exactly zero, the matrix is singular", linalg::batch_text(batch, b),
                 " (LAPACK info ", info, ")"),
             "A");
      linalg::store(out + b * n * k, x, n, k);
    }
  });
  return X;
}

std::tuple<TensorBase, TensorBase, TensorBase, TensorBase> linalg_lstsq(const TensorBase& A, const TensorBase& B) {
  static const char* const op = "linalg_lstsq";
  linalg::need_floating(op, A, "A");
  linalg::need_floating(op, B, "B");
  linalg::need_same_dtype(op, A, "A", B, "B");
  int m = 0, n = 0, rows = 0, k = 1;
  linalg::need_matrices(op, A, "A", &m, &n);
  // PyTorch's rule: B with one dim fewer than A is a (batch of) vector(s).
  const bool vector = B.dim() == A.dim() - 1;
  const int bdims = vector ? 1 : 2;
  if (vector)
    rows = static_cast<int>(B.size(B.dim() - 1));
  else
    linalg::need_matrices(op, B, "B", &rows, &k);
  if (rows != m) fail(ErrorKind::Value, str(op, ": B has ", rows, " rows, but A has ", m), "B");
  const std::vector<int64_t> batch = linalg::broadcast_batch(op, linalg::batch_of(A), linalg::batch_of(B, bdims), "B");
  const int ldb = std::max({1, m, n});
  TensorBase X = empty(vector ? linalg::joined(batch, {n}) : linalg::joined(batch, {n, k}), A.dtype());
  TensorBase residuals = empty(m <= n   ? std::vector<int64_t>{0}
                               : vector ? batch
                                        : linalg::joined(batch, {k}),
                               A.dtype());
  linalg::for_floating(A, [&](auto v) {
    using T = decltype(v);
    T* out = static_cast<T*>(X.data_ptr());
    T* res = static_cast<T*>(residuals.data_ptr());
    for (int64_t b = 0; b < linalg::count(batch); ++b) {
      ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, batch, b), m, n);
      ColMajor<T> x = linalg::read_at<T>(B, linalg::batch_offset(B, batch, b, bdims), m, k, bdims, ldb);
      int info = 0;
      T optimum = 0;
      lapack::gels<T>(op, 'N', m, n, k, a.data(), a.ld, x.data(), x.ld, &optimum, -1, &info);
      std::vector<T> work(static_cast<size_t>(std::max<T>(1, optimum)));
      lapack::gels<T>(op, 'N', m, n, k, a.data(), a.ld, x.data(), x.ld, work.data(), static_cast<int>(work.size()),
                      &info);
      if (info > 0)
        fail(ErrorKind::Runtime,
             str(op, ": A does not have full rank", linalg::batch_text(batch, b), ": diagonal element ", info,
                 " of its triangular factor is zero (LAPACK info ", info, ")"),
             "A");
      linalg::store(out + b * n * k, x, n, k);
      // Rows n..m-1 of LAPACK's B hold each column's residual, orthogonally transformed.
      if (m > n)
        for (int j = 0; j < k; ++j) {
          T ss = 0;
          for (int i = n; i < m; ++i) ss += x.at(i, j) * x.at(i, j);
          res[b * k + j] = ss;
        }
    }
  });
  return {X, residuals, empty({0}, DType::Long), empty({0}, A.dtype())};
}

TensorBase cholesky_solve(const TensorBase& self, const TensorBase& input2, bool upper) {
  static const char* const op = "cholesky_solve";
  const System s = check_system(op, input2, "input2", self, "self");
  const int n = s.n, k = s.k;
  TensorBase X = empty(linalg::joined(s.batch, {n, k}), self.dtype());
  linalg::for_floating(self, [&](auto v) {
    using T = decltype(v);
    T* out = static_cast<T*>(X.data_ptr());
    for (int64_t b = 0; b < linalg::count(s.batch); ++b) {
      ColMajor<T> f = linalg::read_at<T>(input2, linalg::batch_offset(input2, s.batch, b), n, n);
      ColMajor<T> x = linalg::read_at<T>(self, linalg::batch_offset(self, s.batch, b), n, k);
      int info = 0;
      if (n > 0 && k > 0) lapack::potrs<T>(op, upper ? 'U' : 'L', n, k, f.data(), f.ld, x.data(), x.ld, &info);
      linalg::store(out + b * n * k, x, n, k);
    }
  });
  return X;
}

void cholesky_solve_out(TensorBase& out, const TensorBase& self, const TensorBase& input2, bool upper) {
  Output result("cholesky_solve", &out, "out");
  result.check_dtype(self.dtype());
  // The solution is computed into a new tensor, so out may overlap the inputs.
  result.assign(cholesky_solve(self, input2, upper));
}

std::tuple<TensorBase, TensorBase> triangular_solve(const TensorBase& self, const TensorBase& A, bool upper,
                                                    bool transpose, bool unitriangular) {
  static const char* const op = "triangular_solve";
  const System s = check_system(op, A, "A", self, "self");
  const int n = s.n, k = s.k;
  TensorBase X = empty(linalg::joined(s.batch, {n, k}), self.dtype());
  TensorBase copy = empty(linalg::joined(s.batch, {n, n}), A.dtype());
  linalg::for_floating(self, [&](auto v) {
    using T = decltype(v);
    T* out = static_cast<T*>(X.data_ptr());
    T* coefficient = static_cast<T*>(copy.data_ptr());
    for (int64_t b = 0; b < linalg::count(s.batch); ++b) {
      ColMajor<T> a = linalg::read_at<T>(A, linalg::batch_offset(A, s.batch, b), n, n);
      ColMajor<T> x = linalg::read_at<T>(self, linalg::batch_offset(self, s.batch, b), n, k);
      linalg::store(coefficient + b * n * n, a, n, n);
      int info = 0;
      if (n > 0 && k > 0)
        lapack::trtrs<T>(op, upper ? 'U' : 'L', transpose ? 'T' : 'N', unitriangular ? 'U' : 'N', n, k, a.data(), a.ld,
                         x.data(), x.ld, &info);
      if (info > 0)
        fail(ErrorKind::Runtime,
             str(op, ": A(", info, ",", info, ") is zero, the triangular matrix is singular",
                 linalg::batch_text(s.batch, b), " (LAPACK info ", info, ")"),
             "A");
      linalg::store(out + b * n * k, x, n, k);
    }
  });
  return {X, copy};
}

}  // namespace ember::rt
