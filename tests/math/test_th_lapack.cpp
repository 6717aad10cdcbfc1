// TH's LAPACK wrappers (THFloatLapack_gesv ... THDoubleLapack_ormqr,
// schemas/math/lapack.yaml) through the C API, for Float and Double. Each
// result is checked by reconstruction (A X = B, P L U = A, Q R = A, ...) on
// small random matrices from fixed seeds, never against stored numbers;
// residuals are measured in double, relative to the inputs' size.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "TH/TH.h"
#include "tests/runtime/th_test_util.h"

namespace {

template <class T>
struct Lapack;
#define EMBER_THLAPACK_OF(Name, Real)                        \
  template <>                                               \
  struct Lapack<Real> {                                     \
    static constexpr auto gesv = &TH##Name##Lapack_gesv;    \
    static constexpr auto trtrs = &TH##Name##Lapack_trtrs;  \
    static constexpr auto gels = &TH##Name##Lapack_gels;    \
    static constexpr auto syev = &TH##Name##Lapack_syev;    \
    static constexpr auto geev = &TH##Name##Lapack_geev;    \
    static constexpr auto gesvd = &TH##Name##Lapack_gesvd;  \
    static constexpr auto getrf = &TH##Name##Lapack_getrf;  \
    static constexpr auto getrs = &TH##Name##Lapack_getrs;  \
    static constexpr auto getri = &TH##Name##Lapack_getri;  \
    static constexpr auto potrf = &TH##Name##Lapack_potrf;  \
    static constexpr auto potri = &TH##Name##Lapack_potri;  \
    static constexpr auto potrs = &TH##Name##Lapack_potrs;  \
    static constexpr auto pstrf = &TH##Name##Lapack_pstrf;  \
    static constexpr auto geqrf = &TH##Name##Lapack_geqrf;  \
    static constexpr auto orgqr = &TH##Name##Lapack_orgqr;  \
    static constexpr auto ormqr = &TH##Name##Lapack_ormqr;  \
  };
EMBER_THLAPACK_OF(Float, float)
EMBER_THLAPACK_OF(Double, double)
#undef EMBER_THLAPACK_OF

// A column-major rows x cols matrix with leading dim ld (>= rows).
template <class T>
struct Mat {
  int rows, cols, ld;
  std::vector<T> v;
  Mat(int r, int c, int l = 0) : rows(r), cols(c), ld(l ? l : std::max(1, r)), v(size_t(ld) * std::max(1, c), T(0)) {}
  T& operator()(int i, int j) { return v[size_t(j) * ld + i]; }
  T operator()(int i, int j) const { return v[size_t(j) * ld + i]; }
  T* data() { return v.data(); }
};

template <class T>
Mat<T> random(int r, int c, unsigned seed, int ld = 0) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  Mat<T> m(r, c, ld);
  for (int j = 0; j < c; ++j)
    for (int i = 0; i < r; ++i) m(i, j) = T(u(gen));
  return m;
}

// A symmetric positive definite n x n matrix: B Bᵀ + n I.
template <class T>
Mat<T> spd(int n, unsigned seed) {
  Mat<T> b = random<T>(n, n, seed), a(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double s = i == j ? n : 0;
      for (int k = 0; k < n; ++k) s += double(b(i, k)) * b(j, k);
      a(i, j) = T(s);
    }
  return a;
}

// op(A) B in double.
template <class T>
std::vector<double> product(const Mat<T>& a, bool ta, const Mat<T>& b, bool tb = false) {
  const int m = ta ? a.cols : a.rows, k = ta ? a.rows : a.cols, n = tb ? b.rows : b.cols;
  std::vector<double> c(size_t(m) * n, 0.0);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double s = 0;
      for (int p = 0; p < k; ++p) s += double(ta ? a(p, i) : a(i, p)) * (tb ? b(j, p) : b(p, j));
      c[size_t(j) * m + i] = s;
    }
  return c;
}

// max |x - y| over the rows x cols block of y, relative to `scale`.
template <class T>
double diff(const std::vector<double>& x, const Mat<T>& y, double scale = 1) {
  double d = 0;
  const int rows = y.rows;
  for (int j = 0; j < y.cols; ++j)
    for (int i = 0; i < rows; ++i) d = std::max(d, std::abs(x[size_t(j) * rows + i] - double(y(i, j))));
  return d / scale;
}

template <class T>
double tol() {
  return std::is_same_v<T, float> ? 2e-4 : 1e-11;
}

template <class T>
void gesv() {
  for (int n : {1, 3, 6}) {
    Mat<T> a = random<T>(n, n, 10 + n, n + 2), b = random<T>(n, 2, 20 + n), a0 = a, x = b;
    std::vector<int> ipiv(n);
    int info = -7;
    Lapack<T>::gesv(n, 2, a.data(), a.ld, ipiv.data(), x.data(), x.ld, &info);
    ASSERT_EQ(info, 0);
    EXPECT_LT(diff(product(a0, false, x), b), tol<T>() * n) << "n " << n;
    for (int p : ipiv) EXPECT_TRUE(p >= 1 && p <= n);  // 1-based
  }
}
TEST(THLapack, Gesv) {
  gesv<float>();
  gesv<double>();
}

template <class T>
void gesv_singular() {
  Mat<T> a = random<T>(4, 4, 3), b = random<T>(4, 1, 4);
  for (int i = 0; i < 4; ++i) a(i, 2) = 2 * a(i, 0);  // column 2 = 2 x column 0
  for (int i = 0; i < 4; ++i) a(i, 3) = 0;             // and an exact zero column
  std::vector<int> ipiv(4);
  int info = 0;
  Lapack<T>::gesv(4, 1, a.data(), 4, ipiv.data(), b.data(), 4, &info);
  EXPECT_GT(info, 0);  // LAPACK's index of a zero pivot, 1-based
  EXPECT_LE(info, 4);
}
TEST(THLapack, GesvSingular) {
  gesv_singular<float>();
  gesv_singular<double>();
}

template <class T>
void trtrs() {
  const int n = 5;
  for (char uplo : {'U', 'L'})
    for (char trans : {'N', 'T'})
      for (char diag : {'N', 'U'}) {
        Mat<T> a = random<T>(n, n, 31);
        for (int i = 0; i < n; ++i) {
          a(i, i) = T(2 + i);
          for (int j = 0; j < n; ++j)
            if (uplo == 'U' ? i > j : i < j) a(i, j) = T(100);  // never read
        }
        Mat<T> b = random<T>(n, 3, 32), x = b, tri = a;
        for (int i = 0; i < n; ++i) {
          if (diag == 'U') tri(i, i) = 1;
          for (int j = 0; j < n; ++j)
            if (uplo == 'U' ? i > j : i < j) tri(i, j) = 0;
        }
        int info = -1;
        Lapack<T>::trtrs(uplo, trans, diag, n, 3, a.data(), n, x.data(), n, &info);
        ASSERT_EQ(info, 0);
        EXPECT_LT(diff(product(tri, trans == 'T', x), b), tol<T>() * 10) << uplo << trans << diag;
      }
  Mat<T> z = random<T>(3, 3, 33), b = random<T>(3, 1, 34);
  z(1, 1) = 0;
  int info = 0;
  Lapack<T>::trtrs('U', 'N', 'N', 3, 1, z.data(), 3, b.data(), 3, &info);
  EXPECT_EQ(info, 2);
}
TEST(THLapack, Trtrs) {
  trtrs<float>();
  trtrs<double>();
}

template <class T>
void gels() {
  // Overdetermined: the residual B - A X is orthogonal to A's columns.
  const int m = 7, n = 3, nrhs = 2;
  Mat<T> a = random<T>(m, n, 41), b = random<T>(m, nrhs, 42), a0 = a, x = b;
  T wq;
  int info = -1;
  Lapack<T>::gels('N', m, n, nrhs, a.data(), m, x.data(), m, &wq, -1, &info);
  ASSERT_EQ(info, 0);
  std::vector<T> work(std::max(1, int(wq)));
  Lapack<T>::gels('N', m, n, nrhs, a.data(), m, x.data(), m, work.data(), int(work.size()), &info);
  ASSERT_EQ(info, 0);
  Mat<T> xs(n, nrhs);
  for (int j = 0; j < nrhs; ++j)
    for (int i = 0; i < n; ++i) xs(i, j) = x(i, j);
  std::vector<double> ax = product(a0, false, xs);
  Mat<T> r(m, nrhs);
  for (int j = 0; j < nrhs; ++j)
    for (int i = 0; i < m; ++i) r(i, j) = T(double(b(i, j)) - ax[size_t(j) * m + i]);
  std::vector<double> atr = product(a0, true, r);
  for (double v : atr) EXPECT_LT(std::abs(v), tol<T>() * 10);
  // Underdetermined (transposed): A^T X = B exactly.
  Mat<T> c = random<T>(m, n, 43), c0 = c, d(m, 1);
  Mat<T> rhs = random<T>(n, 1, 44);
  for (int i = 0; i < n; ++i) d(i, 0) = rhs(i, 0);
  std::vector<T> work2(64);
  Lapack<T>::gels('T', m, n, 1, c.data(), m, d.data(), m, work2.data(), 64, &info);
  ASSERT_EQ(info, 0);
  EXPECT_LT(diff(product(c0, true, d), rhs), tol<T>() * 10);
}
TEST(THLapack, Gels) {
  gels<float>();
  gels<double>();
}

template <class T>
void syev() {
  const int n = 5;
  for (char uplo : {'U', 'L'}) {
    Mat<T> a = random<T>(n, n, 51);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < i; ++j) a(j, i) = a(i, j);
    Mat<T> a0 = a;
    std::vector<T> w(n), work(64);
    int info = -1;
    Lapack<T>::syev('V', uplo, n, a.data(), n, w.data(), work.data(), 64, &info);
    ASSERT_EQ(info, 0);
    std::vector<double> av = product(a0, false, a);  // A V = V diag(w)
    for (int j = 0; j < n; ++j) {
      if (j) {
        EXPECT_LE(w[j - 1], w[j]);
      }
      for (int i = 0; i < n; ++i) EXPECT_NEAR(av[size_t(j) * n + i], double(w[j]) * a(i, j), tol<T>() * 10);
    }
    std::vector<double> vtv = product(a, true, a);  // orthonormal
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) EXPECT_NEAR(vtv[size_t(j) * n + i], i == j ? 1 : 0, tol<T>() * 10);
  }
}
TEST(THLapack, Syev) {
  syev<float>();
  syev<double>();
}

template <class T>
void geev() {
  const int n = 4;
  Mat<T> a = random<T>(n, n, 61), a0 = a, vr(n, n), vl(1, 1);
  std::vector<T> wr(n), wi(n), work(64);
  int info = -1;
  Lapack<T>::geev('N', 'V', n, a.data(), n, wr.data(), wi.data(), vl.data(), 1, vr.data(), n, work.data(), 64, &info);
  ASSERT_EQ(info, 0);
  // A v = λ v, in complex arithmetic for a conjugate pair (columns j, j+1 = re, im).
  for (int j = 0; j < n; ++j) {
    if (wi[j] == 0) {
      for (int i = 0; i < n; ++i) {
        double s = 0;
        for (int k = 0; k < n; ++k) s += double(a0(i, k)) * vr(k, j);
        EXPECT_NEAR(s, double(wr[j]) * vr(i, j), tol<T>() * 10);
      }
    } else {
      ASSERT_LT(j + 1, n);
      for (int i = 0; i < n; ++i) {
        double re = 0, im = 0;
        for (int k = 0; k < n; ++k) re += double(a0(i, k)) * vr(k, j), im += double(a0(i, k)) * vr(k, j + 1);
        EXPECT_NEAR(re, double(wr[j]) * vr(i, j) - double(wi[j]) * vr(i, j + 1), tol<T>() * 10);
        EXPECT_NEAR(im, double(wr[j]) * vr(i, j + 1) + double(wi[j]) * vr(i, j), tol<T>() * 10);
      }
      ++j;
    }
  }
}
TEST(THLapack, Geev) {
  geev<float>();
  geev<double>();
}

template <class T>
void gesvd() {
  for (auto [m, n] : {std::pair{5, 3}, std::pair{3, 5}, std::pair{4, 4}}) {
    const int k = std::min(m, n);
    Mat<T> a = random<T>(m, n, 70 + m * n), a0 = a, u(m, k), vt(k, n);
    std::vector<T> s(k), work(256);
    int info = -1;
    Lapack<T>::gesvd('S', 'S', m, n, a.data(), m, s.data(), u.data(), m, vt.data(), k, work.data(), 256, &info);
    ASSERT_EQ(info, 0);
    Mat<T> us = u;  // U diag(s)
    for (int j = 0; j < k; ++j) {
      if (j) {
        EXPECT_GE(s[j - 1], s[j]);
      }
      for (int i = 0; i < m; ++i) us(i, j) = T(double(u(i, j)) * s[j]);
    }
    EXPECT_LT(diff(product(us, false, vt), a0), tol<T>() * 10) << m << "x" << n;
  }
}
TEST(THLapack, Gesvd) {
  gesvd<float>();
  gesvd<double>();
}

// P L U from getrf's output, applied as LAPACK's row swaps to L U.
template <class T>
std::vector<double> plu(const Mat<T>& lu, const std::vector<int>& ipiv) {
  const int n = lu.rows;
  Mat<T> l(n, n), u(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i > j) l(i, j) = lu(i, j);
      else u(i, j) = lu(i, j);
      if (i == j) l(i, j) = 1;
    }
  std::vector<double> r = product(l, false, u);
  for (int i = n - 1; i >= 0; --i)  // P = P_0 P_1 ... : undo from the last swap
    for (int j = 0; j < n; ++j) std::swap(r[size_t(j) * n + i], r[size_t(j) * n + ipiv[i] - 1]);
  return r;
}

template <class T>
void getrf() {
  const int n = 5;
  Mat<T> a = random<T>(n, n, 81), a0 = a;
  std::vector<int> ipiv(n);
  int info = -1;
  Lapack<T>::getrf(n, n, a.data(), n, ipiv.data(), &info);
  ASSERT_EQ(info, 0);
  EXPECT_LT(diff(plu(a, ipiv), a0), tol<T>());
}
TEST(THLapack, Getrf) {
  getrf<float>();
  getrf<double>();
}

template <class T>
void getrs() {
  const int n = 5;
  for (char trans : {'N', 'T'}) {
    Mat<T> a = random<T>(n, n, 91), a0 = a, b = random<T>(n, 2, 92), x = b;
    std::vector<int> ipiv(n);
    int info = -1;
    Lapack<T>::getrf(n, n, a.data(), n, ipiv.data(), &info);
    ASSERT_EQ(info, 0);
    Lapack<T>::getrs(trans, n, 2, a.data(), n, ipiv.data(), x.data(), n, &info);
    ASSERT_EQ(info, 0);
    EXPECT_LT(diff(product(a0, trans == 'T', x), b), tol<T>() * 10);
  }
}
TEST(THLapack, Getrs) {
  getrs<float>();
  getrs<double>();
}

template <class T>
Mat<T> identity(int n) {
  Mat<T> e(n, n);
  for (int i = 0; i < n; ++i) e(i, i) = 1;
  return e;
}

template <class T>
void getri() {
  const int n = 5;
  Mat<T> a = random<T>(n, n, 101), a0 = a;
  std::vector<int> ipiv(n);
  int info = -1;
  Lapack<T>::getrf(n, n, a.data(), n, ipiv.data(), &info);
  ASSERT_EQ(info, 0);
  T wq;
  Lapack<T>::getri(n, a.data(), n, ipiv.data(), &wq, -1, &info);
  ASSERT_EQ(info, 0);
  std::vector<T> work(std::max(n, int(wq)));
  Lapack<T>::getri(n, a.data(), n, ipiv.data(), work.data(), int(work.size()), &info);
  ASSERT_EQ(info, 0);
  EXPECT_LT(diff(product(a0, false, a), identity<T>(n)), tol<T>() * 20);
}
TEST(THLapack, Getri) {
  getri<float>();
  getri<double>();
}

template <class T>
void potrf() {
  const int n = 5;
  for (char uplo : {'U', 'L'}) {
    Mat<T> a = spd<T>(n, 111), a0 = a;
    int info = -1;
    Lapack<T>::potrf(uplo, n, a.data(), n, &info);
    ASSERT_EQ(info, 0);
    Mat<T> f(n, n);  // the factor's triangle only; the other one is A's
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (uplo == 'L' ? i >= j : i <= j) f(i, j) = a(i, j);
        else EXPECT_EQ(a(i, j), a0(i, j));
      }
    // L Lᵀ = A, or Uᵀ U = A.
    std::vector<double> r = uplo == 'L' ? product(f, false, f, true) : product(f, true, f);
    EXPECT_LT(diff(r, a0, n), tol<T>()) << uplo;
  }
}
TEST(THLapack, Potrf) {
  potrf<float>();
  potrf<double>();
}

template <class T>
void potrf_not_positive_definite() {
  Mat<T> a = spd<T>(4, 121);
  a(2, 2) = T(-50);  // the leading minor of order 3 is not positive definite
  int info = 0;
  Lapack<T>::potrf('L', 4, a.data(), 4, &info);
  EXPECT_EQ(info, 3);
}
TEST(THLapack, PotrfNotPositiveDefinite) {
  potrf_not_positive_definite<float>();
  potrf_not_positive_definite<double>();
}

template <class T>
void potrs() {
  const int n = 5;
  Mat<T> a = spd<T>(n, 131), a0 = a, b = random<T>(n, 3, 132), x = b;
  int info = -1;
  Lapack<T>::potrf('U', n, a.data(), n, &info);
  ASSERT_EQ(info, 0);
  Lapack<T>::potrs('U', n, 3, a.data(), n, x.data(), n, &info);
  ASSERT_EQ(info, 0);
  EXPECT_LT(diff(product(a0, false, x), b), tol<T>());
}
TEST(THLapack, Potrs) {
  potrs<float>();
  potrs<double>();
}

template <class T>
void potri() {
  const int n = 5;
  Mat<T> a = spd<T>(n, 141), a0 = a;
  int info = -1;
  Lapack<T>::potrf('L', n, a.data(), n, &info);
  ASSERT_EQ(info, 0);
  Lapack<T>::potri('L', n, a.data(), n, &info);
  ASSERT_EQ(info, 0);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) a(i, j) = a(j, i);  // only the lower triangle is written
  EXPECT_LT(diff(product(a0, false, a), identity<T>(n)), tol<T>());
}
TEST(THLapack, Potri) {
  potri<float>();
  potri<double>();
}

template <class T>
void pstrf() {
  // A rank-3 positive semidefinite 5 x 5 matrix: B Bᵀ with B 5 x 3.
  const int n = 5, r = 3;
  Mat<T> b = random<T>(n, r, 151), a(n, n);
  std::vector<double> bbt = product(b, false, b, true);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) a(i, j) = T(bbt[size_t(j) * n + i]);
  Mat<T> a0 = a;
  std::vector<int> piv(n);
  std::vector<T> work(2 * n);
  int rank = -1, info = -1;
  Lapack<T>::pstrf('U', n, a.data(), n, piv.data(), &rank, T(-1), work.data(), &info);
  EXPECT_EQ(rank, r);
  EXPECT_GT(info, 0);  // rank-deficient
  // Pᵀ A P = Uᵀ U, with U's trailing n - rank rows zero.
  Mat<T> u(n, n);
  for (int i = 0; i < rank; ++i)
    for (int j = i; j < n; ++j) u(i, j) = a(i, j);
  std::vector<double> utu = product(u, true, u);
  Mat<T> pap(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) pap(i, j) = a0(piv[i] - 1, piv[j] - 1);  // 1-based pivots
  EXPECT_LT(diff(utu, pap, n), tol<T>() * 10);
}
TEST(THLapack, Pstrf) {
  pstrf<float>();
  pstrf<double>();
}

template <class T>
void qr() {
  const int m = 6, n = 4;
  Mat<T> a = random<T>(m, n, 161), a0 = a;
  std::vector<T> tau(n), work(256);
  int info = -1;
  Lapack<T>::geqrf(m, n, a.data(), m, tau.data(), work.data(), 256, &info);
  ASSERT_EQ(info, 0);
  Mat<T> r(n, n), q = a;
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j) r(i, j) = a(i, j);
  Lapack<T>::orgqr(m, n, n, q.data(), m, tau.data(), work.data(), 256, &info);
  ASSERT_EQ(info, 0);
  q.cols = n;
  EXPECT_LT(diff(product(q, false, r), a0), tol<T>() * 10);
  EXPECT_LT(diff(product(q, true, q), identity<T>(n)), tol<T>() * 10);
}
TEST(THLapack, QR) {
  qr<float>();
  qr<double>();
}

template <class T>
void ormqr() {
  // Qᵀ A = R: applying Qᵀ (from geqrf's reflectors) to A's copy gives R.
  const int m = 6, n = 4;
  Mat<T> a = random<T>(m, n, 171), c = a;
  std::vector<T> tau(n), work(256);
  int info = -1;
  Lapack<T>::geqrf(m, n, a.data(), m, tau.data(), work.data(), 256, &info);
  ASSERT_EQ(info, 0);
  Lapack<T>::ormqr('L', 'T', m, n, n, a.data(), m, tau.data(), c.data(), m, work.data(), 256, &info);
  ASSERT_EQ(info, 0);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) EXPECT_NEAR(c(i, j), i <= j ? a(i, j) : T(0), tol<T>() * 10);
  // C Q from the right, then Q back: C Q Qᵀ = C.
  Mat<T> d = random<T>(3, m, 172), d0 = d;
  Lapack<T>::ormqr('R', 'N', 3, m, n, a.data(), m, tau.data(), d.data(), 3, work.data(), 256, &info);
  ASSERT_EQ(info, 0);
  Lapack<T>::ormqr('R', 'T', 3, m, n, a.data(), m, tau.data(), d.data(), 3, work.data(), 256, &info);
  ASSERT_EQ(info, 0);
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(d(i, j), d0(i, j), tol<T>() * 10);
}
TEST(THLapack, Ormqr) {
  ormqr<float>();
  ormqr<double>();
}

// Bad arguments are TH argument errors naming the parameter (its 1-based
// position goes to the argument handler), and never reach LAPACK (whose
// xerbla would print and return info < 0).
TEST(THLapack, Errors) {
  ember::test::THThrowingHandlers handlers;
  using ember::test::expect_th_error;
  std::vector<float> a(64, 1), b(64, 1), w(64, 1);
  std::vector<double> d(64, 1);
  std::vector<int> ipiv(8);
  int info = 0, rank = 0;
  // gesv(n 1, nrhs 2, a 3, lda 4, ipiv 5, b 6, ldb 7, info 8)
  expect_th_error([&] { THFloatLapack_gesv(-1, 1, a.data(), 1, ipiv.data(), b.data(), 1, &info); }, 1, "n is -1");
  expect_th_error([&] { THFloatLapack_gesv(2, -3, a.data(), 2, ipiv.data(), b.data(), 2, &info); }, 2, "nrhs is -3");
  expect_th_error([&] { THFloatLapack_gesv(3, 1, a.data(), 2, ipiv.data(), b.data(), 3, &info); }, 4,
                  "THFloatLapack_gesv: lda is 2, must be at least max(1, n) = 3");
  expect_th_error([&] { THDoubleLapack_gesv(3, 1, d.data(), 3, ipiv.data(), d.data(), 0, &info); }, 7, "ldb");
  expect_th_error([&] { THDoubleLapack_gesv(3, 1, nullptr, 3, ipiv.data(), d.data(), 3, &info); }, 3,
                  "THDoubleLapack_gesv: a is NULL");
  expect_th_error([&] { THDoubleLapack_gesv(3, 1, d.data(), 3, nullptr, d.data(), 3, &info); }, 5, "ipiv is NULL");
  expect_th_error([&] { THDoubleLapack_gesv(3, 1, d.data(), 3, ipiv.data(), d.data(), 3, nullptr); }, 8, "info is NULL");
  // Flags: trtrs(uplo 1, trans 2, diag 3, ...)
  expect_th_error([&] { THFloatLapack_trtrs('X', 'N', 'N', 2, 1, a.data(), 2, b.data(), 2, &info); }, 1,
                  "uplo is 'X', not one of U, L");
  expect_th_error([&] { THFloatLapack_trtrs('u', 'Q', 'N', 2, 1, a.data(), 2, b.data(), 2, &info); }, 2, "trans");
  expect_th_error([&] { THFloatLapack_trtrs('u', 'n', 'z', 2, 1, a.data(), 2, b.data(), 2, &info); }, 3, "diag");
  // Workspaces: gels(trans 1, m 2, n 3, nrhs 4, a 5, lda 6, b 7, ldb 8, work 9, lwork 10, info 11)
  expect_th_error([&] { THFloatLapack_gels('N', 4, 2, 1, a.data(), 4, b.data(), 3, w.data(), 64, &info); }, 8,
                  "ldb is 3, must be at least max(1, m, n) = 4");
  expect_th_error([&] { THFloatLapack_gels('N', 4, 2, 1, a.data(), 4, b.data(), 4, w.data(), 2, &info); }, 10,
                  "lwork is 2");
  expect_th_error([&] { THFloatLapack_gels('N', 4, 2, 1, a.data(), 4, b.data(), 4, nullptr, -1, &info); }, 9, "work");
  // syev(jobz 1, uplo 2, n 3, a 4, lda 5, w 6, work 7, lwork 8, info 9)
  expect_th_error([&] { THDoubleLapack_syev('X', 'U', 2, d.data(), 2, d.data(), d.data(), 64, &info); }, 1, "jobz");
  expect_th_error([&] { THDoubleLapack_syev('V', 'U', 4, d.data(), 4, d.data(), d.data(), 10, &info); }, 8,
                  "max(1, 3n - 1) = 11");
  // geev(jobvl 1, jobvr 2, n 3, a 4, lda 5, wr 6, wi 7, vl 8, ldvl 9, vr 10, ldvr 11, work 12, lwork 13, info 14)
  expect_th_error([&] {
    THFloatLapack_geev('N', 'V', 3, a.data(), 3, w.data(), w.data(), nullptr, 1, b.data(), 2, w.data(), 64, &info);
  }, 11, "ldvr");
  expect_th_error([&] {
    THFloatLapack_geev('N', 'V', 3, a.data(), 3, w.data(), w.data(), nullptr, 1, nullptr, 3, w.data(), 64, &info);
  }, 10, "vr is NULL");
  // gesvd(jobu 1, jobvt 2, m 3, n 4, a 5, lda 6, s 7, u 8, ldu 9, vt 10, ldvt 11, work 12, lwork 13, info 14)
  expect_th_error([&] {
    THFloatLapack_gesvd('O', 'O', 2, 2, a.data(), 2, w.data(), b.data(), 2, b.data(), 2, w.data(), 64, &info);
  }, 2, "both 'O'");
  expect_th_error([&] {
    THFloatLapack_gesvd('S', 'S', 4, 3, a.data(), 4, w.data(), b.data(), 4, b.data(), 2, w.data(), 64, &info);
  }, 11, "ldvt is 2");
  // getrf(m 1, n 2, a 3, lda 4, ipiv 5, info 6); getri(n 1, a 2, lda 3, ipiv 4, work 5, lwork 6, info 7)
  expect_th_error([&] { THFloatLapack_getrf(3, -2, a.data(), 3, ipiv.data(), &info); }, 2, "n is -2");
  expect_th_error([&] { THFloatLapack_getrf(3, 2, a.data(), 2, ipiv.data(), &info); }, 4, "max(1, m) = 3");
  expect_th_error([&] { THFloatLapack_getri(4, a.data(), 4, ipiv.data(), w.data(), 3, &info); }, 6, "lwork");
  // getrs(trans 1, ...); potrf(uplo 1, n 2, a 3, lda 4, info 5)
  expect_th_error([&] { THFloatLapack_getrs('P', 2, 1, a.data(), 2, ipiv.data(), b.data(), 2, &info); }, 1, "trans");
  expect_th_error([&] { THDoubleLapack_potrf('N', 2, d.data(), 2, &info); }, 1, "uplo is 'N'");
  expect_th_error([&] { THDoubleLapack_potrf('U', 2, d.data(), 0, &info); }, 4, "lda is 0");
  expect_th_error([&] { THDoubleLapack_potri('U', -1, d.data(), 1, &info); }, 2, "n is -1");
  expect_th_error([&] { THDoubleLapack_potrs('U', 2, 1, d.data(), 2, d.data(), 1, &info); }, 7, "ldb");
  // pstrf(uplo 1, n 2, a 3, lda 4, piv 5, rank 6, tol 7, work 8, info 9)
  expect_th_error([&] { THDoubleLapack_pstrf('U', 2, d.data(), 2, ipiv.data(), nullptr, -1, d.data(), &info); }, 6,
                  "rank is NULL");
  expect_th_error([&] { THDoubleLapack_pstrf('U', 2, d.data(), 2, ipiv.data(), &rank, -1, nullptr, &info); }, 8,
                  "work is NULL");
  // geqrf(m 1, n 2, a 3, lda 4, tau 5, work 6, lwork 7, info 8); orgqr(m 1, n 2, k 3, ...)
  expect_th_error([&] { THFloatLapack_geqrf(4, 3, a.data(), 4, w.data(), w.data(), 2, &info); }, 7, "lwork is 2");
  expect_th_error([&] { THFloatLapack_orgqr(3, 4, 2, a.data(), 3, w.data(), w.data(), 64, &info); }, 2,
                  "n is 4, must be at most m = 3");
  expect_th_error([&] { THFloatLapack_orgqr(4, 3, 4, a.data(), 4, w.data(), w.data(), 64, &info); }, 3, "k is 4");
  // ormqr(side 1, trans 2, m 3, n 4, k 5, a 6, lda 7, tau 8, c 9, ldc 10, work 11, lwork 12, info 13)
  expect_th_error([&] {
    THFloatLapack_ormqr('X', 'N', 3, 3, 2, a.data(), 3, w.data(), b.data(), 3, w.data(), 64, &info);
  }, 1, "side");
  expect_th_error([&] {
    THFloatLapack_ormqr('L', 'C', 3, 3, 2, a.data(), 3, w.data(), b.data(), 3, w.data(), 64, &info);
  }, 2, "trans is 'C', not one of N, T");
  expect_th_error([&] {
    THFloatLapack_ormqr('R', 'N', 5, 3, 2, a.data(), 2, w.data(), b.data(), 5, w.data(), 64, &info);
  }, 7, "lda is 2, must be at least max(1, n) with side 'R' = 3");
  expect_th_error([&] {
    THFloatLapack_ormqr('L', 'N', 3, 4, 2, a.data(), 3, w.data(), b.data(), 3, w.data(), 3, &info);
  }, 12, "lwork is 3");
}

// Empty problems are valid and touch nothing (NULL data is fine there).
TEST(THLapack, Empty) {
  int info = -1;
  THDoubleLapack_gesv(0, 3, nullptr, 1, nullptr, nullptr, 1, &info);
  EXPECT_EQ(info, 0);
  info = -1;
  THFloatLapack_potrf('L', 0, nullptr, 1, &info);
  EXPECT_EQ(info, 0);
  float work = 0;
  info = -1;
  THFloatLapack_geqrf(0, 0, nullptr, 1, nullptr, &work, 1, &info);
  EXPECT_EQ(info, 0);
}

}  // namespace
