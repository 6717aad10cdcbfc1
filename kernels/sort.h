// Sort along a dim: the slices' elements turned into (key, position)
// pairs (kernels/sort_keys.h), sorted (kernels/sort_pairs.h), written
// back as values and positions.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "kernels/operands.h"
#include "kernels/slices.h"
#include "kernels/sort_keys.h"
#include "kernels/sort_pairs.h"
#include "kernels/sort_parallel.h"

namespace ember::kernels {

// One slice's elements copied out, with their keys: what every
// slice-at-a-time kernel starts from. `vals` keeps the original elements
// (exact bits: NaN payloads, -0), so outputs may alias the input.
template <class T>
struct SliceBuffer {
  using K = sort_key_t<T>;
  // Elements of scratch (in units of uint64_t) for slices of n.
  static int64_t scratch_words(int64_t n) {
    const int64_t bytes = 2 * n * static_cast<int64_t>(sizeof(KeyIndex<K>)) + n * static_cast<int64_t>(sizeof(T)) + 64;
    return (bytes + 15) / 16 * 2;  // 16-byte multiples keep every thread's pairs 16-byte aligned
  }
  KeyIndex<K>* a;
  KeyIndex<K>* b;
  T* vals;

  SliceBuffer(uint64_t* scratch, int64_t n) {
    a = reinterpret_cast<KeyIndex<K>*>(scratch);
    b = a + n;
    vals = reinterpret_cast<T*>(b + n);
  }

  // Copies the slice at p (stride bytes apart) and builds the keys; on
  // several threads where called outside a parallel region.
  void load(const char* p, int64_t stride, int64_t n, bool descending) {
    parallel_for(0, n, kGrain, [&](int64_t begin, int64_t end) {
      if (stride == static_cast<int64_t>(sizeof(T)))
        std::memcpy(vals + begin, p + begin * stride, static_cast<size_t>(end - begin) * sizeof(T));
      else
        for (int64_t i = begin; i < end; ++i) vals[i] = *reinterpret_cast<const T*>(p + i * stride);
      build_keys(vals, begin, end, descending);
    });
  }

  // The keys alone, read from the slice where it is (a caller whose
  // outputs cannot overwrite it skips the copy).
  void load_keys(const char* p, int64_t stride, int64_t n, bool descending) {
    parallel_for(0, n, kGrain, [&](int64_t begin, int64_t end) {
      if (stride == static_cast<int64_t>(sizeof(T))) return build_keys(reinterpret_cast<const T*>(p), begin, end, descending);
      for (int64_t i = begin; i < end; ++i)
        a[i] = {static_cast<uint32_t>(i), directed_key(*reinterpret_cast<const T*>(p + i * stride), descending)};
    });
  }

 private:
  void build_keys(const T* v, int64_t begin, int64_t end, bool descending) {
    // simd: GCC's cost model at -O2 leaves this loop scalar otherwise.
#pragma omp simd
    for (int64_t i = begin; i < end; ++i) a[i] = {static_cast<uint32_t>(i), directed_key(v[i], descending)};
  }
};

// Whether n elements of `size` bytes from a (stride sa) and from b
// (stride sb) may share a byte: their spans are compared.
inline bool spans_overlap(const char* a, int64_t sa, const char* b, int64_t sb, int64_t n, int64_t size) {
  const auto span = [n, size](const char* p, int64_t s) {
    const char* last = p + (n - 1) * s;
    return std::pair<const char*, const char*>(std::min(p, last), std::max(p, last) + size);
  };
  const auto [a0, a1] = span(a, sa);
  const auto [b0, b1] = span(b, sb);
  return a0 < b1 && b0 < a1;
}

// Dense outputs of sort_dim from the sorted pairs s[0, n): values decoded
// from the keys, which streams, where a gather from the input by position
// misses the cache on long slices (a quarter of B8's time). The keys of
// NaN and of zero stand for several bit patterns (Note [sort order]);
// their runs, contiguous in sorted order, are copied from the input. On
// several threads where called outside a parallel region.
template <class T>
void write_sorted(const KeyIndex<sort_key_t<T>>* s, int64_t n, bool descending, const char* input,
                  int64_t input_stride, T* values, int64_t* positions) {
  using K = sort_key_t<T>;
  const K flip = static_cast<K>(K(0) - K(descending));
  parallel_for(0, n, kGrain, [&](int64_t begin, int64_t end) {
#pragma omp simd
    for (int64_t i = begin; i < end; ++i) {
      values[i] = SortKey<T>::value(static_cast<K>(s[i].key ^ flip));
      positions[i] = static_cast<int64_t>(s[i].idx);
    }
  });
  if constexpr (!SortKey<T>::exact) {
    const K zero = static_cast<K>((K(1) << (8 * sizeof(K) - 1)) ^ flip), nan = static_cast<K>(~flip);
    for (const K special : {zero, nan}) {
      const auto* lo = std::lower_bound(s, s + n, special, [](const KeyIndex<K>& x, K k) { return x.key < k; });
      for (const auto* q = lo; q != s + n && q->key == special; ++q)
        values[q - s] = *reinterpret_cast<const T*>(input + static_cast<int64_t>(q->idx) * input_stride);
    }
  }
}

// ops: operand 0 the sorted values (T), 1 their positions (int64_t), 2
// the input; all of the input's shape. Sorts every slice along dim in
// Note [sort order], ascending or descending; equal elements keep their
// order (stable in both directions). OutT, which every along-dim kernel
// takes (cumsum widens), is T here.
template <class T, class OutT = T>
void sort_dim(const Operands<3>& ops, int dim, bool descending) {
  static_assert(std::is_same_v<OutT, T>, "sort_dim writes values of its input's type");
  const SliceGeometry<3> g(ops, dim);
  const int64_t n = g.n;
  if (n == 0) return;
  const int64_t work = n * 8;
  for_each_slice<uint64_t>(g, SliceBuffer<T>::scratch_words(n), work, [&](char* const* p, uint64_t* scratch) {
    SliceBuffer<T> buf(scratch, n);
    // The outputs may be the input (TH's sort(t, ri, t)): then it is copied
    // first, since writing values would overwrite what is still read.
    const char* input = p[2];
    int64_t input_stride = g.stride[2];
    if (spans_overlap(p[0], g.stride[0], input, input_stride, n, sizeof(T)) ||
        spans_overlap(p[1], g.stride[1], input, input_stride, n, sizeof(int64_t))) {
      buf.load(input, input_stride, n, descending);
      input = reinterpret_cast<const char*>(buf.vals);
      input_stride = sizeof(T);
    } else {
      buf.load_keys(input, input_stride, n, descending);
    }
    // A slice that has the threads to itself sorts on all of them (Note
    // [parallel sort of one slice]).
    const KeyIndex<sort_key_t<T>>* s = n >= kParallelSortMin ? sort_keys_parallel(buf.a, buf.b, n, free_threads())
                                                              : sort_keys(buf.a, buf.b, n);
    if (g.stride[0] == static_cast<int64_t>(sizeof(T)) && g.stride[1] == static_cast<int64_t>(sizeof(int64_t))) {
      write_sorted(s, n, descending, input, input_stride, reinterpret_cast<T*>(p[0]), reinterpret_cast<int64_t*>(p[1]));
    } else {
      for (int64_t i = 0; i < n; ++i) {
        *reinterpret_cast<T*>(p[0] + i * g.stride[0]) =
            *reinterpret_cast<const T*>(input + static_cast<int64_t>(s[i].idx) * input_stride);
        *reinterpret_cast<int64_t*>(p[1] + i * g.stride[1]) = s[i].idx;
      }
    }
  });
}

}  // namespace ember::kernels
