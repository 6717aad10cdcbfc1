// The matrix products of schemas/math/blas.yaml through the C++ API and
// TH's C API: every op, every dtype, operands and results in every layout
// (contiguous, transposed, narrowed, strided, expanded, empty), against
// the naive reference of blas_test_util.h.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "TH/TH.h"
#include "ember/error.h"
#include "ember/tensor.h"
#include "tests/math/blas_test_util.h"
#include "tests/runtime/th_test_util.h"

namespace ember::blastest {
namespace {

std::string what(DType d, const std::string& more = {}) { return std::string(dtype_name(d)) + " " + more; }

Tensor full_of_nan(IntList sizes, DType d) {
  Tensor t = empty(sizes, d);
  t.fill_(std::numeric_limits<double>::quiet_NaN());
  return t;
}

// Sizes reaching the generic kernels' partial tiles and OpenBLAS alike.
struct Mnk {
  int64_t n, k, p;
};
const Mnk kShapes[] = {{1, 1, 1}, {5, 7, 6}, {17, 33, 9}, {40, 3, 70}};

// ---- addmm / mm -------------------------------------------------------------

TEST(Blas, AddmmAllDtypes) {
  uint32_t seed = 1;
  for (DType d : kDTypes)
    for (const Mnk& s : kShapes)
      for (int w = 0; w < 4; ++w) {
        const Tensor self = random({s.n, s.p}, d, seed++), m1 = random({s.n, s.k}, d, seed++),
                     m2 = random({s.k, s.p}, d, seed++);
        const double beta = beta_for(d, w), alpha = alpha_for(d, w);
        EXPECT_TRUE(ref_matmul(d, &self, m1, m2, beta, alpha).matches(addmm(self, m1, m2, beta, alpha), s.k))
            << what(d) << s.n << "x" << s.k << "x" << s.p << " beta " << beta << " alpha " << alpha;
      }
}

TEST(Blas, MmAllDtypes) {
  uint32_t seed = 2;
  for (DType d : kDTypes)
    for (const Mnk& s : kShapes) {
      const Tensor a = random({s.n, s.k}, d, seed++), b = random({s.k, s.p}, d, seed++);
      EXPECT_TRUE(ref_matmul(d, nullptr, a, b, 0, 1).matches(mm(a, b), s.k)) << what(d);
      EXPECT_TRUE(ref_matmul(d, nullptr, a, b, 0, 1).matches(a.mm(b), s.k)) << what(d, "method");
    }
}

// Every pair of operand layouts, and every layout of self.
TEST(Blas, AddmmLayouts) {
  uint32_t seed = 3;
  for (DType d : kDTypes)
    for (Layout la : kLayouts)
      for (Layout lb : kLayouts) {
        const Tensor a = laid_out(random({6, 5}, d, seed++), la), b = laid_out(random({5, 4}, d, seed++), lb);
        const Tensor self = laid_out(random({6, 4}, d, seed++), la);
        const std::string how = std::string(layout_name(la)) + " @ " + layout_name(lb);
        EXPECT_TRUE(ref_matmul(d, &self, a, b, beta_for(d, 2), alpha_for(d, 2))
                        .matches(addmm(self, a, b, beta_for(d, 2), alpha_for(d, 2)), 5))
            << what(d, how);
        EXPECT_TRUE(ref_matmul(d, nullptr, a, b, 0, 1).matches(mm(a, b), 5)) << what(d, "mm " + how);
      }
}

// One-row and one-column operands: strides of size-1 dims are arbitrary.
TEST(Blas, DegenerateMatrices) {
  for (DType d : {kFloat, kDouble, kInt, kHalf}) {
    const Tensor row = random({1, 9}, d, 4).t().t();  // [1 x 9]
    const Tensor col = random({9, 3}, d, 5).narrow(1, 1, 1);  // [9 x 1], stride 3
    EXPECT_TRUE(ref_matmul(d, nullptr, row, col, 0, 1).matches(mm(row, col), 9)) << what(d);
    EXPECT_TRUE(ref_matmul(d, nullptr, col, row, 0, 1).matches(mm(col, row), 1)) << what(d);
    const Tensor wide = random({4, 3}, d, 6).narrow(1, 2, 1);  // [4 x 1], stride 3
    const Tensor tall = random({2, 5}, d, 7).narrow(0, 1, 1);  // [1 x 5]
    EXPECT_TRUE(ref_matmul(d, nullptr, wide, tall, 0, 1).matches(mm(wide, tall), 1)) << what(d);
  }
}

// self broadcast; in place; out= in every layout (resized when its shape
// differs, written through when BLAS cannot write it).
TEST(Blas, AddmmVariants) {
  uint32_t seed = 8;
  for (DType d : kDTypes) {
    const Tensor a = random({4, 3}, d, seed++), b = random({3, 5}, d, seed++);
    const double beta = beta_for(d, 3), alpha = alpha_for(d, 3);
    for (const std::vector<int64_t>& shape :
         {std::vector<int64_t>{5}, std::vector<int64_t>{1, 5}, std::vector<int64_t>{4, 1}, std::vector<int64_t>{}}) {
      const Tensor self = shape.empty() ? scalar_tensor(2, d) : random(shape, d, seed++);
      EXPECT_TRUE(ref_matmul(d, &self, a, b, beta, alpha).matches(addmm(self, a, b, beta, alpha), 3))
          << what(d, "self " + rt::sizes_text(shape));
      EXPECT_TRUE(ref_matmul(d, &self, a, b, beta, alpha).matches(self.addmm(a, b, beta, alpha), 3)) << what(d);
    }
    for (Layout l : kLayouts) {
      if (l == Layout::Expanded) continue;
      const Tensor self0 = random({4, 5}, d, seed++);
      Tensor self = laid_out(self0, l);
      const Expected want = ref_matmul(d, &self0, a, b, beta, alpha);
      Tensor& r = self.addmm_(a, b, beta, alpha);
      EXPECT_TRUE(want.matches(self, 3)) << what(d, std::string("in place ") + layout_name(l));
      EXPECT_TRUE(r.is_same(self));
      Tensor out = laid_out(random({4, 5}, d, seed++), l);
      const void* before = out.data_ptr();
      Tensor& o = addmm_out(out, self0, a, b, beta, alpha);
      EXPECT_TRUE(want.matches(out, 3)) << what(d, std::string("out ") + layout_name(l));
      EXPECT_TRUE(o.is_same(out));
      EXPECT_EQ(out.data_ptr(), before) << "out of the right shape is written where it is";
      EXPECT_TRUE(ref_matmul(d, nullptr, a, b, 0, 1).matches(mm_out(out, a, b), 3)) << what(d, "mm_out");
    }
    Tensor small = empty({2}, d);
    EXPECT_TRUE(ref_matmul(d, nullptr, a, b, 0, 1).matches(mm_out(small, a, b), 3)) << what(d, "resized out");
    Tensor wrong = empty({4, 5}, d == kFloat ? kDouble : kFloat);
    EXPECT_THROW(addmm_out(wrong, random({4, 5}, d, 1), a, b), Error);
    EXPECT_THROW(mm_out(wrong, a, b), Error);
    Tensor expanded = random({1, 5}, d, 2).expand({4, 5});
    EXPECT_THROW(mm_out(expanded, a, b), Error) << "an expanded out would be written twice";
  }
}

TEST(Blas, MmVariants) {
  const Tensor a = random({3, 4}, kFloat, 1), b = random({4, 2}, kFloat, 2);
  Tensor out = empty({0}, kFloat);
  EXPECT_TRUE(ref_matmul(kFloat, nullptr, a, b, 0, 1).matches(mm_out(out, a, b), 4));
  EXPECT_EQ(out.shape(), (std::vector<int64_t>{3, 2}));
  EXPECT_TRUE(ref_matmul(kFloat, nullptr, a, b, 0, 1).matches(a.mm(b), 4));
}

// Note [gemm zeros] through every op: beta == 0 does not read self.
TEST(Blas, ZeroBetaIgnoresNaN) {
  for (DType d : {kFloat, kDouble, kHalf, kBFloat16}) {
    const Tensor a = random({3, 4}, d, 1), b = random({4, 2}, d, 2), v = random({4}, d, 3), w = random({2}, d, 4);
    const Tensor b1 = random({2, 3, 4}, d, 5), b2 = random({2, 4, 2}, d, 6);
    Tensor self = full_of_nan({3, 2}, d);
    EXPECT_TRUE(ref_matmul(d, nullptr, a, b, 0, 1).matches(addmm(self, a, b, 0, 1), 4)) << what(d, "addmm");
    EXPECT_TRUE(ref_mv(d, nullptr, a, v, 0, 1).matches(addmv(full_of_nan({3}, d), a, v, 0, 1), 4)) << what(d, "addmv");
    EXPECT_TRUE(ref_outer(d, nullptr, v, w, 0, 2).matches(addr(full_of_nan({4, 2}, d), v, w, 0, 2), 1)) << what(d, "addr");
    EXPECT_TRUE(ref_matmul(d, nullptr, b1, b2, 0, 1).matches(baddbmm(full_of_nan({2, 3, 2}, d), b1, b2, 0, 1), 4))
        << what(d, "baddbmm");
    EXPECT_TRUE(ref_matmul(d, nullptr, b1, b2, 0, 1, true).matches(addbmm(full_of_nan({3, 2}, d), b1, b2, 0, 1), 8))
        << what(d, "addbmm");
    Tensor inplace = full_of_nan({3, 2}, d);
    inplace.addmm_(a, b, 0, 1);
    EXPECT_TRUE(ref_matmul(d, nullptr, a, b, 0, 1).matches(inplace, 4)) << what(d, "addmm_");
    // TH: t is not read either, r_ == t or not; TH's addr multiplied t by beta.
    Tensor r = empty({0}, d);
    th_addmm(r, 0, self, 1, a, b);
    EXPECT_TRUE(ref_matmul(d, nullptr, a, b, 0, 1).matches(r, 4)) << what(d, "THaddmm");
    Tensor t = full_of_nan({4, 2}, d);
    th_addr(t, 0, t, 1, v, w);
    EXPECT_TRUE(ref_outer(d, nullptr, v, w, 0, 1).matches(t, 1)) << what(d, "THaddr");
  }
}

// alpha == 0 and empty inner dims: the product is not computed.
TEST(Blas, ZeroAlpha) {
  for (DType d : {kFloat, kDouble, kHalf, kBFloat16, kInt}) {
    const Tensor self = random({3, 2}, d, 1);
    const Tensor a = is_floating(d) ? full_of_nan({3, 4}, d) : random({3, 4}, d, 2);
    const Tensor b = random({4, 2}, d, 3);
    const double beta = beta_for(d, 2);
    EXPECT_TRUE(ref_matmul(d, &self, random({3, 4}, d, 9), b, beta, 0).matches(addmm(self, a, b, beta, 0), 4)) << what(d);
    const Tensor s1 = self.select(1, 0), v = b.select(1, 0);
    EXPECT_TRUE(ref_mv(d, &s1, random({3, 4}, d, 9), v, beta, 0).matches(addmv(s1, a, v, beta, 0), 4))
        << what(d, "addmv");
  }
}

TEST(Blas, Empty) {
  for (DType d : kDTypes) {
    const Tensor self = random({3, 2}, d, 1);
    const double beta = beta_for(d, 3);
    // k == 0: beta * self (zeros for mm), whatever the empty operands' strides.
    const Tensor a0 = empty({3, 0}, d), b0 = empty({0, 2}, d);
    EXPECT_TRUE(ref_matmul(d, &self, a0, b0, beta, 2).matches(addmm(self, a0, b0, beta, 2), 0)) << what(d);
    EXPECT_TRUE(ref_matmul(d, nullptr, a0, b0, 0, 1).matches(mm(a0, b0), 0)) << what(d);
    EXPECT_TRUE(ref_matmul(d, nullptr, a0.t().t(), b0.t().t(), 0, 1).matches(mm(a0.t().t(), b0.t().t()), 0));
    // Empty results.
    EXPECT_EQ(mm(empty({0, 4}, d), empty({4, 2}, d)).shape(), (std::vector<int64_t>{0, 2}));
    EXPECT_EQ(mm(empty({3, 4}, d), empty({4, 0}, d)).shape(), (std::vector<int64_t>{3, 0}));
    EXPECT_EQ(bmm(empty({0, 3, 4}, d), empty({0, 4, 2}, d)).shape(), (std::vector<int64_t>{0, 3, 2}));
    // addbmm of no matrices: beta * self.
    EXPECT_TRUE(ref_matmul(d, &self, empty({0, 3, 4}, d), empty({0, 4, 2}, d), beta, 1, true)
                    .matches(addbmm(self, empty({0, 3, 4}, d), empty({0, 4, 2}, d), beta, 1), 0))
        << what(d, "addbmm");
    EXPECT_TRUE(ref_mv(d, nullptr, empty({3, 0}, d), empty({0}, d), 0, 1).matches(mv(empty({3, 0}, d), empty({0}, d)), 0));
    EXPECT_EQ(mv(empty({0, 3}, d), random({3}, d, 2)).shape(), (std::vector<int64_t>{0}));
    EXPECT_EQ(outer(empty({0}, d), random({3}, d, 2)).shape(), (std::vector<int64_t>{0, 3}));
    EXPECT_EQ(dot(empty({0}, d), empty({0}, d)).item<double>(), 0.0);
  }
}

// Inputs sharing memory with the result are read before it is written.
TEST(Blas, Aliasing) {
  for (DType d : {kFloat, kInt, kHalf}) {
    const Tensor a0 = random({4, 4}, d, 1), b = random({4, 4}, d, 2);
    Tensor a = a0.clone();
    a.addmm_(a, b, 1, 1);  // self is mat1
    EXPECT_TRUE(ref_matmul(d, &a0, a0, b, 1, 1).matches(a, 4)) << what(d, "a.addmm_(a, b)");
    a = a0.clone();
    mm_out(a, a, b);  // out is mat1
    EXPECT_TRUE(ref_matmul(d, nullptr, a0, b, 0, 1).matches(a, 4)) << what(d, "mm_out(a, a, b)");
    a = a0.clone();
    Tensor wide = random({3, 4}, d, 3);
    mm_out(a, wide, a);  // out is mat2 and is resized
    EXPECT_TRUE(ref_matmul(d, nullptr, wide, a0, 0, 1).matches(a, 4)) << what(d, "mm_out(a, w, a)");
    // out a view of the same storage as an input.
    Tensor big = random({8, 4}, d, 4);
    const Tensor top0 = big.narrow(0, 0, 4).clone();
    Tensor bottom = big.narrow(0, 4, 4);
    mm_out(bottom, big.narrow(0, 0, 4), b);
    EXPECT_TRUE(ref_matmul(d, nullptr, top0, b, 0, 1).matches(bottom, 4));
    Tensor v = random({4}, d, 5);
    const Tensor v0 = v.clone();
    mv_out(v, a0, v);
    EXPECT_TRUE(ref_mv(d, nullptr, a0, v0, 0, 1).matches(v, 4)) << what(d, "mv_out(v, m, v)");
    // TH: r_ == m1.
    Tensor r = a0.clone();
    th_addmm(r, 0, r, 1, r, b);
    EXPECT_TRUE(ref_matmul(d, nullptr, a0, b, 0, 1).matches(r, 4)) << what(d, "THaddmm(r, 0, r, 1, r, b)");
  }
}

TEST(Blas, THAddmm) {
  ember::test::THThrowingHandlers handlers;
  uint32_t seed = 10;
  for (DType d : kDTypes)
    for (Layout l : kLayouts) {
      if (l == Layout::Expanded) continue;
      const Tensor t0 = random({5, 3}, d, seed++), m1 = laid_out(random({5, 4}, d, seed++), l),
                   m2 = random({4, 3}, d, seed++);
      const double beta = beta_for(d, 3), alpha = alpha_for(d, 2);
      const Expected want = ref_matmul(d, &t0, m1, m2, beta, alpha);
      Tensor r = empty({0}, d);  // resized like t
      th_addmm(r, beta, t0, alpha, m1, m2);
      EXPECT_TRUE(want.matches(r, 4)) << what(d, layout_name(l));
      Tensor t = laid_out(t0, l);  // r_ == t: in place
      th_addmm(t, beta, t, alpha, m1, m2);
      EXPECT_TRUE(want.matches(t, 4)) << what(d, std::string("in place ") + layout_name(l));
    }
}

TEST(Blas, THErrors) {
  ember::test::THThrowingHandlers handlers;
  using ember::test::expect_th_error;
  const Tensor r = empty({0}, kFloat), t = zeros({2, 4}), m1 = zeros({2, 3}), m2 = zeros({3, 4});
  // addmm(r_ 1, beta 2, t 3, alpha 4, m1 5, m2 6)
  expect_th_error([&] { th_addmm(r, 1, zeros({3, 4}), 1, m1, m2); }, 3, "THFloatTensor_addmm");
  expect_th_error([&] { th_addmm(r, 1, zeros({8}), 1, m1, m2); }, 3, "t has shape");
  expect_th_error([&] { th_addmm(r, 1, t, 1, zeros({3}), m2); }, 5, "must be a matrix");
  expect_th_error([&] { th_addmm(r, 1, t, 1, m1, zeros({2, 4})); }, 6, "cannot be multiplied");
  // addmv(r_, beta, t 3, alpha, mat 5, vec 6)
  expect_th_error([&] { th_addmv(r, 1, zeros({3}), 1, m1, zeros({3})); }, 3, "THFloatTensor_addmv");
  expect_th_error([&] { th_addmv(r, 1, zeros({2}), 1, m1, zeros({4})); }, 6, "cannot be multiplied");
  // addr(r_, beta, t 3, alpha, vec1 5, vec2 6)
  expect_th_error([&] { th_addr(r, 1, zeros({2, 3}), 1, zeros({3}), zeros({3})); }, 3, "size mismatch");
  expect_th_error([&] { th_addr(r, 1, zeros({3, 3}), 1, zeros({3, 1}), zeros({3})); }, 5, "vector");
  // baddbmm / addbmm (result 1, beta 2, t 3, alpha 4, batch1 5, batch2 6)
  expect_th_error([&] { th_baddbmm(r, 1, zeros({2, 2, 2}), 1, zeros({3, 2, 3}), zeros({2, 3, 2})); }, 6, "numbers of matrices");
  expect_th_error([&] { th_baddbmm(r, 1, zeros({3, 2, 2}), 1, zeros({2, 2, 3}), zeros({2, 3, 2})); }, 3, "size mismatch");
  expect_th_error([&] { th_addbmm(r, 1, zeros({2, 3}), 1, zeros({2, 2, 3}), zeros({2, 3, 2})); }, 3, "size mismatch");
  // dot(tensor 1, src 2): equal element counts.
  expect_th_error([&] { th_dot(zeros({2, 3}), zeros({5})); }, 2, "different numbers of elements");
  // A wrongly typed tensor is caught before anything runs.
  expect_th_error([&] { THFloatTensor_addmm(reinterpret_cast<THFloatTensor*>(r.impl()), 1,
                                            reinterpret_cast<THFloatTensor*>(zeros({2, 4}, kDouble).impl()), 1,
                                            reinterpret_cast<THFloatTensor*>(m1.impl()),
                                            reinterpret_cast<THFloatTensor*>(m2.impl())); },
                  3, "float64");
}

// ---- batched: bmm / baddbmm / addbmm ---------------------------------------

TEST(Blas, BatchedAllDtypes) {
  uint32_t seed = 20;
  for (DType d : kDTypes)
    for (int64_t b : {1, 3}) {
      const Tensor b1 = random({b, 5, 4}, d, seed++), b2 = random({b, 4, 6}, d, seed++);
      const Tensor self3 = random({b, 5, 6}, d, seed++), self2 = random({5, 6}, d, seed++);
      const double beta = beta_for(d, 2), alpha = alpha_for(d, 3);
      EXPECT_TRUE(ref_matmul(d, nullptr, b1, b2, 0, 1).matches(bmm(b1, b2), 4)) << what(d, "bmm");
      EXPECT_TRUE(ref_matmul(d, &self3, b1, b2, beta, alpha).matches(baddbmm(self3, b1, b2, beta, alpha), 4))
          << what(d, "baddbmm");
      EXPECT_TRUE(ref_matmul(d, &self2, b1, b2, beta, alpha, true).matches(addbmm(self2, b1, b2, beta, alpha), 4 * b))
          << what(d, "addbmm");
    }
}

TEST(Blas, BatchedLayouts) {
  uint32_t seed = 30;
  for (DType d : kDTypes)
    for (Layout la : kLayouts)
      for (Layout lb : kLayouts) {
        const Tensor b1 = laid_out(random({3, 4, 5}, d, seed++), la), b2 = laid_out(random({3, 5, 2}, d, seed++), lb);
        const std::string how = std::string(layout_name(la)) + " @ " + layout_name(lb);
        EXPECT_TRUE(ref_matmul(d, nullptr, b1, b2, 0, 1).matches(bmm(b1, b2), 5)) << what(d, how);
        const Tensor self = laid_out(random({4, 2}, d, seed++), lb);
        EXPECT_TRUE(ref_matmul(d, &self, b1, b2, 1, 1, true).matches(addbmm(self, b1, b2), 15)) << what(d, how);
      }
  // A batch dim of stride 0 (one matrix for every batch entry).
  for (DType d : {kFloat, kLong, kBFloat16}) {
    const Tensor one = random({1, 4, 5}, d, 40).expand({3, 4, 5}), b2 = random({3, 5, 2}, d, 41);
    EXPECT_TRUE(ref_matmul(d, nullptr, one, b2, 0, 1).matches(bmm(one, b2), 5)) << what(d, "expanded batch");
    EXPECT_TRUE(ref_matmul(d, nullptr, b2.transpose(1, 2), one.transpose(1, 2), 0, 1)
                    .matches(bmm(b2.transpose(1, 2), one.transpose(1, 2)), 5));
  }
}

TEST(Blas, BatchedVariants) {
  uint32_t seed = 50;
  for (DType d : kDTypes) {
    const Tensor b1 = random({2, 3, 4}, d, seed++), b2 = random({2, 4, 5}, d, seed++);
    const double beta = beta_for(d, 3), alpha = alpha_for(d, 1);
    const Tensor row = random({5}, d, seed++);
    EXPECT_TRUE(ref_matmul(d, &row, b1, b2, beta, alpha).matches(baddbmm(row, b1, b2, beta, alpha), 4)) << what(d);
    EXPECT_TRUE(ref_matmul(d, &row, b1, b2, beta, alpha, true).matches(addbmm(row, b1, b2, beta, alpha), 8)) << what(d);
    for (Layout l : {Layout::Contiguous, Layout::Transposed, Layout::Strided}) {
      const Tensor s3 = random({2, 3, 5}, d, seed++), s2 = random({3, 5}, d, seed++);
      Tensor in3 = laid_out(s3, l), in2 = laid_out(s2, l);
      in3.baddbmm_(b1, b2, beta, alpha);
      in2.addbmm_(b1, b2, beta, alpha);
      EXPECT_TRUE(ref_matmul(d, &s3, b1, b2, beta, alpha).matches(in3, 4)) << what(d, layout_name(l));
      EXPECT_TRUE(ref_matmul(d, &s2, b1, b2, beta, alpha, true).matches(in2, 8)) << what(d, layout_name(l));
      Tensor out3 = laid_out(random({2, 3, 5}, d, seed++), l), out2 = empty({1}, d);
      baddbmm_out(out3, s3, b1, b2, beta, alpha);
      addbmm_out(out2, s2, b1, b2, beta, alpha);
      EXPECT_TRUE(ref_matmul(d, &s3, b1, b2, beta, alpha).matches(out3, 4)) << what(d, layout_name(l));
      EXPECT_TRUE(ref_matmul(d, &s2, b1, b2, beta, alpha, true).matches(out2, 8)) << what(d);
      EXPECT_TRUE(ref_matmul(d, nullptr, b1, b2, 0, 1).matches(bmm_out(out3, b1, b2), 4)) << what(d);
      EXPECT_TRUE(ref_matmul(d, nullptr, b1, b2, 0, 1).matches(b1.bmm(b2), 4)) << what(d);
    }
  }
}

TEST(Blas, THBatched) {
  ember::test::THThrowingHandlers handlers;
  uint32_t seed = 60;
  for (DType d : kDTypes) {
    const Tensor b1 = random({3, 2, 4}, d, seed++), b2 = random({3, 4, 5}, d, seed++);
    const Tensor t3 = random({3, 2, 5}, d, seed++), t2 = random({2, 5}, d, seed++);
    const double beta = beta_for(d, 2), alpha = alpha_for(d, 2);
    Tensor r = empty({7}, d);
    th_baddbmm(r, beta, t3, alpha, b1, b2);
    EXPECT_TRUE(ref_matmul(d, &t3, b1, b2, beta, alpha).matches(r, 4)) << what(d, "baddbmm");
    th_addbmm(r, beta, t2, alpha, b1, b2);
    EXPECT_TRUE(ref_matmul(d, &t2, b1, b2, beta, alpha, true).matches(r, 12)) << what(d, "addbmm");
    Tensor t = t2.clone();
    th_addbmm(t, beta, t, alpha, b1, b2);
    EXPECT_TRUE(ref_matmul(d, &t2, b1, b2, beta, alpha, true).matches(t, 12)) << what(d, "addbmm in place");
  }
}

// ---- addmv / mv ---------------------------------------------------------------

TEST(Blas, GemvAllDtypes) {
  uint32_t seed = 70;
  for (DType d : kDTypes)
    for (const Mnk& s : kShapes)
      for (int w = 0; w < 4; ++w) {
        const Tensor self = random({s.n}, d, seed++), mat = random({s.n, s.k}, d, seed++), vec = random({s.k}, d, seed++);
        const double beta = beta_for(d, w), alpha = alpha_for(d, w);
        EXPECT_TRUE(ref_mv(d, &self, mat, vec, beta, alpha).matches(addmv(self, mat, vec, beta, alpha), s.k)) << what(d);
        EXPECT_TRUE(ref_mv(d, nullptr, mat, vec, 0, 1).matches(mv(mat, vec), s.k)) << what(d, "mv");
      }
}

TEST(Blas, GemvLayouts) {
  uint32_t seed = 80;
  for (DType d : kDTypes)
    for (Layout lm : kLayouts)
      for (Layout lv : kLayouts) {
        const Tensor mat = laid_out(random({7, 6}, d, seed++), lm), vec = laid_out(random({6}, d, seed++), lv);
        const Tensor self = laid_out(random({7}, d, seed++), lv);
        const std::string how = std::string(layout_name(lm)) + " @ " + layout_name(lv);
        EXPECT_TRUE(ref_mv(d, &self, mat, vec, beta_for(d, 2), alpha_for(d, 3))
                        .matches(addmv(self, mat, vec, beta_for(d, 2), alpha_for(d, 3)), 6))
            << what(d, how);
        EXPECT_TRUE(ref_mv(d, nullptr, mat, vec, 0, 1).matches(mv(mat, vec), 6)) << what(d, "mv " + how);
      }
}

TEST(Blas, GemvVariants) {
  uint32_t seed = 90;
  for (DType d : kDTypes) {
    const Tensor mat = random({4, 3}, d, seed++), vec = random({3}, d, seed++);
    const double beta = beta_for(d, 3), alpha = alpha_for(d, 1);
    const Tensor one = random({1}, d, seed++);
    EXPECT_TRUE(ref_mv(d, &one, mat, vec, beta, alpha).matches(addmv(one, mat, vec, beta, alpha), 3)) << what(d);
    EXPECT_TRUE(ref_mv(d, nullptr, mat, vec, 0, 1).matches(mat.mv(vec), 3)) << what(d);
    for (Layout l : {Layout::Contiguous, Layout::Narrowed, Layout::Strided}) {
      const Tensor s0 = random({4}, d, seed++);
      Tensor s = laid_out(s0, l);
      s.addmv_(mat, vec, beta, alpha);
      EXPECT_TRUE(ref_mv(d, &s0, mat, vec, beta, alpha).matches(s, 3)) << what(d, layout_name(l));
      Tensor out = laid_out(random({4}, d, seed++), l);
      addmv_out(out, s0, mat, vec, beta, alpha);
      EXPECT_TRUE(ref_mv(d, &s0, mat, vec, beta, alpha).matches(out, 3)) << what(d, layout_name(l));
      EXPECT_TRUE(ref_mv(d, nullptr, mat, vec, 0, 1).matches(mv_out(out, mat, vec), 3)) << what(d);
    }
    Tensor resized = empty({0}, d);
    EXPECT_TRUE(ref_mv(d, nullptr, mat, vec, 0, 1).matches(mv_out(resized, mat, vec), 3));
  }
}

TEST(Blas, THAddmv) {
  ember::test::THThrowingHandlers handlers;
  uint32_t seed = 100;
  for (DType d : kDTypes)
    for (Layout l : {Layout::Contiguous, Layout::Transposed, Layout::Strided}) {
      const Tensor t0 = random({5}, d, seed++), mat = laid_out(random({5, 3}, d, seed++), l), vec = random({3}, d, seed++);
      const double beta = beta_for(d, 2), alpha = alpha_for(d, 3);
      Tensor r = empty({2, 2}, d);
      th_addmv(r, beta, t0, alpha, mat, vec);
      EXPECT_TRUE(ref_mv(d, &t0, mat, vec, beta, alpha).matches(r, 3)) << what(d, layout_name(l));
      Tensor t = t0.clone();
      th_addmv(t, beta, t, alpha, mat, vec);
      EXPECT_TRUE(ref_mv(d, &t0, mat, vec, beta, alpha).matches(t, 3)) << what(d, layout_name(l));
    }
}

// ---- addr / outer / ger ---------------------------------------------------------

TEST(Blas, GerAllDtypes) {
  uint32_t seed = 110;
  for (DType d : kDTypes)
    for (auto [n, m] : {std::pair<int64_t, int64_t>{1, 1}, {5, 7}, {33, 2}})
      for (int w = 0; w < 4; ++w) {
        const Tensor self = random({n, m}, d, seed++), x = random({n}, d, seed++), y = random({m}, d, seed++);
        const double beta = beta_for(d, w), alpha = alpha_for(d, w);
        // Scaled by beta, then the product added: two roundings.
        EXPECT_TRUE(ref_outer(d, &self, x, y, beta, alpha).matches(addr(self, x, y, beta, alpha), 1, 2)) << what(d);
        EXPECT_TRUE(ref_outer(d, nullptr, x, y, 0, 1).matches(outer(x, y), 0)) << what(d, "outer");
        EXPECT_TRUE(ref_outer(d, nullptr, x, y, 0, 1).matches(ger(x, y), 0)) << what(d, "ger");
      }
}

TEST(Blas, GerLayouts) {
  uint32_t seed = 120;
  for (DType d : kDTypes)
    for (Layout lx : kLayouts)
      for (Layout ls : kLayouts) {
        const Tensor x = laid_out(random({4}, d, seed++), lx), y = laid_out(random({6}, d, seed++), ls);
        const Tensor self = laid_out(random({4, 6}, d, seed++), ls);
        EXPECT_TRUE(ref_outer(d, &self, x, y, beta_for(d, 2), alpha_for(d, 2))
                        .matches(addr(self, x, y, beta_for(d, 2), alpha_for(d, 2)), 1, 2))
            << what(d, std::string(layout_name(lx)) + " " + layout_name(ls));
        if (ls == Layout::Expanded) continue;
        Tensor in = laid_out(random({4, 6}, d, seed++), ls);
        const Tensor in0 = in.clone();
        in.addr_(x, y, beta_for(d, 3), alpha_for(d, 1));
        EXPECT_TRUE(ref_outer(d, &in0, x, y, beta_for(d, 3), alpha_for(d, 1)).matches(in, 1, 2))
            << what(d, std::string("in place ") + layout_name(ls));
        Tensor out = laid_out(random({4, 6}, d, seed++), ls);
        EXPECT_TRUE(ref_outer(d, nullptr, x, y, 0, 1).matches(outer_out(out, x, y), 0)) << what(d, layout_name(ls));
      }
}

TEST(Blas, GerVariants) {
  for (DType d : kDTypes) {
    const Tensor x = random({3}, d, 1), y = random({2}, d, 2), row = random({2}, d, 3);
    EXPECT_TRUE(ref_outer(d, &row, x, y, 1, 1).matches(addr(row, x, y), 1, 2)) << what(d);
    EXPECT_TRUE(ref_outer(d, &row, x, y, 1, 1).matches(row.addr(x, y), 1, 2)) << what(d);
    EXPECT_TRUE(ref_outer(d, nullptr, x, y, 0, 1).matches(x.outer(y), 0)) << what(d);
    EXPECT_TRUE(ref_outer(d, nullptr, x, y, 0, 1).matches(x.ger(y), 0)) << what(d);
    Tensor out = empty({0}, d);
    EXPECT_TRUE(ref_outer(d, nullptr, x, y, 0, 1).matches(ger_out(out, x, y), 0)) << what(d);
    EXPECT_TRUE(ref_outer(d, &row, x, y, 1, 1).matches(addr_out(out, row, x, y), 1, 2)) << what(d);
  }
}

TEST(Blas, THAddr) {
  ember::test::THThrowingHandlers handlers;
  uint32_t seed = 130;
  for (DType d : kDTypes)
    for (Layout l : {Layout::Contiguous, Layout::Transposed, Layout::Strided}) {
      const Tensor t0 = random({4, 3}, d, seed++), x = laid_out(random({4}, d, seed++), l), y = random({3}, d, seed++);
      const double beta = beta_for(d, 3), alpha = alpha_for(d, 2);
      Tensor r = empty({0}, d);
      th_addr(r, beta, t0, alpha, x, y);
      EXPECT_TRUE(ref_outer(d, &t0, x, y, beta, alpha).matches(r, 1, 2)) << what(d, layout_name(l));
      Tensor t = laid_out(t0, l);
      th_addr(t, beta, t, alpha, x, y);
      EXPECT_TRUE(ref_outer(d, &t0, x, y, beta, alpha).matches(t, 1, 2)) << what(d, layout_name(l));
    }
}

// ---- dot ------------------------------------------------------------------------

TEST(Blas, DotAllDtypes) {
  uint32_t seed = 140;
  for (DType d : kDTypes)
    for (int64_t n : {1, 16, 17, 1000}) {
      const Tensor x = random({n}, d, seed++), y = random({n}, d, seed++);
      const Tensor got = dot(x, y);
      EXPECT_TRUE(got.is_scalar()) << what(d);
      // The reference as a 1 x n @ n x 1 product.
      EXPECT_TRUE(ref_matmul(d, nullptr, x.unsqueeze(0), y.unsqueeze(1), 0, 1).matches(got.view({1, 1}), n)) << what(d);
      EXPECT_TRUE(ref_matmul(d, nullptr, x.unsqueeze(0), y.unsqueeze(1), 0, 1).matches(x.dot(y).view({1, 1}), n));
      Tensor out = empty({3}, d);
      dot_out(out, x, y);
      EXPECT_TRUE(out.is_scalar());
      EXPECT_TRUE(ref_matmul(d, nullptr, x.unsqueeze(0), y.unsqueeze(1), 0, 1).matches(out.view({1, 1}), n)) << what(d);
    }
}

TEST(Blas, DotLayouts) {
  uint32_t seed = 150;
  for (DType d : kDTypes)
    for (Layout lx : kLayouts)
      for (Layout ly : kLayouts) {
        const Tensor x = laid_out(random({9}, d, seed++), lx), y = laid_out(random({9}, d, seed++), ly);
        EXPECT_TRUE(ref_matmul(d, nullptr, x.unsqueeze(0), y.unsqueeze(1), 0, 1).matches(dot(x, y).view({1, 1}), 9))
            << what(d, std::string(layout_name(lx)) + " . " + layout_name(ly));
      }
}

// TH's dot: any shapes of one element count, the sum as accreal (exact
// for integers, unlike the C++ form's wrapped result).
TEST(Blas, THDot) {
  ember::test::THThrowingHandlers handlers;
  uint32_t seed = 160;
  for (DType d : kDTypes) {
    const Tensor a = laid_out(random({3, 4}, d, seed++), Layout::Transposed), b = random({2, 6}, d, seed++);
    const Values va = values(a.contiguous()), vb = values(b);
    const long double got = th_dot(a, b);
    if (is_integral(d)) {
      uint64_t want = 0;  // int64 accreal: exact modulo 2^64
      for (size_t i = 0; i < va.i.size(); ++i) want += va.i[i] * vb.i[i];
      EXPECT_EQ(got, static_cast<long double>(static_cast<int64_t>(want))) << what(d);
    } else {
      long double want = 0, mass = 0;
      for (size_t i = 0; i < va.f.size(); ++i) {
        want += va.f[i] * vb.f[i];
        mass += std::fabs(va.f[i] * vb.f[i]);
      }
      EXPECT_LE(std::fabs(got - want), mass * 14 * (d == kDouble ? 1.2e-16L : 6e-8L)) << what(d);
    }
  }
}

// ---- matmul ---------------------------------------------------------------------

TEST(Blas, MatmulCases) {
  uint32_t seed = 170;
  for (DType d : kDTypes) {
    const Tensor v = random({4}, d, seed++), m = random({3, 4}, d, seed++), m2 = random({4, 5}, d, seed++);
    EXPECT_TRUE(ref_matmul(d, nullptr, v.unsqueeze(0), v.unsqueeze(1), 0, 1).matches(matmul(v, v).view({1, 1}), 4));
    EXPECT_TRUE(matmul(v, v).is_scalar());
    EXPECT_TRUE(ref_mv(d, nullptr, m, v, 0, 1).matches(matmul(m, v), 4)) << what(d, "2-d @ 1-d");
    EXPECT_TRUE(ref_matmul(d, nullptr, v.unsqueeze(0), m2, 0, 1).matches(matmul(v, m2).unsqueeze(0), 4)) << what(d);
    EXPECT_EQ(matmul(v, m2).shape(), (std::vector<int64_t>{5}));
    EXPECT_TRUE(ref_matmul(d, nullptr, m, m2, 0, 1).matches(matmul(m, m2), 4)) << what(d, "2-d @ 2-d");
    EXPECT_TRUE(ref_matmul(d, nullptr, m, m2, 0, 1).matches(m.matmul(m2), 4)) << what(d, "method");
    // Batched self with a matrix or vector: folded into one mm / mv.
    const Tensor b = laid_out(random({2, 3, 4}, d, seed++), Layout::Transposed);
    EXPECT_TRUE(ref_matmul(d, nullptr, b, m2.unsqueeze(0).expand({2, 4, 5}), 0, 1).matches(matmul(b, m2), 4)) << what(d);
    const Tensor mv_got = matmul(b, v);
    EXPECT_EQ(mv_got.shape(), (std::vector<int64_t>{2, 3}));
    EXPECT_TRUE(ref_matmul(d, nullptr, b, v.view({1, 4, 1}).expand({2, 4, 1}), 0, 1).matches(mv_got.unsqueeze(2), 4));
    // A vector or matrix with a batched other.
    const Tensor bb = random({2, 4, 5}, d, seed++);
    EXPECT_TRUE(ref_matmul(d, nullptr, m.unsqueeze(0).expand({2, 3, 4}), bb, 0, 1).matches(matmul(m, bb), 4));
    const Tensor vb = matmul(v, bb);
    EXPECT_EQ(vb.shape(), (std::vector<int64_t>{2, 5}));
    EXPECT_TRUE(ref_matmul(d, nullptr, v.view({1, 1, 4}).expand({2, 1, 4}), bb, 0, 1).matches(vb.unsqueeze(1), 4));
  }
}

TEST(Blas, MatmulBroadcast) {
  uint32_t seed = 180;
  for (DType d : {kFloat, kDouble, kInt, kHalf, kByte}) {
    const Tensor a = random({2, 1, 3, 4}, d, seed++), b = random({5, 4, 2}, d, seed++);
    const Tensor got = matmul(a, b);
    ASSERT_EQ(got.shape(), (std::vector<int64_t>{2, 5, 3, 2}));
    const Tensor ea = a.expand({2, 5, 3, 4}).contiguous().view({10, 3, 4});
    const Tensor eb = b.expand({2, 5, 4, 2}).contiguous().view({10, 4, 2});
    EXPECT_TRUE(ref_matmul(d, nullptr, ea, eb, 0, 1).matches(got.view({10, 3, 2}), 4)) << what(d);
  }
}

TEST(Blas, MatmulOut) {
  for (DType d : {kFloat, kLong, kBFloat16}) {
    const Tensor v = random({4}, d, 1), m = random({3, 4}, d, 2), m2 = random({4, 5}, d, 3), b = random({2, 3, 4}, d, 4);
    Tensor out = empty({1}, d);
    EXPECT_TRUE(ref_matmul(d, nullptr, m, m2, 0, 1).matches(matmul_out(out, m, m2), 4)) << what(d);
    EXPECT_TRUE(ref_mv(d, nullptr, m, v, 0, 1).matches(matmul_out(out, m, v), 4)) << what(d);
    EXPECT_TRUE(matmul_out(out, v, v).is_scalar());
    Tensor& r = matmul_out(out, b, m2);
    EXPECT_TRUE(r.is_same(out));
    EXPECT_TRUE(ref_matmul(d, nullptr, b, m2.unsqueeze(0).expand({2, 4, 5}), 0, 1).matches(out, 4)) << what(d);
    Tensor wrong = empty({1}, d == kFloat ? kDouble : kFloat);
    EXPECT_THROW(matmul_out(wrong, m, m2), Error);
  }
}

}  // namespace
}  // namespace ember::blastest
