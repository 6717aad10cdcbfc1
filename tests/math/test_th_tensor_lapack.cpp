// TH's tensor-level LAPACK (THFloatTensor_gesv ... THDoubleTensor_btrisolve,
// schemas/math/tensor_lapack.yaml) through the C API, for Float and Double.
// Results are checked by reconstruction (A X = B, Q R = A, U S Vᵀ = A, ...)
// in double on small random matrices from fixed seeds, never against
// stored numbers; inputs come in row-major, column-major and strided
// layouts. Also: TH's result layouts, results that are their inputs, and
// errors that leave every argument as it was.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "tests/math/th_tensor_lapack_util.h"
#include "tests/runtime/th_test_util.h"

namespace {

using ember::test::column_major;
using ember::test::identity;
using ember::test::Layout;
using ember::test::Mat;
using ember::test::matmul;
using ember::test::max_diff;
using ember::test::Snapshot;
using ember::test::TH;
using ember::test::transposed;
using ember::test::values;

constexpr Layout kLayouts[] = {Layout::RowMajor, Layout::ColMajor, Layout::Strided};

template <class T>
using Tensor = typename TH<T>::Tensor;

// The triangle of a (diagonal included) named by uplo, the rest zero; unit: ones on the diagonal.
Mat triangle(const Mat& a, char uplo, bool unit = false) {
  Mat t(a.rows, a.cols);
  for (int i = 0; i < a.rows; ++i)
    for (int j = 0; j < a.cols; ++j)
      if (uplo == 'U' ? j >= i : j <= i) t(i, j) = (unit && i == j) ? 1.0 : a(i, j);
  return t;
}

bool is_triangle(const Mat& a, char uplo) { return max_diff(a, triangle(a, uplo)) == 0; }

// P L U from getrf's compact factors and 1-based pivots (row i swapped with ipiv[i] - 1, in order).
Mat plu(const Mat& lu, const std::vector<int>& ipiv) {
  const int n = lu.rows;
  Mat l = triangle(lu, 'L', true), u = triangle(lu, 'U');
  Mat a = matmul(l, u);
  for (int i = n - 1; i >= 0; --i)
    for (int j = 0; j < n; ++j) std::swap(a(i, j), a(ipiv[i] - 1, j));
  return a;
}

template <class T>
void gesv_case(Layout la, Layout lb) {
  using H = TH<T>;
  const Mat a = ember::test::well_conditioned(5, 1), b = ember::test::random_mat(5, 3, 2);
  Tensor<T>*ta = ember::test::tensor<T>(a, la), *tb = ember::test::tensor<T>(b, lb);
  Tensor<T>*ra = H::create(), *rb = H::create();
  Snapshot sa(ta), sb(tb);
  H::gesv(rb, ra, tb, ta);
  EXPECT_TRUE(column_major(rb, 5, 3));
  EXPECT_TRUE(column_major(ra, 5, 5));
  EXPECT_LT(max_diff(matmul(a, values<T>(rb)), b), H::tol);
  // ra holds L and U of a row permutation of A: each row of L U is a row of A.
  const Mat lu = matmul(triangle(values<T>(ra), 'L', true), triangle(values<T>(ra), 'U'));
  std::vector<bool> used(5, false);
  for (int i = 0; i < 5; ++i) {
    int found = -1;
    for (int r = 0; r < 5; ++r) {
      double d = 0;
      for (int j = 0; j < 5; ++j) d = std::max(d, std::fabs(lu(i, j) - a(r, j)));
      if (!used[r] && d < H::tol) found = r;
    }
    ASSERT_GE(found, 0) << "row " << i << " of L U is no row of A";
    used[found] = true;
  }
  EXPECT_TRUE(sa == Snapshot(ta)) << "gesv changed a_";
  EXPECT_TRUE(sb == Snapshot(tb)) << "gesv changed b_";
  for (auto* t : {ta, tb, ra, rb}) H::free(t);
}

template <class T>
void gesv_vector() {
  using H = TH<T>;
  const Mat a = ember::test::well_conditioned(4, 3), b = ember::test::random_mat(4, 1, 4);
  Tensor<T>*ta = ember::test::tensor<T>(a), *tb = ember::test::vector_tensor<T>(b.v);
  Tensor<T>*ra = H::create(), *rb = H::create();
  H::gesv(rb, ra, tb, ta);
  EXPECT_TRUE(column_major(rb, 4, 1));  // TH's n x 1 for a vector B
  EXPECT_LT(max_diff(matmul(a, values<T>(rb)), b), H::tol);
  for (auto* t : {ta, tb, ra, rb}) H::free(t);
}

TEST(THTensorLapack, Gesv) {
  for (Layout la : kLayouts)
    for (Layout lb : kLayouts) {
      gesv_case<float>(la, lb);
      gesv_case<double>(la, lb);
    }
  gesv_vector<float>();
  gesv_vector<double>();
}

template <class T>
void aliasing() {
  using H = TH<T>;
  const Mat a = ember::test::well_conditioned(4, 5), b = ember::test::random_mat(4, 2, 6);
  for (Layout l : kLayouts) {
    // ra_ == a_, rb_ == b_: the results replace the inputs, column-major.
    Tensor<T>*ta = ember::test::tensor<T>(a, l), *tb = ember::test::tensor<T>(b, l);
    H::gesv(tb, ta, tb, ta);
    EXPECT_TRUE(column_major(tb, 4, 2));
    EXPECT_TRUE(column_major(ta, 4, 4));
    EXPECT_LT(max_diff(matmul(a, values<T>(tb)), b), H::tol);
    // NULL inputs mean the results.
    H::free(ta);
    H::free(tb);
    ta = ember::test::tensor<T>(a, l);
    tb = ember::test::tensor<T>(b, l);
    H::gesv(tb, ta, nullptr, nullptr);
    EXPECT_LT(max_diff(matmul(a, values<T>(tb)), b), H::tol);
    // getri in place, and with a NULL input.
    H::free(ta);
    ta = ember::test::tensor<T>(a, l);
    H::getri(ta, ta);
    EXPECT_TRUE(column_major(ta, 4, 4));
    EXPECT_LT(max_diff(matmul(a, values<T>(ta)), identity(4)), H::tol);
    H::free(ta);
    ta = ember::test::tensor<T>(a, l);
    H::getri(ta, nullptr);
    EXPECT_LT(max_diff(matmul(a, values<T>(ta)), identity(4)), H::tol);
    // potrf in place.
    const Mat s = ember::test::spd(4, 7);
    H::free(ta);
    ta = ember::test::tensor<T>(s, l);
    H::potrf(ta, ta, "U");
    EXPECT_TRUE(column_major(ta, 4, 4));
    const Mat u = values<T>(ta);
    EXPECT_LT(max_diff(matmul(transposed(u), u), s), H::tol * 10);
    H::free(ta);
    H::free(tb);
  }
}

TEST(THTensorLapack, Aliasing) {
  aliasing<float>();
  aliasing<double>();
}

template <class T>
void trtrs_case() {
  using H = TH<T>;
  Mat a = ember::test::well_conditioned(5, 8);
  const Mat b = ember::test::random_mat(5, 2, 9);
  for (char uplo : {'U', 'L'})
    for (char trans : {'N', 'T'})
      for (char diag : {'N', 'U'}) {
        const char u[2] = {uplo, 0}, t[2] = {trans, 0}, d[2] = {diag, 0};
        Tensor<T>*ta = ember::test::tensor<T>(a, Layout::Strided), *tb = ember::test::tensor<T>(b);
        Tensor<T>*ra = H::create(), *rb = H::create();
        H::trtrs(rb, ra, tb, ta, u, t, d);
        Mat op = triangle(a, uplo, diag == 'U');
        if (trans == 'T') op = transposed(op);
        EXPECT_TRUE(column_major(rb, 5, 2));
        EXPECT_TRUE(column_major(ra, 5, 5));
        EXPECT_LT(max_diff(matmul(op, values<T>(rb)), b), H::tol) << uplo << trans << diag;
        EXPECT_EQ(max_diff(values<T>(ra), ember::test::values<T>(ta)), 0);  // ra_: A, column-major
        for (auto* x : {ta, tb, ra, rb}) H::free(x);
      }
}

TEST(THTensorLapack, Trtrs) {
  trtrs_case<float>();
  trtrs_case<double>();
}

template <class T>
void gels_case() {
  using H = TH<T>;
  // Overdetermined: the residual is orthogonal to A's columns.
  {
    const Mat a = ember::test::random_mat(7, 3, 10), b = ember::test::random_mat(7, 2, 11);
    Tensor<T>*ta = ember::test::tensor<T>(a, Layout::ColMajor), *tb = ember::test::tensor<T>(b, Layout::Strided);
    Tensor<T>*ra = H::create(), *rb = H::create();
    H::gels(rb, ra, tb, ta);
    EXPECT_TRUE(column_major(rb, 3, 2, 7));  // LAPACK's ldb = max(m, n), as TH left it
    EXPECT_TRUE(column_major(ra, 7, 3));
    Mat r = matmul(a, values<T>(rb));
    for (size_t i = 0; i < r.v.size(); ++i) r.v[i] -= b.v[i];
    EXPECT_LT(max_diff(matmul(transposed(a), r), Mat(3, 2)), H::tol * 10);
    for (auto* x : {ta, tb, ra, rb}) H::free(x);
  }
  // Underdetermined: the minimum-norm solution Aᵀ (A Aᵀ)⁻¹ B.
  {
    const Mat a = ember::test::random_mat(3, 6, 12), b = ember::test::random_mat(3, 2, 13);
    Tensor<T>*ta = ember::test::tensor<T>(a), *tb = ember::test::tensor<T>(b);
    Tensor<T>*ra = H::create(), *rb = H::create();
    H::gels(rb, ra, tb, ta);
    EXPECT_TRUE(column_major(rb, 6, 2, 6));
    const Mat want = matmul(transposed(a), ember::test::naive_solve(matmul(a, transposed(a)), b));
    EXPECT_LT(max_diff(values<T>(rb), want), H::tol * 10);
    for (auto* x : {ta, tb, ra, rb}) H::free(x);
  }
}

TEST(THTensorLapack, Gels) {
  gels_case<float>();
  gels_case<double>();
}

template <class T>
void syev_case() {
  using H = TH<T>;
  const Mat s = ember::test::spd(5, 14);
  for (char uplo : {'U', 'L'}) {
    // Only the uplo triangle is read: the other holds noise.
    Mat a = s;
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 5; ++j)
        if (uplo == 'U' ? i > j : i < j) a(i, j) = 100 + i;
    const char u[2] = {uplo, 0};
    Tensor<T>*ta = ember::test::tensor<T>(a, Layout::Strided), *re = H::create(), *rv = H::create();
    H::syev(re, rv, ta, "V", u);
    ASSERT_EQ(re->nDimension, 1);
    ASSERT_EQ(re->size[0], 5);
    EXPECT_TRUE(column_major(rv, 5, 5));
    const Mat v = values<T>(rv);
    EXPECT_LT(max_diff(matmul(transposed(v), v), identity(5)), H::tol);
    Mat lambda(5, 5);
    for (int i = 0; i < 5; ++i) {
      lambda(i, i) = H::get1d(re, i);
      if (i > 0) {
        EXPECT_LE(H::get1d(re, i - 1), H::get1d(re, i));
      }
    }
    EXPECT_LT(max_diff(matmul(s, v), matmul(v, lambda)), H::tol * 20);
    // jobz 'N': the same eigenvalues, rv_ left alone (and it may be NULL).
    Tensor<T>* re2 = H::create();
    Snapshot sv(rv);
    H::syev(re2, rv, ta, "N", u);
    EXPECT_TRUE(sv == Snapshot(rv));
    for (int i = 0; i < 5; ++i) EXPECT_NEAR(H::get1d(re2, i), H::get1d(re, i), H::tol * 20);
    H::syev(re2, nullptr, ta, "n", u);
    for (auto* x : {ta, re, rv, re2}) H::free(x);
  }
}

TEST(THTensorLapack, Syev) {
  syev_case<float>();
  syev_case<double>();
}

template <class T>
void geev_case() {
  using H = TH<T>;
  // A rotation block gives a complex pair.
  Mat a = ember::test::random_mat(5, 5, 15);
  a(0, 1) -= 3;
  a(1, 0) += 3;
  Tensor<T>*ta = ember::test::tensor<T>(a, Layout::ColMajor), *re = H::create(), *rv = H::create();
  H::geev(re, rv, ta, "V");
  ASSERT_EQ(re->nDimension, 2);
  ASSERT_EQ(re->size[0], 5);
  ASSERT_EQ(re->size[1], 2);
  EXPECT_TRUE(column_major(rv, 5, 5));
  const Mat v = values<T>(rv), av = matmul(a, v);
  bool complex_pair = false;
  for (int j = 0; j < 5; ++j) {
    const double wr = H::get2d(re, j, 0), wi = H::get2d(re, j, 1);
    if (wi == 0) {
      for (int i = 0; i < 5; ++i) EXPECT_NEAR(av(i, j), wr * v(i, j), H::tol * 20);
    } else {
      // Columns j, j + 1: x + i y for wr + i wi; A x = wr x - wi y, A y = wi x + wr y.
      ASSERT_LT(j + 1, 5);
      EXPECT_EQ(H::get2d(re, j + 1, 1), -wi);
      complex_pair = true;
      for (int i = 0; i < 5; ++i) {
        EXPECT_NEAR(av(i, j), wr * v(i, j) - wi * v(i, j + 1), H::tol * 20);
        EXPECT_NEAR(av(i, j + 1), wi * v(i, j) + wr * v(i, j + 1), H::tol * 20);
      }
      ++j;
    }
  }
  EXPECT_TRUE(complex_pair);
  Tensor<T>* re2 = H::create();
  H::geev(re2, nullptr, ta, "N");  // no vectors: rv_ may be NULL
  for (int j = 0; j < 5; ++j) EXPECT_NEAR(H::get2d(re2, j, 0), H::get2d(re, j, 0), H::tol * 20);
  for (auto* x : {ta, re, rv, re2}) H::free(x);
}

TEST(THTensorLapack, Geev) {
  geev_case<float>();
  geev_case<double>();
}

template <class T>
void gesvd_case(int m, int n, const char* jobu, bool two) {
  using H = TH<T>;
  const int k = std::min(m, n);
  const bool all = jobu[0] == 'A';
  const Mat a = ember::test::random_mat(m, n, 16 + m + n);
  Tensor<T>*ta = ember::test::tensor<T>(a, Layout::Strided), *ru = H::create(), *rs = H::create(), *rv = H::create(),
  *ra = H::create();
  if (two)
    H::gesvd2(ru, rs, rv, ra, ta, jobu);
  else
    H::gesvd(ru, rs, rv, ta, jobu);
  EXPECT_TRUE(column_major(ru, m, all ? m : k));
  ASSERT_EQ(rv->nDimension, 2);
  EXPECT_EQ(rv->size[0], n);
  EXPECT_EQ(rv->size[1], all ? n : k);
  EXPECT_EQ(rv->stride[1], 1);  // V itself, contiguous, as TH returned it
  if (two) {
    EXPECT_TRUE(column_major(ra, m, n));
  }
  const Mat u = values<T>(ru), v = values<T>(rv);
  EXPECT_LT(max_diff(matmul(transposed(u), u), identity(u.cols)), H::tol);
  EXPECT_LT(max_diff(matmul(transposed(v), v), identity(v.cols)), H::tol);
  Mat s(k, k);
  for (int i = 0; i < k; ++i) {
    s(i, i) = H::get1d(rs, i);
    if (i > 0) {
      EXPECT_GE(H::get1d(rs, i - 1), H::get1d(rs, i));
    }
  }
  const Mat usv = matmul(matmul(ember::test::first_cols(u, k), s), transposed(ember::test::first_cols(v, k)));
  EXPECT_LT(max_diff(usv, a), H::tol * 10) << m << "x" << n << " " << jobu;
  for (auto* x : {ta, ru, rs, rv, ra}) H::free(x);
}

TEST(THTensorLapack, Gesvd) {
  for (const char* job : {"S", "A"})
    for (bool two : {false, true})
      for (auto [m, n] : {std::pair{6, 4}, std::pair{3, 5}, std::pair{4, 4}}) {
        gesvd_case<float>(m, n, job, two);
        gesvd_case<double>(m, n, job, two);
      }
  // gesvd2 with a NULL input decomposes ra_.
  const Mat a = ember::test::random_mat(4, 3, 30);
  auto* ra = ember::test::tensor<double>(a);
  auto *ru = THDoubleTensor_new(), *rs = THDoubleTensor_new(), *rv = THDoubleTensor_new();
  THDoubleTensor_gesvd2(ru, rs, rv, ra, nullptr, "S");
  Mat s(3, 3);
  for (int i = 0; i < 3; ++i) s(i, i) = THDoubleTensor_get1d(rs, i);
  EXPECT_LT(max_diff(matmul(matmul(values<double>(ru), s), transposed(values<double>(rv))), a), 1e-12);
  for (auto* x : {ra, ru, rs, rv}) THDoubleTensor_free(x);
}

template <class T>
void getri_case() {
  using H = TH<T>;
  const Mat a = ember::test::well_conditioned(6, 17);
  for (Layout l : kLayouts) {
    Tensor<T>*ta = ember::test::tensor<T>(a, l), *ra = H::create();
    H::getri(ra, ta);
    EXPECT_TRUE(column_major(ra, 6, 6));
    EXPECT_LT(max_diff(matmul(a, values<T>(ra)), identity(6)), H::tol);
    H::free(ta);
    H::free(ra);
  }
}

TEST(THTensorLapack, Getri) {
  getri_case<float>();
  getri_case<double>();
}

template <class T>
void potrf_case() {
  using H = TH<T>;
  const Mat a = ember::test::spd(5, 18);
  for (Layout l : kLayouts)
    for (char uplo : {'U', 'L'}) {
      const char u[2] = {uplo, 0};
      Tensor<T>*ta = ember::test::tensor<T>(a, l), *ra = H::create();
      H::potrf(ra, ta, u);
      EXPECT_TRUE(column_major(ra, 5, 5));
      const Mat f = values<T>(ra);
      EXPECT_TRUE(is_triangle(f, uplo)) << "the other triangle is not cleared";
      const Mat back = uplo == 'U' ? matmul(transposed(f), f) : matmul(f, transposed(f));
      EXPECT_LT(max_diff(back, a), H::tol * 10);
      H::free(ta);
      H::free(ra);
    }
}

TEST(THTensorLapack, Potrf) {
  potrf_case<float>();
  potrf_case<double>();
}

template <class T>
void potrs_potri_case(bool inverse) {
  using H = TH<T>;
  const Mat a = ember::test::spd(5, 19), b = ember::test::random_mat(5, 3, 20);
  const Mat l = ember::test::naive_cholesky(a);
  for (char uplo : {'U', 'L'}) {
    const char u[2] = {uplo, 0};
    Tensor<T>* tf = ember::test::tensor<T>(uplo == 'L' ? l : transposed(l), Layout::Strided);
    Tensor<T>* r = H::create();
    if (inverse) {
      H::potri(r, tf, u);
      EXPECT_TRUE(column_major(r, 5, 5));
      const Mat inv = values<T>(r);
      EXPECT_EQ(max_diff(inv, transposed(inv)), 0) << "both triangles of the inverse";
      EXPECT_LT(max_diff(matmul(a, inv), identity(5)), H::tol * 10);
    } else {
      Tensor<T>* tb = ember::test::tensor<T>(b, Layout::ColMajor);
      Snapshot sf(tf);
      H::potrs(r, tb, tf, u);
      EXPECT_TRUE(column_major(r, 5, 3));
      EXPECT_LT(max_diff(matmul(a, values<T>(r)), b), H::tol * 10);
      EXPECT_TRUE(sf == Snapshot(tf)) << "potrs changed the factor";
      H::potrs(tb, nullptr, tf, u);  // b_ NULL: rb_ is B
      EXPECT_LT(max_diff(matmul(a, values<T>(tb)), b), H::tol * 10);
      H::free(tb);
    }
    H::free(tf);
    H::free(r);
  }
}

TEST(THTensorLapack, Potrs) {
  potrs_potri_case<float>(false);
  potrs_potri_case<double>(false);
}

TEST(THTensorLapack, Potri) {
  potrs_potri_case<float>(true);
  potrs_potri_case<double>(true);
}

template <class T>
void pstrf_case() {
  using H = TH<T>;
  const Mat a = ember::test::spd(6, 21);
  for (char uplo : {'U', 'L'}) {
    const char u[2] = {uplo, 0};
    Tensor<T>*ta = ember::test::tensor<T>(a, Layout::ColMajor), *ra = H::create();
    THIntTensor* piv = THIntTensor_new();
    H::pstrf(ra, piv, ta, u, T(-1));
    EXPECT_TRUE(column_major(ra, 6, 6));
    ASSERT_EQ(piv->nDimension, 1);
    ASSERT_EQ(piv->size[0], 6);
    // P[piv[k] - 1, k] = 1: (Pᵀ A P)(i, j) = A(piv[i] - 1, piv[j] - 1).
    Mat pap(6, 6);
    std::vector<bool> seen(6, false);
    for (int i = 0; i < 6; ++i) {
      const int p = THIntTensor_get1d(piv, i);
      ASSERT_GE(p, 1);
      ASSERT_LE(p, 6);
      EXPECT_FALSE(seen[p - 1]);
      seen[p - 1] = true;
    }
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j) pap(i, j) = a(THIntTensor_get1d(piv, i) - 1, THIntTensor_get1d(piv, j) - 1);
    const Mat f = values<T>(ra);
    EXPECT_TRUE(is_triangle(f, uplo));
    EXPECT_LT(max_diff(uplo == 'U' ? matmul(transposed(f), f) : matmul(f, transposed(f)), pap), H::tol * 20);
    H::free(ta);
    H::free(ra);
    THIntTensor_free(piv);
  }
}

TEST(THTensorLapack, Pstrf) {
  pstrf_case<float>();
  pstrf_case<double>();
}

template <class T>
void qr_case(int m, int n) {
  using H = TH<T>;
  const int k = std::min(m, n);
  const Mat a = ember::test::random_mat(m, n, 22 + m);
  Tensor<T>*ta = ember::test::tensor<T>(a, Layout::Strided), *rq = H::create(), *rr = H::create();
  H::qr(rq, rr, ta);
  EXPECT_TRUE(column_major(rq, m, k, m));
  ASSERT_EQ(rr->nDimension, 2);
  EXPECT_EQ(rr->size[0], k);
  EXPECT_EQ(rr->size[1], n);
  const Mat q = values<T>(rq), r = values<T>(rr);
  EXPECT_TRUE(is_triangle(r, 'U'));
  EXPECT_LT(max_diff(matmul(transposed(q), q), identity(k)), H::tol);
  EXPECT_LT(max_diff(matmul(q, r), a), H::tol * 10);
  for (auto* x : {ta, rq, rr}) H::free(x);
}

TEST(THTensorLapack, Qr) {
  for (auto [m, n] : {std::pair{6, 4}, std::pair{3, 5}, std::pair{4, 4}}) {
    qr_case<float>(m, n);
    qr_case<double>(m, n);
  }
}

template <class T>
void geqrf_orgqr_case(int m, int n) {
  using H = TH<T>;
  const int k = std::min(m, n);
  const Mat a = ember::test::random_mat(m, n, 40 + n);
  Tensor<T>*ta = ember::test::tensor<T>(a, Layout::ColMajor), *ra = H::create(), *tau = H::create(), *rq = H::create();
  H::geqrf(ra, tau, ta);
  EXPECT_TRUE(column_major(ra, m, n));
  ASSERT_EQ(tau->nDimension, 1);
  EXPECT_EQ(tau->size[0], k);
  const Mat f = values<T>(ra);
  Mat r(k, n);  // R: the upper triangle of ra_'s first k rows
  for (int i = 0; i < k; ++i)
    for (int j = i; j < n; ++j) r(i, j) = f(i, j);
  H::orgqr(rq, ra, tau);
  EXPECT_TRUE(column_major(rq, m, n));
  const Mat q = ember::test::first_cols(values<T>(rq), k);  // Q's first k columns
  EXPECT_LT(max_diff(matmul(transposed(q), q), identity(k)), H::tol);
  EXPECT_LT(max_diff(matmul(q, r), a), H::tol * 10);
  // orgqr in place, with a NULL input.
  H::orgqr(ra, nullptr, tau);
  EXPECT_LT(max_diff(ember::test::first_cols(values<T>(ra), k), q), 0.0 + H::tol);
  for (auto* x : {ta, ra, tau, rq}) H::free(x);
}

TEST(THTensorLapack, Geqrf) {
  for (auto [m, n] : {std::pair{6, 4}, std::pair{3, 5}}) {
    geqrf_orgqr_case<float>(m, n);
    geqrf_orgqr_case<double>(m, n);
  }
}

template <class T>
void ormqr_case() {
  using H = TH<T>;
  const Mat a = ember::test::random_mat(5, 3, 50), c = ember::test::random_mat(4, 5, 51);
  Tensor<T>*ta = ember::test::tensor<T>(a), *ra = H::create(), *tau = H::create();
  H::geqrf(ra, tau, ta);
  // Qᵀ A = R: upper triangular, and matching geqrf's R.
  Tensor<T>* qta = H::create();
  H::ormqr(qta, ra, tau, ta, "L", "T");
  EXPECT_TRUE(column_major(qta, 5, 3));
  const Mat qa = values<T>(qta), fac = values<T>(ra);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 3; ++j) EXPECT_NEAR(qa(i, j), i <= j ? fac(i, j) : 0.0, H::tol * 10);
  // C Q Qᵀ = C, with a strided copy of the reflectors (TH ignored a's strides).
  Tensor<T>* strided = ember::test::tensor<T>(fac, Layout::Strided);
  Tensor<T>*cq = H::create(), *tc = ember::test::tensor<T>(c);
  H::ormqr(cq, strided, tau, tc, "R", "N");
  EXPECT_TRUE(column_major(cq, 4, 5));
  H::ormqr(cq, strided, tau, cq, "R", "T");
  EXPECT_LT(max_diff(values<T>(cq), c), H::tol * 10);
  // A NULL a_ is ra_, read before ra_ is written.
  Tensor<T>* r2 = ember::test::tensor<T>(fac);
  H::ormqr(r2, nullptr, tau, ta, "L", "T");
  EXPECT_LT(max_diff(values<T>(r2), qa), H::tol);
  for (auto* x : {ta, ra, tau, qta, strided, cq, tc, r2}) H::free(x);
}

TEST(THTensorLapack, Ormqr) {
  ormqr_case<float>();
  ormqr_case<double>();
}

template <class T>
typename TH<T>::Tensor* batch_tensor(const std::vector<Mat>& ms) {
  auto* t = TH<T>::new3d(static_cast<long>(ms.size()), ms[0].rows, ms[0].cols);
  for (size_t b = 0; b < ms.size(); ++b)
    for (int i = 0; i < ms[b].rows; ++i)
      for (int j = 0; j < ms[b].cols; ++j) TH<T>::set3d(t, static_cast<long>(b), i, j, static_cast<T>(ms[b](i, j)));
  return t;
}

template <class T>
Mat batch_values(typename TH<T>::Tensor* t, long b) {
  Mat m(static_cast<int>(t->size[1]), t->nDimension > 2 ? static_cast<int>(t->size[2]) : 1);
  for (int i = 0; i < m.rows; ++i)
    for (int j = 0; j < m.cols; ++j) m(i, j) = t->nDimension > 2 ? TH<T>::get3d(t, b, i, j) : TH<T>::get2d(t, b, i);
  return m;
}

template <class T>
void btrifact_case() {
  using H = TH<T>;
  const std::vector<Mat> as = {ember::test::random_mat(4, 4, 60), ember::test::random_mat(4, 4, 61),
                               ember::test::random_mat(4, 4, 62)};
  Tensor<T>*ta = batch_tensor<T>(as), *ra = H::create();
  THIntTensor *piv = THIntTensor_new(), *info = THIntTensor_new();
  H::btrifact(ra, piv, info, 1, ta);
  ASSERT_EQ(piv->nDimension, 2);
  ASSERT_EQ(info->size[0], 3);
  for (long b = 0; b < 3; ++b) {
    EXPECT_EQ(THIntTensor_get1d(info, b), 0);
    std::vector<int> p(4);
    for (int i = 0; i < 4; ++i) p[i] = THIntTensor_get2d(piv, b, i);
    EXPECT_LT(max_diff(plu(batch_values<T>(ra, b), p), as[b]), H::tol * 10);
  }
  // In place, without rinfo_.
  H::btrifact(ta, piv, nullptr, 1, ta);
  for (long b = 0; b < 3; ++b) EXPECT_EQ(max_diff(batch_values<T>(ta, b), batch_values<T>(ra, b)), 0);
  for (auto* x : {ta, ra}) H::free(x);
  THIntTensor_free(piv);
  THIntTensor_free(info);
}

TEST(THTensorLapack, Btrifact) {
  btrifact_case<float>();
  btrifact_case<double>();
}

template <class T>
void btrisolve_case(bool matrix_rhs) {
  using H = TH<T>;
  const std::vector<Mat> as = {ember::test::well_conditioned(4, 63), ember::test::well_conditioned(4, 64)};
  const int k = matrix_rhs ? 2 : 1;
  const std::vector<Mat> bs = {ember::test::random_mat(4, k, 65), ember::test::random_mat(4, k, 66)};
  Tensor<T>*ta = batch_tensor<T>(as), *lu = H::create(), *x = H::create();
  Tensor<T>* tb;
  if (matrix_rhs) {
    tb = batch_tensor<T>(bs);
  } else {
    tb = H::new2d(2, 4);
    for (long b = 0; b < 2; ++b)
      for (int i = 0; i < 4; ++i) H::set2d(tb, b, i, static_cast<T>(bs[b](i, 0)));
  }
  THIntTensor* piv = THIntTensor_new();
  H::btrifact(lu, piv, nullptr, 1, ta);
  H::btrisolve(x, tb, lu, piv);
  ASSERT_EQ(x->nDimension, matrix_rhs ? 3 : 2);
  for (long b = 0; b < 2; ++b) EXPECT_LT(max_diff(matmul(as[b], batch_values<T>(x, b)), bs[b]), H::tol * 10);
  H::btrisolve(tb, tb, lu, piv);  // in place
  for (long b = 0; b < 2; ++b) EXPECT_LT(max_diff(batch_values<T>(tb, b), batch_values<T>(x, b)), H::tol);
  for (auto* t : {ta, lu, x, tb}) H::free(t);
  THIntTensor_free(piv);
}

TEST(THTensorLapack, Btrisolve) {
  for (bool m : {false, true}) {
    btrisolve_case<float>(m);
    btrisolve_case<double>(m);
  }
}

template <class T>
void uplo_case() {
  using H = TH<T>;
  const Mat a = ember::test::random_mat(4, 4, 70);
  for (Layout l : kLayouts)
    for (char uplo : {'U', 'L'}) {
      const char u[2] = {uplo, 0};
      Tensor<T>* t = ember::test::tensor<T>(a, l);
      const Mat kept = triangle(values<T>(t), uplo);  // a rounded to T
      H::copyUpLo(t, u);
      const Mat got = values<T>(t);
      EXPECT_EQ(max_diff(triangle(got, uplo), kept), 0);
      EXPECT_EQ(max_diff(got, transposed(got)), 0) << "not symmetric";
      H::clearUpLo(t, u);
      EXPECT_EQ(max_diff(values<T>(t), kept), 0) << "the other triangle is not cleared";
      H::free(t);
    }
}

TEST(THTensorLapack, UpLoTriangle) {
  uplo_case<float>();
  uplo_case<double>();
}

}  // namespace
