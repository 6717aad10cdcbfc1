// The k-th smallest of a slice's Note [sort order] keys, and where the
// stable order puts it: kthvalue and median (kernels/select.h).
//
// Note [selection by partitions]: std::nth_element over (key, position)
// pairs took 33 us per slice of 2048 float32 (kthvalue along dim 1 of
// 2048^2: 68 ms against np.partition's 8.4), its comparisons mispredicting
// about every other time. Here the keys alone go through rounds that split
// them around a pivot (the median of three) into those below and those
// above it, without a branch on the data: every key is written to the
// ends of both parts and each end advances by its flag (with AVX-512, 16
// or 8 keys at a time, compressed in a register). The part holding k is split
// again; k falling among the keys equal to the pivot ends it. The key's
// position follows from the keys alone: with `below` keys smaller, the
// k-th of a stable sort is the (k - below)-th key equal to it in position
// order. A run of bad pivots (more than 64 rounds) finishes with
// std::nth_element; below 64 keys it finishes the selection.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace ember::kernels {

namespace select_key_detail {

#if defined(__AVX512F__)
// AVX-512's unsigned compares and compress for keys of 4 or 8 bytes.
template <size_t Bytes>
struct KeyLanes;
template <>
struct KeyLanes<4> {
  static constexpr int kCount = 16;
  static __m512i broadcast(uint32_t p) { return _mm512_set1_epi32(static_cast<int>(p)); }
  static __mmask16 less(__m512i a, __m512i b) { return _mm512_cmplt_epu32_mask(a, b); }
  static __mmask16 greater(__m512i a, __m512i b) { return _mm512_cmpgt_epu32_mask(a, b); }
  static __m512i compress(__mmask16 m, __m512i v) { return _mm512_maskz_compress_epi32(m, v); }
};
template <>
struct KeyLanes<8> {
  static constexpr int kCount = 8;
  static __m512i broadcast(uint64_t p) { return _mm512_set1_epi64(static_cast<long long>(p)); }
  static __mmask8 less(__m512i a, __m512i b) { return _mm512_cmplt_epu64_mask(a, b); }
  static __mmask8 greater(__m512i a, __m512i b) { return _mm512_cmpgt_epu64_mask(a, b); }
  static __m512i compress(__mmask8 m, __m512i v) { return _mm512_maskz_compress_epi64(m, v); }
};
#endif

// src[0, n) split around p: those below to lo[0, *below), those above to
// hi[0, *above); lo and hi hold n + 16 keys (the vector form writes whole
// registers).
template <class K>
void split(const K* src, int64_t n, K p, K* lo, K* hi, int64_t* below, int64_t* above) {
  int64_t nl = 0, nh = 0, i = 0;
#if defined(__AVX512F__)
  if constexpr (sizeof(K) == 4 || sizeof(K) == 8) {
    using L = KeyLanes<sizeof(K)>;
    const __m512i pv = L::broadcast(p);
    for (; i + L::kCount <= n; i += L::kCount) {
      const __m512i v = _mm512_loadu_si512(src + i);
      const auto l = L::less(v, pv), h = L::greater(v, pv);
      _mm512_storeu_si512(lo + nl, L::compress(l, v));
      _mm512_storeu_si512(hi + nh, L::compress(h, v));
      nl += __builtin_popcount(l);
      nh += __builtin_popcount(h);
    }
  }
#endif
  for (; i < n; ++i) {
    const K x = src[i];
    lo[nl] = x;
    hi[nh] = x;
    nl += x < p;
    nh += p < x;
  }
  *below = nl;
  *above = nh;
}

}  // namespace select_key_detail

// Scratch keys select_key needs for n keys.
inline int64_t select_key_scratch(int64_t n) { return 3 * (n + 16); }

// The k-th smallest (0-based, k < n) of keys[0, n). `buf` holds
// select_key_scratch(n) keys, keys[0, n) copied to its start; it is
// overwritten.
template <class K>
K select_key(K* buf, int64_t n, int64_t k) {
  K* parts[3] = {buf, buf + (n + 16), buf + 2 * (n + 16)};
  int src = 0;
  for (int round = 0; n >= 64; ++round) {
    K* const from = parts[src];
    if (round == 64) {
      std::nth_element(from, from + k, from + n);
      return from[k];
    }
    const K a = from[0], b = from[n / 2], c = from[n - 1];
    const K p = std::max(std::min(a, b), std::min(std::max(a, b), c));
    const int lo = (src + 1) % 3, hi = (src + 2) % 3;
    int64_t below, above;
    select_key_detail::split(from, n, p, parts[lo], parts[hi], &below, &above);
    if (k < below) {
      src = lo, n = below;
    } else if (k >= n - above) {
      k -= n - above;
      src = hi, n = above;
    } else {
      return p;
    }
  }
  K* const from = parts[src];
  std::nth_element(from, from + k, from + n);
  return from[k];
}

}  // namespace ember::kernels
