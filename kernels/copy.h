// Converting copy: dst = convert<Dst>(src), element by element
// (conversion rules: kernels/convert.h). Operand 0 is the destination,
// operand 1 the source; they must not partially overlap.
//
// A same-type copy moves bits (through an unsigned integer of the same
// size), so NaN payloads and signalling NaNs survive; types of one size
// share one loop. Dense same-type copies are memcpy, or streaming stores
// past the cache; transposed ones are transposed in registers (Note
// [register transpose]) or take the tiled walk (Note [tiled traversal]).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/bits.h"
#include "kernels/coalesce.h"
#include "kernels/operands.h"
#include "kernels/parallel.h"
#include "kernels/pointwise.h"
#include "kernels/stream_store.h"
#include "kernels/transpose.h"

namespace ember::kernels {

namespace detail {

// Note [row copies by lines]: dst[0, bytes) = src[0, bytes) for bytes >=
// 64, the ranges apart or the same: the first and last 64 bytes by
// unaligned moves, the lines between by aligned stores. glibc's memmove
// takes `rep movsb` for rows of a few KiB, which on AMD's Zen 4 ran
// 2.3-5x slower where source and destination sit at different offsets in
// their lines (2048 rows of 2043 float32, each shifted 20 bytes: 2.2-2.5
// ms against 0.98-1.15 here in scratch, 0.85-1.0 for both alike either
// way; 5.0 against 0.97 through ember's copy_). GCC's own vector loop
// for such rows had stored off the lines (4.2-4.5 ms on Intel, where
// memmove took 1.6-1.7).
inline void copy_row(char* dst, const char* src, int64_t bytes) {
  typedef char Line __attribute__((vector_size(64)));
  auto move = [](char* d, const char* s) {
    Line v;
    std::memcpy(&v, s, sizeof(Line));
    std::memcpy(d, &v, sizeof(Line));
  };
  move(dst, src);
  for (int64_t i = (64 - reinterpret_cast<uintptr_t>(dst) % 64) % 64; i + 64 <= bytes; i += 64) {
    Line v;
    std::memcpy(&v, src + i, sizeof(Line));
    *reinterpret_cast<Line*>(dst + i) = v;
  }
  move(dst + bytes - 64, src + bytes - 64);
}

struct Identity {
  template <class M>
  M operator()(M x) const { return x; }
};

}  // namespace detail

template <class Dst, class Src>
void copy(const Operands<2>& operands) {
  if constexpr (std::is_same_v<Dst, Src>) {
    using B = bits_t<sizeof(Dst)>;
    static_assert(sizeof(B) == sizeof(Dst), "element types are 1, 2, 4 or 8 bytes");
    const Operands<2> ops = coalesced(operands);
    constexpr int64_t esz = sizeof(Dst);
    if (ops.ndim == 1 && ops.strides[0][0] == esz && ops.strides[1][0] == esz) {
      if (ops.data[0] == ops.data[1]) return;  // memcpy onto itself is undefined
      // Past the cache the copy is streamed by pointwise outputs' rule
      // (Notes [streaming stores], [fresh outputs]); glibc's memcpy
      // streams only beyond a share of the whole L3.
      const int64_t inner_strides[2] = {esz, esz};
      const bool stream =
          detail::streams_output<Dst, Dst>(ops.shape[0], inner_strides, 2) && output_resident(ops.data[0]);
      parallel_for(0, ops.shape[0], kGrain, [&](int64_t b, int64_t e) {
        char* dst = ops.data[0] + b * esz;
        const char* src = ops.data[1] + b * esz;
        if (stream) {
          stream_store(dst, src, (e - b) * esz);
          stream_fence();
        } else {
          std::memcpy(dst, src, static_cast<std::size_t>((e - b) * esz));
        }
      });
      return;
    }
    // Rows dense on both sides (a slice of a wider matrix), of 256 bytes
    // or more and short of streaming: a copy_row each (Note [row copies
    // by lines]). roll along dim 1 is two such copies.
    const int inner = ops.ndim - 1;
    const int64_t dense[2] = {esz, esz};
    if (ops.ndim > 1 && ops.strides[0][inner] == esz && ops.strides[1][inner] == esz &&
        ops.shape[inner] * esz >= 256 && !detail::streams_output<Dst, Dst>(ops.numel(), dense, 2)) {
      for_each_row_parallel(ops, [](char* const* p, int64_t n) {
        detail::copy_row(p[0], p[1], n * esz);
      });
      return;
    }
    if (transposed_copy(ops, esz)) return;
    // Note [rows read backwards]: a source stepping back along dense
    // output rows (flip along the last dim) ran the strided loop, an
    // element at a time (flip(1) of 2048^2 float32: 4.6 ms through an
    // index, NumPy 2.8); as a loop over s[-i], GCC reverses whole vectors
    // by a permute.
    if (ops.ndim >= 1 && ops.strides[0][inner] == esz && ops.strides[1][inner] == -esz) {
      for_each_row_parallel(ops, [](char* const* p, int64_t n) {
        B* d = reinterpret_cast<B*>(p[0]);
        const B* s = reinterpret_cast<const B*>(p[1]);
#pragma omp simd
        for (int64_t i = 0; i < n; ++i) d[i] = s[-i];
      });
      return;
    }
    pointwise<B, B, 1>(ops, detail::Identity{});
  } else {
    pointwise<Dst, Src, 1>(operands, detail::Identity{});
  }
}

}  // namespace ember::kernels
