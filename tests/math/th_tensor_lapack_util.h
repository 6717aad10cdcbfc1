// Helpers for the tests of TH's tensor-level LAPACK (test_th_tensor_lapack
// .cpp): the typed C functions of Float and Double behind one template,
// matrices held in double and copied into TH tensors of a chosen layout,
// naive products and solves to check results by reconstruction, and
// snapshots that say whether a call left a tensor as it was.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "TH/TH.h"

namespace ember::test {

template <class T>
struct TH;
#define EMBER_TH_TENSOR_LAPACK_OF(Name, Real)                              \
  template <>                                                              \
  struct TH<Real> {                                                        \
    using Tensor = TH##Name##Tensor;                                       \
    static constexpr auto create = &TH##Name##Tensor_new;                  \
    static constexpr auto new2d = &TH##Name##Tensor_newWithSize2d;         \
    static constexpr auto new1d = &TH##Name##Tensor_newWithSize1d;         \
    static constexpr auto new3d = &TH##Name##Tensor_newWithSize3d;         \
    static constexpr auto free = &TH##Name##Tensor_free;                   \
    static constexpr auto new_storage = &TH##Name##Storage_newWithSize;    \
    static constexpr auto fill_storage = &TH##Name##Storage_fill;          \
    static constexpr auto free_storage = &TH##Name##Storage_free;          \
    static constexpr auto on_storage = &TH##Name##Tensor_newWithStorage2d; \
    static constexpr auto transpose = &TH##Name##Tensor_transpose;         \
    static constexpr auto narrow = &TH##Name##Tensor_narrow;               \
    static constexpr auto set1d = &TH##Name##Tensor_set1d;                 \
    static constexpr auto set2d = &TH##Name##Tensor_set2d;                 \
    static constexpr auto set3d = &TH##Name##Tensor_set3d;                 \
    static constexpr auto get1d = &TH##Name##Tensor_get1d;                 \
    static constexpr auto get2d = &TH##Name##Tensor_get2d;                 \
    static constexpr auto get3d = &TH##Name##Tensor_get3d;                 \
    static constexpr auto gesv = &TH##Name##Tensor_gesv;                   \
    static constexpr auto trtrs = &TH##Name##Tensor_trtrs;                 \
    static constexpr auto gels = &TH##Name##Tensor_gels;                   \
    static constexpr auto syev = &TH##Name##Tensor_syev;                   \
    static constexpr auto geev = &TH##Name##Tensor_geev;                   \
    static constexpr auto gesvd = &TH##Name##Tensor_gesvd;                 \
    static constexpr auto gesvd2 = &TH##Name##Tensor_gesvd2;               \
    static constexpr auto getri = &TH##Name##Tensor_getri;                 \
    static constexpr auto potrf = &TH##Name##Tensor_potrf;                 \
    static constexpr auto potrs = &TH##Name##Tensor_potrs;                 \
    static constexpr auto potri = &TH##Name##Tensor_potri;                 \
    static constexpr auto pstrf = &TH##Name##Tensor_pstrf;                 \
    static constexpr auto qr = &TH##Name##Tensor_qr;                       \
    static constexpr auto geqrf = &TH##Name##Tensor_geqrf;                 \
    static constexpr auto orgqr = &TH##Name##Tensor_orgqr;                 \
    static constexpr auto ormqr = &TH##Name##Tensor_ormqr;                 \
    static constexpr auto btrifact = &TH##Name##Tensor_btrifact;           \
    static constexpr auto btrisolve = &TH##Name##Tensor_btrisolve;         \
    static constexpr auto copyUpLo = &TH##Name##Tensor_copyUpLoTriangle;   \
    static constexpr auto clearUpLo = &TH##Name##Tensor_clearUpLoTriangle; \
    static constexpr double tol = sizeof(Real) == 4 ? 2e-4 : 1e-11;        \
  };
EMBER_TH_TENSOR_LAPACK_OF(Float, float)
EMBER_TH_TENSOR_LAPACK_OF(Double, double)
#undef EMBER_TH_TENSOR_LAPACK_OF

// A row-major matrix of doubles (the tests' own arithmetic).
struct Mat {
  int rows = 0, cols = 0;
  std::vector<double> v;
  Mat(int r, int c) : rows(r), cols(c), v(static_cast<size_t>(r) * c, 0.0) {}
  double& operator()(int i, int j) { return v[static_cast<size_t>(i) * cols + j]; }
  double operator()(int i, int j) const { return v[static_cast<size_t>(i) * cols + j]; }
};

inline Mat random_mat(int r, int c, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  Mat m(r, c);
  for (double& x : m.v) x = u(gen);
  return m;
}

inline Mat identity(int n) {
  Mat m(n, n);
  for (int i = 0; i < n; ++i) m(i, i) = 1;
  return m;
}

inline Mat matmul(const Mat& a, const Mat& b) {
  Mat c(a.rows, b.cols);
  for (int i = 0; i < a.rows; ++i)
    for (int j = 0; j < b.cols; ++j) {
      double s = 0;
      for (int k = 0; k < a.cols; ++k) s += a(i, k) * b(k, j);
      c(i, j) = s;
    }
  return c;
}

inline Mat transposed(const Mat& a) {
  Mat t(a.cols, a.rows);
  for (int i = 0; i < a.rows; ++i)
    for (int j = 0; j < a.cols; ++j) t(j, i) = a(i, j);
  return t;
}

// A well-conditioned square matrix: random plus n on the diagonal.
inline Mat well_conditioned(int n, unsigned seed) {
  Mat m = random_mat(n, n, seed);
  for (int i = 0; i < n; ++i) m(i, i) += n;
  return m;
}

// A symmetric positive definite matrix: B Bᵀ + n I.
inline Mat spd(int n, unsigned seed) {
  Mat b = random_mat(n, n, seed);
  Mat a = matmul(b, transposed(b));
  for (int i = 0; i < n; ++i) a(i, i) += n;
  return a;
}

inline double max_diff(const Mat& a, const Mat& b) {
  EXPECT_EQ(a.rows, b.rows);
  EXPECT_EQ(a.cols, b.cols);
  double d = 0;
  for (size_t i = 0; i < std::min(a.v.size(), b.v.size()); ++i) d = std::max(d, std::fabs(a.v[i] - b.v[i]));
  return d;
}

// The first `cols` columns of a.
inline Mat first_cols(const Mat& a, int cols) {
  Mat m(a.rows, cols);
  for (int i = 0; i < a.rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = a(i, j);
  return m;
}

// Naive Gaussian elimination with partial pivoting: X with A X = B.
inline Mat naive_solve(Mat a, Mat b) {
  const int n = a.rows;
  for (int c = 0; c < n; ++c) {
    int p = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(a(r, c)) > std::fabs(a(p, c))) p = r;
    for (int j = 0; j < n; ++j) std::swap(a(c, j), a(p, j));
    for (int j = 0; j < b.cols; ++j) std::swap(b(c, j), b(p, j));
    for (int r = c + 1; r < n; ++r) {
      const double f = a(r, c) / a(c, c);
      for (int j = c; j < n; ++j) a(r, j) -= f * a(c, j);
      for (int j = 0; j < b.cols; ++j) b(r, j) -= f * b(c, j);
    }
  }
  Mat x(n, b.cols);
  for (int j = 0; j < b.cols; ++j)
    for (int i = n - 1; i >= 0; --i) {
      double s = b(i, j);
      for (int k = i + 1; k < n; ++k) s -= a(i, k) * x(k, j);
      x(i, j) = s / a(i, i);
    }
  return x;
}

// Naive Cholesky: lower L with A = L Lᵀ.
inline Mat naive_cholesky(const Mat& a) {
  const int n = a.rows;
  Mat l(n, n);
  for (int j = 0; j < n; ++j) {
    double d = a(j, j);
    for (int k = 0; k < j; ++k) d -= l(j, k) * l(j, k);
    l(j, j) = std::sqrt(d);
    for (int i = j + 1; i < n; ++i) {
      double s = a(i, j);
      for (int k = 0; k < j; ++k) s -= l(i, k) * l(j, k);
      l(i, j) = s / l(j, j);
    }
  }
  return l;
}

enum class Layout { RowMajor, ColMajor, Strided };

// A new TH tensor holding m in `layout` (Strided: offset 1, strides
// (2 cols + 1, 2), the gaps holding 7).
template <class T>
typename TH<T>::Tensor* tensor(const Mat& m, Layout layout = Layout::RowMajor) {
  using H = TH<T>;
  typename H::Tensor* t;
  if (layout == Layout::ColMajor) {
    t = H::new2d(m.cols, m.rows);
    H::transpose(t, nullptr, 0, 1);
  } else if (layout == Layout::Strided) {
    const long ld = 2L * m.cols + 1;
    auto* s = H::new_storage(static_cast<ptrdiff_t>(m.rows * ld + 2));
    H::fill_storage(s, T(7));
    t = H::on_storage(s, 1, m.rows, ld, m.cols, 2);
    H::free_storage(s);
  } else {
    t = H::new2d(m.rows, m.cols);
  }
  for (int i = 0; i < m.rows; ++i)
    for (int j = 0; j < m.cols; ++j) H::set2d(t, i, j, static_cast<T>(m(i, j)));
  return t;
}

// A 1-D tensor of v's values.
template <class T>
typename TH<T>::Tensor* vector_tensor(const std::vector<double>& v) {
  auto* t = TH<T>::new1d(static_cast<long>(v.size()));
  for (size_t i = 0; i < v.size(); ++i) TH<T>::set1d(t, static_cast<long>(i), static_cast<T>(v[i]));
  return t;
}

// The 2-D tensor's values (through its strides).
template <class T>
Mat values(typename TH<T>::Tensor* t) {
  EXPECT_EQ(t->nDimension, 2);
  Mat m(static_cast<int>(t->size[0]), static_cast<int>(t->size[1]));
  for (int i = 0; i < m.rows; ++i)
    for (int j = 0; j < m.cols; ++j) m(i, j) = TH<T>::get2d(t, i, j);
  return m;
}

// Is `t` rows x cols with strides (1, ld) (TH's column-major results)?
template <class Tensor>
::testing::AssertionResult column_major(Tensor* t, long rows, long cols, long ld = 0) {
  if (!ld) ld = std::max(1L, rows);
  if (t->nDimension == 2 && t->size[0] == rows && t->size[1] == cols && t->stride[0] == 1 && t->stride[1] == ld)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "not " << rows << "x" << cols << " with strides (1, " << ld << "): dims "
                                       << t->nDimension << ", sizes " << (t->nDimension > 0 ? t->size[0] : -1) << "x"
                                       << (t->nDimension > 1 ? t->size[1] : -1) << ", strides "
                                       << (t->nDimension > 0 ? t->stride[0] : -1) << ", "
                                       << (t->nDimension > 1 ? t->stride[1] : -1);
}

// Everything a call could change about a tensor: geometry, storage and
// every byte of the storage.
struct Snapshot {
  int dims;
  std::vector<long> sizes, strides;
  ptrdiff_t offset;
  const void* storage;
  std::vector<unsigned char> bytes;

  template <class Tensor>
  explicit Snapshot(Tensor* t)
      : dims(t->nDimension),
        sizes(t->size, t->size + t->nDimension),
        strides(t->stride, t->stride + t->nDimension),
        offset(t->storageOffset),
        storage(t->storage) {
    if (t->storage) {
      const auto* p = reinterpret_cast<const unsigned char*>(t->storage->data);
      bytes.assign(p, p + t->storage->size * sizeof(*t->storage->data));
    }
  }
  bool operator==(const Snapshot& o) const {
    return dims == o.dims && sizes == o.sizes && strides == o.strides && offset == o.offset && storage == o.storage &&
           bytes == o.bytes;
  }
};

}  // namespace ember::test
