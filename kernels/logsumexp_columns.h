// logsumexp over the middle dims of a dense tensor: outer x n x inner
// elements, the n reduced, inner >= 2 (runtime/ops/softmax.cpp uses it
// for contiguous float and double tensors on the host whose reduced dims
// have others after them; kernels/softmax_rows.h takes reduced dims that
// are innermost).
//
// Note [logsumexp by columns]: composed of whole-tensor ops (amax, sub,
// exp, sum, log, add), logsumexp over dim 0 of 2048^2 float32 read or
// wrote the tensor six times and took 3.7-4.5 ms against NumPy's 3.1-3.7
// for np.log(np.exp(m).sum(0)), which takes no max. Here a block of
// kLogsumexpColumns columns makes two passes down the rows: their largest
// elements, then e^(x - max) added into one accumulator per column,
// never written out. Each column's steps are the composition's, in its
// order: amax's Max combined row after row, clamped to T's finite range;
// the sum as kernels/reduce.h's reduce_dim sums whole rows (runs of kRun
// rows in opmath_t, each merged into acc_t, then row after row), rounded
// to T; then log and the max added back in T. So a column gives the same
// bits either way, whatever the block width or the thread count (each
// block is one thread's).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/opmath.h"
#include "kernels/parallel.h"
#include "kernels/reduce.h"
#include "kernels/reducers.h"
#include "kernels/scalar_ops.h"

namespace ember::kernels {

// Columns per block at most: the accumulators (double) and maxima stay
// in L1, and the block's first pass reads whole rows of up to 8 KiB in a
// row (2048^2 float32 in a scratch build: 512 columns 0.80 ns per
// element, 1024 0.60, 2048 0.62). Narrower blocks where that leaves a
// thread without one; each column's bits do not depend on the width.
constexpr int64_t kLogsumexpColumns = 2048;

// out[o, j] = log(sum over k of exp(x[o, k, j])) for o < outer, j < inner;
// n >= 1. out may not overlap x.
template <class T>
void logsumexp_columns(const T* x, T* out, int64_t outer, int64_t n, int64_t inner) {
  using R = Sum<T>;
  using Acc = typename R::acc_type;
  using M = opmath_t<T>;
  constexpr int64_t kMax = kLogsumexpColumns;
  const int64_t share = outer >= free_threads() ? inner : (inner * outer + free_threads() - 1) / free_threads();
  const int64_t W = std::min(kMax, std::max<int64_t>(16, (share + 15) / 16 * 16));
  const int64_t blocks = (inner + W - 1) / W;
  const int64_t grain = std::max<int64_t>(1, kGrain / std::max<int64_t>(n * W, 1));
  parallel_for(0, outer * blocks, grain, [&](int64_t b, int64_t e) {
    M m[kMax];
    Acc acc[kMax];
    const R r{};
    const Max<T> max{};
    constexpr T big = std::numeric_limits<T>::max();
    for (int64_t item = b; item < e; ++item) {
      const int64_t o = item / blocks, c0 = item % blocks * W, w = std::min(W, inner - c0);
      const T* base = x + o * n * inner + c0;
      auto row = [&](int64_t k) { return base + k * inner; };
      for (int64_t j = 0; j < w; ++j) m[j] = max.identity();
      for (int64_t k = 0; k < n; ++k) {
        const T* rk = row(k);
#pragma omp simd
        for (int64_t j = 0; j < w; ++j) m[j] = max.combine(m[j], static_cast<M>(rk[j]));
      }
      for (int64_t j = 0; j < w; ++j) {
        m[j] = std::min<M>(std::max<M>(m[j], -big), big);
        acc[j] = r.identity();
      }
      auto term = [&](int64_t k, int64_t j) { return static_cast<M>(ember::ops::exp(static_cast<T>(row(k)[j] - m[j]))); };
      int64_t k = 0;
      if constexpr (detail::kRun<T, R> > 1) {
        constexpr int K = detail::kRun<T, R>;
        const typename R::run_reducer run{};
        for (; k + K <= n; k += K) {
#pragma omp simd
          for (int64_t j = 0; j < w; ++j) {
            M s = run.identity();
#pragma GCC unroll 16
            for (int i = 0; i < K; ++i) s = run.combine(s, term(k + i, j));
            acc[j] = r.merge(acc[j], static_cast<Acc>(s));
          }
        }
      }
      for (; k < n; ++k) {
#pragma omp simd
        for (int64_t j = 0; j < w; ++j) acc[j] = r.combine(acc[j], term(k, j));
      }
      T* o_row = out + o * inner + c0;
      for (int64_t j = 0; j < w; ++j)
        o_row[j] = static_cast<T>(ember::ops::log(static_cast<T>(r.finalize(acc[j], n))) + static_cast<T>(m[j]));
    }
  });
}

}  // namespace ember::kernels
