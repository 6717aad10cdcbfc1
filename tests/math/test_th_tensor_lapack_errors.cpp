// Errors of TH's tensor-level LAPACK (schemas/math/tensor_lapack.yaml):
// what LAPACK finds in the numbers (singular, not positive definite) goes
// to THError naming the routine and LAPACK's info; bad arguments go to the
// argument handler with their position and a message naming the C
// function and the argument. Either way every argument, results included,
// is left exactly as it was.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "tests/math/th_tensor_lapack_util.h"
#include "tests/runtime/th_test_util.h"

namespace {

using ember::test::Layout;
using ember::test::Mat;
using ember::test::Snapshot;
using ember::test::TH;

template <class T>
using Tensor = typename TH<T>::Tensor;

// `call` raises for argument `arg` (0: THError) with `part` in its
// message, and leaves each of `tensors` as it was.
template <class Tensors, class Call>
void expect_intact_error(const Tensors& tensors, Call&& call, int arg, const std::string& part) {
  std::vector<Snapshot> before;
  for (auto* t : tensors) before.emplace_back(t);
  ember::test::expect_th_error(call, arg, part);
  for (size_t i = 0; i < before.size(); ++i)
    EXPECT_TRUE(before[i] == Snapshot(tensors[i])) << "argument " << i << " changed";
}

// A matrix whose column `zero` is zero: LU and QR meet an exact zero pivot there.
Mat with_zero_column(int rows, int cols, int zero, unsigned seed) {
  Mat m = ember::test::random_mat(rows, cols, seed);
  for (int i = 0; i < rows; ++i) m(i, zero) = 0;
  return m;
}

template <class T>
void singular() {
  using H = TH<T>;
  const std::string F = sizeof(T) == 4 ? "THFloatTensor_" : "THDoubleTensor_";
  const Mat sing = with_zero_column(4, 4, 2, 1);
  Tensor<T>*a = ember::test::tensor<T>(sing, Layout::ColMajor),
  *b = ember::test::tensor<T>(ember::test::random_mat(4, 2, 2));
  Tensor<T>*ra = ember::test::tensor<T>(ember::test::random_mat(3, 3, 3)),
  *rb = ember::test::tensor<T>(ember::test::random_mat(2, 5, 4));
  const std::vector<Tensor<T>*> all = {rb, ra, b, a};
  expect_intact_error(
      all, [&] { H::gesv(rb, ra, b, a); }, 0,
      F + "gesv: U(3,3) is exactly zero, the matrix is singular (LAPACK info 3)");
  expect_intact_error(
      all, [&] { H::getri(ra, a); }, 0, F + "getri: U(3,3) is exactly zero, the matrix is singular");
  // In place too: a stays a.
  expect_intact_error(
      all, [&] { H::gesv(b, a, b, a); }, 0, "(LAPACK info 3)");
  expect_intact_error(
      all, [&] { H::getri(a, a); }, 0, "singular");
  // trtrs: a zero on the triangle's diagonal.
  Mat tri = ember::test::well_conditioned(4, 5);
  tri(1, 1) = 0;
  Tensor<T>* ttri = ember::test::tensor<T>(tri);
  const std::vector<Tensor<T>*> tr = {rb, ra, b, ttri};
  expect_intact_error(
      tr, [&] { H::trtrs(rb, ra, b, ttri, "U", "N", "N"); }, 0,
      F + "trtrs: A(2,2) is zero, the triangular matrix is singular (LAPACK info 2)");
  // gels: a rank-deficient A.
  Tensor<T>* deficient = ember::test::tensor<T>(with_zero_column(4, 3, 1, 6));
  const std::vector<Tensor<T>*> gl = {rb, ra, b, deficient};
  expect_intact_error(
      gl, [&] { H::gels(rb, ra, b, deficient); }, 0, "A does not have full rank (LAPACK info 2)");
  // potri: a factor with a zero on its diagonal.
  Mat factor = ember::test::well_conditioned(4, 7);
  factor(2, 2) = 0;
  Tensor<T>* tf = ember::test::tensor<T>(factor);
  const std::vector<Tensor<T>*> pt = {ra, tf};
  expect_intact_error(
      pt, [&] { H::potri(ra, tf, "U"); }, 0, F + "potri: the factor's diagonal element (3,3) is zero");
  // btrifact: without rinfo_ a singular matrix raises naming its batch element; with it, its info is reported.
  Tensor<T>* batch = H::new3d(2, 4, 4);
  const Mat good = ember::test::well_conditioned(4, 8);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      H::set3d(batch, 0, i, j, static_cast<T>(good(i, j)));
      H::set3d(batch, 1, i, j, static_cast<T>(sing(i, j)));
    }
  THIntTensor* piv = THIntTensor_new();
  THIntTensor* info = THIntTensor_newWithSize1d(2);
  Tensor<T>* lu = H::create();
  std::vector<Snapshot> before = {Snapshot(batch), Snapshot(lu), Snapshot(piv)};
  ember::test::expect_th_error([&] { H::btrifact(lu, piv, nullptr, 1, batch); }, 0,
                               F + "btrifact: U(3,3) of batch element 1 is exactly zero");
  EXPECT_TRUE(before[0] == Snapshot(batch));
  EXPECT_TRUE(before[1] == Snapshot(lu));
  EXPECT_TRUE(before[2] == Snapshot(piv));
  H::btrifact(lu, piv, info, 1, batch);
  EXPECT_EQ(THIntTensor_get1d(info, 0), 0);
  EXPECT_EQ(THIntTensor_get1d(info, 1), 3);
  for (auto* t : {a, b, ra, rb, ttri, deficient, tf, batch, lu}) H::free(t);
  THIntTensor_free(piv);
  THIntTensor_free(info);
}

TEST(THTensorLapack, Singular) {
  ember::test::THThrowingHandlers handlers;
  singular<float>();
  singular<double>();
}

template <class T>
void not_positive_definite() {
  using H = TH<T>;
  const std::string F = sizeof(T) == 4 ? "THFloatTensor_" : "THDoubleTensor_";
  // diag(4) ⊕ [[1, 2], [2, 1]]: the leading minor of order 3 is negative.
  Mat m(3, 3);
  m(0, 0) = 4;
  m(1, 1) = m(2, 2) = 1;
  m(1, 2) = m(2, 1) = 2;
  Tensor<T>*a = ember::test::tensor<T>(m), *ra = ember::test::tensor<T>(ember::test::random_mat(2, 2, 9));
  const std::vector<Tensor<T>*> both = {ra, a};
  for (const char* uplo : {"U", "L"})
    expect_intact_error(
        both, [&] { H::potrf(ra, a, uplo); }, 0,
        F + "potrf: the leading minor of order 3 is not positive definite (LAPACK info 3)");
  expect_intact_error(
      both, [&] { H::potrf(a, a, "L"); }, 0, "not positive definite");
  // pstrf: diag(2, 1, -1) is not positive semidefinite; LAPACK stops at rank 2.
  Mat d(3, 3);
  d(0, 0) = 2;
  d(1, 1) = 1;
  d(2, 2) = -1;
  Tensor<T>* td = ember::test::tensor<T>(d);
  THIntTensor* piv = THIntTensor_new();
  std::vector<Snapshot> before = {Snapshot(ra), Snapshot(piv), Snapshot(td)};
  ember::test::expect_th_error([&] { H::pstrf(ra, piv, td, "U", T(-1)); }, 0,
                               F + "pstrf: the matrix is rank deficient (computed rank 2 of 3) or not positive "
                                   "semidefinite (LAPACK info 1)");
  EXPECT_TRUE(before[0] == Snapshot(ra));
  EXPECT_TRUE(before[1] == Snapshot(piv));
  EXPECT_TRUE(before[2] == Snapshot(td));
  for (auto* t : {a, ra, td}) H::free(t);
  THIntTensor_free(piv);
}

TEST(THTensorLapack, NotPositiveDefinite) {
  ember::test::THThrowingHandlers handlers;
  not_positive_definite<float>();
  not_positive_definite<double>();
}

TEST(THTensorLapack, Errors) {
  ember::test::THThrowingHandlers handlers;
  using H = TH<float>;
  THFloatTensor* a = ember::test::tensor<float>(ember::test::well_conditioned(3, 1));
  THFloatTensor* b = ember::test::tensor<float>(ember::test::random_mat(3, 2, 2));
  THFloatTensor* wide = ember::test::tensor<float>(ember::test::random_mat(3, 4, 3));
  THFloatTensor *ra = H::create(), *rb = H::create(), *cube = H::new3d(2, 3, 3);
  const std::vector<THFloatTensor*> all = {a, b, wide, ra, rb, cube};
  // gesv(rb_ 1, ra_ 2, b_ 3, a_ 4)
  expect_intact_error(
      all, [&] { H::gesv(nullptr, ra, b, a); }, 1, "THFloatTensor_gesv: rb_ is NULL");
  expect_intact_error(
      all, [&] { H::gesv(rb, ra, b, cube); }, 4, "THFloatTensor_gesv: a_ should have 2 dimensions, but has 3");
  expect_intact_error(
      all, [&] { H::gesv(rb, ra, b, wide); }, 4, "a_ should be square, but is 3x4");
  expect_intact_error(
      all, [&] { H::gesv(rb, ra, wide, ra); }, 4, "a_ should have 2 dimensions, but has 0");
  expect_intact_error(
      all, [&] { H::gesv(rb, ra, cube, a); }, 3, "b_ should have 1 or 2 dimensions");
  THFloatTensor* b4 = ember::test::tensor<float>(ember::test::random_mat(4, 1, 4));
  expect_intact_error(
      all, [&] { H::gesv(rb, ra, b4, a); }, 3, "a_ has 3 rows, b_ has 4");
  // A tensor of another dtype behind the typed pointer.
  THDoubleTensor* d = THDoubleTensor_newWithSize2d(3, 3);
  expect_intact_error(
      all, [&] { H::gesv(rb, ra, b, reinterpret_cast<THFloatTensor*>(d)); }, 4, "a_ holds");
  // Flags: trtrs(rb_ 1, ra_ 2, b_ 3, a_ 4, uplo 5, trans 6, diag 7)
  expect_intact_error(
      all, [&] { H::trtrs(rb, ra, b, a, "X", "N", "N"); }, 5,
      "THFloatTensor_trtrs: uplo is \"X\", not one of 'U', 'L'");
  expect_intact_error(
      all, [&] { H::trtrs(rb, ra, b, a, "U", nullptr, "N"); }, 6, "trans is NULL");
  expect_intact_error(
      all, [&] { H::trtrs(rb, ra, b, a, "U", "N", "Q"); }, 7, "diag");
  // syev(re_ 1, rv_ 2, a_ 3, jobz 4, uplo 5): vectors need rv_.
  expect_intact_error(
      all, [&] { H::syev(ra, nullptr, a, "V", "U"); }, 2, "rv_ is NULL");
  expect_intact_error(
      all, [&] { H::syev(ra, rb, a, "A", "U"); }, 4, "jobz");
  expect_intact_error(
      all, [&] { H::geev(ra, nullptr, a, "V"); }, 2, "rv_ is NULL");
  // gesvd(ru_ 1, rs_ 2, rv_ 3, a 4, jobu 5): only 'S' and 'A'; a is needed.
  expect_intact_error(
      all, [&] { H::gesvd(ra, rb, wide, a, "O"); }, 5, "jobu is \"O\", not one of 'A', 'S'");
  expect_intact_error(
      all, [&] { H::gesvd(ra, rb, wide, nullptr, "S"); }, 4, "a is NULL");
  expect_intact_error(
      all, [&] { H::gesvd2(ra, rb, wide, nullptr, a, "S"); }, 4, "ra_ is NULL");
  // geqrf(ra_ 1, rtau_ 2, a 3): TH crashed on a NULL a.
  expect_intact_error(
      all, [&] { H::geqrf(ra, rb, nullptr); }, 3, "THFloatTensor_geqrf: a is NULL");
  // orgqr(ra_ 1, a 2, tau 3): more scales than reflectors.
  THFloatTensor* tau = H::new1d(4);
  expect_intact_error(
      all, [&] { H::orgqr(ra, wide, tau); }, 3, "tau has 4 elements, more than min(m, n) of a = 3");
  // ormqr(ra_ 1, a 2, tau 3, c 4, side 5, trans 6): a's rows must be Q's order.
  expect_intact_error(
      all, [&] { H::ormqr(ra, wide, tau, b, "R", "N"); }, 2, "Q must be of order 2");
  expect_intact_error(
      all, [&] { H::ormqr(ra, a, tau, b, "L", "C"); }, 6, "trans");
  // pstrf(ra_ 1, rpiv_ 2, a 3, uplo 4, tol 5)
  expect_intact_error(
      all, [&] { H::pstrf(ra, nullptr, a, "U", -1); }, 2, "rpiv_ is NULL");
  // btrifact(ra_ 1, rpivots_ 2, rinfo_ 3, pivot 4, a 5)
  THIntTensor* piv = THIntTensor_new();
  expect_intact_error(
      all, [&] { H::btrifact(ra, piv, nullptr, 0, cube); }, 4, "pivot is 0");
  expect_intact_error(
      all, [&] { H::btrifact(ra, piv, nullptr, 1, a); }, 5, "a should have 3 dimensions, but has 2");
  // btrisolve(rb_ 1, b 2, atf 3, pivots 4): pivots must lie in 1..n.
  THIntTensor* bad = THIntTensor_newWithSize2d(2, 3);
  for (long i = 0; i < 2; ++i)
    for (long j = 0; j < 3; ++j) THIntTensor_set2d(bad, i, j, 1);
  THIntTensor_set2d(bad, 1, 2, 7);
  THFloatTensor* rhs = H::new2d(2, 3);
  expect_intact_error(
      all, [&] { H::btrisolve(rb, rhs, cube, bad); }, 4, "pivots[1][2] is 7, outside 1..3");
  expect_intact_error(
      all, [&] { H::btrisolve(rb, rhs, cube, nullptr); }, 4, "pivots is NULL");
  // copyUpLoTriangle(a 1, uplo 2), clearUpLoTriangle(a 1, uplo 2)
  expect_intact_error(
      all, [&] { H::copyUpLo(wide, "U"); }, 1, "a should be square, but is 3x4");
  expect_intact_error(
      all, [&] { H::clearUpLo(a, "B"); }, 2, "THFloatTensor_clearUpLoTriangle: uplo is \"B\"");
  expect_intact_error(
      all, [&] { H::copyUpLo(nullptr, "U"); }, 1, "a is NULL");
  // qr(rq_ 1, rr_ 2, a 3)
  expect_intact_error(
      all, [&] { H::qr(nullptr, rb, a); }, 1, "rq_ is NULL");
  expect_intact_error(
      all, [&] { H::qr(ra, rb, cube); }, 3, "a should have 2 dimensions, but has 3");
  for (auto* t : {a, b, wide, ra, rb, cube, b4, tau, rhs}) H::free(t);
  THDoubleTensor_free(d);
  THIntTensor_free(piv);
  THIntTensor_free(bad);
}

}  // namespace
