// kernels/transpose.h: blocks transposed in registers (Note [register
// transpose]). Compiled once: the blocks are bits, so one instantiation
// per element size serves every dtype.
#include "kernels/transpose.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include "kernels/bits.h"
#include "kernels/loops.h"
#include "kernels/parallel.h"
#include "kernels/stream_store.h"

namespace ember::kernels {

namespace {

constexpr int64_t kLine = 64;

#if defined(__AVX512F__)
constexpr bool kCanStream = true;
#else
constexpr bool kCanStream = false;
#endif

// One line of elements U (GCC's vectors: the same code for every target).
template <class U>
using Line [[gnu::vector_size(kLine)]] = U;

template <class U>
constexpr int kWidth = static_cast<int>(kLine / sizeof(U));

// The lane choices of the stage that swaps sub-blocks of side B: for
// rows i and i + B (i & B == 0), lane L of the new row i is lane L of row
// i where L & B == 0, else lane L - B of row i + B; of the new row i + B,
// lane L + B of row i, else lane L of row i + B. Indices of W and above
// pick from the second vector.
template <class U, int B, bool Second>
constexpr Line<U> stage_lanes() {
  constexpr int W = kWidth<U>;
  Line<U> lanes{};
  for (int L = 0; L < W; ++L)
    lanes[L] = static_cast<U>(Second ? ((L & B) ? W + L : L + B) : ((L & B) ? W + L - B : L));
  return lanes;
}

template <class U, int B>
[[gnu::always_inline]] inline void stage(Line<U>* v) {
#pragma GCC unroll 64
  for (int i = 0; i < kWidth<U>; ++i) {
    if (i & B) continue;
    const Line<U> a = v[i], b = v[i + B];
    v[i] = __builtin_shuffle(a, b, stage_lanes<U, B, false>());
    v[i + B] = __builtin_shuffle(a, b, stage_lanes<U, B, true>());
  }
}

// Sub-blocks of side W/2, W/4, ..., 1.
template <class U, int... K>
[[gnu::always_inline]] inline void butterfly(Line<U>* v, std::integer_sequence<int, K...>) {
  (stage<U, (kWidth<U> >> (K + 1))>(v), ...);
}

template <class U, bool Stream>
[[gnu::always_inline]] inline void store_line(char* dst, const Line<U>& v) {
#if defined(__AVX512F__)
  if constexpr (Stream) {
    _mm512_stream_si512(reinterpret_cast<__m512i*>(dst), reinterpret_cast<const __m512i&>(v));
    return;
  }
#endif
  std::memcpy(dst, &v, kLine);
}

// The geometry of one matrix: dst[r][c] = src[c][r], r < rows, c < cols;
// byte strides dst_row (between dst rows) and src_row (between src rows,
// that is dst columns); the other two are the element size.
struct Matrix {
  int64_t rows, cols, dst_row, src_row;
};

template <class U>
void copy_element(char* dst, const char* src) {
  std::memcpy(dst, src, sizeof(U));
}

// Destination columns [c0, c0 + w) of every row: whole blocks while w is a
// block wide, then single elements.
template <class U, bool Stream>
void column_block(const Matrix& m, char* dst, const char* src, int64_t c0, int64_t w) {
  constexpr int W = kWidth<U>;
  constexpr int64_t E = sizeof(U);
  int64_t r0 = 0;
  if (w == W) {
    for (; r0 + W <= m.rows; r0 += W) {
      Line<U> v[W];
#pragma GCC unroll 64
      for (int j = 0; j < W; ++j) std::memcpy(&v[j], src + (c0 + j) * m.src_row + r0 * E, kLine);
      butterfly<U>(v, std::make_integer_sequence<int, __builtin_ctz(W)>());
#pragma GCC unroll 64
      for (int i = 0; i < W; ++i) store_line<U, Stream>(dst + (r0 + i) * m.dst_row + c0 * E, v[i]);
    }
  }
  for (int64_t r = r0; r < m.rows; ++r)
    for (int64_t c = c0; c < c0 + w; ++c) copy_element<U>(dst + r * m.dst_row + c * E, src + c * m.src_row + r * E);
}

template <class U>
bool transposed_copy_of(const Operands<2>& ops) {
  constexpr int64_t E = sizeof(U), W = kWidth<U>;
  if (ops.ndim < 2) return false;
  const int r = ops.ndim - 2, c = ops.ndim - 1;
  const Matrix m{ops.shape[r], ops.shape[c], ops.strides[0][r], ops.strides[1][c]};
  if (ops.strides[0][c] != E || ops.strides[1][r] != E || m.rows < W || m.cols < W) return false;
  const int64_t numel = ops.numel();
  const bool stream = numel * E * 2 >= kTransposeStreamBytes;
  if (stream) {
    // Every block's destination lines must start on a line.
    bool aligned = kCanStream && reinterpret_cast<uintptr_t>(ops.data[0]) % kLine == 0;
    for (int d = 0; d <= r; ++d) aligned = aligned && ops.strides[0][d] % kLine == 0;
    if (!aligned) return false;
  }
  const int64_t blocks = (m.cols + W - 1) / W, items = numel / (m.rows * m.cols) * blocks;
  parallel_for(0, items, std::max<int64_t>(1, kGrain / (W * m.rows)), [&](int64_t b, int64_t e) {
    for (int64_t item = b; item < e; ++item) {
      char* base[2];
      row_pointers(ops, r, item / blocks, base);
      const int64_t c0 = item % blocks * W, w = std::min(W, m.cols - c0);
      if (stream)
        column_block<U, true>(m, base[0], base[1], c0, w);
      else
        column_block<U, false>(m, base[0], base[1], c0, w);
    }
    if (stream) stream_fence();
  });
  return true;
}

template <class U>
void transpose_tile_of(char* dst, int64_t dst_row, const char* src, int64_t src_row, int64_t rows, int64_t cols) {
  constexpr int64_t W = kWidth<U>;
  const Matrix m{rows, cols, dst_row, src_row};
  for (int64_t c0 = 0; c0 < cols; c0 += W) column_block<U, false>(m, dst, src, c0, std::min(W, cols - c0));
}

}  // namespace

void transpose_tile(char* dst, int64_t dst_row, const char* src, int64_t src_row, int64_t rows, int64_t cols,
                    int64_t element_size) {
  switch (element_size) {
    case 1: return transpose_tile_of<bits_t<1>>(dst, dst_row, src, src_row, rows, cols);
    case 2: return transpose_tile_of<bits_t<2>>(dst, dst_row, src, src_row, rows, cols);
    case 4: return transpose_tile_of<bits_t<4>>(dst, dst_row, src, src_row, rows, cols);
    default: return transpose_tile_of<bits_t<8>>(dst, dst_row, src, src_row, rows, cols);
  }
}

bool transposed_copy(const Operands<2>& ops, int64_t element_size) {
  switch (element_size) {
    case 1: return transposed_copy_of<bits_t<1>>(ops);
    case 2: return transposed_copy_of<bits_t<2>>(ops);
    case 4: return transposed_copy_of<bits_t<4>>(ops);
    case 8: return transposed_copy_of<bits_t<8>>(ops);
    default: return false;
  }
}

}  // namespace ember::kernels
