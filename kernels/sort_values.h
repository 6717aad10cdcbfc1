// Sort along a dim, values only (msort, quantile): the slices' keys
// (kernels/sort_keys.h) sorted bare, without positions, and turned back
// into values. vqsort then moves 4-byte keys where sort_dim moves 8-byte
// (key, position) pairs: 2^20 float32 keys sort in about 0.55 of the
// pairs' time (bench_sort).
//
// Note [values-only sort]: equal keys are one value, except the keys of
// NaN and of zero, which stand for several bit patterns (Note [sort
// order]). A stable sort leaves those in input order, so each of the two
// runs, when not empty, is refilled from the input in order after the
// bare sort: the values are then bit for bit sort_dim's.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/operands.h"
#include "kernels/parallel.h"
#include "kernels/slices.h"
#include "kernels/sort.h"
#include "kernels/sort_keys.h"
#include "kernels/sort_parallel.h"
#include "kernels/vqsort.h"

namespace ember::kernels {

namespace detail {

// From this length on, bare keys of 16 bits and more go through vqsort;
// std::sort below (bench_sort).
constexpr int64_t kBareVqsortMin = 128;

}  // namespace detail

// Sorts bare keys a[0, n) ascending: 8-bit ones by counting, wider ones
// by vqsort or std::sort. b (scratch of n, for the parallel sort's
// sake) is not used; returns a.
template <class K>
K* sort_bare_keys(K* a, K* /*b*/, int64_t n) {
  if constexpr (sizeof(K) == 1) {
    int64_t count[256] = {};
    for (int64_t i = 0; i < n; ++i) ++count[a[i]];
    K* next = a;
    for (int v = 0; v < 256; ++v) next = std::fill_n(next, count[v], static_cast<K>(v));
  } else if (n >= detail::kBareVqsortMin) {
    vqsort(a, n);
  } else {
    std::sort(a, a + n);
  }
  return a;
}

// ops: operand 0 the sorted values (T), 1 the input, both of the input's
// shape. Sorts every slice along dim as sort_dim does, ascending or
// descending, and writes the values alone (Note [values-only sort]).
// OutT, which every along-dim kernel takes, is T here.
template <class T, class OutT = T>
void sort_values_dim(const Operands<2>& ops, int dim, bool descending) {
  static_assert(std::is_same_v<OutT, T>, "sort_values_dim writes values of its input's type");
  using K = sort_key_t<T>;
  static_assert(sizeof(K) == sizeof(T));
  const SliceGeometry<2> g(ops, dim);
  const int64_t n = g.n;
  if (n == 0) return;
  const K flip = static_cast<K>(K(0) - K(descending));
  // Keys a and b, then a copy of the slice; 8-byte multiples.
  const int64_t words = (3 * n * static_cast<int64_t>(sizeof(K)) + 7) / 8;
  for_each_slice<uint64_t>(g, words, n * 4, [&](char* const* p, uint64_t* scratch) {
    K* const a = reinterpret_cast<K*>(scratch);
    K* const b = a + n;
    const char* input = p[1];
    int64_t in_stride = g.stride[1];
    // The refill reads the input after values are written: an output
    // over the input (TH's sort(t, t)) needs the slice copied first.
    if (!SortKey<T>::exact && spans_overlap(p[0], g.stride[0], input, in_stride, n, sizeof(T))) {
      T* const copy = reinterpret_cast<T*>(b + n);
      for (int64_t i = 0; i < n; ++i) copy[i] = *reinterpret_cast<const T*>(input + i * in_stride);
      input = reinterpret_cast<const char*>(copy);
      in_stride = sizeof(T);
    }
    const auto element = [&](int64_t i) { return *reinterpret_cast<const T*>(input + i * in_stride); };
    parallel_for(0, n, kGrain, [&](int64_t begin, int64_t end) {
      if (in_stride == static_cast<int64_t>(sizeof(T))) {
        const T* v = reinterpret_cast<const T*>(input);
        // simd: GCC's cost model at -O2 leaves this loop scalar otherwise.
#pragma omp simd
        for (int64_t i = begin; i < end; ++i) a[i] = directed_key(v[i], descending);
      } else {
        for (int64_t i = begin; i < end; ++i) a[i] = directed_key(element(i), descending);
      }
    });
    // A slice that has the threads to itself sorts on all of them (Note
    // [parallel sort of one slice]).
    const K* s = n >= kParallelSortMin
                     ? sample_sort_parallel(a, b, n, free_threads(), [](K k) { return k; }, sort_bare_keys<K>)
                     : sort_bare_keys(a, b, n);
    char* const out = p[0];
    const int64_t out_stride = g.stride[0];
    parallel_for(0, n, kGrain, [&](int64_t begin, int64_t end) {
      if (out_stride == static_cast<int64_t>(sizeof(T))) {
        T* v = reinterpret_cast<T*>(out);
#pragma omp simd
        for (int64_t i = begin; i < end; ++i) v[i] = SortKey<T>::value(static_cast<K>(s[i] ^ flip));
      } else {
        for (int64_t i = begin; i < end; ++i)
          *reinterpret_cast<T*>(out + i * out_stride) = SortKey<T>::value(static_cast<K>(s[i] ^ flip));
      }
    });
    if constexpr (!SortKey<T>::exact) {
      const K zero = static_cast<K>((K(1) << (8 * sizeof(K) - 1)) ^ flip), nan = static_cast<K>(~flip);
      for (const K special : {zero, nan}) {
        const auto [lo, hi] = std::equal_range(s, s + n, special);
        int64_t next = lo - s;
        for (int64_t i = 0; next < hi - s; ++i) {
          const T x = element(i);
          if (directed_key(x, descending) == special) *reinterpret_cast<T*>(out + next++ * out_stride) = x;
        }
      }
    }
  });
}

}  // namespace ember::kernels
