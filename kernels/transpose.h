// A same-type copy whose source runs along the destination's columns (a
// transposed matrix made contiguous, `b.copy_(a.t())`), by blocks
// transposed in registers.
//
// Note [register transpose]: the tiled walk (Note [tiled traversal])
// gathers each destination row of a tile from a source column, an element
// per source line, and took 30 ms for a 4096^2 float32 transpose (B7)
// where a dense copy of the same bytes takes 4. Here a block of
// W x W elements (W = 64 bytes / element size: 16 float32) is loaded as W
// source lines, transposed by log2(W) butterfly stages of two-vector
// shuffles (stage k swaps the off-diagonal sub-blocks of side W >> k),
// and stored as W destination lines. Blocks go down one column block of
// the destination at a time, so each source line is read whole and the
// source is read as W sequential streams.
//
// Plain stores to W destination rows a block read each line for
// ownership and, past the caches, were no faster than the tiled walk
// (4096^2 float32 33 ms, float64 64 ms against its 54); non-temporal
// stores of whole lines skip that read. In a scratch harness (one thread,
// ms, tiled walk / registers, plain / registers, streamed):
//   256^2:  float32 0.039 / 0.024 / 0.035;  float64 0.084 / 0.039 / 0.059
//   1024^2: float32 1.99 / 0.80 / 0.54;     float64 2.17 / 1.78 / 1.01
//   1536^2: float32 4.94 / 2.13 / 1.51;     float64 6.68 / 9.33 / 2.76
//   4096^2: float32 35.1 / 35.7 / 9.3;      float64 48.6 / 93.8 / 18.8
//           int16 27.4 / 15.8 / 6.1;        uint8 24.7 / 7.9 / 3.6
// So blocks are streamed once the copy's footprint (source and
// destination) reaches kTransposeStreamBytes, even into an output fresh
// from the system (4096^2 float32: 24 ms streamed against 50 plain, where
// Note [fresh outputs] prefers plain stores for dense copies). A
// non-temporal store needs a line-aligned address: where destination rows
// do not start on lines, a copy that large keeps the tiled walk, which
// measured as fast as plain-stored blocks there (4096^2 float32 34 ms
// against 34, float64 54 against 64).
#pragma once

#include <cstdint>

#include "kernels/operands.h"

namespace ember::kernels {

// The footprint from which blocks are streamed (Note [register transpose]).
constexpr int64_t kTransposeStreamBytes = int64_t{16} << 20;

// Copies operand 1 into operand 0 (elements of `element_size` bytes: 1,
// 2, 4 or 8; coalesced ops, no partial overlap) when the source is dense
// along the destination's second-inner dim and the destination along its
// inner dim, both at least a block wide; returns false, doing nothing,
// otherwise.
bool transposed_copy(const Operands<2>& ops, int64_t element_size);

// dst[i][j] = src[j][i] for i < rows, j < cols, by the same blocks with
// plain stores: a tile of a transposed input staged for a dense row loop
// (Note [staged transposed inputs] in kernels/staged_tiles.h). Rows of
// dst and of src are dst_row and src_row bytes apart; elements of
// element_size bytes (1, 2, 4 or 8) are dense along j in dst and along i
// in src.
void transpose_tile(char* dst, int64_t dst_row, const char* src, int64_t src_row, int64_t rows, int64_t cols,
                    int64_t element_size);

}  // namespace ember::kernels
