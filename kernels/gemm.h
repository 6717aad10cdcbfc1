// C = alpha * op(A) * op(B) + beta * C in BLAS's column-major terms, for
// every element type: the path of the dtypes OpenBLAS has no routine for
// (integers, Half, BFloat16), and of Float/Double where OpenBLAS's 32-bit
// arguments do not reach. Goto's blocking: op(B) is packed in kc x nc
// blocks of NR-column panels, op(A) in mc x kc blocks of MR-row panels,
// and a register tile of MR x NR accumulators sums one panel pair.
//
// Note [gemm accumulation]: products are summed in gemm_acc_t<T>:
//   - float for Half and BFloat16, over the whole k extent in one pass
//     (kc = k), so each element of C is rounded once;
//   - the type itself for float, double, int32 and int64: C accumulates
//     across kc blocks, as in BLAS;
//   - int32 for 8- and 16-bit integers: wrapping arithmetic in a wider type
//     leaves the same low bits as wrapping in the type itself (-fwrapv), so
//     results are exact modulo 2^bits, and int32 multiplies vectorize.
// Each element of C is summed by one thread, in an order that depends on
// k only, so results do not depend on the thread count.
//
// Integers of up to 32 bits run on AMX's tiles as bytes, and BFloat16 on
// its bfloat16 tiles, where the CPU and Linux allow it
// (kernels/gemm_amx.h, Note [integer gemm by bytes]; tiles of 16 x 16,
// their own depth block), and integers otherwise on AVX512-VNNI as
// 16-bit integers (int32 by halves; kernels/gemm_vnni.h, Note [int32 gemm
// by halves]): their own packing and register tile, the same blocking
// and tile shape.
//
// Note [gemm zeros]: as BLAS, beta == 0 means C is not read (NaN and Inf
// in it vanish), and alpha == 0 or k == 0 means A and B are not read.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>

#include "kernels/gemm_amx.h"
#include "kernels/gemm_vnni.h"
#include "kernels/opmath.h"
#include "kernels/parallel.h"

namespace ember::kernels {

template <class T>
using gemm_acc_t = std::conditional_t<is_reduced_float_v<T>, float,
                                      std::conditional_t<std::is_integral_v<T> && (sizeof(T) < 4), int32_t, T>>;

#if defined(EMBER_GEMM_AMX)
template <class T>
inline constexpr bool gemm_amx_v = gemm_amx::kRuns<T>;
#else
template <class T>
inline constexpr bool gemm_amx_v = false;
#endif
#if defined(EMBER_GEMM_VNNI)
template <class T>
inline constexpr bool gemm_vnni_v = std::is_integral_v<T> && sizeof(T) <= 4;
#else
template <class T>
inline constexpr bool gemm_vnni_v = false;
#endif

namespace gemm_detail {

// Register tile: 64 bytes of rows (one 512-bit vector) times six columns;
// six accumulators and the A row stay in registers (checked in the
// generated code of micro_tile<float>).
template <class A>
constexpr int kMR = 64 / static_cast<int>(sizeof(A));
constexpr int kNR = 6;
// Bytes of packed op(A) per mc x kc block (about half of L2) and of packed
// op(B) per kc x nc block (a slice of L3); kc for the blocked types.
constexpr int64_t kABlockBytes = 256 * 1024;
constexpr int64_t kBBlockBytes = 2 * 1024 * 1024;
constexpr int64_t kDepth = 256;
// Multiply-adds below which a block stays on one thread. AMX's blocks
// need more: 512^2 int32 mm (blocks of 2^23) took 3.6-4.1 ms on two
// threads against 2.1 on one (why is not known yet; both threads stream
// the panels of op(B) one packed), 2.15 with its blocks on one thread.
constexpr int64_t kParallelWork = int64_t{1} << 18;
constexpr int64_t kAmxParallelWork = int64_t{1} << 24;

// 64-byte aligned scratch that never throws (parallel regions must not).
template <class A>
struct Scratch {
  A* p = nullptr;
  explicit Scratch(int64_t n)
      : p(static_cast<A*>(::operator new(static_cast<size_t>(n) * sizeof(A), std::align_val_t(64), std::nothrow))) {}
  ~Scratch() {
    if (p) ::operator delete(p, std::align_val_t(64));
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
};

// op(X)(i, p) of a column-major X: X[i + p*ld], or X[p + i*ld] transposed.
template <class T>
inline const T* at(const T* x, bool trans, int64_t ld, int64_t i, int64_t p) {
  return trans ? x + p + i * ld : x + i + p * ld;
}

// rows x depth of op(A) from (i0, p0) as MR-row panels, panel-major:
// panel r holds rows [r*MR, r*MR + MR) as depth columns of MR values,
// zero-padded past the last row.
template <class T, class A>
void pack_a(const T* a, bool trans, int64_t lda, int64_t i0, int64_t p0, int64_t rows, int64_t depth, A* out) {
  constexpr int MR = kMR<A>;
  for (int64_t r = 0; r < rows; r += MR, out += MR * depth) {
    const int64_t mr = std::min<int64_t>(MR, rows - r);
    for (int64_t p = 0; p < depth; ++p) {
      A* dst = out + p * MR;
      if (!trans) {
        const T* src = at(a, false, lda, i0 + r, p0 + p);
        for (int64_t i = 0; i < mr; ++i) dst[i] = static_cast<A>(src[i]);
      } else {
        for (int64_t i = 0; i < mr; ++i) dst[i] = static_cast<A>(*at(a, true, lda, i0 + r + i, p0 + p));
      }
      for (int64_t i = mr; i < MR; ++i) dst[i] = A(0);
    }
  }
}

// depth x cols of op(B) from (p0, j0) as NR-column panels: panel c holds
// columns [c*NR, c*NR + NR) as depth rows of NR values, zero-padded.
template <class T, class A>
void pack_b(const T* b, bool trans, int64_t ldb, int64_t p0, int64_t j0, int64_t depth, int64_t cols, A* out) {
  for (int64_t c = 0; c < cols; c += kNR, out += kNR * depth) {
    const int64_t nr = std::min<int64_t>(kNR, cols - c);
    for (int64_t p = 0; p < depth; ++p) {
      A* dst = out + p * kNR;
      for (int64_t j = 0; j < nr; ++j) dst[j] = static_cast<A>(*at(b, !trans, ldb, j0 + c + j, p0 + p));
      for (int64_t j = nr; j < kNR; ++j) dst[j] = A(0);
    }
  }
}

// acc (NR columns of MR) = the panel product over depth.
template <class A>
inline void micro_tile(int64_t depth, const A* __restrict ap, const A* __restrict bp, A* __restrict acc) {
  constexpr int MR = kMR<A>;
  A c[kNR][MR] = {};
  for (int64_t p = 0; p < depth; ++p) {
    const A* ar = ap + p * MR;
    const A* br = bp + p * kNR;
#pragma GCC unroll 6
    for (int j = 0; j < kNR; ++j) {
      const A bj = br[j];
#pragma omp simd
      for (int i = 0; i < MR; ++i) c[j][i] += ar[i] * bj;
    }
  }
  for (int j = 0; j < kNR; ++j)
    for (int i = 0; i < MR; ++i) acc[j * MR + i] = c[j][i];
}

// C tile (rows x cols at c, column stride ldc) from the accumulators: the
// first depth block applies beta (Note [gemm zeros]), later ones add.
template <class T, class A>
inline void store_tile(const A* acc, int64_t rows, int64_t cols, A alpha, A beta, bool first, T* c, int64_t ldc) {
  constexpr int MR = kMR<A>;
  for (int64_t j = 0; j < cols; ++j) {
    T* cj = c + j * ldc;
    const A* aj = acc + j * MR;
    if (first && beta == A(0)) {
#pragma omp simd
      for (int64_t i = 0; i < rows; ++i) cj[i] = static_cast<T>(alpha * aj[i]);
    } else if (first) {
#pragma omp simd
      for (int64_t i = 0; i < rows; ++i) cj[i] = static_cast<T>(beta * static_cast<A>(cj[i]) + alpha * aj[i]);
    } else {
#pragma omp simd
      for (int64_t i = 0; i < rows; ++i) cj[i] = static_cast<T>(static_cast<A>(cj[i]) + alpha * aj[i]);
    }
  }
}

}  // namespace gemm_detail

// C = beta * C for an m x n column-major C; beta == 0 writes zeros.
template <class T>
void scale_matrix(int64_t m, int64_t n, gemm_acc_t<T> beta, T* c, int64_t ldc) {
  using A = gemm_acc_t<T>;
  if (beta == A(1)) return;
  for (int64_t j = 0; j < n; ++j) {
    T* cj = c + j * ldc;
    if (beta == A(0)) {
      for (int64_t i = 0; i < m; ++i) cj[i] = T(0);
    } else {
      for (int64_t i = 0; i < m; ++i) cj[i] = static_cast<T>(beta * static_cast<A>(cj[i]));
    }
  }
}

namespace gemm_detail {

// gemm below on one path: AMX's tiles (kernels/gemm_amx.h) or the register
// tile, VNNI's for integers where it has one.
template <class T, bool Amx>
bool gemm_blocked(bool transa, bool transb, int64_t m, int64_t n, int64_t k, gemm_acc_t<T> alpha, const T* a,
                  int64_t lda, const T* b, int64_t ldb, gemm_acc_t<T> beta, T* c, int64_t ldc) {
  using A = gemm_acc_t<T>;
  constexpr int MR = kMR<A>;
  constexpr int NR = Amx ? gemm_amx::kLanes : kNR;
  constexpr bool vnni = gemm_vnni_v<T> && !Amx;
  static_assert(!vnni || (gemm_vnni::kMR == MR && gemm_vnni::kNR == kNR), "VNNI's tile is the plain one's");
  static_assert(!Amx || gemm_amx::kLanes == MR, "AMX's tile is 16 int32 rows");
  const int64_t kc = is_reduced_float_v<T> ? k : std::min(k, Amx ? gemm_amx::kDepth<T> : kDepth);
  // Words of one packed panel of op(A) (MR rows) and of op(B) (NR columns).
  auto a_panel = [](int64_t depth) {
    return Amx ? gemm_amx::a_panel_words<T>(depth) : vnni ? gemm_vnni::a_panel_words<T>(depth) : MR * depth;
  };
  auto b_panel = [](int64_t depth) {
    return Amx ? gemm_amx::b_panel_words<T>(depth) : vnni ? gemm_vnni::b_panel_words<T>(depth) : NR * depth;
  };
  const int64_t a_rows = std::max<int64_t>(MR, kABlockBytes / (a_panel(kc) * int64_t{sizeof(A)}) * MR);
  const int64_t mc = std::min(a_rows, (m + MR - 1) / MR * MR);
  const int64_t b_cols = std::max<int64_t>(NR, kBBlockBytes / static_cast<int64_t>(kc * sizeof(A)) / NR * NR);
  const int64_t nc = std::min(b_cols, (n + NR - 1) / NR * NR);
  Scratch<A> bpack(nc / NR * b_panel(kc));
  Scratch<A> apack(mc / MR * a_panel(kc));
  if (!bpack.p || !apack.p) return false;
  // The threads pack too, each a range of panels, where the product is
  // large enough to split: packing on one thread took a fifth of int8
  // mm's time (512^2, AMD Zen 4), and two threads ran it slower than one.
  const auto pack_grain = [&](int64_t panels, int64_t work) { return work < kParallelWork ? panels : 1; };
  for (int64_t jc = 0; jc < n; jc += nc) {
    const int64_t ncur = std::min(nc, n - jc);
    const int64_t npanels = (ncur + NR - 1) / NR;
    for (int64_t pc = 0; pc < k; pc += kc) {
      const int64_t kcur = std::min(kc, k - pc);
      parallel_for(0, npanels, pack_grain(npanels, m * ncur * kcur), [&](int64_t p0, int64_t p1) {
        const int64_t j0 = jc + p0 * NR, cols = std::min(ncur, p1 * NR) - p0 * NR;
        A* out = bpack.p + p0 * b_panel(kcur);
        if constexpr (Amx)
          gemm_amx::pack_b(at(b, !transb, ldb, j0, pc), transb ? ldb : 1, transb ? 1 : ldb, kcur, cols, out);
        else if constexpr (vnni)
          gemm_vnni::pack_b(at(b, !transb, ldb, j0, pc), transb ? ldb : 1, transb ? 1 : ldb, kcur, cols, out);
        else
          pack_b(b, transb, ldb, pc, j0, kcur, cols, out);
      });
      for (int64_t ic = 0; ic < m; ic += mc) {
        const int64_t mcur = std::min(mc, m - ic);
        const int64_t mpanels = (mcur + MR - 1) / MR;
        if constexpr (!Amx) {  // AMX's threads pack their own panels, below
          parallel_for(0, mpanels, pack_grain(mpanels, mcur * ncur * kcur), [&](int64_t p0, int64_t p1) {
            const int64_t i0 = ic + p0 * MR, rows = std::min(mcur, p1 * MR) - p0 * MR;
            A* out = apack.p + p0 * a_panel(kcur);
            if constexpr (vnni)
              gemm_vnni::pack_a(at(a, transa, lda, i0, pc), transa ? lda : 1, transa ? 1 : lda, rows, kcur, out);
            else
              pack_a(a, transa, lda, i0, pc, rows, kcur, out);
          });
        }
        // Tiles column panel by column panel: one B panel stays in L1
        // while the A block streams from L2. int32 by halves takes the A
        // panels two at a time (gemm_vnni::micro_tile_halves_pair). AMX
        // goes row panel by row panel: its A panel, with E scales, is
        // the larger (gemm_amx::kDepth), and the threads split the row
        // panels, each packing its own: op(A)'s scales cost a fifth of
        // the time, too much to leave on one thread.
        constexpr int64_t kPanels = vnni && sizeof(T) == 4 ? 2 : 1;
        const int64_t mtiles = (mpanels + kPanels - 1) / kPanels, tiles = npanels * mtiles;
        const int64_t units = Amx ? mpanels : tiles;  // of the parallel split: row panels, or tiles
        const int64_t grain = mcur * ncur * kcur < (Amx ? kAmxParallelWork : kParallelWork) ? units : 1;
        parallel_for(0, units, grain, [&](int64_t u0, int64_t u1) {
          alignas(64) A acc[kPanels][NR * MR];
          [[maybe_unused]] std::conditional_t<Amx, gemm_amx::Tiles, std::nullptr_t> amx_tiles{};
          if constexpr (Amx)
            gemm_amx::pack_a(at(a, transa, lda, ic + u0 * MR, pc), transa ? lda : 1, transa ? 1 : lda,
                             std::min(mcur, u1 * MR) - u0 * MR, kcur, apack.p + u0 * a_panel(kcur));
          const int64_t t0 = Amx ? u0 * npanels : u0, t1 = Amx ? u1 * npanels : u1;
          for (int64_t t = t0; t < t1; ++t) {
            const int64_t jp = Amx ? t % npanels : t / mtiles, ip = (Amx ? t / npanels : t % mtiles) * kPanels;
            const A* ap = apack.p + ip * a_panel(kcur);
            const A* bp = bpack.p + jp * b_panel(kcur);
            int64_t panels = 1;
            if constexpr (Amx) {
              gemm_amx::micro_tile<T>(kcur, ap, bp, acc[0]);
            } else if constexpr (kPanels == 2) {
              if (ip + 1 < mpanels) {
                gemm_vnni::micro_tile_halves_pair(kcur, ap, ap + a_panel(kcur), bp, acc[0], acc[1]);
                panels = 2;
              } else {
                gemm_vnni::micro_tile_halves(kcur, ap, bp, acc[0]);
              }
            } else if constexpr (vnni) {
              gemm_vnni::micro_tile_narrow(kcur, ap, bp, acc[0]);
            } else {
              micro_tile(kcur, ap, bp, acc[0]);
            }
            for (int64_t q = 0; q < panels; ++q) {
              const int64_t i = ic + (ip + q) * MR, j = jc + jp * NR;
              store_tile(acc[q], std::min<int64_t>(MR, m - i), std::min<int64_t>(NR, n - j), alpha, beta, pc == 0,
                         c + i + j * ldc, ldc);
            }
          }
        });
      }
    }
  }
  return true;
}

}  // namespace gemm_detail

// The path a product took: its caller reports it (the kernel log's AMX).
enum class GemmRan {
  kScaleOnly,      // C empty, or nothing to multiply (k = 0, alpha = 0): C scaled by beta
  kRegisterTiles,  // the register tile (VNNI's for integers where it has one)
  kAmxTiles,       // AMX's tiles (kernels/gemm_amx.h)
  kOutOfMemory,    // scratch memory ran out, C partly written
};

// C (m x n, ldc) = alpha * op(A) * op(B) + beta * C, op(A) m x k and op(B)
// k x n, all column-major with leading dims lda, ldb, ldc (op(X) = X^T
// when trans).
template <class T>
GemmRan gemm(bool transa, bool transb, int64_t m, int64_t n, int64_t k, gemm_acc_t<T> alpha, const T* a, int64_t lda,
             const T* b, int64_t ldb, gemm_acc_t<T> beta, T* c, int64_t ldc) {
  using A = gemm_acc_t<T>;
  if (m <= 0 || n <= 0) return GemmRan::kScaleOnly;
  if (k <= 0 || alpha == A(0)) {
    scale_matrix<T>(m, n, beta, c, ldc);
    return GemmRan::kScaleOnly;
  }
  if constexpr (gemm_amx_v<T>)
    if (gemm_amx::usable())
      return gemm_detail::gemm_blocked<T, true>(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
                 ? GemmRan::kAmxTiles
                 : GemmRan::kOutOfMemory;
  return gemm_detail::gemm_blocked<T, false>(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
             ? GemmRan::kRegisterTiles
             : GemmRan::kOutOfMemory;
}

}  // namespace ember::kernels
