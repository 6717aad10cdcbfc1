// Streaming (non-temporal) stores for outputs too large to stay in cache.
//
// Note [streaming stores]: a store to a line not in cache first reads the
// line (read for ownership), so out = a + b over arrays far beyond the
// cache moves four arrays' bytes for three. Non-temporal stores write
// whole lines without reading them and without evicting the inputs. Add
// of 2^24 float32 (a 192 MiB footprint): 10.2 ms against 13.8; at a 48 MiB
// footprint both take the same time, and below it the streamed output has
// to come back from memory when next read (256 KiB: 1.9x slower). So a
// dense output is streamed only when the call's footprint (every operand
// that is not broadcast) reaches kStreamBytes: the op's own row loop
// writes a chunk of 4 KiB (Note [memory tuning per CPU]: 1 KiB on
// AMD's Zen) into a buffer in L1, which stream_store then
// copies out. 4 KiB chunks cost compute-bound loops nothing (tanh of 2^24
// float32: 14.3 ms against 13.8 unstreamed, within noise); 8 and 16 KiB
// ones made the same loop 1.5-1.8x slower (not understood; not a 4K
// alias of buffer and input, moving the buffer changed nothing).
// Streamed stores are weakly ordered: stream_fence() after a row makes
// them visible before the row's thread reports it done.
//
// Note [fresh outputs]: a block fresh from the system has no pages until
// written; each first write faults in a page the kernel zeroes, leaving
// its lines in cache, and streaming over cached lines is slow: a first
// write of 64 MiB took 19.5 ms streamed against 10.3 by plain stores
// (a rewrite, 5.2 ms streamed). So an output whose first page is not yet
// in memory is written by plain stores (output_resident; a mincore call,
// about a microsecond against the milliseconds of a streamed call).
// Most large outputs are resident: freed blocks are reused (Note [large
// block cache] in runtime/core/large_block_cache.h).
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/memory_tuning.h"
#include "kernels/prefetch.h"

namespace ember::kernels {

constexpr int64_t kStreamBytes = int64_t{64} << 20;

// dst[0, bytes) = src[0, bytes), the 64-byte lines of dst wholly inside
// written by non-temporal stores (plain stores where the target has none).
void stream_store(char* dst, const char* src, int64_t bytes);

// Orders the streaming stores before it before every later store.
void stream_fence();

// Whether the page holding p is in memory (Note [fresh outputs]); true
// where that cannot be told.
bool output_resident(const void* p);

// Note [skewed chunks]: on Zen 4 a loop reading line-aligned inputs from
// memory ran slower than the same loop reading them 16 bytes off a line,
// where each 64-byte load spans two lines and so asks for the next line
// early (scratch, 2^24 float32 in 1 KiB chunks streamed: add 5.3-7.0 ms
// against 4.7-5.3 with the chunks shifted, lt 4.6-5.1 against 4.3-5.0;
// software prefetches of the next lines were slower than either). NumPy's
// arrays sit 16 bytes off a line (malloc's header), ember's on lines. So
// where memory_tuning() asks for it, a streamed row whose first input
// starts on a line takes a first chunk of 16 bytes of that input, and
// every later chunk starts 16 bytes off a line; the output's chunks shift
// with them (stream_store writes the line two chunks share with plain
// stores). Old and new code alternating against NumPy, one thread: B1
// 0.84-1.37 of NumPy's time -> 0.74-0.79, B11 0.82-1.22 -> 0.73-0.78, B24
// 1.00-1.14 -> 0.87-1.00.
inline int64_t skewed_first_chunk(const char* input, int64_t stride) {
  if (!memory_tuning().skew_chunks || stride <= 0 || 16 % stride != 0) return 0;
  return reinterpret_cast<uintptr_t>(input) % 64 == 0 ? 16 / stride : 0;
}

// row(ptrs, n) for a row whose operand 0 is a dense OutT output and whose
// other operands advance by strides s: the row in chunks, each computed
// into a buffer (its inputs prefetched where the CPU wants it, Notes
// [software prefetch], [memory tuning per CPU]) and streamed to the
// output.
template <class OutT, int N, class Row>
void streamed_row(char* const* p, const int64_t* s, int64_t n, const Row& row) {
  alignas(64) char buffer[kStreamChunkMax];
  const int64_t elems = memory_tuning().stream_chunk / static_cast<int64_t>(sizeof(OutT));
  const int64_t first = N > 1 ? skewed_first_chunk(p[1], s[1]) : 0;
  for (int64_t i = 0, m = 0; i < n; i += m) {
    m = std::min(n - i, i == 0 && first > 0 ? first : elems);
    char* q[N];
    q[0] = buffer;
    for (int k = 1; k < N; ++k) q[k] = p[k] + i * s[k];
    if (memory_tuning().prefetch) prefetched_row<N>(q, s, m, n - i, row);
    else row(q, m);
    stream_store(p[0] + i * static_cast<int64_t>(sizeof(OutT)), buffer, m * static_cast<int64_t>(sizeof(OutT)));
  }
  stream_fence();
}

}  // namespace ember::kernels
