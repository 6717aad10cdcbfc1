// How loops over operands beyond the cache move their bytes, per CPU.
//
// Note [memory tuning per CPU]: the settings of Notes [streaming stores]
// and [software prefetch] were measured on Intel Xeons (Sapphire Rapids).
// On AMD EPYC (Zen 4) the same loops ran slower than plain ones, and than
// NumPy's (add of 2^24 float32, B1: 8.3 ms against NumPy's 6.7): a
// scratch loop adding 2^24 float32 took 8.8-10.2 ms streamed through 4 KiB
// chunks with prefetching, 9.1-9.7 streamed without it, 6.0-6.1 through 1
// KiB chunks without it (5.8-6.2 storing non-temporally straight from the
// loop, which GCC's vectorized rows cannot do), 8.1 by plain stores and
// 8.7 by plain stores with prefetching. So Zen keeps the hardware
// prefetchers to themselves and streams 1 KiB at a time. The choice is
// made once, by the CPU's vendor.
//
// Streaming costs a copy out of the buffer, which a loop bound by its
// arithmetic pays in full. On Zen 4 (scratch loops over 2^24 float32,
// plain stores against 1 KiB chunks streamed): tanh 5.4 ms against 6.0,
// log 6.5-6.9 against 7.3-7.5, exp 4.55-4.72 against 4.83-5.0, sigmoid
// even, x + 1 4.8 against 3.5. So there the pointwise ops marked
// compute_bound in their schema (a polynomial per element) write their
// outputs plainly when they run on one thread. On two threads the same
// arithmetic takes half the time and the memory is the limit again
// (B5 exp on two threads written plainly: 1.24-1.40x one thread's speed,
// where streamed it had reached 2.06x): there they stream. On Intel
// streaming tanh had cost nothing measurable (Note [streaming stores]);
// it stays. Zen also reads line-aligned inputs more slowly than inputs
// off a line, so there streamed rows shift their chunks (Note [skewed
// chunks] in kernels/stream_store.h; unmeasured on Intel, left off).
#pragma once

#include <cstdint>

namespace ember::kernels {

struct MemoryTuning {
  int64_t stream_chunk;  // bytes computed into an L1 buffer per streamed copy
  bool prefetch;         // whether rows past the cache prefetch their inputs
  bool stream_compute_bound;  // whether compute-bound pointwise ops stream their outputs
  bool skew_chunks;      // whether streamed rows shift their chunks off the inputs' lines (Note [skewed chunks])
};

// The largest stream_chunk: the buffer's size.
constexpr int64_t kStreamChunkMax = 4096;

namespace detail {
extern const MemoryTuning memory_tuning;
}  // namespace detail

inline const MemoryTuning& memory_tuning() { return detail::memory_tuning; }

}  // namespace ember::kernels
