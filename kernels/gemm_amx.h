// GEMM's packing and tile kernel on AMX, the tile unit of recent Xeons:
// 8- to 32-bit integers as bytes, and BFloat16.
//
// Note [integer gemm by bytes]: AMX's TDPBUUD adds to each int32 of a
// 16 x 16 tile the dot products of 16 groups of four unsigned bytes, 16
// times the products a 512-bit vpdpwssd makes per cycle. Write each
// E-byte integer as its unsigned bytes, v = sum_j 2^8j v_j; then
//   a b = sum_{s<E} 2^8s sum_{i+j=s} a_i b_j          (mod 2^8E),
// and the inner sum of scale s is one group of four when a's bytes in
// memory order (a_0, a_1, ...) meet b's reversed and shifted down,
// (b_s, ..., b_0, 0, ...): E tile products per 16 x 16 block of C and 64
// bytes of k. The tile's sums wrap modulo 2^32, so each scale's sum is
// exact modulo 2^32 and C = sum_s 2^8s T_s modulo 2^8E, as C's type
// wraps (-fwrapv; Note [gemm accumulation] asks the same of the int32
// sums of 8- and 16-bit integers, which only their low bits enter).
// For int32 that is 4 tile products per 16 x 16 x 16 block, where float
// needs 16 x 16 FMAs of 16 lanes.
//
// BFloat16 is one scale of its own: TDPBF16PS adds to each float of the
// tile the products of 16 pairs of bfloat16 (exact in float), over the
// whole depth in one pass (kc = k: each element of C rounded by the
// float sums alone, Note [gemm accumulation]). Unlike the vector path it
// takes subnormal inputs and sums as zero (AMX's bfloat16 arithmetic
// flushes them, whatever MXCSR says); products below 2^-126 are lost.
//
// A tile's rows are C's columns (a panel of op(B) in k order) and its
// columns C's rows (a panel of op(A), scaled), so a stored tile is the
// column-major block that gemm's store_tile takes.
//
// Packed layouts, a missing k, row or column zero: op(B) per panel of 16
// columns, per step of kStep<S> values of k: the step's values of each
// column in turn (a 16 x 64-byte tile). op(A) per panel of 16 rows, per
// step and scale s: the tile whose row q holds, for each of the 16 rows
// of op(A), its 4 / E values of k from q * 4 / E on, scaled<s>(v).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ember/half.h"

#if defined(__AMX_TILE__) && defined(__AMX_INT8__) && defined(__linux__)
#include <immintrin.h>
#include <sys/syscall.h>
#include <unistd.h>
#define EMBER_GEMM_AMX 1
#if defined(__AMX_BF16__)
#define EMBER_GEMM_AMX_BF16 1
#endif
#endif

namespace ember::kernels::gemm_amx {

template <class S>
constexpr bool kBFloat16 = std::is_same_v<S, BFloat16>;
#if defined(EMBER_GEMM_AMX_BF16)
constexpr bool kHasBFloat16 = true;
#else
constexpr bool kHasBFloat16 = false;
#endif
// The element types the tiles take (where the build has AMX).
template <class S>
constexpr bool kRuns = (std::is_integral_v<S> && sizeof(S) <= 4) || (kBFloat16<S> && kHasBFloat16);
// Tile products per block of C and step of k: one per byte of an integer.
template <class S>
constexpr int kScales = kBFloat16<S> ? 1 : static_cast<int>(sizeof(S));
// S's bits as an unsigned integer.
template <class S>
using Bits = std::conditional_t<kBFloat16<S>, uint16_t, std::make_unsigned_t<std::conditional_t<kBFloat16<S>, int, S>>>;

constexpr int kLanes = 16;       // C's rows and columns per tile
constexpr int kTileBytes = 1024;  // 16 rows of 64 bytes
template <class S>
constexpr int64_t kStep = 64 / static_cast<int64_t>(sizeof(S));  // k per tile step

// k per depth block: a panel of op(A) with its scales in 32 KiB, so that
// it stays in L1 (48 KiB) beside a panel of op(B) (a quarter of that for
// int32) while op(B)'s panels stream past it. 512^2 int32 mm: 35 ns a
// step of 4 tile products with depth 128 against 53 with 256.
template <class S>
constexpr int64_t kDepth = 32 * 1024 / (kLanes * int64_t{sizeof(S)} * int64_t{sizeof(S)});

template <class S>
constexpr int64_t steps(int64_t depth) {
  return (depth + kStep<S> - 1) / kStep<S>;
}
// int32 words per packed panel of `depth` steps of k: 16 columns of op(B);
// 16 rows of op(A), one tile per scale and step.
template <class S>
constexpr int64_t b_panel_words(int64_t depth) {
  return steps<S>(depth) * kTileBytes / 4;
}
template <class S>
constexpr int64_t a_panel_words(int64_t depth) {
  return kScales<S> * b_panel_words<S>(depth);
}

// v's bytes reversed, shifted down to (v_s, ..., v_0, 0, ...); s is a
// constant so that the packing loops vectorize. A bfloat16 as it is.
template <int s, class S>
inline Bits<S> scaled(S v) {
  using U = Bits<S>;
  if constexpr (kBFloat16<S>) return v.x;
  U r = static_cast<U>(v);
  if constexpr (sizeof(S) == 2) r = __builtin_bswap16(r);
  if constexpr (sizeof(S) == 4) r = __builtin_bswap32(r);
  return static_cast<U>(r >> (8 * (static_cast<int>(sizeof(S)) - 1 - s)));
}

// depth x cols of op(B), op(B)(p, j) = b[p * ps + j * js], as panels of
// 16 columns.
template <class S, class A>
void pack_b(const S* b, int64_t ps, int64_t js, int64_t depth, int64_t cols, A* out) {
  constexpr int64_t K = kStep<S>;
  for (int64_t c = 0; c < cols; c += kLanes, out += b_panel_words<S>(depth)) {
    S* dst = reinterpret_cast<S*>(out);
    for (int64_t st = 0; st < steps<S>(depth); ++st) {
      for (int j = 0; j < kLanes; ++j, dst += K) {
        const int64_t n = c + j < cols ? std::min(K, depth - st * K) : 0;
        const S* src = n > 0 ? b + st * K * ps + (c + j) * js : b;  // no pointer past op(B)
        if (n == K && ps == 1) {  // a whole step of a column of op(B): one 64-byte copy, not a memmove call
          std::memcpy(dst, src, 64);
          continue;
        }
        for (int64_t e = 0; e < n; ++e) dst[e] = src[e * ps];
        for (int64_t e = n; e < K; ++e) dst[e] = S(0);
      }
    }
  }
}

// One tile row of scale s: word i holds row i's 4 / E values of v at
// consecutive depths, the lowest depth in the lowest bytes.
template <int s, class S>
inline __attribute__((always_inline)) void put_words(const S (&v)[4 / sizeof(S)][kLanes], char* dst) {
  constexpr int E = sizeof(S);
  uint32_t words[kLanes];
#pragma omp simd
  for (int i = 0; i < kLanes; ++i) {
    uint32_t w = static_cast<uint32_t>(scaled<s>(v[0][i]));
    if constexpr (E <= 2) w |= static_cast<uint32_t>(scaled<s>(v[1][i])) << (8 * E);
    if constexpr (E == 1)
      w |= static_cast<uint32_t>(scaled<s>(v[2][i])) << 16 | static_cast<uint32_t>(scaled<s>(v[3][i])) << 24;
    words[i] = w;
  }
  std::memcpy(dst, words, sizeof(words));
}

// rows x depth of op(A), op(A)(i, p) = a[i * rs + p * cs], as panels of
// 16 rows with their E scales. Each tile row (16 words) is built in
// registers and stored whole; the panels are filled side by side, tile
// row by tile row, so that a column of op(A) is read down its length
// (byte stores, and a pass per panel over op(A)'s lines, took a quarter
// of int8 gemm's time).
template <class S, class A>
void pack_a(const S* a, int64_t rs, int64_t cs, int64_t rows, int64_t depth, A* out) {
  constexpr int kGroup = 4 / sizeof(S);
  for (int64_t st = 0; st < steps<S>(depth); ++st) {
    for (int q = 0; q < kLanes; ++q) {
      for (int64_t r = 0; r < rows; r += kLanes) {
        const int n = static_cast<int>(std::min<int64_t>(kLanes, rows - r));
        char* tiles = reinterpret_cast<char*>(out + r / kLanes * a_panel_words<S>(depth)) +
                      (st * kScales<S> * kTileBytes + q * kLanes * 4);
        S v[kGroup][kLanes];
        for (int g = 0; g < kGroup; ++g) {
          const int64_t p = st * kStep<S> + q * kGroup + g;
          const S* src = p < depth ? a + r * rs + p * cs : a;  // no pointer past op(A)
          if (p < depth && n == kLanes && rs == 1) {  // part of a column of op(A): one copy
            std::memcpy(v[g], src, sizeof(v[g]));
            continue;
          }
          for (int i = 0; i < kLanes; ++i) v[g][i] = p < depth && i < n ? src[i * rs] : S(0);
        }
        put_words<0>(v, tiles);
        if constexpr (kScales<S> >= 2) put_words<1>(v, tiles + kTileBytes);
        if constexpr (kScales<S> == 4) {
          put_words<2>(v, tiles + 2 * kTileBytes);
          put_words<3>(v, tiles + 3 * kTileBytes);
        }
      }
    }
  }
}

#if defined(EMBER_GEMM_AMX)
// Linux gives a process AMX's tile state on request only; without it the
// first tile instruction faults. Asked once; false where the kernel or
// the CPU has no AMX.
inline bool usable() {
  static const bool granted = [] {
    constexpr int kRequestPermission = 0x1023;  // ARCH_REQ_XCOMP_PERM
    constexpr int kTileData = 18;               // XFEATURE_XTILEDATA
    return syscall(SYS_arch_prctl, kRequestPermission, kTileData) == 0;
  }();
  return granted;
}

// The tile configuration on this thread while it lives: eight tiles of 16
// rows of 64 bytes (0-3 the scales' sums, 4 a step of op(B), 5-7 op(A)'s).
class Tiles {
 public:
  Tiles() {
    struct alignas(64) {
      uint8_t palette = 1, start_row = 0, reserved[14] = {};
      uint16_t bytes_per_row[16] = {};
      uint8_t rows[16] = {};
    } config;
    for (int t = 0; t < 8; ++t) {
      config.bytes_per_row[t] = 64;
      config.rows[t] = kLanes;
    }
    _tile_loadconfig(&config);
  }
  ~Tiles() { _tile_release(); }
  Tiles(const Tiles&) = delete;
  Tiles& operator=(const Tiles&) = delete;
};

// acc (16 columns of 16 C rows) = the panel product over depth, wrapping
// for integers, in float for BFloat16; a Tiles must be live on the
// thread.
template <class S, class A>
inline void micro_tile(int64_t depth, const A* ap, const A* bp, A* acc) {
  constexpr int E = kScales<S>;
  const char* a = reinterpret_cast<const char*>(ap);
  const char* b = reinterpret_cast<const char*>(bp);
  _tile_zero(0);
  if constexpr (E >= 2) _tile_zero(1);
  if constexpr (E == 4) {
    _tile_zero(2);
    _tile_zero(3);
  }
  for (int64_t st = steps<S>(depth); st > 0; --st, b += kTileBytes, a += E * kTileBytes) {
    _tile_loadd(4, b, 64);
    _tile_loadd(5, a, 64);
    if constexpr (kBFloat16<S>) {
      _tile_dpbf16ps(0, 4, 5);
    } else {
      _tile_dpbuud(0, 4, 5);
    }
    if constexpr (E >= 2) {
      _tile_loadd(6, a + kTileBytes, 64);
      _tile_dpbuud(1, 4, 6);
    }
    if constexpr (E == 4) {
      _tile_loadd(7, a + 2 * kTileBytes, 64);
      _tile_dpbuud(2, 4, 7);
      _tile_loadd(5, a + 3 * kTileBytes, 64);
      _tile_dpbuud(3, 4, 5);
    }
  }
  if constexpr (kBFloat16<S>) {
    _tile_stored(0, acc, 64);
  } else {
    alignas(64) uint32_t sums[E][kLanes * kLanes];
    _tile_stored(0, sums[0], 64);
    if constexpr (E >= 2) _tile_stored(1, sums[1], 64);
    if constexpr (E == 4) {
      _tile_stored(2, sums[2], 64);
      _tile_stored(3, sums[3], 64);
    }
    for (int i = 0; i < kLanes * kLanes; ++i) {
      uint32_t v = sums[0][i];
      for (int s = 1; s < E; ++s) v += sums[s][i] << (8 * s);
      acc[i] = static_cast<int32_t>(v);
    }
  }
}
#else
inline bool usable() { return false; }
// Named by gemm's AMX branch, never instantiated without AMX.
struct Tiles {};
template <class S, class A>
void micro_tile(int64_t depth, const A* ap, const A* bp, A* acc);
#endif

}  // namespace ember::kernels::gemm_amx
