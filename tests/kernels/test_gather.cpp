// kernels/gather.h and kernels/masked.h on raw buffers: the index rule,
// in_order's traversal order, gather and scatter over transposed and
// broadcast operands against naive loops, on one thread and several.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernels/gather.h"
#include "kernels/masked.h"
#include "kernels/parallel.h"
#include "tests/kernels/kernel_test_util.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

TEST(Gather, Position) {
  const IndexedDim zero{5, 4, 0, false}, wrap{5, 4, 0, true}, one{5, 4, 1, false};
  EXPECT_EQ(position(zero, 0), 0);
  EXPECT_EQ(position(zero, 4), 4);
  EXPECT_EQ(position(zero, 5), -1);
  EXPECT_EQ(position(zero, -1), -1);
  EXPECT_EQ(position(wrap, -1), 4);
  EXPECT_EQ(position(wrap, -5), 0);
  EXPECT_EQ(position(wrap, -6), -1);
  EXPECT_EQ(position(one, 1), 0);
  EXPECT_EQ(position(one, 5), 4);
  EXPECT_EQ(position(one, 0), -1);
  EXPECT_EQ(position(one, 6), -1);
  EXPECT_EQ(position(one, std::numeric_limits<int64_t>::min()), -1);
  EXPECT_EQ(position(wrap, std::numeric_limits<int64_t>::min()), -1);
  EXPECT_EQ(position(IndexedDim{0, 4, 0, true}, 0), -1);
}

// Walks in_order(ops) and records the byte offsets of operand 0.
std::vector<int64_t> walk(const Operands<1>& in) {
  const Operands<1> ops = in_order(in);
  std::vector<int64_t> seen;
  if (ops.numel() == 0) return seen;
  const int64_t s = ops.strides[0][ops.ndim - 1];
  for_each_row(ops, 0, ops.numel(), [&](char* const* p, int64_t n) {
    for (int64_t i = 0; i < n; ++i) seen.push_back((p[0] - ops.data[0]) + i * s);
  });
  return seen;
}

TEST(Gather, InOrder) {
  Operands<1> ops;
  ops.ndim = 3;
  const int64_t shape[3] = {2, 3, 4};
  const int64_t strides[3] = {4, 8, 1};  // dim 2 fastest, then dim 0, then dim 1
  std::vector<int64_t> want;
  for (int64_t a = 0; a < 2; ++a)
    for (int64_t b = 0; b < 3; ++b)
      for (int64_t c = 0; c < 4; ++c) want.push_back(a * 4 + b * 8 + c);
  for (int d = 0; d < 3; ++d) {
    ops.shape[d] = shape[d];
    ops.strides[0][d] = strides[d];
  }
  ops.data[0] = nullptr;
  EXPECT_EQ(walk(ops), want) << "row-major order of the geometry, not memory order";
  // contiguous neighbours merge; size-1 dims drop
  ops.shape[0] = 1;
  ops.strides[0][1] = 4;
  const Operands<1> merged = in_order(ops);
  EXPECT_EQ(merged.ndim, 1);
  EXPECT_EQ(merged.shape[0], 12);
  ops.shape[1] = 0;
  EXPECT_EQ(in_order(ops).shape[0], 0);
  EXPECT_EQ(in_order(ops).ndim, 1);
}

// out[i][j] = src[i][index[i][j]] over a transposed index, against a loop.
template <class S>
void check_gather(int64_t rows, int64_t cols, int64_t width) {
  std::vector<S> src(static_cast<size_t>(rows * width));
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<S>(i * 2654435761u);
  std::vector<int64_t> index(static_cast<size_t>(rows * cols));  // stored column-major
  for (size_t i = 0; i < index.size(); ++i) index[i] = static_cast<int64_t>((i * 7 + 3) % width);
  std::vector<S> out(static_cast<size_t>(rows * cols));
  Operands<3> ops;
  ops.ndim = 2;
  ops.shape[0] = rows;
  ops.shape[1] = cols;
  ops.strides[0][0] = cols * sizeof(S);
  ops.strides[0][1] = sizeof(S);
  ops.strides[1][0] = width * sizeof(S);
  ops.strides[1][1] = 0;
  ops.strides[2][0] = sizeof(int64_t);
  ops.strides[2][1] = rows * sizeof(int64_t);
  ops.data[0] = reinterpret_cast<char*>(out.data());
  ops.data[1] = reinterpret_cast<char*>(src.data());
  ops.data[2] = reinterpret_cast<char*>(index.data());
  BadIndex bad;
  gather<S>(ops, IndexedDim{width, sizeof(S), 0, false}, bad);
  EXPECT_FALSE(bad.seen());
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      ASSERT_EQ(out[i * cols + j], src[i * width + index[j * rows + i]]) << i << "," << j;
  index[static_cast<size_t>(rows * cols / 2)] = width;  // one bad value, wherever the threads split
  gather<S>(ops, IndexedDim{width, sizeof(S), 0, false}, bad);
  EXPECT_TRUE(bad.seen());
  EXPECT_EQ(bad.value(), width);
}

TEST(Gather, GatherAgainstLoop) {
  const int saved = get_num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    check_gather<uint8_t>(3, 5, 7);
    check_gather<uint16_t>(300, 200, 50);
    check_gather<uint32_t>(1000, 300, 1000);
    check_gather<uint64_t>(2, 40000, 3);
  }
  set_num_threads(saved);
}

// Note [gather by lanes]: gather's dense rows (contiguous result and
// index) against a loop, for row lengths around the lanes' groups of 8,
// every index rule, source strides along the row, and a bad index in each
// lane: the row's first bad value is recorded and nothing is written from
// that index's group of 8 on.
template <class S>
void check_dense_rows() {
  std::mt19937 g(7);
  const int64_t width = 37;
  std::vector<S> src(static_cast<size_t>(width * 3 * 40));
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<S>(g());
  for (const IndexedDim rule : {IndexedDim{width, 3 * sizeof(S), 0, false}, IndexedDim{width, sizeof(S), 1, false},
                                IndexedDim{width, 2 * sizeof(S), 0, true}}) {
    for (const int64_t ss : {int64_t{0}, int64_t{sizeof(S)}}) {
      for (int64_t n = 0; n <= 40; ++n) {
        SCOPED_TRACE("length " + std::to_string(n) + ", source step " + std::to_string(ss) + ", base " +
                     std::to_string(rule.base) + (rule.wrap ? ", wrapping" : ""));
        const int64_t lo = rule.wrap ? -width : rule.base, hi = rule.base + width;  // the valid raw values
        std::vector<int64_t> index(static_cast<size_t>(n));
        for (auto& v : index) v = lo + static_cast<int64_t>(g() % static_cast<uint32_t>(hi - lo));
        const auto element = [&](int64_t i) {
          int64_t k = index[i] - rule.base;
          if (k < 0) k += width;
          return *reinterpret_cast<const S*>(reinterpret_cast<const char*>(src.data()) + i * ss + k * rule.stride);
        };
        const S sentinel = static_cast<S>(0x5a5a5a5a5a5a5a5aull);
        std::vector<S> out(static_cast<size_t>(n) + 1, sentinel);
        Operands<3> ops;
        ops.ndim = 1;
        ops.shape[0] = n;
        ops.strides[0][0] = sizeof(S);
        ops.strides[1][0] = ss;
        ops.strides[2][0] = sizeof(int64_t);
        ops.data[0] = reinterpret_cast<char*>(out.data());
        ops.data[1] = reinterpret_cast<char*>(src.data());
        ops.data[2] = reinterpret_cast<char*>(index.data());
        BadIndex none;
        gather<S>(ops, rule, none);
        ASSERT_FALSE(none.seen());
        for (int64_t i = 0; i < n; ++i) ASSERT_EQ(out[i], element(i)) << "element " << i;
        ASSERT_EQ(out[n], sentinel) << "written past the row";
        for (int64_t at = 0; at < n; at += 3) {
          for (const int64_t raw : {hi, lo - 1, std::numeric_limits<int64_t>::min()}) {
            std::vector<int64_t> spoiled = index;
            spoiled[at] = raw;
            spoiled[n - 1] = hi + 1;  // a later bad value: not the one recorded
            if (at == n - 1) spoiled[at] = raw;
            ops.data[2] = reinterpret_cast<char*>(spoiled.data());
            out.assign(out.size(), sentinel);
            BadIndex bad;
            gather<S>(ops, rule, bad);
            ASSERT_TRUE(bad.seen()) << "bad index at " << at;
            ASSERT_EQ(bad.value(), raw) << "bad index at " << at;
            for (int64_t i = at / 8 * 8; i <= n; ++i) ASSERT_EQ(out[i], sentinel) << "written at " << i << ", bad " << at;
          }
        }
      }
    }
  }
}

TEST(Gather, DenseRowsAgainstLoop) {
  check_dense_rows<uint8_t>();
  check_dense_rows<uint16_t>();
  check_dense_rows<uint32_t>();
  check_dense_rows<uint64_t>();
}

TEST(Gather, ScatterOrder) {
  // dst[index[i][j]] (+)= src[i][j] along dim 1 of a [1, 6] row, index stored
  // transposed: the last in row-major order of the index wins.
  std::vector<float> dst(3, 0.0f), src{1, 2, 3, 4, 5, 6};
  std::vector<int64_t> index{2, 0, 2, 1, 0, 2};
  Operands<3> ops;
  ops.ndim = 2;
  ops.shape[0] = 2;
  ops.shape[1] = 3;
  ops.strides[0][0] = 0;
  ops.strides[0][1] = 0;
  ops.strides[1][0] = 3 * sizeof(float);
  ops.strides[1][1] = sizeof(float);
  ops.strides[2][0] = sizeof(int64_t);  // index[i][j] at j * 2 + i
  ops.strides[2][1] = 2 * sizeof(int64_t);
  ops.data[0] = reinterpret_cast<char*>(dst.data());
  ops.data[1] = reinterpret_cast<char*>(src.data());
  ops.data[2] = reinterpret_cast<char*>(index.data());
  // row-major: (0,0)->2:1 (0,1)->2:2 (0,2)->0:3 (1,0)->0:4 (1,1)->1:5 (1,2)->2:6
  scatter<uint32_t>(ops, IndexedDim{3, sizeof(float), 0, false}, Assign{});
  EXPECT_EQ(dst, (std::vector<float>{4, 5, 6}));
  dst.assign(3, 0.0f);
  scatter<float>(ops, IndexedDim{3, sizeof(float), 0, false}, AddScaled<float>{2.0f});
  EXPECT_EQ(dst, (std::vector<float>{14, 10, 18}));
}

TEST(Masked, Kernels) {
  // masked_fill over a transposed mask, then select and scatter in row-major order
  std::vector<uint16_t> self{1, 2, 3, 4, 5, 6};
  std::vector<uint8_t> mask{1, 0, 0, 1, 1, 0};  // mask[i][j] at j * 2 + i for a [2, 3] geometry
  Operands<2> ops;
  ops.ndim = 2;
  ops.shape[0] = 2;
  ops.shape[1] = 3;
  ops.strides[0][0] = 3 * sizeof(uint16_t);
  ops.strides[0][1] = sizeof(uint16_t);
  ops.strides[1][0] = 1;
  ops.strides[1][1] = 2;
  ops.data[0] = reinterpret_cast<char*>(self.data());
  ops.data[1] = reinterpret_cast<char*>(mask.data());
  // logical mask: row 0 = {1, 0, 1}, row 1 = {0, 1, 0}
  std::vector<uint16_t> picked(6);
  EXPECT_EQ(masked_select<uint16_t>(ops, picked.data(), 1), 3);
  EXPECT_EQ(std::vector<uint16_t>(picked.begin(), picked.begin() + 3), (std::vector<uint16_t>{1, 3, 5}));
  const uint16_t source[] = {7, 8, 9};
  masked_scatter<uint16_t>(ops, source);
  EXPECT_EQ(self, (std::vector<uint16_t>{7, 2, 8, 4, 9, 6}));
  masked_fill<uint16_t>(ops, 0);
  EXPECT_EQ(self, (std::vector<uint16_t>{0, 2, 0, 4, 0, 6}));
  Operands<1> bytes;
  bytes.ndim = 1;
  bytes.shape[0] = 6;
  bytes.strides[0][0] = 1;
  bytes.data[0] = reinterpret_cast<char*>(mask.data());
  EXPECT_FALSE(has_byte_above_one(bytes));
  mask[5] = 2;
  EXPECT_TRUE(has_byte_above_one(bytes));
}

// count_nonzero against a naive count: dense rows (the vectorized loop),
// a strided walk, more elements than one thread's grain, on one and two
// threads; for float bits the sign is ignored (-0 is zero, NaN is not).
// Note [branch-free selection]: dense rows of every element size, with
// masks all set, none set, random (bytes above 1 count as set), across
// the staging buffer's blocks, against a loop that branches.
template <class S>
void check_dense_selection(uint32_t seed) {
  std::mt19937 g(seed);
  for (int64_t n : {0, 1, 255, 256, 257, 1000, 2048, 5000}) {
    for (int density : {0, 1, 2, 4}) {  // none, a quarter... all set
      std::vector<S> x(static_cast<size_t>(n));
      std::vector<uint8_t> m(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) {
        x[i] = static_cast<S>(g());
        m[i] = density == 4 ? 1 : (g() % 4 < static_cast<uint32_t>(density) ? static_cast<uint8_t>(1 + g() % 3) : 0);
      }
      std::vector<S> want;
      for (int64_t i = 0; i < n; ++i)
        if (m[i]) want.push_back(x[i]);
      std::vector<S> got(static_cast<size_t>(n) + 1, static_cast<S>(0x5a));
      Operands<2> ops;
      ops.ndim = 1;
      ops.shape[0] = n;
      ops.strides[0][0] = sizeof(S);
      ops.strides[1][0] = 1;
      ops.data[0] = reinterpret_cast<char*>(x.data());
      ops.data[1] = reinterpret_cast<char*>(m.data());
      ASSERT_EQ(masked_select<S>(ops, got.data(), 1), static_cast<int64_t>(want.size())) << n << " " << density;
      for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i << " of " << n;
      ASSERT_EQ(got[want.size()], static_cast<S>(0x5a)) << "written past the selection";
    }
  }
}

// Note [branch-free nonzero]: kernels::nonzero's subscripts against a
// loop, for rows around the 64-element words, dense and strided, with
// float sign bits ignored; exactly `count` rows are written (a sentinel
// row after them stays).
template <class S>
void check_nonzero(uint32_t seed, S ignore) {
  std::mt19937 g(seed);
  for (const Shape& shape : {Shape{1}, Shape{63}, Shape{64}, Shape{65}, Shape{1000}, Shape{3, 130}, Shape{5, 7, 66}}) {
    for (const int64_t step : {int64_t{1}, int64_t{3}}) {
      for (const int density : {0, 1, 8, 16}) {  // sixteenths set
        const int64_t n = numel(shape);
        std::vector<S> x(static_cast<size_t>(n * step));
        for (auto& v : x) v = g() % 16 < static_cast<uint32_t>(density) ? static_cast<S>(g() | 1u) : (g() % 2 ? ignore : S{0});
        std::vector<std::vector<int64_t>> want;
        for (int64_t e = 0; e < n; ++e) {
          if (!is_nonzero(x[e * step], ignore)) continue;
          std::vector<int64_t> sub(shape.size());
          for (int64_t d = static_cast<int64_t>(shape.size()) - 1, r = e; d >= 0; --d) {
            sub[d] = r % shape[d];
            r /= shape[d];
          }
          want.push_back(sub);
        }
        Operands<1> ops;
        ops.ndim = static_cast<int>(shape.size());
        const Shape strides = contiguous_strides(shape);
        for (int d = 0; d < ops.ndim; ++d) {
          ops.shape[d] = shape[d];
          ops.strides[0][d] = strides[d] * step * static_cast<int64_t>(sizeof(S));
        }
        ops.data[0] = reinterpret_cast<char*>(x.data());
        const int64_t count = count_nonzero<S>(ops, ignore);
        ASSERT_EQ(count, static_cast<int64_t>(want.size()));
        const int64_t nd = ops.ndim;
        std::vector<int64_t> out(static_cast<size_t>((count + 1) * nd), -7);
        nonzero<S>(ops, ignore, count, out.data(), nd, 1);
        for (int64_t r = 0; r < count; ++r)
          for (int64_t d = 0; d < nd; ++d) ASSERT_EQ(out[r * nd + d], want[r][d]) << "row " << r << " of " << count;
        for (int64_t d = 0; d < nd; ++d) ASSERT_EQ(out[count * nd + d], -7) << "written past the rows";
      }
    }
  }
}

TEST(Masked, NonzeroAgainstLoop) {
  check_nonzero<uint8_t>(1, 0);
  check_nonzero<uint16_t>(2, 0x8000u);
  check_nonzero<uint32_t>(3, 0x80000000u);
  check_nonzero<uint64_t>(4, 0);
}

TEST(Masked, DenseSelectionEveryElementSize) {
  check_dense_selection<uint8_t>(1);
  check_dense_selection<uint16_t>(2);
  check_dense_selection<uint32_t>(3);
  check_dense_selection<uint64_t>(4);
}

TEST(CountNonzero, DenseStridedAndAnyThreadCount) {
  const Shape shape{300, 701};
  std::vector<uint32_t> data(static_cast<size_t>(numel(shape)) * 2);
  for (size_t i = 0; i < data.size(); ++i) data[i] = i % 5 == 0 ? 0u : (i % 7 == 0 ? 0x80000000u : static_cast<uint32_t>(i));
  const auto naive = [&](int64_t step, uint32_t ignore) {
    int64_t n = 0;
    for (int64_t i = 0; i < numel(shape); ++i) n += (data[static_cast<size_t>(i * step)] & ~ignore) != 0;
    return n;
  };
  const int saved = get_num_threads();
  for (const int threads : {1, 2}) {
    set_num_threads(threads);
    for (const int64_t step : {1, 2}) {
      SCOPED_TRACE("threads " + std::to_string(threads) + ", element step " + std::to_string(step));
      Operands<1> ops;
      ops.ndim = 2;
      ops.shape[0] = shape[0];
      ops.shape[1] = shape[1];
      ops.strides[0][0] = shape[1] * step * static_cast<int64_t>(sizeof(uint32_t));
      ops.strides[0][1] = step * static_cast<int64_t>(sizeof(uint32_t));
      ops.data[0] = reinterpret_cast<char*>(data.data());
      EXPECT_EQ(count_nonzero<uint32_t>(ops, 0u), naive(step, 0u));
      EXPECT_EQ(count_nonzero<uint32_t>(ops, 0x80000000u), naive(step, 0x80000000u));
    }
  }
  set_num_threads(saved);
}

}  // namespace
}  // namespace ember::kernels
