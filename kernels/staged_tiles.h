// The tiled walk with transposed inputs staged: each tile of an input
// that is dense along the tile's rows is transposed in registers into a
// dense buffer first, so that the row loop sees only dense rows.
//
// Note [staged transposed inputs]: in `a + b.t()` (B2) the tiled walk
// (Note [tiled traversal]) reads b a column at a time, an element per
// line, and the row loop gathers it (35-38 ms for 4096^2 float32, where a
// transposed copy of b alone takes 6: Note [register transpose]). Staging
// b's tile through transpose_tile costs about a copy of it in L1, and
// every row of the tile is then a dense row: B2's kernel, old and new
// alternated in one harness, 59-64 ms against 34-36 (host slow), 35-37
// against 17-24 (host fast). Transposed outputs keep the tiled walk.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/loops.h"
#include "kernels/operands.h"
#include "kernels/parallel.h"
#include "kernels/transpose.h"

namespace ember::kernels {

// Inputs (operands 1 to N - 1, as a mask of bit k - 1) that a tiled walk
// of ops would stage: dense along the second-inner dim and not along the
// inner one, of `element_size` bytes (1, 2, 4 or 8). 0 when ops is not
// walked by tiles.
template <int N>
unsigned staged_inputs(const Operands<N>& ops, int64_t element_size) {
  if (!wants_tiling(ops) || (element_size & (element_size - 1)) != 0 || element_size > 8) return 0u;
  const int c = ops.ndim - 1, r = ops.ndim - 2;
  unsigned staged = 0u;
  for (int k = 1; k < N; ++k)
    if (ops.strides[k][r] == element_size && ops.strides[k][c] != element_size && ops.strides[k][c] != 0)
      staged |= 1u << (k - 1);
  return staged;
}

// row(ptrs, n) for every row of every kTile x kTile tile of ops (a tiled
// walk: wants_tiling(ops)), the inputs in `staged` read from a dense copy
// of the tile (rows element_size * kTile bytes apart), split over threads
// by bands of kTile rows as for_each_row_parallel splits them.
template <int N, class Row>
void for_each_staged_tile(const Operands<N>& ops, unsigned staged, int64_t element_size, const Row& row) {
  const int c = ops.ndim - 1, r = ops.ndim - 2;
  const int64_t rows = ops.shape[r], cols = ops.shape[c];
  const int64_t bands = (rows + kTile - 1) / kTile;
  const int64_t all_bands = ops.numel() / (rows * cols) * bands;
  const int64_t buffer_row = kTile * element_size;
  parallel_for(0, all_bands, std::max<int64_t>(1, kGrain / (kTile * cols)), [&](int64_t begin, int64_t end) {
    alignas(64) char buffers[N > 1 ? N - 1 : 1][kTile * kTile * 8];
    for (int64_t b = begin; b < end; ++b) {
      char* base[N];
      row_pointers(ops, r, b / bands, base);
      const int64_t r0 = (b % bands) * kTile, r1 = std::min(rows, r0 + kTile);
      for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
        const int64_t n = std::min(kTile, cols - c0);
        for (int k = 1; k < N; ++k)
          if (staged & (1u << (k - 1)))
            transpose_tile(buffers[k - 1], buffer_row, base[k] + r0 * ops.strides[k][r] + c0 * ops.strides[k][c],
                           ops.strides[k][c], r1 - r0, n, element_size);
        for (int64_t i = r0; i < r1; ++i) {
          // Unrolled: built by a loop, the pointers' indexed stores slowed
          // the row loop's loads 1.6-fold (B2: 35 ms against 22).
          char* ptrs[N];
#pragma GCC unroll 4
          for (int k = 0; k < N; ++k)
            ptrs[k] = k > 0 && (staged & (1u << (k - 1))) ? buffers[k - 1] + (i - r0) * buffer_row
                                                           : base[k] + i * ops.strides[k][r] + c0 * ops.strides[k][c];
          row(ptrs, n);
        }
      }
    }
  });
}

}  // namespace ember::kernels
