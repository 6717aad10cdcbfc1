// Loops driven by a mask (a Bool or Byte tensor read as bytes, nonzero
// meaning true) and the subscripts of nonzero elements. They move
// elements, so S is an unsigned integer of the element size.
//
// masked_fill and count_nonzero are element-independent and run on
// several threads; the others hand out source or result positions in
// row-major order of the loop shape and run on one thread over in_order()
// geometry.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>

#if defined(__AVX512BW__)
#include <immintrin.h>
#endif

#include "kernels/gather.h"
#include "kernels/loops.h"
#include "kernels/operands.h"

namespace ember::kernels {

// Operands: 0 self, 1 the mask. self = value where the mask is set.
template <class S>
void masked_fill(const Operands<2>& operands, S value) {
  const Operands<2> ops = coalesced(operands);
  const int inner = ops.ndim - 1;
  const int64_t ss = ops.strides[0][inner], sm = ops.strides[1][inner];
  for_each_row_parallel(ops, [&](char* const* p, int64_t n) {
    for (int64_t i = 0; i < n; ++i)
      if (*reinterpret_cast<const uint8_t*>(p[1] + i * sm)) *reinterpret_cast<S*>(p[0] + i * ss) = value;
  });
}

// Whether some byte of the operand is above 1 (a Byte mask must hold 0/1).
inline bool has_byte_above_one(const Operands<1>& operands) {
  const Operands<1> ops = coalesced(operands);
  const int64_t s = ops.strides[0][ops.ndim - 1];
  std::atomic<bool> found{false};
  for_each_row_parallel(ops, [&](char* const* p, int64_t n) {
    for (int64_t i = 0; i < n; ++i)
      if (*reinterpret_cast<const uint8_t*>(p[0] + i * s) > 1) return found.store(true, std::memory_order_relaxed);
  });
  return found.load();
}

// Operands: 0 self, 1 the mask. The k-th set mask element in row-major
// order takes source[k]; `source` is contiguous and long enough.
template <class S>
void masked_scatter(const Operands<2>& operands, const S* source) {
  const Operands<2> ops = in_order(operands);
  const int64_t numel = ops.numel();
  if (numel == 0) return;
  const int inner = ops.ndim - 1;
  const int64_t ss = ops.strides[0][inner], sm = ops.strides[1][inner];
  for_each_row(ops, 0, numel, [&](char* const* p, int64_t n) {
    for (int64_t i = 0; i < n; ++i)
      if (*reinterpret_cast<const uint8_t*>(p[1] + i * sm)) *reinterpret_cast<S*>(p[0] + i * ss) = *source++;
  });
}

// Note [branch-free selection]: x[i] where m[i] is set, appended to out,
// without a branch per element: each element is written at the next free
// place of a buffer in L1 and the place advances only when its mask is
// set; the buffer is then copied out. A branch on a random mask
// mispredicts half the time: 2048^2 float32 under a mask half set took
// 42.7 ms by the branch, 7.9-8.0 ms branch-free (NumPy 9.9-12.0 by
// np.compress, 34-44 by a[mask]).
template <class S>
int64_t compact_dense_row(const S* x, const uint8_t* m, int64_t n, S* out) {
  constexpr int64_t kBlock = 2048 / sizeof(S) < 256 ? 256 : 2048 / sizeof(S);
  S buffer[kBlock];
  int64_t written = 0;
  for (int64_t b = 0; b < n; b += kBlock) {
    const int64_t len = std::min(kBlock, n - b);
    int64_t k = 0;
    for (int64_t i = 0; i < len; ++i) {
      buffer[k] = x[b + i];  // k <= i < kBlock
      k += m[b + i] != 0;
    }
    std::memcpy(out + written, buffer, static_cast<size_t>(k) * sizeof(S));
    written += k;
  }
  return written;
}

// Operands: 0 the source, 1 the mask. Appends each element whose mask is
// set to `out` (`out_stride` elements apart), in row-major order; returns
// how many.
template <class S>
int64_t masked_select(const Operands<2>& operands, S* out, int64_t out_stride) {
  const Operands<2> ops = in_order(operands);
  const int64_t numel = ops.numel();
  if (numel == 0) return 0;
  const int inner = ops.ndim - 1;
  const int64_t ss = ops.strides[0][inner], sm = ops.strides[1][inner];
  const bool dense = ss == static_cast<int64_t>(sizeof(S)) && sm == 1 && out_stride == 1;
  int64_t count = 0;
  for_each_row(ops, 0, numel, [&](char* const* p, int64_t n) {
    if (dense) {
      count += compact_dense_row(reinterpret_cast<const S*>(p[0]), reinterpret_cast<const uint8_t*>(p[1]), n,
                                 out + count);
      return;
    }
    for (int64_t i = 0; i < n; ++i)
      if (*reinterpret_cast<const uint8_t*>(p[1] + i * sm)) out[count++ * out_stride] = *reinterpret_cast<const S*>(p[0] + i * ss);
  });
  return count;
}

// An element is nonzero when its bits outside `ignore` are not all zero:
// `ignore` is the sign bit for floating dtypes (-0.0 is zero, NaN is not).
template <class S>
bool is_nonzero(S bits, S ignore) {
  return (bits & static_cast<S>(~ignore)) != 0;
}

namespace detail {

#if defined(__AVX512BW__)
constexpr bool kNonzeroBits = true;

// Bit i of the result: whether p[i] is nonzero (its bits outside
// `ignore`), for i < 64.
template <class S>
uint64_t nonzero_bits(const S* p, S ignore) {
  constexpr int kPer = 64 / sizeof(S);  // elements to a register
  const S keep = static_cast<S>(~ignore);
  uint64_t bits = 0;
  for (int r = 0; r < static_cast<int>(sizeof(S)); ++r) {
    const __m512i v = _mm512_loadu_si512(p + r * kPer);
    uint64_t m;
    if constexpr (sizeof(S) == 1) m = _mm512_test_epi8_mask(v, _mm512_set1_epi8(static_cast<char>(keep)));
    else if constexpr (sizeof(S) == 2) m = _mm512_test_epi16_mask(v, _mm512_set1_epi16(static_cast<short>(keep)));
    else if constexpr (sizeof(S) == 4) m = _mm512_test_epi32_mask(v, _mm512_set1_epi32(static_cast<int>(keep)));
    else m = _mm512_test_epi64_mask(v, _mm512_set1_epi64(static_cast<long long>(keep)));
    bits |= m << (r * kPer);
  }
  return bits;
}
#else
constexpr bool kNonzeroBits = false;
template <class S>
uint64_t nonzero_bits(const S* p, S ignore);
#endif

}  // namespace detail

// The nonzero elements among [begin, end) of ops (in order, inner stride s).
template <class S>
int64_t count_nonzero_rows(const Operands<1>& ops, int64_t begin, int64_t end, int64_t s, S ignore) {
  int64_t count = 0;
  for_each_row(ops, begin, end, [&](char* const* p, int64_t n) {
    if (s == static_cast<int64_t>(sizeof(S))) {
      // A dense row as a vectorized sum: the zero-divisor check that
      // integer division runs first (rt::require_nonzero) cost more than
      // the remainder itself when it went element by element (B23).
      // Counted in int32 over blocks of 2^30: no widening in the loop.
      const S* q = reinterpret_cast<const S*>(p[0]);
      int64_t b = 0;
      if constexpr (detail::kNonzeroBits)  // 64 flags to a word (Note [branch-free nonzero])
        for (; b + 64 <= n; b += 64) count += __builtin_popcountll(detail::nonzero_bits(q + b, ignore));
      for (; b < n; b += int64_t{1} << 30) {
        const int64_t m = std::min(n - b, int64_t{1} << 30);
        int32_t c = 0;
#pragma omp simd reduction(+ : c)
        for (int64_t i = 0; i < m; ++i) c += is_nonzero(q[b + i], ignore);
        count += c;
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i) count += is_nonzero(*reinterpret_cast<const S*>(p[0] + i * s), ignore);
  });
  return count;
}

template <class S>
int64_t count_nonzero(const Operands<1>& operands, S ignore) {
  const Operands<1> ops = in_order(operands);
  const int64_t numel = ops.numel();
  if (numel == 0) return 0;
  const int64_t s = ops.strides[0][ops.ndim - 1];
  std::atomic<int64_t> total{0};  // integer partial counts: any order gives the same total
  parallel_for(0, numel, kGrain, [&](int64_t begin, int64_t end) {
    total.fetch_add(count_nonzero_rows(ops, begin, end, s, ignore), std::memory_order_relaxed);
  });
  return total.load();
}


// Writes the subscripts of the `count` nonzero elements of an `ndim`-dim
// operand (its dims as the tensor's, not coalesced; count from
// count_nonzero) as rows of `ndim` int64 to `out`, in row-major order;
// row r starts at out + r * row_stride and its entries are col_stride
// apart (in elements).
//
// Note [branch-free nonzero]: a branch on each element's flag
// mispredicts on mixed data: nonzero of a 2048^2 bool mask, half of it
// set at random, took 30.5 ms (7 ns per element; NumPy 30-37). Dense
// rows go 64 elements at a time: their flags as the bits of one word
// (AVX-512's test instructions), then a write per set bit (the lowest
// first); elsewhere each element's subscripts are written to the next
// output row whether it is set or not, and the row advances by the
// flag, so a zero's row is written over by the next element's. The walk
// stops at the count'th nonzero element, so no write lands past the
// output. count_nonzero_rows counts dense rows by the same words (their
// popcounts): its int32 lanes took a third of a 1-dim call. Half-set
// bool masks, one thread (session 43): [2048, 2048] 30.5 -> 3.0 ms
// (NumPy 29), [2^22] 2.1 (NumPy 2.2), [64, 256, 256] 3.6 (NumPy 30).
template <class S>
void nonzero(const Operands<1>& ops, S ignore, int64_t count, int64_t* out, int64_t row_stride, int64_t col_stride) {
  const int nd = ops.ndim;
  if (count == 0 || nd == 0) return;  // a 0-dim tensor's rows have no entries
  const int inner = nd - 1;
  const int64_t len = ops.shape[inner], step = ops.strides[0][inner];
  const bool dense = step == static_cast<int64_t>(sizeof(S));
  const int64_t rows = ops.numel() / len;
  int64_t at[kMaxLoopDims] = {};
  const char* row = ops.data[0];
  int64_t found = 0;
  for (int64_t r = 0; r < rows; ++r) {
    int64_t j = 0;
    if constexpr (detail::kNonzeroBits) {
      if (dense) {
        const S* v = reinterpret_cast<const S*>(row);
        for (; j + 64 <= len; j += 64) {
          for (uint64_t bits = detail::nonzero_bits(v + j, ignore); bits != 0; bits &= bits - 1) {
            for (int d = 0; d < inner; ++d) out[d * col_stride] = at[d];
            out[inner * col_stride] = j + __builtin_ctzll(bits);
            out += row_stride;
            if (++found == count) return;
          }
        }
      }
    }
    for (const char* p = row + j * step; j < len; ++j, p += step) {
      for (int d = 0; d < inner; ++d) out[d * col_stride] = at[d];
      out[inner * col_stride] = j;
      const bool set = is_nonzero(*reinterpret_cast<const S*>(p), ignore);
      out += set ? row_stride : 0;
      found += set;
      if (found == count) return;
    }
    for (int d = inner - 1; d >= 0; --d) {  // odometer step over the outer dims
      row += ops.strides[0][d];
      if (++at[d] < ops.shape[d]) break;
      row -= ops.shape[d] * ops.strides[0][d];
      at[d] = 0;
    }
  }
}

}  // namespace ember::kernels
