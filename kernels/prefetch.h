// Software prefetch for rows that read far beyond the cache.
//
// Note [software prefetch]: on this machine a loop that reads memory
// gets its bandwidth from the misses the out-of-order core overlaps,
// not from the hardware prefetchers, and a loop body as long as tanh's
// (35 vector instructions per 64-byte line) leaves room for only about
// a dozen lines in flight. tanh reading 2^24 float32 into an L1 buffer
// took 19.8 ms against 7.4 ms for the same work on cached data (11.0 ms
// with the prefetches below). So a row over large operands is run in
// sub-rows of kPrefetchRowBytes (of its widest operand), each first
// prefetching what the sub-row kPrefetchAhead places later will read.
// pointwise() over 2^24 float32, with and without this (one run): exp
// 7.1-8.1 -> 6.3-6.5 ms, log 9.3-9.8 -> 8.0-8.3, add 10.1-10.8 -> 8.9-9.5;
// lt and tanh the same (bench B1, B5, B20, B22, B24). Sub-rows of
// 4 KiB, or a whole chunk's prefetches issued at once, were slower than
// none (the prefetches queue up in front of the loop's own loads); 2 KiB
// ones made tanh 1.3x slower, 512-byte ones everything 3-5% slower than
// 1 KiB (each sub-row pays the loop's setup: 29 constants for tanh).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "kernels/memory_tuning.h"

namespace ember::kernels {

constexpr int64_t kPrefetchRowBytes = 1024;
constexpr int64_t kPrefetchAhead = 2;
// Calls whose operands (those not broadcast) span fewer bytes than this
// are left alone: they come from the caches, where the hardware keeps up.
constexpr int64_t kPrefetchMinBytes = int64_t{8} << 20;

// Whether a loop reading `bytes` prefetches them: past kPrefetchMinBytes,
// on CPUs that want it (Note [memory tuning per CPU]).
inline bool prefetches(int64_t bytes) { return memory_tuning().prefetch && bytes >= kPrefetchMinBytes; }

// Asks for every 64-byte line of [p, p + bytes), to keep (read, all
// cache levels).
inline void prefetch_lines(const char* p, int64_t bytes) {
  for (int64_t b = 0; b < bytes; b += 64) __builtin_prefetch(p + b, 0, 3);
}

// row(q, m) over [0, n) in sub-rows; operand 0 is the output, the others
// are inputs, each advancing by s[k] bytes per element and readable for
// `extent` >= n elements (prefetches may run past n, into what the
// caller reads next). Inputs read densely enough (0 < s[k] <= 64: every
// line is used) are prefetched.
template <int N, class Row>
void prefetched_row(char* const* p, const int64_t* s, int64_t n, int64_t extent, const Row& row) {
  int64_t widest = 1;
  for (int k = 0; k < N; ++k) widest = std::max(widest, std::abs(s[k]));
  const int64_t sub = std::max<int64_t>(16, kPrefetchRowBytes / widest);
  char* q[N];
  for (int64_t j = 0; j < n; j += sub) {
    const int64_t m = std::min(sub, n - j);
    for (int k = 0; k < N; ++k) q[k] = p[k] + j * s[k];
    const int64_t ahead = j + kPrefetchAhead * sub;
    if (ahead < extent) {
      const int64_t count = std::min(sub, extent - ahead);
      for (int k = 1; k < N; ++k) {
        if (s[k] <= 0 || s[k] > 64) continue;
        prefetch_lines(p[k] + ahead * s[k], count * s[k]);
      }
    }
    row(q, m);
  }
}

}  // namespace ember::kernels
