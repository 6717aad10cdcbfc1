// kernels/transpose.h (Note [register transpose]) against a naive loop,
// for every element size: whole blocks and tails, batches, reversed and
// padded layouts, the streamed path with nothing written outside the
// destination, one and two threads, the layouts it leaves to the tiled
// walk untouched, and the tiles it stages for that walk.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "kernels/parallel.h"
#include "kernels/transpose.h"

namespace ember::kernels {
namespace {

constexpr uint8_t kUntouched = 0xa5;

// Bytes aligned to a line, filled with kUntouched.
struct Buffer {
  explicit Buffer(int64_t bytes) : size(bytes) {
    data = static_cast<char*>(std::aligned_alloc(64, static_cast<size_t>((bytes + 63) / 64 * 64)));
    std::memset(data, kUntouched, static_cast<size_t>(bytes));
  }
  ~Buffer() { std::free(data); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  char* data;
  int64_t size;
};

// dst[idx] = src[idx] over `shape`, both with byte strides from their
// data pointers: what transposed_copy must do, an element at a time.
template <class U>
void naive_copy(const Operands<2>& ops) {
  std::vector<int64_t> idx(static_cast<size_t>(ops.ndim), 0);
  const int64_t n = ops.numel();
  for (int64_t k = 0; k < n; ++k) {
    char* d = ops.data[0];
    const char* s = ops.data[1];
    for (int i = 0; i < ops.ndim; ++i) {
      d += idx[static_cast<size_t>(i)] * ops.strides[0][i];
      s += idx[static_cast<size_t>(i)] * ops.strides[1][i];
    }
    std::memcpy(d, s, sizeof(U));
    for (int i = ops.ndim - 1; i >= 0; --i) {
      if (++idx[static_cast<size_t>(i)] < ops.shape[i]) break;
      idx[static_cast<size_t>(i)] = 0;
    }
  }
}

struct Layout {
  std::vector<int64_t> shape, dst_strides, src_strides;  // in elements
  int64_t dst_offset = 0, src_offset = 0;                // elements from the buffer's start
};

// The buffer's element count a layout reaches, from its offset.
int64_t extent(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t offset) {
  int64_t hi = offset, lo = offset;
  for (size_t d = 0; d < shape.size(); ++d) (strides[d] > 0 ? hi : lo) += (shape[d] - 1) * strides[d];
  EXPECT_GE(lo, 0);
  return hi + 1;
}

Operands<2> operands(const Layout& l, char* dst, char* src, int64_t esz) {
  Operands<2> ops;
  ops.ndim = static_cast<int>(l.shape.size());
  for (int d = 0; d < ops.ndim; ++d) {
    ops.shape[d] = l.shape[static_cast<size_t>(d)];
    ops.strides[0][d] = l.dst_strides[static_cast<size_t>(d)] * esz;
    ops.strides[1][d] = l.src_strides[static_cast<size_t>(d)] * esz;
  }
  ops.data[0] = dst + l.dst_offset * esz;
  ops.data[1] = src + l.src_offset * esz;
  return ops;
}

// Runs transposed_copy on `l` and checks every destination byte against
// the naive copy (untouched bytes included), on one and two threads.
// Returns whether it took the layout.
template <class U>
bool check(const Layout& l) {
  constexpr int64_t E = sizeof(U);
  const int64_t dst_bytes = (extent(l.shape, l.dst_strides, l.dst_offset) + 1) * E;
  Buffer src(extent(l.shape, l.src_strides, l.src_offset) * E), want(dst_bytes), got(dst_bytes);
  std::mt19937 g(7);
  for (int64_t i = 0; i < src.size; ++i) src.data[i] = static_cast<char>(g());
  naive_copy<U>(operands(l, want.data, src.data, E));
  const int saved = get_num_threads();
  bool taken = false;
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    std::memset(got.data, kUntouched, static_cast<size_t>(dst_bytes));
    taken = transposed_copy(operands(l, got.data, src.data, E), E);
    if (!taken) {
      for (int64_t i = 0; i < dst_bytes; ++i) EXPECT_EQ(static_cast<uint8_t>(got.data[i]), kUntouched) << "byte " << i;
      break;
    }
    EXPECT_EQ(std::memcmp(got.data, want.data, static_cast<size_t>(dst_bytes)), 0) << threads << " threads";
  }
  set_num_threads(saved);
  return taken;
}

template <class U>
class Transpose : public ::testing::Test {};
using ElementSizes = ::testing::Types<uint8_t, uint16_t, uint32_t, uint64_t>;
TYPED_TEST_SUITE(Transpose, ElementSizes);

constexpr int64_t width(int64_t esz) { return 64 / esz; }

TYPED_TEST(Transpose, WholeBlocksAndTails) {
  const int64_t W = width(sizeof(TypeParam));
  for (const auto& [rows, cols] : std::vector<std::pair<int64_t, int64_t>>{
           {W, W}, {4 * W, 4 * W}, {3 * W + 5, 2 * W + 3}, {W + 1, 5 * W - 1}, {2 * W, W + W / 2}}) {
    SCOPED_TRACE(std::to_string(rows) + " x " + std::to_string(cols));
    EXPECT_TRUE(check<TypeParam>({{rows, cols}, {cols, 1}, {1, rows}}));
  }
}

TYPED_TEST(Transpose, BatchesReversedAndPaddedLayouts) {
  const int64_t W = width(sizeof(TypeParam));
  const int64_t r = 2 * W + 1, c = W + 7;
  SCOPED_TRACE("a batch of three, permuted (0, 2, 1)");
  EXPECT_TRUE(check<TypeParam>({{3, r, c}, {r * c, c, 1}, {r * c, 1, r}}));
  SCOPED_TRACE("source rows in reverse order");
  EXPECT_TRUE(check<TypeParam>({{r, c}, {c, 1}, {1, -r}, 0, (c - 1) * r}));
  SCOPED_TRACE("destination rows padded and off a line");
  EXPECT_TRUE(check<TypeParam>({{r, c}, {c + 3, 1}, {1, r}, 1, 0}));
  SCOPED_TRACE("source columns padded");
  EXPECT_TRUE(check<TypeParam>({{r, c}, {c, 1}, {1, r + 5}}));
}

// Footprints from kTransposeStreamBytes go by streaming stores, whose
// destination lines must start on a line: other layouts that large are
// left to the tiled walk.
TYPED_TEST(Transpose, LargeCopiesStreamOnlyOntoLines) {
  constexpr int64_t E = sizeof(TypeParam);
  const int64_t rows = 1024, cols = kTransposeStreamBytes / (2 * E * rows) + width(E);
#if defined(__AVX512F__)
  constexpr bool kStreams = true;
#else
  constexpr bool kStreams = false;  // no streaming store: all left to the tiled walk
#endif
  EXPECT_EQ(check<TypeParam>({{rows, cols}, {cols, 1}, {1, rows}}), kStreams);
  EXPECT_EQ(check<TypeParam>({{rows - 1, cols - 3}, {cols, 1}, {1, rows}}), kStreams);
  EXPECT_FALSE(check<TypeParam>({{rows, cols}, {cols, 1}, {1, rows}, 1, 0}));
  EXPECT_FALSE(check<TypeParam>({{rows, cols}, {cols + 1, 1}, {1, rows}}));
}

TYPED_TEST(Transpose, LeavesOtherLayoutsAlone) {
  const int64_t W = width(sizeof(TypeParam));
  EXPECT_FALSE(check<TypeParam>({{W - 1, 4 * W}, {4 * W, 1}, {1, W - 1}})) << "fewer rows than a block";
  EXPECT_FALSE(check<TypeParam>({{4 * W, W - 1}, {W - 1, 1}, {1, 4 * W}})) << "fewer columns than a block";
  EXPECT_FALSE(check<TypeParam>({{2 * W, 2 * W}, {2 * W, 1}, {2, 4 * W}})) << "source strided along rows";
  EXPECT_FALSE(check<TypeParam>({{2 * W, 2 * W}, {4 * W, 2}, {1, 2 * W}})) << "destination strided along columns";
  EXPECT_FALSE(check<TypeParam>({{4 * W}, {1}, {1}})) << "one dim";
}

// transpose_tile, the staged walk's tiles: every size up to past two
// blocks each way, into a destination with padded rows.
TYPED_TEST(Transpose, TilesOfEverySize) {
  using U = TypeParam;
  constexpr int64_t E = sizeof(U);
  const int64_t W = width(E), most = 2 * W + 3, pad = 5;
  std::vector<U> src(static_cast<size_t>(most * (most + pad))), dst(static_cast<size_t>(most * (most + pad)));
  std::mt19937 g(3);
  for (U& v : src) v = static_cast<U>(g());
  for (int64_t rows = 1; rows <= most; rows += (rows < W + 2 ? 1 : 7))
    for (int64_t cols = 1; cols <= most; cols += (cols < W + 2 ? 1 : 5)) {
      std::fill(dst.begin(), dst.end(), U{0x5a});
      // src: cols rows of `rows` elements, most + pad apart; dst the other way.
      transpose_tile(reinterpret_cast<char*>(dst.data()), (most + pad) * E, reinterpret_cast<const char*>(src.data()),
                     (most + pad) * E, rows, cols, E);
      for (int64_t i = 0; i < most; ++i)
        for (int64_t j = 0; j < most + pad; ++j) {
          const U got = dst[static_cast<size_t>(i * (most + pad) + j)];
          const U want = i < rows && j < cols ? src[static_cast<size_t>(j * (most + pad) + i)] : U{0x5a};
          ASSERT_EQ(got, want) << rows << " x " << cols << " at " << i << ", " << j;
        }
    }
}

TEST(Transpose, OtherElementSizesAreLeftAlone) {
  Operands<2> ops;
  ops.ndim = 2;
  ops.shape[0] = ops.shape[1] = 64;
  EXPECT_FALSE(transposed_copy(ops, 16));
}

}  // namespace
}  // namespace ember::kernels
