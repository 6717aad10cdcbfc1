// Dense rows of gather and index_select by AVX-512's gather instructions.
//
// Note [gather by lanes]: B12 (index_select of 2^20 random float32 from
// 2^20) is bound by its loads' cache misses, so by how many of them a core
// keeps in flight; that number is set by how many loads fit in the
// reorder buffer at once. A scalar loop spends 6-10 instructions on each
// element (read the index, wrap and test it, scale it, load, store); one
// vpgatherqd issues 8 loads behind about as many instructions of index
// arithmetic on 8 lanes. Harness on raw buffers, one thread, the variants
// in shuffled order for 60 rounds (session 43, Zen 4), ms min / median:
// the loop before (positions of 256 indices by an `omp simd` loop, then
// their loads) 2.10 / 3.02, a scalar loop with a clamp 1.62 / 2.21, this
// 1.26 / 2.29 (the medians swing with the neighbours' traffic).
// Elements of 4 and 8 bytes have gather instructions; the other sizes keep
// gather.h's loop.
#pragma once

#include <cstdint>

#if defined(__AVX512F__) && defined(__AVX512DQ__)
#include <immintrin.h>
#endif

#include "kernels/index_element.h"

namespace ember::kernels {

#if defined(__AVX512F__) && defined(__AVX512DQ__)
template <class S>
constexpr bool kGathersByLanes = sizeof(S) == 4 || sizeof(S) == 8;
#else
template <class S>
constexpr bool kGathersByLanes = false;
#endif

// out[i] = the S at src + i * ss + position(d, ix[i]) * d.stride for
// i < n, eight at a time. Returns -1, or the first i whose index is out
// of range (nothing from its group of eight on is written).
template <class S>
int64_t gather_by_lanes(S* out, const char* src, int64_t ss, const int64_t* ix, int64_t n, const IndexedDim& d);

#if defined(__AVX512F__) && defined(__AVX512DQ__)
template <class S>
int64_t gather_by_lanes(S* out, const char* src, int64_t ss, const int64_t* ix, int64_t n, const IndexedDim& d) {
  static_assert(kGathersByLanes<S>);
  const __m512i size = _mm512_set1_epi64(d.size), base = _mm512_set1_epi64(d.base);
  const __m512i stride = _mm512_set1_epi64(d.stride), step = _mm512_set1_epi64(8 * ss);
  const __mmask8 wrap = d.wrap ? 0xff : 0;
  __m512i along = _mm512_mullo_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), _mm512_set1_epi64(ss));
  for (int64_t i = 0; i < n; i += 8) {
    const __mmask8 live = n - i >= 8 ? 0xff : static_cast<__mmask8>((1u << (n - i)) - 1);
    // position(): raw - base, wrapped when negative, then the unsigned test.
    __m512i k = _mm512_sub_epi64(_mm512_maskz_loadu_epi64(live, ix + i), base);
    k = _mm512_mask_add_epi64(k, _mm512_mask_cmplt_epi64_mask(wrap, k, _mm512_setzero_si512()), k, size);
    const __mmask8 in_range = _mm512_mask_cmplt_epu64_mask(live, k, size);
    if (in_range != live) return i + __builtin_ctz(static_cast<unsigned>(live & ~in_range));
    const __m512i offset = _mm512_add_epi64(_mm512_mullo_epi64(k, stride), along);
    along = _mm512_add_epi64(along, step);
    if constexpr (sizeof(S) == 4)
      _mm256_mask_storeu_epi32(out + i, live, _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), live, offset, src, 1));
    else
      _mm512_mask_storeu_epi64(out + i, live, _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), live, offset, src, 1));
  }
  return -1;
}
#endif

}  // namespace ember::kernels
