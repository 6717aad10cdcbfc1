// Stable sorting of (key, position) pairs.
//
// Keys come from kernels/sort_keys.h, so every element type sorts as an
// unsigned integer in Note [sort order]. Long runs of 32- and 64-bit keys
// go through Highway's vqsort (Note [vectorized sort]); long runs of 8-
// and 16-bit keys through an LSD radix sort (stable by construction, O(n)
// per pass), whose passes skip digits every key shares; short ones
// through insertion sort or a merge sort. All of them order equal keys
// by position, so they agree element for element.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/sort_keys.h"
#include "kernels/vqsort.h"

namespace ember::kernels {

// Positions are below 2^32 inside a slice: slices of 2^32 or more
// elements are rejected by the runtime (Note [slice length]). The
// position comes first and, for 64-bit keys, is 64-bit wide, so that a
// pair reads as one unsigned integer ordered by key, then position
// (Note [vectorized sort]).
template <class K>
struct KeyIndex {
  std::conditional_t<sizeof(K) == 8, uint64_t, uint32_t> idx;
  K key;
};

namespace detail {

// (key, position) as one 64-bit-or-wider value: unique, so an unstable
// algorithm on it gives the stable answer.
template <class K>
inline bool key_index_less(const KeyIndex<K>& x, const KeyIndex<K>& y) {
  return x.key < y.key || (x.key == y.key && x.idx < y.idx);
}

// Digit width per pass: 8 bits for 8- and 16-bit keys, 11 for wider ones
// (3 passes for 32-bit keys; the 2^11 counters stay in L1).
template <class K>
constexpr int kRadixBits = sizeof(K) <= 2 ? 8 : 11;
template <class K>
constexpr int kRadixPasses = (8 * static_cast<int>(sizeof(K)) + kRadixBits<K> - 1) / kRadixBits<K>;

// Below this, a merge sort beats the radix sort's counter set-up.
constexpr int64_t kRadixMin = 1024;
constexpr int64_t kInsertionMax = 24;
// From this length on, pairs of 32- and 64-bit keys go through vqsort
// (Note [vectorized sort]): bench/kernels/bench_sort.cpp measured it 1.5-10x
// faster than the radix and merge sorts above these lengths, and slower
// below them.
template <class K>
constexpr int64_t kVqsortMin = sizeof(K) == 4 ? 128 : 1024;

// Sorts a[0, n) as one integer per pair (Note [vectorized sort]); false
// (nothing done) where a is not aligned for it.
template <class K>
bool vqsort_pairs(KeyIndex<K>* a, int64_t n) {
  if constexpr (sizeof(K) == 4) {
    static_assert(sizeof(KeyIndex<K>) == sizeof(uint64_t));
    vqsort(reinterpret_cast<uint64_t*>(a), n);
    return true;
  } else {
    static_assert(sizeof(K) == 8 && sizeof(KeyIndex<K>) == sizeof(Uint128));
    if (reinterpret_cast<uintptr_t>(a) % alignof(Uint128) != 0) return false;
    vqsort(reinterpret_cast<Uint128*>(a), n);
    return true;
  }
}

template <class K>
void insertion_sort(KeyIndex<K>* a, int64_t n) {
  for (int64_t i = 1; i < n; ++i) {
    const KeyIndex<K> v = a[i];
    int64_t j = i;
    for (; j > 0 && a[j - 1].key > v.key; --j) a[j] = a[j - 1];
    a[j] = v;
  }
}

// Moves a[i] to b[pos[digit(a[i])]++] for i in [0, n), through small
// per-digit buffers flushed a cache line or two at a time: scattering one
// pair at a time into 2^11 destinations misses the TLB and the store
// buffers on most writes (measured 25% slower on 2^20 float32 keys).
template <class K, class Digit>
void scatter_pass(const KeyIndex<K>* a, KeyIndex<K>* b, int64_t n, uint32_t* pos, uint32_t buckets,
                  const Digit& digit) {
  constexpr int W = 128 / sizeof(KeyIndex<K>);
  alignas(64) KeyIndex<K> buf[1u << kRadixBits<K>][W];
  uint8_t fill[1u << kRadixBits<K>];
  std::memset(fill, 0, buckets);
  for (int64_t i = 0; i < n; ++i) {
    const KeyIndex<K> v = a[i];
    const uint32_t d = digit(v.key);
    unsigned f = fill[d];
    buf[d][f] = v;
    if (++f == W) {
      std::memcpy(b + pos[d], buf[d], sizeof(buf[d]));
      pos[d] += W;
      f = 0;
    }
    fill[d] = static_cast<uint8_t>(f);
  }
  for (uint32_t d = 0; d < buckets; ++d) {
    std::memcpy(b + pos[d], buf[d], fill[d] * sizeof(KeyIndex<K>));
    pos[d] += fill[d];
  }
}

// LSD radix sort of a[0, n) by key, stable; b is scratch of n. Returns
// whichever of a and b holds the result.
template <class K>
KeyIndex<K>* radix_sort(KeyIndex<K>* a, KeyIndex<K>* b, int64_t n) {
  constexpr int bits = kRadixBits<K>, passes = kRadixPasses<K>;
  constexpr uint32_t buckets = 1u << bits, mask = buckets - 1;
  uint32_t count[passes][buckets];  // 24 KiB for 32-bit keys, 48 KiB for 64-bit
  std::memset(count, 0, sizeof(count));
  for (int64_t i = 0; i < n; ++i) {
    const K k = a[i].key;
    for (int p = 0; p < passes; ++p) ++count[p][(k >> (p * bits)) & mask];
  }
  for (int p = 0; p < passes; ++p) {
    uint32_t* c = count[p];
    // A digit every key shares moves nothing.
    if (c[(a[0].key >> (p * bits)) & mask] == static_cast<uint32_t>(n)) continue;
    uint32_t sum = 0;
    for (uint32_t d = 0; d < buckets; ++d) {
      const uint32_t v = c[d];
      c[d] = sum;
      sum += v;
    }
    const int shift = p * bits;
    scatter_pass(a, b, n, c, buckets, [shift](K k) { return static_cast<uint32_t>(k >> shift) & mask; });
    std::swap(a, b);
  }
  return a;
}

}  // namespace detail

// Sorts a[0, n) by key, ties by position (stable); b is scratch of n.
// Returns a or b, whichever holds the result.
template <class K>
KeyIndex<K>* sort_keys(KeyIndex<K>* a, KeyIndex<K>* b, int64_t n) {
  if (n <= detail::kInsertionMax) {
    detail::insertion_sort(a, n);
    return a;
  }
  if constexpr (sizeof(K) >= 4) {
    if (n >= detail::kVqsortMin<K> && detail::vqsort_pairs(a, n)) return a;
  }
  if (n < detail::kRadixMin) {
    std::stable_sort(a, a + n, [](const KeyIndex<K>& x, const KeyIndex<K>& y) { return x.key < y.key; });
    return a;
  }
  return detail::radix_sort(a, b, n);
}

}  // namespace ember::kernels
