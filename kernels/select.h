// Selections along a dim: topk, kthvalue, median, mode. All of them pick
// elements in Note [sort order] (kernels/sort_keys.h), ties broken by
// position, so what they return is defined element for element: topk(k)
// is the first k of a stable sort (descending for the largest), kthvalue
// the k-th of a stable ascending sort.
//
// ops: operand 0 the values (T), 1 the positions (int64_t), 2 the input.
// The kernels take the values' type as a second template parameter only
// to share the generated call of every along-dim kernel; it is T.
// Reductions (kthvalue, median, mode) have stride 0 along dim in their
// outputs; topk's outputs have k elements along it.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/opmath.h"
#include "kernels/select_key.h"
#include "kernels/slices.h"
#include "kernels/sort.h"

namespace ember::kernels {

namespace detail {

// Moves the k smallest (key, position) of a[0, n) to a[0, k), in no order.
template <class K>
void select_smallest(KeyIndex<K>* a, int64_t n, int64_t k) {
  if (k <= 0 || k >= n) return;
  std::nth_element(a, a + (k - 1), a + n, key_index_less<K>);
}

// The k best of a slice read in position order, as (key, position) in
// buf[0, k), in no order; buf holds `cap` >= 2k pairs. Keys are directed
// so that smaller is better. Pairs enter the buffer only when they beat
// the k-th best seen so far (a stale bound, refreshed whenever the buffer
// fills), so a long slice costs one comparison per element. An element
// equal to the bound never enters: the pairs holding the bound came
// first, and position breaks ties.
//
// Note [topk by blocks]: the element loop takes a key's branches (NaN,
// zero) and the bound's test one element at a time: 1.8 ns per element
// (B14, topk 100 of 2^20 float32). Once the bound is set, a dense slice's
// blocks of kTopkBlock keys are first tested together against it, by a
// vectorized loop with no exit that keeps the keys, and only a block
// holding a key below the bound runs the element loop, over those keys.
// A skipped block's keys are all at or past the bound, which only falls,
// so the element loop would have let none in: the result is the same.
constexpr int64_t kTopkBlock = 64;

template <class T>
int64_t best_k(const char* p, int64_t stride, int64_t n, int64_t k, bool largest, KeyIndex<sort_key_t<T>>* buf,
               int64_t cap) {
  using K = sort_key_t<T>;
  int64_t m = 0;
  K bound = static_cast<K>(~K(0));
  bool full = false;  // whether `bound` is the k-th best of what was seen
  const bool dense = stride == static_cast<int64_t>(sizeof(T));
  K keys[kTopkBlock];
  for (int64_t i0 = 0; i0 < n; i0 += kTopkBlock) {
    const int64_t i1 = std::min(n, i0 + kTopkBlock);
    const bool tested = full && dense;  // (full may turn true within the block)
    if (tested) {
      const T* v = reinterpret_cast<const T*>(p) + i0;
      int any_below = 0;
#pragma omp simd reduction(| : any_below)
      for (int64_t i = 0; i < i1 - i0; ++i) {
        keys[i] = directed_key(v[i], largest);
        any_below |= keys[i] < bound;
      }
      if (!any_below) continue;
    }
    for (int64_t i = i0; i < i1; ++i) {
      const K key = tested ? keys[i - i0] : directed_key(*reinterpret_cast<const T*>(p + i * stride), largest);
      if (full && key >= bound) continue;
      buf[m++] = {static_cast<uint32_t>(i), key};
      if (m == cap) {
        select_smallest(buf, m, k);
        m = k;
        bound = buf[0].key;
        for (int64_t j = 1; j < k; ++j) bound = std::max(bound, buf[j].key);
        full = true;
      }
    }
  }
  if (m > k) select_smallest(buf, m, k);
  return std::min(m, k);
}

// Scratch words (uint64_t) kth_position needs for slices of n.
template <class T>
int64_t kth_scratch_words(int64_t n) {
  return (select_key_scratch(n) * static_cast<int64_t>(sizeof(sort_key_t<T>)) + 7) / 8;
}

// Where a stable ascending sort puts its k-th element (1 <= k <= n) of the
// slice whose i-th key is key_at(i) (Note [selection by partitions]).
// key_at is taken by value: read through a reference, its pointer was
// reloaded after every store to `keys` and the loops gathered.
template <class T, class KeyAt>
int64_t kth_position_of(KeyAt key_at, int64_t n, int64_t k, uint64_t* scratch) {
  using K = sort_key_t<T>;
  K* const keys = reinterpret_cast<K*>(scratch);
  // simd: GCC's cost model at -O2 leaves these loops scalar otherwise.
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) keys[i] = key_at(i);
  const K kth = select_key(keys, n, k - 1);
  int64_t below = 0;
#pragma omp simd reduction(+ : below)
  for (int64_t i = 0; i < n; ++i) below += key_at(i) < kth;
  int64_t equal_before = k - below;  // >= 1: kth is among the equal keys
  // Blocks of 64 counted together up to the one holding it.
  constexpr int64_t kBlock = 64;
  int64_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    int64_t equal = 0;
#pragma omp simd reduction(+ : equal)
    for (int64_t j = 0; j < kBlock; ++j) equal += key_at(i + j) == kth;
    if (equal >= equal_before) break;
    equal_before -= equal;
  }
  for (;; ++i)
    if (key_at(i) == kth && --equal_before == 0) return i;
}

// kth_position_of the slice at p, `stride` bytes apart.
template <class T>
int64_t kth_position(const char* p, int64_t stride, int64_t n, int64_t k, uint64_t* scratch) {
  using Key = SortKey<T>;
  // A dense slice by its own loops, which GCC vectorizes.
  if (stride == static_cast<int64_t>(sizeof(T))) {
    const T* q = reinterpret_cast<const T*>(p);
    return kth_position_of<T>([q](int64_t i) { return Key::key(q[i]); }, n, k, scratch);
  }
  return kth_position_of<T>([p, stride](int64_t i) { return Key::key(*reinterpret_cast<const T*>(p + i * stride)); },
                            n, k, scratch);
}

}  // namespace detail

// The k largest (or smallest) elements of every slice along dim, with
// their positions: sorted, best first (largest first for the largest);
// unsorted, in order of position. 0 <= k <= n.
template <class T, class OutT = T>
void topk_dim(const Operands<3>& ops, int dim, int64_t k, bool largest, bool sorted) {
  using K = sort_key_t<T>;
  const SliceGeometry<3> g(ops, dim);
  const int64_t n = g.n;
  if (k == 0) return;
  // A buffer of 4k (at least 1024) pairs refreshes the bound rarely; a
  // large k compared to n sorts everything instead.
  const bool whole = 8 * k >= n;
  const int64_t cap = whole ? 2 * n : std::max<int64_t>(4 * k, 1024);
  const int64_t words = (cap * static_cast<int64_t>(sizeof(KeyIndex<K>)) + 7) / 8;
  for_each_slice<uint64_t>(g, words, n, [&](char* const* p, uint64_t* scratch) {
    auto* buf = reinterpret_cast<KeyIndex<K>*>(scratch);
    const KeyIndex<K>* best = buf;
    if (whole) {
      for (int64_t i = 0; i < n; ++i)
        buf[i] = {static_cast<uint32_t>(i), directed_key(*reinterpret_cast<const T*>(p[2] + i * g.stride[2]), largest)};
      best = sort_keys(buf, buf + n, n);
      if (!sorted) std::sort(const_cast<KeyIndex<K>*>(best), const_cast<KeyIndex<K>*>(best) + k,
                             [](const KeyIndex<K>& x, const KeyIndex<K>& y) { return x.idx < y.idx; });
    } else {
      detail::best_k<T>(p[2], g.stride[2], n, k, largest, buf, cap);
      if (sorted) std::sort(buf, buf + k, detail::key_index_less<K>);
      else std::sort(buf, buf + k, [](const KeyIndex<K>& x, const KeyIndex<K>& y) { return x.idx < y.idx; });
    }
    // Outputs may alias the input: read every value before writing any.
    T vals[64];
    for (int64_t j0 = 0; j0 < k; j0 += 64) {
      const int64_t j1 = std::min(k, j0 + 64);
      for (int64_t j = j0; j < j1; ++j) vals[j - j0] = *reinterpret_cast<const T*>(p[2] + best[j].idx * g.stride[2]);
      for (int64_t j = j0; j < j1; ++j) {
        *reinterpret_cast<T*>(p[0] + j * g.stride[0]) = vals[j - j0];
        *reinterpret_cast<int64_t*>(p[1] + j * g.stride[1]) = best[j].idx;
      }
    }
  });
}

// The k-th smallest (1 <= k <= n) of every slice along dim and its
// position: element k - 1 of a stable ascending sort, NaN the largest.
template <class T, class OutT = T>
void kthvalue_dim(const Operands<3>& ops, int dim, int64_t k) {
  const SliceGeometry<3> g(ops, dim);
  const int64_t n = g.n;
  for_each_slice<uint64_t>(g, detail::kth_scratch_words<T>(n), n * 4, [&](char* const* p, uint64_t* scratch) {
    const int64_t at = detail::kth_position<T>(p[2], g.stride[2], n, k, scratch);
    *reinterpret_cast<T*>(p[0]) = *reinterpret_cast<const T*>(p[2] + at * g.stride[2]);
    *reinterpret_cast<int64_t*>(p[1]) = at;
  });
}

// The lower median of every slice along dim (kthvalue at (n + 1) / 2),
// except that a slice holding NaN gives its first NaN and that NaN's
// position (as PyTorch's median). n >= 1.
template <class T, class OutT = T>
void median_dim(const Operands<3>& ops, int dim) {
  const SliceGeometry<3> g(ops, dim);
  const int64_t n = g.n, k = (n + 1) / 2, stride = g.stride[2];
  for_each_slice<uint64_t>(g, detail::kth_scratch_words<T>(n), n * 4, [&](char* const* p, uint64_t* scratch) {
    int64_t at = -1;
    if constexpr (!std::is_integral_v<T>) {
      for (int64_t i = 0; i < n && at < 0; ++i)
        if (is_nan(static_cast<opmath_t<T>>(*reinterpret_cast<const T*>(p[2] + i * stride)))) at = i;
    }
    if (at < 0) at = detail::kth_position<T>(p[2], stride, n, k, scratch);
    *reinterpret_cast<T*>(p[0]) = *reinterpret_cast<const T*>(p[2] + at * stride);
    *reinterpret_cast<int64_t*>(p[1]) = at;
  });
}

// The most frequent element of every slice along dim (n >= 1): among
// equally frequent ones the smallest (Note [sort order]: all NaNs are one
// value, as are -0 and +0), with the position of its last occurrence.
template <class T, class OutT = T>
void mode_dim(const Operands<3>& ops, int dim) {
  const SliceGeometry<3> g(ops, dim);
  const int64_t n = g.n;
  for_each_slice<uint64_t>(g, SliceBuffer<T>::scratch_words(n), n * 8, [&](char* const* p, uint64_t* scratch) {
    SliceBuffer<T> buf(scratch, n);
    buf.load(p[2], g.stride[2], n, false);
    const auto* s = sort_keys(buf.a, buf.b, n);
    int64_t best_count = 0, best_last = 0;
    for (int64_t i = 0; i < n;) {
      int64_t j = i + 1;
      while (j < n && s[j].key == s[i].key) ++j;
      if (j - i > best_count) {
        best_count = j - i;
        best_last = j - 1;
      }
      i = j;
    }
    const uint32_t at = s[best_last].idx;
    *reinterpret_cast<T*>(p[0]) = buf.vals[at];
    *reinterpret_cast<int64_t*>(p[1]) = at;
  });
}

}  // namespace ember::kernels
