// coalesce(): the documented post-conditions, and that the set of
// element addresses (per operand, in lockstep) never changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "kernels/coalesce.h"
#include "kernels/loops.h"
#include "tests/kernels/kernel_test_util.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

template <int N>
Operands<N> make(const Shape& shape, const std::array<Shape, N>& strides) {
  Operands<N> ops;
  ops.ndim = static_cast<int>(shape.size());
  for (int d = 0; d < ops.ndim; ++d) {
    ops.shape[d] = shape[static_cast<size_t>(d)];
    for (int k = 0; k < N; ++k) ops.strides[k][d] = strides[static_cast<size_t>(k)][static_cast<size_t>(d)];
  }
  for (int k = 0; k < N; ++k) ops.data[k] = reinterpret_cast<char*>(intptr_t{1000000} * (k + 1));
  return ops;
}

// Every element as its N addresses, sorted, computed straight from the
// strides.
template <int N>
std::vector<std::array<intptr_t, N>> addresses(const Operands<N>& ops) {
  std::vector<std::array<intptr_t, N>> out;
  Shape shape(ops.shape, ops.shape + ops.ndim);
  for_each_index(shape, [&](const Shape& idx) {
    std::array<intptr_t, N> a;
    for (int k = 0; k < N; ++k) {
      a[static_cast<size_t>(k)] = reinterpret_cast<intptr_t>(ops.data[k]);
      for (int d = 0; d < ops.ndim; ++d) a[static_cast<size_t>(k)] += idx[static_cast<size_t>(d)] * ops.strides[k][d];
    }
    out.push_back(a);
  });
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Coalesce, ContiguousCollapsesToOneDim) {
  auto ops = make<2>({2, 3, 4}, {Shape{48, 16, 4}, Shape{96, 32, 8}});
  coalesce(ops);
  ASSERT_EQ(ops.ndim, 1);
  EXPECT_EQ(ops.shape[0], 24);
  EXPECT_EQ(ops.strides[0][0], 4);
  EXPECT_EQ(ops.strides[1][0], 8);
}

TEST(Coalesce, DropsSizeOneDimsAndOrdersByTheOutput) {
  // Output transposed: its innermost dim is dim 0.
  auto ops = make<2>({5, 1, 7}, {Shape{4, 999, 20}, Shape{28, 999, 4}});
  coalesce(ops);
  ASSERT_EQ(ops.ndim, 2);
  EXPECT_EQ(ops.shape[0], 7);
  EXPECT_EQ(ops.shape[1], 5);
  EXPECT_EQ(ops.strides[0][1], 4);
  EXPECT_EQ(ops.strides[1][1], 28);
}

TEST(Coalesce, BroadcastOutputDefersToTheInput) {
  // A reduction-shaped pair: operand 0 has stride 0 in dim 1, so operand
  // 1 decides; it is column-major.
  auto ops = make<2>({6, 8}, {Shape{4, 0}, Shape{4, 24}});
  coalesce(ops);
  ASSERT_EQ(ops.ndim, 2);
  EXPECT_EQ(ops.shape[1], 6);
  EXPECT_EQ(ops.strides[1][1], 4);
}

TEST(Coalesce, ScalarOperandMergesWithAnything) {
  auto ops = make<2>({3, 4}, {Shape{16, 4}, Shape{0, 0}});
  coalesce(ops);
  ASSERT_EQ(ops.ndim, 1);
  EXPECT_EQ(ops.shape[0], 12);
  EXPECT_EQ(ops.strides[1][0], 0);
}

TEST(Coalesce, DoesNotMergeAcrossAGapInAnyOperand) {
  auto ops = make<2>({3, 4}, {Shape{16, 4}, Shape{20, 4}});
  coalesce(ops);
  EXPECT_EQ(ops.ndim, 2);
}

TEST(Coalesce, ZeroSizeIsShapeZero) {
  auto ops = make<2>({3, 0, 5}, {Shape{0, 20, 4}, Shape{60, 20, 4}});
  coalesce(ops);
  ASSERT_EQ(ops.ndim, 1);
  EXPECT_EQ(ops.shape[0], 0);
  EXPECT_EQ(ops.numel(), 0);
}

TEST(Coalesce, ZeroDimAndAllOnesAreOneElement) {
  for (const Shape& shape : {Shape{}, Shape{1, 1, 1}}) {
    Operands<3> ops = make<3>(shape, {Shape(shape.size(), 8), Shape(shape.size(), 0), Shape(shape.size(), 4)});
    coalesce(ops);
    ASSERT_EQ(ops.ndim, 1);
    EXPECT_EQ(ops.shape[0], 1);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(ops.strides[k][0], 0);
  }
}

TEST(Coalesce, NegativeStridesKeepTheirElements) {
  auto ops = make<2>({4, 5}, {Shape{20, 4}, Shape{-20, -4}});
  const auto before = addresses(ops);
  coalesce(ops);
  EXPECT_EQ(ops.ndim, 1);
  EXPECT_EQ(addresses(ops), before);
}

TEST(Coalesce, RandomLayoutsKeepEveryElementAndLeaveNothingToMerge) {
  std::mt19937 g(12);
  for (int trial = 0; trial < 2000; ++trial) {
    const int nd = static_cast<int>(g() % 6);
    Shape shape;
    for (int d = 0; d < nd; ++d) shape.push_back(static_cast<int64_t>(g() % 4));
    std::array<Shape, 3> strides;
    for (auto& s : strides) {
      std::vector<int> perm(static_cast<size_t>(nd));
      for (int d = 0; d < nd; ++d) perm[static_cast<size_t>(d)] = d;
      std::shuffle(perm.begin(), perm.end(), g);
      s = permuted_strides(shape, perm);
      for (auto& v : s) {
        const unsigned r = g() % 8;
        v = r == 0 ? 0 : r == 1 ? -v : v;
        v *= 4;
      }
    }
    auto ops = make<3>(shape, strides);
    const auto before = addresses(ops);
    coalesce(ops);
    ASSERT_GE(ops.ndim, 1);
    ASSERT_EQ(addresses(ops), before) << "trial " << trial;
    if (ops.numel() == 0) continue;
    for (int d = 0; d < ops.ndim; ++d) ASSERT_TRUE(ops.shape[d] != 1 || ops.ndim == 1);
    for (int d = 0; d + 1 < ops.ndim; ++d) {
      bool mergeable = true;
      for (int k = 0; k < 3; ++k) mergeable = mergeable && ops.strides[k][d] == ops.strides[k][d + 1] * ops.shape[d + 1];
      ASSERT_FALSE(mergeable) << "trial " << trial << " dims " << d;
    }
  }
}

TEST(Loops, ForEachRowCoversARangeExactlyOnce) {
  auto ops = make<1>({3, 5, 7}, {Shape{140, 28, 4}});
  ops.strides[0][0] = 200;  // a gap, so rows stay rows
  const auto all = addresses(ops);
  for (int64_t b : {0, 1, 6, 7, 34, 104}) {
    for (int64_t e : {b, b + 1, b + 8, int64_t{105}}) {
      if (e > 105) continue;
      std::vector<std::array<intptr_t, 1>> seen;
      for_each_row(ops, b, e, [&](char* const* p, int64_t n) {
        for (int64_t i = 0; i < n; ++i) seen.push_back({reinterpret_cast<intptr_t>(p[0]) + i * 4});
      });
      ASSERT_EQ(static_cast<int64_t>(seen.size()), e - b);
      std::vector<std::array<intptr_t, 1>> want;
      // Row-major order of [3, 5, 7] with strides {200, 28, 4}.
      for (int64_t f = b; f < e; ++f)
        want.push_back({1000000 + f / 35 * 200 + f / 7 % 5 * 28 + f % 7 * 4});
      ASSERT_EQ(seen, want);
    }
  }
}

TEST(Loops, TiledWalkCoversEveryElementOnce) {
  auto ops = make<2>({3, 70, 100}, {Shape{28000, 400, 4}, Shape{28000, 4, 280}});
  ASSERT_TRUE(wants_tiling(ops));
  std::vector<std::array<intptr_t, 2>> seen;
  for_each_row_parallel(ops, [&](char* const* p, int64_t n) {
#pragma omp critical
    for (int64_t i = 0; i < n; ++i)
      seen.push_back({reinterpret_cast<intptr_t>(p[0]) + i * 4, reinterpret_cast<intptr_t>(p[1]) + i * 280});
  });
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, addresses(ops));
}

}  // namespace
}  // namespace ember::kernels
