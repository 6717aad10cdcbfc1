// The C++ linear algebra (schemas/math/linalg.yaml): ember::linalg::solve
// ... and ember::cholesky_solve / triangular_solve, for float32 and
// float64, on single matrices, batches (broadcast between two inputs) and
// transposed inputs. Every result is checked by reconstruction (A X = B,
// Q R = A, U S Vh = A, A v = λ v, ...) with naive loops in double here.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "ember/tensor.h"

namespace {

using ember::Tensor;

// A tensor of `shape` with values uniform in [-1, 1), in `dtype`.
Tensor random(std::vector<int64_t> shape, unsigned seed, ember::DType dtype) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  std::vector<double> v(n);
  for (double& x : v) x = u(gen);
  return ember::from_vector<double>(v, shape).to(dtype);
}

// t's values in row-major order, in double.
std::vector<double> values(const Tensor& t) {
  Tensor d = t.to(ember::kDouble).contiguous();
  const double* p = d.data<double>();
  return std::vector<double>(p, p + d.numel());
}

// Matrix `b` of a (*, r, c) tensor's values as rows x cols.
struct M {
  int r, c;
  std::vector<double> v;
  double operator()(int i, int j) const { return v[static_cast<size_t>(i) * c + j]; }
  double& operator()(int i, int j) { return v[static_cast<size_t>(i) * c + j]; }
};

M matrix(const Tensor& t, int64_t b = 0) {
  const int r = static_cast<int>(t.size(t.dim() - 2)), c = static_cast<int>(t.size(t.dim() - 1));
  std::vector<double> all = values(t);
  return M{r, c, std::vector<double>(all.begin() + b * r * c, all.begin() + (b + 1) * r * c)};
}

M mul(const M& a, const M& b) {
  M c{a.r, b.c, std::vector<double>(static_cast<size_t>(a.r) * b.c)};
  for (int i = 0; i < a.r; ++i)
    for (int j = 0; j < b.c; ++j)
      for (int k = 0; k < a.c; ++k) c(i, j) += a(i, k) * b(k, j);
  return c;
}

M tr(const M& a) {
  M t{a.c, a.r, std::vector<double>(a.v.size())};
  for (int i = 0; i < a.r; ++i)
    for (int j = 0; j < a.c; ++j) t(j, i) = a(i, j);
  return t;
}

M eye(int n) {
  M m{n, n, std::vector<double>(static_cast<size_t>(n) * n)};
  for (int i = 0; i < n; ++i) m(i, i) = 1;
  return m;
}

double diff(const M& a, const M& b) {
  EXPECT_EQ(a.r, b.r);
  EXPECT_EQ(a.c, b.c);
  double d = 0;
  for (size_t i = 0; i < std::min(a.v.size(), b.v.size()); ++i) d = std::max(d, std::fabs(a.v[i] - b.v[i]));
  return d;
}

double tol(ember::DType d) { return d == ember::kFloat ? 1e-4 : 1e-11; }

constexpr ember::DType kDtypes[] = {ember::kFloat, ember::kDouble};

// Well-conditioned square matrices: random plus n on each diagonal.
Tensor conditioned(std::vector<int64_t> shape, unsigned seed, ember::DType d) {
  const int64_t n = shape.back();
  return ember::add(random(shape, seed, d), ember::eye(n, std::nullopt, d), n);
}

// Symmetric positive definite: X Xᵀ + n I.
Tensor spd(std::vector<int64_t> shape, unsigned seed, ember::DType d) {
  Tensor x = random(shape, seed, d);
  const int64_t n = shape.back();
  return ember::add(ember::matmul(x, x.transpose(-1, -2)), ember::eye(n, std::nullopt, d), n);
}

TEST(Linalg, Solve) {
  for (auto d : kDtypes) {
    // A batch of 3 against one B (broadcast), A transposed (not contiguous).
    Tensor A = conditioned({3, 4, 4}, 1, d).transpose(-1, -2), B = random({4, 2}, 2, d);
    Tensor X = ember::linalg::solve(A, B);
    ASSERT_EQ(X.shape(), (std::vector<int64_t>{3, 4, 2}));
    for (int64_t b = 0; b < 3; ++b) EXPECT_LT(diff(mul(matrix(A, b), matrix(X, b)), matrix(B)), tol(d));
    // A vector B: (n) and (*, n) give vectors.
    Tensor v = random({3, 4}, 3, d);
    Tensor x = ember::linalg::solve(A, v);
    ASSERT_EQ(x.shape(), (std::vector<int64_t>{3, 4}));
    const std::vector<double> xv = values(x), vv = values(v);
    for (int64_t b = 0; b < 3; ++b) {
      const M mx{4, 1, std::vector<double>(xv.begin() + b * 4, xv.begin() + b * 4 + 4)};
      const M mv{4, 1, std::vector<double>(vv.begin() + b * 4, vv.begin() + b * 4 + 4)};
      EXPECT_LT(diff(mul(matrix(A, b), mx), mv), tol(d));
    }
    EXPECT_EQ(ember::linalg::solve(A, random({4}, 4, d)).shape(), (std::vector<int64_t>{3, 4}));
  }
}

TEST(Linalg, Inv) {
  for (auto d : kDtypes) {
    Tensor A = conditioned({2, 5, 5}, 5, d);
    Tensor R = ember::linalg::inv(A);
    for (int64_t b = 0; b < 2; ++b) EXPECT_LT(diff(mul(matrix(A, b), matrix(R, b)), eye(5)), tol(d));
  }
}

TEST(Linalg, Cholesky) {
  for (auto d : kDtypes) {
    Tensor A = spd({2, 4, 4}, 6, d);
    for (bool upper : {false, true}) {
      Tensor F = ember::linalg::cholesky(A, upper);
      for (int64_t b = 0; b < 2; ++b) {
        const M f = matrix(F, b);
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 4; ++j)
            if (upper ? i > j : i < j) {
              EXPECT_EQ(f(i, j), 0);
            }
        EXPECT_LT(diff(upper ? mul(tr(f), f) : mul(f, tr(f)), matrix(A, b)), tol(d) * 10);
      }
    }
  }
}

TEST(Linalg, Qr) {
  for (auto d : kDtypes)
    for (auto [m, n] : {std::pair{5, 3}, std::pair{3, 5}}) {
      const int k = std::min(m, n);
      Tensor A = random({2, m, n}, 7, d);
      auto [Q, R] = ember::linalg::qr(A);
      ASSERT_EQ(Q.shape(), (std::vector<int64_t>{2, m, k}));
      ASSERT_EQ(R.shape(), (std::vector<int64_t>{2, k, n}));
      for (int64_t b = 0; b < 2; ++b) {
        const M q = matrix(Q, b), r = matrix(R, b);
        EXPECT_LT(diff(mul(tr(q), q), eye(k)), tol(d));
        EXPECT_LT(diff(mul(q, r), matrix(A, b)), tol(d));
        for (int i = 0; i < k; ++i)
          for (int j = 0; j < i; ++j) {
            EXPECT_EQ(r(i, j), 0);
          }
      }
    }
}

TEST(Linalg, Eigh) {
  for (auto d : kDtypes) {
    Tensor A = spd({2, 4, 4}, 8, d);
    auto [w, V] = ember::linalg::eigh(A);
    ASSERT_EQ(w.shape(), (std::vector<int64_t>{2, 4}));
    const std::vector<double> wv = values(w);
    for (int64_t b = 0; b < 2; ++b) {
      const M v = matrix(V, b);
      M lambda = eye(4);
      for (int i = 0; i < 4; ++i) lambda(i, i) = wv[b * 4 + i];
      for (int i = 1; i < 4; ++i) EXPECT_LE(wv[b * 4 + i - 1], wv[b * 4 + i]);
      EXPECT_LT(diff(mul(tr(v), v), eye(4)), tol(d));
      EXPECT_LT(diff(mul(matrix(A, b), v), mul(v, lambda)), tol(d) * 20);
    }
  }
}

TEST(Linalg, Eig) {
  for (auto d : kDtypes) {
    // A rotation-like block gives a complex pair.
    Tensor A = random({5, 5}, 9, d);
    std::vector<double> av = values(A);
    av[1] -= 3;
    av[5] += 3;
    A = ember::from_vector<double>(av, {5, 5}).to(d);
    auto [w, V] = ember::linalg::eig(A);
    ASSERT_EQ(w.shape(), (std::vector<int64_t>{5, 2}));
    ASSERT_EQ(V.shape(), (std::vector<int64_t>{5, 5, 2}));
    const std::vector<double> wv = values(w), vv = values(V);
    const M a = matrix(A);
    bool complex_seen = false;
    for (int j = 0; j < 5; ++j) {
      const double lr = wv[2 * j], li = wv[2 * j + 1];
      complex_seen |= li != 0;
      double norm = 0;
      for (int i = 0; i < 5; ++i) {
        // (A v)_i = λ v_i with complex v = re + i im.
        double avr = 0, avi = 0;
        for (int k = 0; k < 5; ++k) {
          avr += a(i, k) * vv[(k * 5 + j) * 2];
          avi += a(i, k) * vv[(k * 5 + j) * 2 + 1];
        }
        const double vr = vv[(i * 5 + j) * 2], vi = vv[(i * 5 + j) * 2 + 1];
        EXPECT_NEAR(avr, lr * vr - li * vi, tol(d) * 50);
        EXPECT_NEAR(avi, lr * vi + li * vr, tol(d) * 50);
        norm += vr * vr + vi * vi;
      }
      EXPECT_NEAR(norm, 1, tol(d) * 10);
    }
    EXPECT_TRUE(complex_seen);
  }
}

TEST(Linalg, Svd) {
  for (auto d : kDtypes)
    for (bool full : {true, false})
      for (auto [m, n] : {std::pair{5, 3}, std::pair{3, 5}}) {
        const int k = std::min(m, n);
        Tensor A = random({2, m, n}, 10, d);
        auto [U, S, Vh] = ember::linalg::svd(A, full);
        ASSERT_EQ(U.shape(), (std::vector<int64_t>{2, m, full ? m : k}));
        ASSERT_EQ(Vh.shape(), (std::vector<int64_t>{2, full ? n : k, n}));
        const std::vector<double> s = values(S);
        for (int64_t b = 0; b < 2; ++b) {
          const M u = matrix(U, b), vh = matrix(Vh, b);
          EXPECT_LT(diff(mul(tr(u), u), eye(u.c)), tol(d));
          EXPECT_LT(diff(mul(vh, tr(vh)), eye(vh.r)), tol(d));
          M usv{m, n, std::vector<double>(static_cast<size_t>(m) * n)};
          for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j)
              for (int l = 0; l < k; ++l) usv(i, j) += u(i, l) * s[b * k + l] * vh(l, j);
          EXPECT_LT(diff(usv, matrix(A, b)), tol(d) * 10);
          for (int l = 1; l < k; ++l) EXPECT_GE(s[b * k + l - 1], s[b * k + l]);
        }
      }
}

TEST(Linalg, Lstsq) {
  for (auto d : kDtypes) {
    Tensor A = random({6, 3}, 11, d), B = random({2, 6, 2}, 12, d);
    auto [X, residuals, rank, sv] = ember::linalg::lstsq(A, B);
    ASSERT_EQ(X.shape(), (std::vector<int64_t>{2, 3, 2}));
    ASSERT_EQ(residuals.shape(), (std::vector<int64_t>{2, 2}));
    EXPECT_EQ(rank.numel(), 0);
    EXPECT_EQ(sv.numel(), 0);
    const std::vector<double> res = values(residuals);
    for (int64_t b = 0; b < 2; ++b) {
      M r = mul(matrix(A), matrix(X, b));
      const M bb = matrix(B, b);
      for (size_t i = 0; i < r.v.size(); ++i) r.v[i] -= bb.v[i];
      const M normal = mul(tr(matrix(A)), r);  // Aᵀ (A X - B) = 0
      EXPECT_LT(diff(normal, M{3, 2, std::vector<double>(6)}), tol(d) * 10);
      for (int j = 0; j < 2; ++j) {
        double ss = 0;
        for (int i = 0; i < 6; ++i) ss += r(i, j) * r(i, j);
        EXPECT_NEAR(res[b * 2 + j], ss, tol(d) * 10);
      }
    }
  }
}

TEST(Linalg, Det) {
  for (auto d : kDtypes) {
    // det of a 3x3 by its cofactor expansion; a singular matrix gives 0 (and slogdet 0, -inf).
    Tensor A = random({2, 3, 3}, 13, d);
    const std::vector<double> det = values(ember::linalg::det(A));
    auto [sign, logabs] = ember::linalg::slogdet(A);
    const std::vector<double> sg = values(sign), la = values(logabs);
    for (int64_t b = 0; b < 2; ++b) {
      const M a = matrix(A, b);
      const double want = a(0, 0) * (a(1, 1) * a(2, 2) - a(1, 2) * a(2, 1)) -
                          a(0, 1) * (a(1, 0) * a(2, 2) - a(1, 2) * a(2, 0)) +
                          a(0, 2) * (a(1, 0) * a(2, 1) - a(1, 1) * a(2, 0));
      EXPECT_NEAR(det[b], want, tol(d));
      EXPECT_EQ(sg[b], want > 0 ? 1 : -1);
      EXPECT_NEAR(la[b], std::log(std::fabs(want)), tol(d) * 10);
    }
    Tensor singular = ember::zeros({3, 3}, d);
    EXPECT_EQ(values(ember::linalg::det(singular))[0], 0);
    auto [s0, l0] = ember::linalg::slogdet(singular);
    EXPECT_EQ(values(s0)[0], 0);
    EXPECT_TRUE(std::isinf(values(l0)[0]) && values(l0)[0] < 0);
  }
}

TEST(Linalg, CholeskySolve) {
  for (auto d : kDtypes) {
    Tensor A = spd({2, 4, 4}, 14, d), B = random({2, 4, 3}, 15, d);
    for (bool upper : {false, true}) {
      Tensor X = ember::cholesky_solve(B, ember::linalg::cholesky(A, upper), upper);
      for (int64_t b = 0; b < 2; ++b) EXPECT_LT(diff(mul(matrix(A, b), matrix(X, b)), matrix(B, b)), tol(d) * 10);
    }
  }
}

TEST(Linalg, TriangularSolve) {
  for (auto d : kDtypes) {
    Tensor A = conditioned({4, 4}, 16, d), B = random({2, 4, 2}, 17, d);
    for (bool upper : {true, false})
      for (bool transpose : {false, true})
        for (bool unit : {false, true}) {
          auto [X, copy] = ember::triangular_solve(B, A, upper, transpose, unit);
          ASSERT_EQ(copy.shape(), (std::vector<int64_t>{2, 4, 4}));
          M t = matrix(A);
          for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
              if (upper ? j < i : j > i) t(i, j) = 0;
              if (unit && i == j) t(i, j) = 1;
            }
          if (transpose) t = tr(t);
          for (int64_t b = 0; b < 2; ++b) {
            EXPECT_LT(diff(mul(t, matrix(X, b)), matrix(B, b)), tol(d));
            EXPECT_EQ(diff(matrix(copy, b), matrix(A)), 0);
          }
        }
  }
}

// `call` throws an ember::Error of `kind` whose message holds `part`.
template <class F>
void expect_error(ember::ErrorKind kind, const std::string& part, F&& call) {
  try {
    call();
    ADD_FAILURE() << "no error (expected one saying '" << part << "')";
  } catch (const ember::Error& e) {
    EXPECT_EQ(static_cast<int>(e.kind()), static_cast<int>(kind)) << e.what();
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(Linalg, Errors) {
  using K = ember::ErrorKind;
  Tensor a = ember::eye(3, std::nullopt, ember::kDouble), f = ember::eye(3, std::nullopt, ember::kFloat);
  expect_error(K::Type, "linalg_inv: A has dtype int64, but only float32 and float64", [] {
    ember::linalg::inv(ember::zeros({2, 2}, ember::kLong));
  });
  expect_error(K::Type, "linalg_solve: B has dtype float32, but A has float64", [&] { ember::linalg::solve(a, f); });
  expect_error(K::Value, "linalg_solve: A should be a batch of square matrices, but its matrices are 3x2", [] {
    ember::linalg::solve(ember::zeros({3, 2}), ember::zeros({3}));
  });
  expect_error(K::Value, "the batch dims of B", [] {
    ember::linalg::solve(ember::zeros({2, 3, 3}), ember::zeros({4, 3, 1}));
  });
  expect_error(K::Runtime,
               "linalg_solve: U(2,2) is exactly zero, the matrix is singular (batch element 1) (LAPACK info 2)", [] {
                 Tensor s = ember::eye(2).unsqueeze(0).repeat({2, 1, 1}).contiguous();
                 s.select(0, 1).select(1, 1).fill_(0);
                 ember::linalg::solve(s, ember::ones({2, 2, 1}));
               });
  expect_error(K::Runtime, "linalg_inv: U(1,1) is exactly zero, the matrix is singular (LAPACK info 1)", [] {
    ember::linalg::inv(ember::zeros({3, 3}));
  });
  expect_error(K::Runtime, "linalg_cholesky: the leading minor of order 1 is not positive definite",
               [] { ember::linalg::cholesky(ember::eye(2).neg()); });
  expect_error(K::Value, "linalg_det: A should have at least 2 dimensions",
               [] { ember::linalg::det(ember::ones({3})); });
}

}  // namespace
