// Integer GEMM's packing and register tile on AVX512-VNNI: products of
// 16-bit integers, for int32 by halves.
//
// Note [int32 gemm by halves]: an int32 multiply-add is vpmulld (two
// uops on one port) plus vpaddd, at most half the float FMA's rate per
// lane. VNNI's vpdpwssd does 2 products of 16-bit integers per 32-bit
// lane and adds both to the lane, at the FMA's rate (measured here).
// Split each int32 as v = 2^16 h + l with l its low 16 bits read as
// signed and h = (v - l) >> 16 (taken modulo 2^16: only h mod 2^16
// matters below); then
//   a b = 2^32 ah bh + 2^16 (ah bl + al bh) + al bl
//       = al bl + 2^16 (al bh + ah bl)            (mod 2^32),
// each product of two int16 and each pair of them fits an int32, and
// vpdpwssd wraps, so the sums are exact modulo 2^32, as int32 GEMM is
// (-fwrapv). Per two steps of k: al bl for both steps in one vpdpwssd,
// al bh + ah bl for each step in one more: three where float needs two
// FMAs. 512^2 int32 mm (B6): 3.7 ms against 5.0 with vpmulld, 2.05x
// sgemm's time (1.8 ms) where it was 2.7x. A tile of one A panel loads
// more than it multiplies (micro_tile_halves_pair); two A panels per
// tile took B6 from 1.99-2.13x sgemm's time to 1.89x (3.17 ms, sgemm
// 1.67, bench/compare.py).
//
// 8- and 16-bit integers are their own low halves (high halves zero): one
// vpdpwssd per two steps of k, their products summed exactly modulo 2^32
// as gemm_acc_t asks (Note [gemm accumulation]). 512^2 int8, uint8 and
// int16 mm: 1.7 ms against 4.4-4.7 with vpmulld.
//
// Packed layouts (per MR x NR panel pair, k in pairs, a missing k or row
// or column zero): A per k pair: the words (al_k, al_k+1) for 16 rows,
// then for int32 (al_k, ah_k), then (al_k+1, ah_k+1); B per k pair and
// column: (bl_k, bl_k+1) for the 6 columns, then for int32 (bh_k, bl_k),
// then (bh_k+1, bl_k+1). kWords<S> counts the words per lane and k pair.
#pragma once

#include <cstdint>

#if defined(__AVX512VNNI__) && defined(__AVX512F__)
#include <immintrin.h>
#define EMBER_GEMM_VNNI 1
#endif

namespace ember::kernels::gemm_vnni {

constexpr int kMR = 16;
constexpr int kNR = 6;

template <class S>
constexpr int kWords = sizeof(S) == 4 ? 3 : 1;

// int32 words per packed panel of `depth` steps: MR rows of A, NR columns of B.
template <class S>
constexpr int64_t a_panel_words(int64_t depth) {
  return (depth + 1) / 2 * kWords<S> * kMR;
}
template <class S>
constexpr int64_t b_panel_words(int64_t depth) {
  return (depth + 1) / 2 * kWords<S> * kNR;
}

// The signed low half of v and the high half that goes with it.
inline int16_t low_half(int32_t v) { return static_cast<int16_t>(static_cast<uint32_t>(v) & 0xffffu); }
inline int16_t high_half(int32_t v) {
  return static_cast<int16_t>((static_cast<uint32_t>(v) - static_cast<uint32_t>(static_cast<int32_t>(low_half(v)))) >> 16);
}
// Word 0 (the low one, as vpdpwssd pairs them) x, word 1 y.
inline int32_t words(int16_t x, int16_t y) {
  return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint16_t>(x)) |
                              (static_cast<uint32_t>(static_cast<uint16_t>(y)) << 16));
}

// The packed words of n lanes from their values v0 (step k) and v1
// (step k + 1): (l0, l1); for Words == 3 then step k's halves and step
// k + 1's, (l, h) for A and (h, l) for B; each group of words `lanes`
// apart.
template <int Words, bool HighFirst>
inline void pack_words(int n, const int32_t* v0, const int32_t* v1, int32_t* out, int lanes) {
  for (int i = 0; i < n; ++i) out[i] = words(low_half(v0[i]), low_half(v1[i]));
  if constexpr (Words == 3) {
    for (int i = 0; i < n; ++i) {
      out[lanes + i] = HighFirst ? words(high_half(v0[i]), low_half(v0[i])) : words(low_half(v0[i]), high_half(v0[i]));
      out[2 * lanes + i] =
          HighFirst ? words(high_half(v1[i]), low_half(v1[i])) : words(low_half(v1[i]), high_half(v1[i]));
    }
  }
}

// Panels of Lanes lanes (rows of op(A), columns of op(B)) over depth
// steps of k, lane i of step p at x[i * lane_stride + p * step_stride].
// Where each lane runs along k (step_stride 1: op(A) row-major), a
// lane at a time: gathering a step's lanes into an array and reading it
// back as vectors stalled on the stores (B6 int8 on AMD Zen 4: A's
// packing took 30% of the time on two threads).
template <int Lanes, bool HighFirst, class S>
void pack_panels(const S* x, int64_t lane_stride, int64_t step_stride, int64_t lanes, int64_t depth, int32_t* out) {
  constexpr int W = kWords<S>;
  for (int64_t r = 0; r < lanes; r += Lanes, out += (depth + 1) / 2 * W * Lanes) {
    const int n = static_cast<int>(lanes - r < Lanes ? lanes - r : Lanes);
    if (step_stride == 1 && lane_stride != 1) {
      for (int i = 0; i < Lanes; ++i) {
        const S* src = x + (r + (i < n ? i : 0)) * lane_stride;
        int32_t* dst = out + i;
        for (int64_t p = 0; p < depth; p += 2, dst += W * Lanes) {
          const int32_t v0 = i < n ? static_cast<int32_t>(src[p]) : 0;
          const int32_t v1 = i < n && p + 1 < depth ? static_cast<int32_t>(src[p + 1]) : 0;
          pack_words<W, HighFirst>(1, &v0, &v1, dst, Lanes);
        }
      }
      continue;
    }
    int32_t* dst = out;
    for (int64_t p = 0; p < depth; p += 2, dst += kWords<S> * Lanes) {
      int32_t v0[Lanes] = {}, v1[Lanes] = {};
      const S* s0 = x + r * lane_stride + p * step_stride;
      const bool pair = p + 1 < depth;
      if (lane_stride == 1) {  // e.g. columns of op(A): the common case, kept vectorizable
        for (int i = 0; i < n; ++i) v0[i] = s0[i];
        if (pair)
          for (int i = 0; i < n; ++i) v1[i] = s0[step_stride + i];
      } else {
        for (int i = 0; i < n; ++i) v0[i] = s0[i * lane_stride];
        if (pair)
          for (int i = 0; i < n; ++i) v1[i] = s0[step_stride + i * lane_stride];
      }
      pack_words<W, HighFirst>(Lanes, v0, v1, dst, Lanes);
    }
  }
}

// rows x depth of op(A) as MR-row panels, op(A)(i, p) = a[i * rs + p * cs].
template <class S>
void pack_a(const S* a, int64_t rs, int64_t cs, int64_t rows, int64_t depth, int32_t* out) {
  pack_panels<kMR, false>(a, rs, cs, rows, depth, out);
}

// depth x cols of op(B) as NR-column panels, op(B)(p, j) = b[p * ps + j * js].
template <class S>
void pack_b(const S* b, int64_t ps, int64_t js, int64_t depth, int64_t cols, int32_t* out) {
  pack_panels<kNR, true>(b, js, ps, cols, depth, out);
}

#if defined(EMBER_GEMM_VNNI)
// acc (NR columns of MR, wrapping) = the panel product over depth, for
// values that are their own low halves.
inline void micro_tile_narrow(int64_t depth, const int32_t* __restrict ap, const int32_t* __restrict bp,
                              int32_t* __restrict acc) {
  static_assert(kNR == 6, "one accumulator per column below");
  __m512i l0 = _mm512_setzero_si512(), l1 = l0, l2 = l0, l3 = l0, l4 = l0, l5 = l0;
  for (int64_t p = 0; p < depth; p += 2, ap += kMR, bp += kNR) {
    const __m512i a = _mm512_loadu_si512(ap);
    l0 = _mm512_dpwssd_epi32(l0, a, _mm512_set1_epi32(bp[0]));
    l1 = _mm512_dpwssd_epi32(l1, a, _mm512_set1_epi32(bp[1]));
    l2 = _mm512_dpwssd_epi32(l2, a, _mm512_set1_epi32(bp[2]));
    l3 = _mm512_dpwssd_epi32(l3, a, _mm512_set1_epi32(bp[3]));
    l4 = _mm512_dpwssd_epi32(l4, a, _mm512_set1_epi32(bp[4]));
    l5 = _mm512_dpwssd_epi32(l5, a, _mm512_set1_epi32(bp[5]));
  }
  const __m512i low[kNR] = {l0, l1, l2, l3, l4, l5};
  for (int j = 0; j < kNR; ++j) _mm512_storeu_si512(acc + j * kMR, low[j]);
}

// acc (NR columns of MR, wrapping) = the panel product over depth, for
// int32 by halves. Twelve named accumulators, both cross products of a
// column in one: with 18 (or an array) GCC 12 copied each accumulator in
// and out of another register every step, 1.5x slower. The two updates
// of a cross accumulator are issued apart, so its dependency chain stays
// shorter than the step.
inline void micro_tile_halves(int64_t depth, const int32_t* __restrict ap, const int32_t* __restrict bp,
                              int32_t* __restrict acc) {
  static_assert(kNR == 6, "one accumulator pair per column below");
  __m512i l0 = _mm512_setzero_si512(), l1 = l0, l2 = l0, l3 = l0, l4 = l0, l5 = l0;
  __m512i x0 = l0, x1 = l0, x2 = l0, x3 = l0, x4 = l0, x5 = l0;
  for (int64_t p = 0; p < depth; p += 2, ap += 3 * kMR, bp += 3 * kNR) {
    const __m512i a_low = _mm512_loadu_si512(ap);
    const __m512i a0 = _mm512_loadu_si512(ap + kMR);
    const __m512i a1 = _mm512_loadu_si512(ap + 2 * kMR);
#define EMBER_VNNI_FIRST(j)                                          \
  l##j = _mm512_dpwssd_epi32(l##j, a_low, _mm512_set1_epi32(bp[j])); \
  x##j = _mm512_dpwssd_epi32(x##j, a0, _mm512_set1_epi32(bp[kNR + j]));
#define EMBER_VNNI_SECOND(j) x##j = _mm512_dpwssd_epi32(x##j, a1, _mm512_set1_epi32(bp[2 * kNR + j]));
    EMBER_VNNI_FIRST(0) EMBER_VNNI_FIRST(1) EMBER_VNNI_FIRST(2)
    EMBER_VNNI_FIRST(3) EMBER_VNNI_FIRST(4) EMBER_VNNI_FIRST(5)
    EMBER_VNNI_SECOND(0) EMBER_VNNI_SECOND(1) EMBER_VNNI_SECOND(2)
    EMBER_VNNI_SECOND(3) EMBER_VNNI_SECOND(4) EMBER_VNNI_SECOND(5)
#undef EMBER_VNNI_FIRST
#undef EMBER_VNNI_SECOND
  }
  const __m512i low[kNR] = {l0, l1, l2, l3, l4, l5};
  const __m512i cross[kNR] = {x0, x1, x2, x3, x4, x5};
  for (int j = 0; j < kNR; ++j)
    _mm512_storeu_si512(acc + j * kMR, _mm512_add_epi32(low[j], _mm512_slli_epi32(cross[j], 16)));
}

// micro_tile_halves for two A panels, ap and aq (tiles acc and acc2),
// against one B panel: each broadcast of B then feeds two products, and
// the loads no longer outnumber the products (21 loads for 18 products
// a step above, 24 for 36 here). 512^2 int32 mm: the tiles 2.6-2.7 ms
// against 3.5-3.7 one panel at a time. 24 named accumulators, the
// twelve above per panel, both cross products of a column in one.
inline void micro_tile_halves_pair(int64_t depth, const int32_t* __restrict ap, const int32_t* __restrict aq,
                                   const int32_t* __restrict bp, int32_t* __restrict acc, int32_t* __restrict acc2) {
  static_assert(kNR == 6, "one accumulator pair per column and panel below");
  __m512i l0 = _mm512_setzero_si512(), l1 = l0, l2 = l0, l3 = l0, l4 = l0, l5 = l0;
  __m512i x0 = l0, x1 = l0, x2 = l0, x3 = l0, x4 = l0, x5 = l0;
  __m512i m0 = l0, m1 = l0, m2 = l0, m3 = l0, m4 = l0, m5 = l0;
  __m512i y0 = l0, y1 = l0, y2 = l0, y3 = l0, y4 = l0, y5 = l0;
  for (int64_t p = 0; p < depth; p += 2, ap += 3 * kMR, aq += 3 * kMR, bp += 3 * kNR) {
    const __m512i a_low = _mm512_loadu_si512(ap), q_low = _mm512_loadu_si512(aq);
    const __m512i a0 = _mm512_loadu_si512(ap + kMR), q0 = _mm512_loadu_si512(aq + kMR);
#define EMBER_VNNI_FIRST(j)                                    {                                                              const __m512i bl = _mm512_set1_epi32(bp[j]);                 l##j = _mm512_dpwssd_epi32(l##j, a_low, bl);                 m##j = _mm512_dpwssd_epi32(m##j, q_low, bl);                 const __m512i bx = _mm512_set1_epi32(bp[kNR + j]);           x##j = _mm512_dpwssd_epi32(x##j, a0, bx);                    y##j = _mm512_dpwssd_epi32(y##j, q0, bx);                  }
    EMBER_VNNI_FIRST(0) EMBER_VNNI_FIRST(1) EMBER_VNNI_FIRST(2)
    EMBER_VNNI_FIRST(3) EMBER_VNNI_FIRST(4) EMBER_VNNI_FIRST(5)
#undef EMBER_VNNI_FIRST
    const __m512i a1 = _mm512_loadu_si512(ap + 2 * kMR), q1 = _mm512_loadu_si512(aq + 2 * kMR);
#define EMBER_VNNI_SECOND(j)                                   {                                                              const __m512i bx = _mm512_set1_epi32(bp[2 * kNR + j]);       x##j = _mm512_dpwssd_epi32(x##j, a1, bx);                    y##j = _mm512_dpwssd_epi32(y##j, q1, bx);                  }
    EMBER_VNNI_SECOND(0) EMBER_VNNI_SECOND(1) EMBER_VNNI_SECOND(2)
    EMBER_VNNI_SECOND(3) EMBER_VNNI_SECOND(4) EMBER_VNNI_SECOND(5)
#undef EMBER_VNNI_SECOND
  }
  const __m512i low[kNR] = {l0, l1, l2, l3, l4, l5}, cross[kNR] = {x0, x1, x2, x3, x4, x5};
  const __m512i low2[kNR] = {m0, m1, m2, m3, m4, m5}, cross2[kNR] = {y0, y1, y2, y3, y4, y5};
  for (int j = 0; j < kNR; ++j) {
    _mm512_storeu_si512(acc + j * kMR, _mm512_add_epi32(low[j], _mm512_slli_epi32(cross[j], 16)));
    _mm512_storeu_si512(acc2 + j * kMR, _mm512_add_epi32(low2[j], _mm512_slli_epi32(cross2[j], 16)));
  }
}
#endif

}  // namespace ember::kernels::gemm_vnni
