// Walking coalesced Operands row by row: a row is a run of elements along
// the innermost dim, handed to row(ptrs, n) with ptrs[k] at the run's
// first element of operand k; the run's stride for operand k is
// ops.strides[k][ops.ndim - 1]. Every loop kernel (pointwise, copy,
// reductions) is a row function plus one of these walks.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/coalesce.h"
#include "kernels/operands.h"
#include "kernels/parallel.h"

namespace ember::kernels {

// Sets ptrs to element (r, 0) where r indexes the rows of the dims
// [0, last), last-minor: row r of a [A, B, C] geometry with last == 2 is
// (r / B, r % B).
template <int N>
void row_pointers(const Operands<N>& ops, int last, int64_t r, char** ptrs) {
  for (int k = 0; k < N; ++k) ptrs[k] = ops.data[k];
  for (int d = last - 1; d >= 0; --d) {
    const int64_t i = r % ops.shape[d];
    r /= ops.shape[d];
    for (int k = 0; k < N; ++k) ptrs[k] += i * ops.strides[k][d];
  }
}

// Elements [begin, end) in row-major order of ops (ndim >= 1).
template <int N, class Row>
void for_each_row(const Operands<N>& ops, int64_t begin, int64_t end, const Row& row) {
  const int inner = ops.ndim - 1;
  const int64_t cols = ops.shape[inner];
  int64_t idx[kMaxLoopDims];
  char* base[N];
  int64_t r = 0, col = 0;
  if (begin != 0) {  // divisions cost more than a small op's arithmetic
    r = begin / cols;
    col = begin % cols;
  }
  row_pointers(ops, inner, r, base);
  for (int d = inner - 1; d >= 0; --d) {
    idx[d] = r % ops.shape[d];
    r /= ops.shape[d];
  }
  for (int64_t left = end - begin; left > 0;) {
    const int64_t n = std::min(cols - col, left);
    char* ptrs[N];
    for (int k = 0; k < N; ++k) ptrs[k] = base[k] + col * ops.strides[k][inner];
    row(ptrs, n);
    left -= n;
    col = 0;
    for (int d = inner - 1; d >= 0; --d) {  // odometer step to the next row
      for (int k = 0; k < N; ++k) base[k] += ops.strides[k][d];
      if (++idx[d] < ops.shape[d]) break;
      for (int k = 0; k < N; ++k) base[k] -= ops.shape[d] * ops.strides[k][d];
      idx[d] = 0;
    }
  }
}

// Note [tiled traversal]: when some operand runs along the second-inner
// dim R faster than along the inner dim C (a transposed input), walking
// whole rows touches a new cache line of it per element and has left it
// by the time the next row wants the line's neighbours. Walking kTile x
// kTile tiles keeps those kTile lines close for kTile rows. 64 measured
// best on B2 and B7 (4096^2 float32: 64 beat 32 by 20% and 10%; 16 and
// 128 were slower). Power-of-two strides still map a tile's lines to one
// L1 set, so they are served from L2; staging the transposed input
// through a dense buffer avoids that but costs a scalar pass, and was
// slower (B7 40 ms against 32). Same-type copies: Note [register transpose].
constexpr int64_t kTile = 64;

template <int N>
bool wants_tiling(const Operands<N>& ops) {
  if (ops.ndim < 2 || ops.shape[ops.ndim - 1] < kTile) return false;
  const int c = ops.ndim - 1, r = ops.ndim - 2;
  for (int k = 0; k < N; ++k) {
    const int64_t sr = ops.strides[k][r] < 0 ? -ops.strides[k][r] : ops.strides[k][r];
    const int64_t sc = ops.strides[k][c] < 0 ? -ops.strides[k][c] : ops.strides[k][c];
    if (sr != 0 && sr < sc) return true;
  }
  return false;
}

// Bands [begin, end) of a tiled walk: band b covers rows
// [kTile * (b % bands), +kTile) of the two inner dims at outer index
// b / bands, visited tile by tile; rows of a tile are handed to row()
// kTile elements (or fewer, at the edge) at a time.
template <int N, class Row>
void for_each_tiled_band(const Operands<N>& ops, int64_t begin, int64_t end, const Row& row) {
  const int c = ops.ndim - 1, r = ops.ndim - 2;
  const int64_t rows = ops.shape[r], cols = ops.shape[c];
  const int64_t bands = (rows + kTile - 1) / kTile;
  for (int64_t b = begin; b < end; ++b) {
    char* base[N];
    row_pointers(ops, r, b / bands, base);
    const int64_t r0 = (b % bands) * kTile, r1 = std::min(rows, r0 + kTile);
    for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
      const int64_t n = std::min(kTile, cols - c0);
      for (int64_t i = r0; i < r1; ++i) {
        char* ptrs[N];
        for (int k = 0; k < N; ++k) ptrs[k] = base[k] + i * ops.strides[k][r] + c0 * ops.strides[k][c];
        row(ptrs, n);
      }
    }
  }
}

// Every element of coalesced ops, tiled where it pays, split over threads
// above kGrain elements. Rows may run concurrently, so row() must only
// write what its own elements own.
template <int N, class Row>
void for_each_row_parallel(const Operands<N>& ops, const Row& row) {
  const int64_t numel = ops.numel();
  if (numel == 0) return;
  if (ops.ndim == 1 && numel <= kGrain) return row(ops.data, numel);  // small ops: nothing to set up
  if (wants_tiling(ops)) {
    const int r = ops.ndim - 2;
    const int64_t band_elems = kTile * ops.shape[r + 1];
    const int64_t bands = numel / (ops.shape[r] * ops.shape[r + 1]) * ((ops.shape[r] + kTile - 1) / kTile);
    parallel_for(0, bands, std::max<int64_t>(1, kGrain / band_elems),
                 [&](int64_t b, int64_t e) { for_each_tiled_band(ops, b, e, row); });
    return;
  }
  parallel_for(0, numel, kGrain, [&](int64_t b, int64_t e) { for_each_row(ops, b, e, row); });
}

}  // namespace ember::kernels
