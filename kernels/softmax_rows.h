// softmax, log_softmax and logsumexp over the rows of a dense matrix:
// rows x n elements, the reduced dims innermost (runtime/ops/softmax.cpp
// uses it for contiguous float and double tensors on the host, and the
// composition of amax, sub, exp, sum and the rest otherwise).
//
// Note [softmax by rows]: composed of whole-tensor ops, softmax reads and
// writes the tensor six times (amax, sub, exp, sum, exp, divide) and took
// 1.4x the time of NumPy's exp, sum and divide (bench/common_ops.py,
// 2026-12-06). Here each row makes its passes while it sits in the
// cache: its largest element; then exp(x - max), written to the output
// row (for logsumexp, to a scratch row); their sum; then the output row
// divided by the sum, or x - max - log(sum). Every step is the arithmetic
// the composition does, element by element: the largest element by
// reduce_run's Max, exp by ops::exp in T, the sum by reduce_run's Sum
// (rounded to T, as sum's result), the division and the log in T. So a
// row gives the same bits either way, and whatever the thread count
// (each row is one thread's).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/parallel.h"
#include "kernels/reduce.h"
#include "kernels/reducers.h"
#include "kernels/scalar_ops.h"
#include "kernels/scratch.h"

namespace ember::kernels {

enum class SoftmaxForm { Softmax, LogSoftmax };

namespace detail {

template <class T>
T row_max(const T* x, int64_t n) {
  return static_cast<T>(reduce_run<T>(reinterpret_cast<const char*>(x), sizeof(T), n, Max<T>{}, false));
}

// e[i] = exp(x[i] - m) for i < n, and their sum rounded to T.
template <class T>
T exp_row_sum(const T* x, T m, T* e, int64_t n) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) e[i] = ember::ops::exp(static_cast<T>(x[i] - m));
  return static_cast<T>(reduce_run<T>(reinterpret_cast<const char*>(e), sizeof(T), n, Sum<T>{}, false));
}

// Rows per parallel_for chunk: about kGrain elements, at least one row.
inline int64_t row_grain(int64_t n) { return std::max<int64_t>(1, kGrain / std::max<int64_t>(n, 1)); }

// The calling thread's place in a team of `threads` that parallel_for
// started (0 where it ran f inline: one thread, or inside a region).
inline int64_t team_slot(int threads) {
#ifdef _OPENMP
  return threads > 1 && omp_in_parallel() ? omp_get_thread_num() : 0;
#else
  (void)threads;
  return 0;
#endif
}

}  // namespace detail

// out[r, :] = softmax or log_softmax of x[r, :], for r < rows; n >= 1.
// out may not overlap x.
template <class T>
void softmax_rows(const T* x, T* out, int64_t rows, int64_t n, SoftmaxForm form) {
  parallel_for(0, rows, detail::row_grain(n), [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r) {
      const T* xr = x + r * n;
      T* o = out + r * n;
      const T m = detail::row_max(xr, n);
      const T total = detail::exp_row_sum(xr, m, o, n);
      if (form == SoftmaxForm::Softmax) {
#pragma omp simd
        for (int64_t i = 0; i < n; ++i) o[i] = o[i] / total;
      } else {
        const T log_total = ember::ops::log(total);
#pragma omp simd
        for (int64_t i = 0; i < n; ++i) o[i] = static_cast<T>(xr[i] - m) - log_total;
      }
    }
  });
}

// out[r] = log(sum(exp(x[r, :]))) for r < rows; n >= 1. The largest
// element is clamped to T's finite range first: an infinite one would
// give inf - inf = NaN, where a row holding +inf sums to +inf and one of
// -inf only to 0 (log: -inf), and adding the clamped maximum back keeps
// those infinities. Throws std::bad_alloc (before any thread starts)
// where the scratch rows cannot be had.
template <class T>
void logsumexp_rows(const T* x, T* out, int64_t rows, int64_t n) {
  const int64_t grain = detail::row_grain(n);
  const int threads = static_cast<int>(std::min<int64_t>(free_threads(), (rows + grain - 1) / grain));
  ScratchBuffer scratch(static_cast<size_t>(std::max(threads, 1)) * static_cast<size_t>(n) * sizeof(T));
  parallel_for(0, rows, grain, [&](int64_t r0, int64_t r1) {
    T* e = static_cast<T*>(scratch.data()) + detail::team_slot(threads) * n;
    constexpr T big = std::numeric_limits<T>::max();
    for (int64_t r = r0; r < r1; ++r) {
      const T* xr = x + r * n;
      const T m = std::min(std::max(detail::row_max(xr, n), -big), big);
      out[r] = static_cast<T>(ember::ops::log(detail::exp_row_sum(xr, m, e, n)) + m);
    }
  });
}

}  // namespace ember::kernels
