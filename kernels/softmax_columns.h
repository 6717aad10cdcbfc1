// softmax, log_softmax and logsumexp down the columns of a dense tensor:
// outer x n x inner elements, the n reduced, inner >= 2
// (runtime/ops/softmax.cpp uses it for contiguous float and double
// tensors on the host whose reduced dims have others after them;
// kernels/softmax_rows.h takes reduced dims that are innermost).
//
// Note [softmax by columns]: composed of whole-tensor ops (amax, sub,
// exp, sum, then log and add, a second exp and a division, or a log and
// a subtraction), logsumexp over dim 0 of 2048^2 float32 read or wrote
// the tensor six times and took 3.7-4.5 ms against NumPy's 3.1-3.7 for
// np.log(np.exp(m).sum(0)), which takes no max; softmax(0) 8.7 ms
// against softmax(1)'s 2.3. Here a block of up to kSoftmaxColumns
// columns makes its passes down the rows: their largest elements; then
// e^(x - max) added into one accumulator per column (softmax also writes
// each e to the output); then, for softmax and log_softmax, the output
// rows. Each column's steps are the composition's, in its order: amax's
// Max combined row after row (clamped to T's finite range for
// logsumexp); the sum as kernels/reduce.h's reduce_dim sums whole rows
// (runs of kRun rows in opmath_t, each merged into acc_t, then row after
// row), rounded to T; then log and the max added back, e divided by the
// sum, or (x - max) - log(sum), in T. So a column gives the same bits
// either way, whatever the block width or the thread count (each block
// is one thread's).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/opmath.h"
#include "kernels/parallel.h"
#include "kernels/reduce.h"
#include "kernels/reducers.h"
#include "kernels/scalar_ops.h"
#include "kernels/softmax_rows.h"

namespace ember::kernels {

// Columns per block at most: the accumulators (double) and maxima stay
// in L1, and the block's first pass reads whole rows of up to 8 KiB in a
// row (logsumexp over dim 0 of 2048^2 float32 in a scratch build: 512
// columns 0.80 ns per element, 1024 0.60, 2048 0.62). Narrower blocks
// where that leaves a thread without one; each column's bits do not
// depend on the width.
constexpr int64_t kSoftmaxColumns = 2048;

namespace detail {

// f(base, w, m, acc) for each block of columns: base its first element
// (row 0), w its width, m and acc kSoftmaxColumns-long scratch for the
// maxima and the sums. Splits outer x inner into blocks, over threads.
template <class T, class F>
void for_column_blocks(int64_t outer, int64_t n, int64_t inner, const F& f) {
  constexpr int64_t kMax = kSoftmaxColumns;
  const int threads = free_threads();
  const int64_t share = outer >= threads ? inner : (inner * outer + threads - 1) / threads;
  const int64_t W = std::min(kMax, std::max<int64_t>(16, (share + 15) / 16 * 16));
  const int64_t blocks = (inner + W - 1) / W;
  const int64_t grain = std::max<int64_t>(1, kGrain / std::max<int64_t>(n * W, 1));
  parallel_for(0, outer * blocks, grain, [&](int64_t b, int64_t e) {
    opmath_t<T> m[kMax];
    typename Sum<T>::acc_type acc[kMax];
    for (int64_t item = b; item < e; ++item) {
      const int64_t o = item / blocks, c0 = item % blocks * W;
      f(o * n * inner + c0, o * inner + c0, std::min(W, inner - c0), m, acc);
    }
  });
}

// m[j] = the largest x[k * inner + j] over k < n (clamped to T's finite
// range where Clamp), acc[j] = the sum of e^(x - m[j]) in reduce_dim's
// order, each e also passed to keep(k, j, e) for j < w.
template <bool Clamp, class T, class Keep>
void column_maxima_and_sums(const T* x, int64_t n, int64_t inner, int64_t w, opmath_t<T>* m,
                            typename Sum<T>::acc_type* acc, const Keep& keep) {
  using R = Sum<T>;
  using Acc = typename R::acc_type;
  using M = opmath_t<T>;
  const R r{};
  const Max<T> max{};
  auto row = [&](int64_t k) { return x + k * inner; };
  for (int64_t j = 0; j < w; ++j) m[j] = max.identity();
  for (int64_t k = 0; k < n; ++k) {
    const T* rk = row(k);
#pragma omp simd
    for (int64_t j = 0; j < w; ++j) m[j] = max.combine(m[j], static_cast<M>(rk[j]));
  }
  constexpr T big = std::numeric_limits<T>::max();
  for (int64_t j = 0; j < w; ++j) {
    if constexpr (Clamp) m[j] = std::min<M>(std::max<M>(m[j], -big), big);
    acc[j] = r.identity();
  }
  auto term = [&](int64_t k, int64_t j) {
    const T e = ember::ops::exp(static_cast<T>(row(k)[j] - m[j]));
    keep(k, j, e);
    return static_cast<M>(e);
  };
  int64_t k = 0;
  if constexpr (kRun<T, R> > 1) {
    constexpr int K = kRun<T, R>;
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
}

}  // namespace detail

// out[o, j] = log(sum over k of exp(x[o, k, j])) for o < outer, j < inner;
// n >= 1. out may not overlap x.
template <class T>
void logsumexp_columns(const T* x, T* out, int64_t outer, int64_t n, int64_t inner) {
  detail::for_column_blocks<T>(outer, n, inner, [&](int64_t in_at, int64_t out_at, int64_t w, auto* m, auto* acc) {
    detail::column_maxima_and_sums<true>(x + in_at, n, inner, w, m, acc, [](int64_t, int64_t, T) {});
    for (int64_t j = 0; j < w; ++j)
      out[out_at + j] = static_cast<T>(ember::ops::log(static_cast<T>(acc[j])) + static_cast<T>(m[j]));
  });
}

// out[o, :, j] = softmax or log_softmax of x[o, :, j] for o < outer,
// j < inner; n >= 1. out has x's shape and may not overlap it.
template <class T>
void softmax_columns(const T* x, T* out, int64_t outer, int64_t n, int64_t inner, SoftmaxForm form) {
  detail::for_column_blocks<T>(outer, n, inner, [&](int64_t in_at, int64_t, int64_t w, auto* m, auto* acc) {
    const T* xb = x + in_at;
    T* ob = out + in_at;
    if (form == SoftmaxForm::Softmax) {
      detail::column_maxima_and_sums<false>(xb, n, inner, w, m, acc,
                                            [&](int64_t k, int64_t j, T e) { ob[k * inner + j] = e; });
      for (int64_t k = 0; k < n; ++k) {
        T* o = ob + k * inner;
#pragma omp simd
        for (int64_t j = 0; j < w; ++j) o[j] = o[j] / static_cast<T>(acc[j]);
      }
    } else {
      detail::column_maxima_and_sums<false>(xb, n, inner, w, m, acc, [](int64_t, int64_t, T) {});
      for (int64_t j = 0; j < w; ++j) acc[j] = ember::ops::log(static_cast<T>(acc[j]));  // log(sum), in T
      for (int64_t k = 0; k < n; ++k) {
        const T* xr = xb + k * inner;
        T* o = ob + k * inner;
#pragma omp simd
        for (int64_t j = 0; j < w; ++j) o[j] = static_cast<T>(xr[j] - static_cast<T>(m[j])) - static_cast<T>(acc[j]);
      }
    }
  });
}

}  // namespace ember::kernels
