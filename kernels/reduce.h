// Reductions: of all elements (reduce_all), along one dim (reduce_dim),
// and the best element with its position along one dim
// (reduce_dim_index). Reducers and comparisons: kernels/reducers.h.
//
// Note [reduction order]: the order of combines depends on the sizes and
// strides only, never on the thread count.
//   - Runs (reduce_all; reduce_dim one output at a time) go into kLanes
//     independent accumulators: lane j takes elements j, j + kLanes, ...
//     of a run, and its last n % kLanes elements go to lanes 0, 1, ....
//     GCC vectorizes that without -ffast-math, since no reassociation is
//     asked of it. The lanes are then folded pairwise (j with
//     j + kLanes/2, ...). Runs shorter than kLanes are reduced first to
//     last. Longer ones are cut into kBlock-element blocks, each reduced
//     so, possibly on several threads, and the block results merged first
//     to last (Note [deterministic parallelism]).
//   - reduce_dim along a dim outer to a dense inner dim accumulates whole
//     rows, so each output is reduced first to last along dim.
//   - A reducer with kBlockMoments (variance) takes each dense block, or
//     each dense row of one, whole (Note [variance by blocks] in
//     kernels/moments.h), in place of the lanes above.
//
// Note [runs in float]: float32 sums accumulate in double (TH's accreal),
// and converting every element to double halved the speed of B3/B4 on
// this machine (2.6 ms in float, 5.3 in double, 2^24 elements). A reducer
// with a run_reducer (Sum, Mean) therefore adds kRun = 8 elements of a
// lane in float (lane j of a run: elements j, j + kLanes, ...; rows k to
// k + 7 when whole rows are accumulated) and merges that partial sum into
// the lane's double. A run rounds at most 7 times in float, so the error
// stays below 8 ulp of the sum of magnitudes, where NumPy's pairwise sum
// allows about 16 + log2(n / 128); the order still depends on sizes and
// strides only.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "kernels/bits.h"
#include "kernels/coalesce.h"
#include "kernels/convert.h"
#include "kernels/loops.h"
#include "kernels/moments.h"
#include "kernels/opmath.h"
#include "kernels/operands.h"
#include "kernels/parallel.h"
#include "kernels/prefetch.h"

namespace ember::kernels {

constexpr int64_t kBlock = 8192;

namespace detail {

// Four 512-bit registers of accumulators: enough to cover an add's
// latency, few enough to stay in registers.
template <class Acc>
constexpr int kLanes = sizeof(Acc) >= 8 ? 32 : 64;

// Elements per lane combined in opmath_t<T> before a merge into the
// accumulator: R::kRun for a reducer with runs over a float narrower than
// its accumulator, else 1 (Note [runs in float]).
template <class T, class R, class = void>
inline constexpr int kRun = 1;
template <class T, class R>
inline constexpr int kRun<T, R, std::void_t<typename R::run_reducer>> =
    std::is_floating_point_v<opmath_t<T>> && sizeof(opmath_t<T>) < sizeof(typename R::acc_type) ? R::kRun : 1;

// How far ahead a dense run of a call reading past the cache (Note
// [software prefetch]) asks for its lines, across the run's end into
// what usually comes next (the next row). Old and new code alternating
// in one program, 4096^2 float32: B4a's sums along dim 1 2.78-4.46 ms
// -> 2.39-3.38, B3's sum of all 2.57-3.26 -> 2.31-2.63, B16's max with
// positions 3.35-4.46 -> 2.66-3.22 (1 KiB ahead: 3.2-4.8, 8 KiB:
// 2.9-4.6).
constexpr int64_t kRunPrefetchBytes = 4096;

// Asks for the lines of [p, p + bytes) kRunPrefetchBytes ahead.
inline void prefetch_run_ahead(const char* p, int64_t bytes) {
  prefetch_lines(p + kRunPrefetchBytes, bytes);
}

// Note [vector runs]: the dense runs of Note [runs in float] on GCC's
// vectors (64 bytes), the lanes held in registers from the first run to
// the last. As an `omp simd` loop GCC loaded and stored the double lanes
// every kRun x kLanes elements, and on AMD's Zen 4 (512-bit stores in
// two halves) that took B4a's sums of 4096 rows of 4096 float32 from
// 2.1 ms to 2.9 (scratch loop, both forms alternating). Lane j is
// element j % VT of run vector j / VT and widens into lane vector j / VA,
// so each lane takes the same elements in the same order: the same bits.
// R::run_reducer::combine_vectors and R::merge_vectors are combine and
// merge on vectors. The loads go in address order: run vector 0's eight
// (every other line) before run vector 1's took B4a's 4096 rows of 4096
// float32 2.65-2.9 ms on Zen 4 against 2.2-2.4 in address order (scratch
// loops alternating). Below: two helpers, then run_lanes_vectors.
// Elements H * N to H * N + N - 1 of vector v, N = sizeof...(I).
template <size_t H, class V, size_t... I>
inline auto vector_part(V v, std::index_sequence<I...>) {
  return __builtin_shufflevector(v, v, (H * sizeof...(I) + I)...);
}

// Merges run vector s, widened, into the lane vectors acc[H...]. GCC's
// shuffles, not a memcpy of the parts: the memcpy went through the
// stack, a 64-byte store read back in halves.
template <class R, class Lanes, class Run, size_t... H>
inline void merge_run_vector(Lanes* acc, Run s, std::index_sequence<H...>) {
  constexpr size_t VA = sizeof(Lanes) / sizeof(acc[0][0]);
  ((acc[H] = R::merge_vectors(acc[H], __builtin_convertvector(vector_part<H>(s, std::make_index_sequence<VA>()), Lanes))),
   ...);
}

template <class T, class R, class Acc = typename R::acc_type>
int64_t run_lanes_vectors(Acc* lanes, const T* q, int64_t n, bool prefetch) {
  constexpr int L = kLanes<Acc>, K = kRun<T, R>, VT = 64 / sizeof(T), VA = 64 / sizeof(Acc);
  static_assert(L % VT == 0 && VT % VA == 0, "runs fill whole vectors and widen into whole lane vectors");
  typedef T Run __attribute__((vector_size(64)));
  typedef Acc Lanes __attribute__((vector_size(64)));
  using RunR = typename R::run_reducer;
  constexpr int64_t kStep = K * L * static_cast<int64_t>(sizeof(T));
  Lanes acc[L / VA];
  std::memcpy(acc, lanes, sizeof(acc));
  const Run identity = Run{} + RunR{}.identity();
  int64_t i = 0;
  for (; i + K * L <= n; i += K * L) {
    if (prefetch) prefetch_run_ahead(reinterpret_cast<const char*>(q + i), kStep);
    Run s[L / VT];
    for (Run& v : s) v = identity;
#pragma GCC unroll 16
    for (int k = 0; k < K; ++k) {
#pragma GCC unroll 4
      for (int u = 0; u < L / VT; ++u) {
        Run x;
        std::memcpy(&x, q + i + k * L + u * VT, sizeof(Run));
        s[u] = RunR::combine_vectors(s[u], x);
      }
    }
#pragma GCC unroll 4
    for (int u = 0; u < L / VT; ++u) merge_run_vector<R>(acc + u * (VT / VA), s[u], std::make_index_sequence<VT / VA>());
  }
  std::memcpy(lanes, acc, sizeof(acc));
  return i;
}

// Whole runs of kRun x kLanes elements from p (Note [runs in float]);
// returns how many elements it took. `prefetch`: see kRunPrefetchBytes.
template <class T, class R, class Acc = typename R::acc_type>
inline int64_t accumulate_runs(Acc* lanes, const char* p, int64_t stride, int64_t n, const R& r, bool prefetch) {
  using M = opmath_t<T>;
  constexpr int L = kLanes<Acc>, K = kRun<T, R>;
  constexpr int64_t kStep = K * L * static_cast<int64_t>(sizeof(T));
  const typename R::run_reducer run{};
  auto lanes_of = [&](auto at, bool ahead) {
    int64_t i = 0;
    for (; i + K * L <= n; i += K * L) {
      if (ahead) prefetch_run_ahead(p + i * stride, kStep);
#pragma omp simd
      for (int j = 0; j < L; ++j) {
        M s = run.identity();
#pragma GCC unroll 16
        for (int k = 0; k < K; ++k) s = run.combine(s, at(i + k * L + j));
        lanes[j] = r.merge(lanes[j], static_cast<Acc>(s));
      }
    }
    return i;
  };
  if (stride == static_cast<int64_t>(sizeof(T))) {
    const T* q = reinterpret_cast<const T*>(p);
    if constexpr (std::is_same_v<T, M>) return run_lanes_vectors<T, R>(lanes, q, n, prefetch);
    return lanes_of([q](int64_t i) { return static_cast<M>(q[i]); }, prefetch);
  }
  return lanes_of([p, stride](int64_t i) { return static_cast<M>(*reinterpret_cast<const T*>(p + i * stride)); },
                  false);
}

// Whether R combines by a compare and a select (R::kSelects: max, min),
// and whether its lanes then fit GCC's vectors (Note [select lanes]):
// elements of 1 to 8 bytes, not bool.
template <class R, class = void>
inline constexpr bool kSelectLanes = false;
template <class R>
inline constexpr bool kSelectLanes<R, std::void_t<decltype(R::kSelects)>> = R::kSelects;
template <class R, class Acc>
inline constexpr bool kSelectVectors = kSelectLanes<R> && std::is_arithmetic_v<Acc> && !std::is_same_v<Acc, bool>;

// Whether R's lanes take the `omp simd` loop below (R::kSimdLanes: any, all).
template <class R, class = void>
inline constexpr bool kSimdLanes = kSelectLanes<R>;
template <class R>
inline constexpr bool kSimdLanes<R, std::void_t<decltype(R::kSimdLanes)>> = R::kSimdLanes;

// Whether R tells when a partial result can no longer change (any, all).
template <class R, class = void>
inline constexpr bool kDecides = false;
template <class R>
inline constexpr bool kDecides<R, std::void_t<decltype(&R::decided)>> = true;

// Note [select lanes]: GCC left the lanes of max and min scalar when
// unrolled (13.1-15.0 ms for the max of 2^24 float32), and as an `omp
// simd` loop it loaded and stored them every step (4.3-5.6 ms). Here
// they are explicit vectors (64 bytes, as in Note [one-pass best
// position]) that stay in registers, combined by R::combine_vectors:
// lane j is element j % V of vector j / V, so every lane takes the same
// elements in the same order as in Note [reduction order], and
// fold_select_vectors folds them in fold_lanes' order, so the result is
// the same bits (the same NaN among several). Folding every block's
// lanes in scalar code cost a further 0.35 ms: the max of 2^24 float32
// took 2.6 ms with it and 2.25 (a sum's time) with the vector fold,
// against 2.8-3.0 before either (old and new code alternating in one
// program).
// select_lanes_vectors takes whole steps of kLanes elements of q and
// returns how many it took; `prefetch`: see kRunPrefetchBytes.
template <class T, class R>
int64_t select_lanes_vectors(T* lanes, const T* q, int64_t n, bool prefetch) {
  typedef T Vector __attribute__((vector_size(64)));
  constexpr int V = 64 / sizeof(T), L = kLanes<T>, U = L / V;
  static_assert(U * V == L, "the lanes fill whole vectors");
  Vector acc[U];
  std::memcpy(acc, lanes, sizeof(acc));
  int64_t i = 0;
  for (; i + L <= n; i += L) {
    if (prefetch) prefetch_run_ahead(reinterpret_cast<const char*>(q + i), L * static_cast<int64_t>(sizeof(T)));
#pragma GCC unroll 4
    for (int u = 0; u < U; ++u) {
      Vector x;
      std::memcpy(&x, q + i + u * V, sizeof(Vector));
      acc[u] = R::combine_vectors(acc[u], x);
    }
  }
  std::memcpy(lanes, acc, sizeof(acc));
  return i;
}

// Whether R counts nonzero elements (R::kCountsNonzero: count_nonzero).
template <class R, class = void>
inline constexpr bool kCountsNonzero = false;
template <class R>
inline constexpr bool kCountsNonzero<R, std::void_t<decltype(R::kCountsNonzero)>> = R::kCountsNonzero;

// Note [counts in narrow counters]: in int64 lanes each input byte
// takes 8 bytes of register, and count_nonzero of 2^22 bools took 0.41
// ms against NumPy's 0.15. Here counters of the elements' own width fill
// one register (64 for bytes, 32 for int16): each step adds its nonzero
// flags, and the counters are summed into lanes[0] before one can
// overflow (every 255 or 65535 steps). A count is exact in any order, so
// the result is the int64 lanes' result. U is the elements' unsigned
// type (a nonzero integer is nonzero bits); takes whole steps of q[0, n)
// and returns how many elements it took.
template <class U>
int64_t count_nonzero_narrow(int64_t* lanes, const U* q, int64_t n) {
  typedef U Counters __attribute__((vector_size(64)));
  constexpr int64_t V = 64 / sizeof(U), kSteps = std::numeric_limits<U>::max();
  int64_t i = 0;
  while (i + V <= n) {
    const int64_t steps = std::min<int64_t>(kSteps, (n - i) / V);
    Counters counts = {};
    for (int64_t s = 0; s < steps; ++s, i += V) {
      Counters x;
      std::memcpy(&x, q + i, sizeof(Counters));
      counts += reinterpret_cast<Counters>(x != 0) & 1;
    }
    int64_t total = 0;
    for (int j = 0; j < V; ++j) total += counts[j];
    lanes[0] += total;
  }
  return i;
}

// Whether T's elements widen to an integer Acc at least four times their
// size (bools and bytes counted or summed into int64): such lanes take
// the `omp simd` loop too. Unrolled, GCC widened them element by element:
// count_nonzero of 2^22 bools took 1.66 ms against NumPy's 0.15-0.22,
// the sum of as many int8 1.37-1.47 against 0.90-1.18.
template <class T, class Acc>
inline constexpr bool kWidenedIntegers = std::is_integral_v<T> && std::is_integral_v<Acc> && 4 * sizeof(T) <= sizeof(Acc);

template <class T, class R, class Acc = typename R::acc_type>
inline void accumulate_lanes(Acc* lanes, const char* p, int64_t stride, int64_t n, const R& r, bool prefetch) {
  using M = opmath_t<T>;
  constexpr int L = kLanes<Acc>;
  int64_t i = 0;
  if constexpr (kRun<T, R> > 1) i = accumulate_runs<T>(lanes, p, stride, n, r, prefetch);
  if (stride == static_cast<int64_t>(sizeof(T))) {
    // Bools are read as their bytes (0 or 1): GCC 12 vectorizes no load
    // of bool (count_nonzero of 2^22 bools ran scalar, 1.7-2.3 ms).
    using Load = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;
    const Load* q = reinterpret_cast<const Load*>(p);
    if constexpr (kCountsNonzero<R> && std::is_integral_v<T> && sizeof(T) <= 2 && std::is_same_v<Acc, int64_t>) {
      using U = bits_t<sizeof(T)>;
      i = count_nonzero_narrow(lanes, reinterpret_cast<const U*>(q), n);
    } else if constexpr (kSelectVectors<R, Acc> && std::is_same_v<T, Acc>) {
      i = select_lanes_vectors<T, R>(lanes, reinterpret_cast<const T*>(q), n, prefetch);
    } else if constexpr (kSimdLanes<R> || kWidenedIntegers<T, Acc>) {
      // Elements converted to a wider Acc (half to float, bytes to int64),
      // or bools: an `omp simd` loop, which GCC vectorizes where it leaves
      // the unrolled form below scalar.
      for (; i + L <= n; i += L) {
#pragma omp simd
        for (int j = 0; j < L; ++j) lanes[j] = r.combine(lanes[j], static_cast<M>(q[i + j]));
      }
    }
    // Unrolled before vectorization, so the lanes become a few vector
    // registers; as a loop they would be reloaded and stored every step.
    for (; i + L <= n; i += L) {
#pragma GCC unroll 64
      for (int j = 0; j < L; ++j) lanes[j] = r.combine(lanes[j], static_cast<M>(q[i + j]));
    }
    for (int j = 0; i < n; ++i, ++j) lanes[j] = r.combine(lanes[j], static_cast<M>(q[i]));
  } else {
    for (; i + L <= n; i += L) {
#pragma GCC unroll 64
      for (int j = 0; j < L; ++j)
        lanes[j] = r.combine(lanes[j], static_cast<M>(*reinterpret_cast<const T*>(p + (i + j) * stride)));
    }
    for (int j = 0; i < n; ++i, ++j)
      lanes[j] = r.combine(lanes[j], static_cast<M>(*reinterpret_cast<const T*>(p + i * stride)));
  }
}

// fold_lanes' pairwise order on the vectors of Note [select lanes]: whole
// vectors while the halves are vectors, then within the first by
// shuffles (lane j takes lane j + w).
template <class R, class Acc>
Acc fold_select_vectors(const Acc* lanes) {
  typedef Acc Vector __attribute__((vector_size(64)));
  using I = bits_t<sizeof(Acc)>;
  typedef I Index __attribute__((vector_size(64)));
  constexpr int V = 64 / sizeof(Acc), U = kLanes<Acc> / V;
  Vector acc[U];
  std::memcpy(acc, lanes, sizeof(acc));
  for (int w = U / 2; w >= 1; w /= 2)
    for (int u = 0; u < w; ++u) acc[u] = R::combine_vectors(acc[u], acc[u + w]);
  for (int w = V / 2; w >= 1; w /= 2) {
    Index from;
    for (int j = 0; j < V; ++j) from[j] = static_cast<I>((j + w) % V);
    acc[0] = R::combine_vectors(acc[0], __builtin_shuffle(acc[0], from));
  }
  return acc[0][0];
}

template <class R, class Acc = typename R::acc_type>
inline Acc fold_lanes(Acc* lanes, const R& r) {
  if constexpr (kSelectVectors<R, Acc>) return fold_select_vectors<R>(lanes);
  for (int w = kLanes<Acc> / 2; w >= 1; w /= 2)
    for (int j = 0; j < w; ++j) lanes[j] = r.merge(lanes[j], lanes[j + w]);
  return lanes[0];
}

// Whether R's dense runs take moments_of_block (R::kBlockMoments).
template <class R, class = void>
inline constexpr bool kBlockMoments = false;
template <class R>
inline constexpr bool kBlockMoments<R, std::void_t<decltype(R::kBlockMoments)>> = R::kBlockMoments;

// Merges block results first to last; block(k) reduces block k.
template <class R, class Block>
typename R::acc_type reduce_blocks(int64_t n, const R& r, const Block& block) {
  using Acc = typename R::acc_type;
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  if (blocks <= 1) return block(0);
  std::vector<Acc> partial(blocks, r.identity());
  if constexpr (kDecides<R>) {
    // Blocks after a decided one are skipped (any, all: the result is that block's).
    std::atomic<bool> done{false};
    parallel_for(0, blocks, std::max<int64_t>(1, kGrain / kBlock), [&](int64_t b, int64_t e) {
      for (int64_t k = b; k < e && !done.load(std::memory_order_relaxed); ++k) {
        partial[k] = block(k);
        if (r.decided(partial[k])) done.store(true, std::memory_order_relaxed);
      }
    });
  } else {
    parallel_for(0, blocks, std::max<int64_t>(1, kGrain / kBlock), [&](int64_t b, int64_t e) {
      for (int64_t k = b; k < e; ++k) partial[k] = block(k);
    });
  }
  Acc total = partial[0];
  for (int64_t k = 1; k < blocks; ++k) total = r.merge(total, partial[k]);
  return total;
}

// n elements from p, `stride` bytes apart, in the Note [reduction order].
template <class T, class R>
typename R::acc_type reduce_run(const char* p, int64_t stride, int64_t n, const R& r, bool prefetch) {
  using Acc = typename R::acc_type;
  if (n < kLanes<Acc>) {
    Acc acc = r.identity();
    for (int64_t i = 0; i < n; ++i)
      acc = r.combine(acc, static_cast<opmath_t<T>>(*reinterpret_cast<const T*>(p + i * stride)));
    return acc;
  }
  return reduce_blocks(n, r, [&](int64_t k) {
    const char* block = p + k * kBlock * stride;
    const int64_t m = std::min(kBlock, n - k * kBlock);
    if constexpr (kBlockMoments<R>)
      if (stride == static_cast<int64_t>(sizeof(T))) return moments_of_block(reinterpret_cast<const T*>(block), m);
    Acc lanes[kLanes<Acc>];
    for (Acc& a : lanes) a = r.identity();
    accumulate_lanes<T>(lanes, block, stride, m, r, prefetch);
    return fold_lanes(lanes, r);
  });
}

// The geometry of the outputs of a reduction along `dim`: ops without
// `dim`, with operands rotated so the input (ops' last operand) comes
// first and coalescing follows the input's memory order.
template <int N>
Operands<N> outputs_geometry(const Operands<N>& ops, int dim) {
  Operands<N> g;
  g.ndim = 0;
  for (int d = 0; d < ops.ndim; ++d) {
    if (d == dim) continue;
    g.shape[g.ndim] = ops.shape[d];
    for (int k = 0; k < N; ++k) g.strides[(k + 1) % N][g.ndim] = ops.strides[k][d];
    ++g.ndim;
  }
  for (int k = 0; k < N; ++k) g.data[(k + 1) % N] = ops.data[k];
  coalesce(g);
  return g;
}

// Accumulators per thread when whole rows are accumulated (dim outer to
// a dense inner dim): 2048 doubles, 16 KiB, stay in L1 next to four
// rows; wide enough to stream, narrow enough that a 4096-wide B4b still
// splits over two threads.
constexpr int64_t kRowCols = 2048;

}  // namespace detail

template <class T, class Reducer>
typename Reducer::acc_type reduce_all(const Operands<1>& operands, const Reducer& r) {
  using Acc = typename Reducer::acc_type;
  const Operands<1> in = coalesced(operands);
  const int64_t n = in.numel();
  if (n == 0) return r.identity();
  const int64_t s = in.strides[0][in.ndim - 1];
  const bool prefetch = prefetches(n * static_cast<int64_t>(sizeof(T)));
  if (in.ndim == 1) return detail::reduce_run<T>(in.data[0], s, n, r, prefetch);
  return detail::reduce_blocks(n, r, [&](int64_t k) {
    if constexpr (detail::kBlockMoments<Reducer>) {
      if (s == static_cast<int64_t>(sizeof(T))) {
        Acc acc = r.identity();
        for_each_row(in, k * kBlock, std::min(n, (k + 1) * kBlock), [&](char* const* p, int64_t m) {
          acc = r.merge(acc, moments_of_block(reinterpret_cast<const T*>(p[0]), m));
        });
        return acc;
      }
    }
    Acc lanes[detail::kLanes<Acc>];
    for (Acc& a : lanes) a = r.identity();
    for_each_row(in, k * kBlock, std::min(n, (k + 1) * kBlock), [&](char* const* p, int64_t m) {
      detail::accumulate_lanes<T>(lanes, p[0], s, m, r, prefetch);
    });
    return detail::fold_lanes(lanes, r);
  });
}

// ops: operand 0 the output (stride 0 along dim), operand 1 the input;
// 0 <= dim < ops.ndim (a 0-dim tensor comes as shape {1}). An empty dim
// gives finalize(identity(), 0).
template <class T, class OutT, class Reducer>
void reduce_dim(const Operands<2>& ops, int dim, const Reducer& r) {
  using Acc = typename Reducer::acc_type;
  using M = opmath_t<T>;
  const int64_t n = ops.shape[dim], sd = ops.strides[1][dim];
  const Operands<2> g = detail::outputs_geometry(ops, dim);  // 0: input, 1: output
  const int64_t outputs = g.numel();
  if (outputs == 0) return;
  const int inner = g.ndim - 1;
  const int64_t w = g.shape[inner], in_s = g.strides[0][inner], out_s = g.strides[1][inner];
  constexpr int64_t esz = sizeof(T);
  const int64_t grain = std::max<int64_t>(1, kGrain / std::max<int64_t>(n, 1));
  auto store = [&](char* out, Acc acc) { *reinterpret_cast<OutT*>(out) = convert<OutT>(r.finalize(acc, n)); };

  if (n > 1 && sd != esz && in_s == esz && w > 1) {
    // dim is outer to a dense inner dim: accumulate whole rows, each
    // output still reduced first to last along dim.
    const int64_t chunks = (w + detail::kRowCols - 1) / detail::kRowCols;
    parallel_for(0, outputs / w * chunks, std::max<int64_t>(1, grain / detail::kRowCols), [&](int64_t b, int64_t e) {
      Acc acc[detail::kRowCols];
      for (int64_t item = b; item < e; ++item) {
        char* base[2];
        row_pointers(g, inner, item / chunks, base);
        const int64_t c0 = item % chunks * detail::kRowCols, m = std::min(detail::kRowCols, w - c0);
        const char* in = base[0] + c0 * esz;
        for (int64_t j = 0; j < m; ++j) acc[j] = r.identity();
        auto row = [&](int64_t k) { return reinterpret_cast<const T*>(in + k * sd); };
        int64_t k = 0;
        if constexpr (detail::kRun<T, Reducer> > 1) {
          constexpr int K = detail::kRun<T, Reducer>;
          const typename Reducer::run_reducer run{};
          for (; k + K <= n; k += K) {
#pragma omp simd
            for (int64_t j = 0; j < m; ++j) {
              M s = run.identity();
#pragma GCC unroll 16
              for (int i = 0; i < K; ++i) s = run.combine(s, static_cast<M>(row(k + i)[j]));
              acc[j] = r.merge(acc[j], static_cast<Acc>(s));
            }
          }
        }
        // Eight rows per pass over acc: the same order of combines, an
        // eighth of the accumulator loads and stores. Four rows made B4b
        // 20% faster than one; eight made amax(0) of 2048^2 float32 15-25%
        // faster than four (scratch harness, session 43; sixteen slower).
        constexpr int kRows = 8;
        for (; k + kRows <= n; k += kRows) {
          const T* rows[kRows];
          for (int i = 0; i < kRows; ++i) rows[i] = row(k + i);
#pragma omp simd
          for (int64_t j = 0; j < m; ++j) {
            Acc a = acc[j];
#pragma GCC unroll 8
            for (int i = 0; i < kRows; ++i) a = r.combine(a, static_cast<M>(rows[i][j]));
            acc[j] = a;
          }
        }
        for (; k < n; ++k) {
          const T* rk = row(k);
#pragma omp simd
          for (int64_t j = 0; j < m; ++j) acc[j] = r.combine(acc[j], static_cast<M>(rk[j]));
        }
        for (int64_t j = 0; j < m; ++j) store(base[1] + (c0 + j) * out_s, acc[j]);
      }
    });
    return;
  }
  // One output at a time: a dense or strided run along dim.
  const bool prefetch = prefetches(outputs * n * esz);
  parallel_for(0, outputs, grain, [&](int64_t b, int64_t e) {
    for_each_row(g, b, e, [&](char* const* p, int64_t m) {
      for (int64_t i = 0; i < m; ++i)
        store(p[1] + i * out_s, detail::reduce_run<T>(p[0] + i * in_s, sd, n, r, prefetch));
    });
  });
}

namespace detail {

// The first i in [0, n) where q[i] is v (Nan: where it is a NaN), or n:
// blocks of 256 positions, each a vectorized min-reduction of the
// positions that match, up to the first block holding one. GCC does not
// vectorize a loop that exits early, nor an OR of `bool` matches over a
// short block: that form cost B16 twice its first pass.
template <bool Nan, class T, class M>
int64_t first_match(const T* q, int64_t n, M v) {
  constexpr int64_t kBlock = 256;
  for (int64_t b = 0; b < n; b += kBlock) {
    const int32_t len = static_cast<int32_t>(std::min(kBlock, n - b));
    const T* p = q + b;
    int32_t first = len;
#pragma omp simd reduction(min : first)
    for (int32_t i = 0; i < len; ++i) {
      const M x = static_cast<M>(p[i]);
      bool hit;
      if constexpr (Nan)
        hit = is_nan(x);
      else
        hit = x == v;
      const int32_t position = hit ? i : len;
      first = position < first ? position : first;
    }
    if (first < len) return b + first;
  }
  return n;
}

// Each lane of best and at takes other's and other_at's where other is
// better, or equal at a smaller position.
template <class Values, class Positions, class Compare>
[[gnu::always_inline]] inline void keep_better(Values& best, Positions& at, const Values& other,
                                               const Positions& other_at, Compare better) {
  const auto take = better(other, best) | ((other == best) & (other_at < at));
  best = take ? other : best;
  at = take ? other_at : at;
}

// Lane 0 of best and at gets the best of their lanes and, among equals,
// the smallest position: each lane against the one W on (modulo the
// lanes), then W / 2 on, ..., 1 on, by shuffles.
template <int W, class Values, class Positions, class Compare, std::size_t... J>
[[gnu::always_inline]] inline void fold_best_lanes(Values& best, Positions& at, Compare better,
                                                   std::index_sequence<J...> lanes) {
  if constexpr (W >= 1) {
    using P = std::remove_reference_t<decltype(at[0])>;
    const Positions rotate = {static_cast<P>((J + W) % sizeof...(J))...};
    keep_better(best, at, Values(__builtin_shuffle(best, rotate)), Positions(__builtin_shuffle(at, rotate)), better);
    fold_best_lanes<W / 2>(best, at, better, lanes);
  }
}

// Note [one-pass best position]: the best of a dense slice and its first
// position in one pass, over explicit vectors (GCC's vector extensions,
// 64 bytes: one AVX-512 register, two AVX2 ones): four vectors of
// per-lane bests and four of their positions, a lane taking x where
// better(x, best) holds, so each keeps its first best; then the lanes'
// best with the smallest position among equals. Any NaN sends the slice
// to first_match. 4096 rows of 4096 float32: 2.6 ms against 3.5 for the
// two passes below, 2.3 for a max without positions. Elements of 4 or 8
// bytes, positions in integers of that width (4-byte ones below 2^30,
// so that stepping past the last block cannot overflow them);
// where the auto-vectorizer was asked for the same (an array of lanes
// under `#pragma GCC unroll`) it left the loop scalar, 8x slower. The
// lanes meet by vectors too (fold_best_lanes): a scalar pass over all 64,
// a branch each, was most of the time on short rows (argmax along dim 1
// of 2048 x 512 float32: 0.25 ms against NumPy's 0.12; scratch, 0.39
// -> 0.22 ms).
// `prefetch`: each step first asks for the lines kRunPrefetchBytes ahead.
template <class T, class Compare>
int64_t best_position_vectors(const T* q, int64_t n, Compare better, bool prefetch) {
  using P = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
  typedef T Values __attribute__((vector_size(64)));
  typedef P Positions __attribute__((vector_size(64)));
  constexpr int V = 64 / sizeof(T), U = 4, L = V * U;
  Values best[U];
  Positions at[U], step, nan = {};
  for (int j = 0; j < V; ++j) step[j] = j;
  for (int u = 0; u < U; ++u) {
    std::memcpy(&best[u], q + u * V, sizeof(Values));
    at[u] = step + P(u * V);
    nan |= best[u] != best[u];
  }
  int64_t i = L;
  Positions next = step + P(L);
  for (; i + L <= n; i += L, next += P(L)) {
    if (prefetch) prefetch_run_ahead(reinterpret_cast<const char*>(q + i), L * static_cast<int64_t>(sizeof(T)));
#pragma GCC unroll 4
    for (int u = 0; u < U; ++u) {
      Values x;
      std::memcpy(&x, q + i + u * V, sizeof(Values));
      const auto take = better(x, best[u]);
      best[u] = take ? x : best[u];
      at[u] = take ? next + P(u * V) : at[u];
      nan |= x != x;
    }
  }
  for (int u = 1; u < U; ++u) keep_better(best[0], at[0], best[u], at[u], better);
  fold_best_lanes<V / 2>(best[0], at[0], better, std::make_index_sequence<V>{});
  T b = best[0][0];
  int64_t k = at[0][0];
  bool any_nan = false;
  for (int j = 0; j < V; ++j) any_nan = any_nan || nan[j] != 0;
  for (; i < n && !any_nan; ++i) {
    any_nan = is_nan(q[i]);
    if (better(q[i], b)) {
      b = q[i];
      k = i;
    }
  }
  return any_nan ? first_match<true>(q, n, b) : k;
}

template <class T>
inline constexpr bool has_vector_best_v = (sizeof(T) == 4 || sizeof(T) == 8) && std::is_same_v<opmath_t<T>, T>;

// The position of the best of q[0, n) (n >= 1) in reduce_dim_index's
// sense, for a dense slice: one pass where the element type allows (Note
// [one-pass best position]); else the best value by a simd reduction, then the
// first position holding that value, or the first NaN. The second pass
// reads a slice the first just brought into cache; a single pass of
// branches costs several times more. GCC keeps a declared reduction's
// per-lane bests in vector registers (an array of lanes updated by an
// inner simd loop went through memory: 1.7x slower, bench B16). NaNs are
// noticed by a float sum of x * 0, NaN exactly where some x is NaN or
// infinite (an integer OR of is_nan beside the declared reduction made
// the loop 1.7x slower); only then are NaNs looked for. `better` is a
// stateless functor; `prefetch` as in best_position_vectors.
template <class T, class Compare>
int64_t best_position_dense(const T* q, int64_t n, Compare better, bool prefetch) {
  if constexpr (has_vector_best_v<T>)
    if (n >= 4 * 64 / static_cast<int64_t>(sizeof(T)) && (sizeof(T) == 8 || n < (int64_t{1} << 30)))
      return best_position_vectors(q, n, better, prefetch);
  using M = opmath_t<T>;
  M best = static_cast<M>(q[0]);
#pragma omp declare reduction(better_of : M : omp_out = Compare{}(omp_in, omp_out) ? omp_in : omp_out) \
    initializer(omp_priv = omp_orig)
  if constexpr (std::is_floating_point_v<M>) {
    M poison = 0;
#pragma omp simd reduction(better_of : best) reduction(+ : poison)
    for (int64_t i = 0; i < n; ++i) {
      const M x = static_cast<M>(q[i]);
      best = better(x, best) ? x : best;
      poison += x * M(0);
    }
    if (is_nan(poison)) {
      const int64_t k = first_match<true>(q, n, best);
      if (k < n) return k;
    }
  } else {
#pragma omp simd reduction(better_of : best)
    for (int64_t i = 0; i < n; ++i) {
      const M x = static_cast<M>(q[i]);
      best = better(x, best) ? x : best;
    }
  }
  return first_match<false>(q, n, best);
}

}  // namespace detail

// ops: operand 0 the values (T), operand 1 the indices (int64_t), operand
// 2 the input; both outputs have stride 0 along dim, which must not be
// empty. Picks the first position whose element no later one is
// better(x, best) than; the first NaN beats everything (as PyTorch's max
// and min).
template <class T, class Compare>
void reduce_dim_index(const Operands<3>& ops, int dim, Compare better) {
  using M = opmath_t<T>;
  const int64_t n = ops.shape[dim], sd = ops.strides[2][dim];
  const Operands<3> g = detail::outputs_geometry(ops, dim);  // 0: input, 1: values, 2: indices
  const int64_t outputs = g.numel();
  if (outputs == 0) return;
  const int inner = g.ndim - 1;
  const int64_t w = g.shape[inner];
  const int64_t s[3] = {g.strides[0][inner], g.strides[1][inner], g.strides[2][inner]};
  constexpr int64_t esz = sizeof(T);
  const int64_t grain = std::max<int64_t>(1, kGrain / n);
  auto load = [](const char* p) { return static_cast<M>(*reinterpret_cast<const T*>(p)); };
  auto store = [](char* const* p, int64_t j, const int64_t* st, M best, int64_t idx) {
    *reinterpret_cast<T*>(p[1] + j * st[1]) = convert<T>(best);
    *reinterpret_cast<int64_t*>(p[2] + j * st[2]) = idx;
  };

  if (n > 1 && sd != esz && s[0] == esz && w > 1) {
    // As reduce_dim: whole rows at once, selects instead of branches.
    const int64_t chunks = (w + detail::kRowCols - 1) / detail::kRowCols;
    parallel_for(0, outputs / w * chunks, std::max<int64_t>(1, grain / detail::kRowCols), [&](int64_t b, int64_t e) {
      M best[detail::kRowCols];
      int64_t idx[detail::kRowCols];
      for (int64_t item = b; item < e; ++item) {
        char* base[3];
        row_pointers(g, inner, item / chunks, base);
        const int64_t c0 = item % chunks * detail::kRowCols, m = std::min(detail::kRowCols, w - c0);
        const T* in = reinterpret_cast<const T*>(base[0] + c0 * esz);
        for (int64_t j = 0; j < m; ++j) {
          best[j] = static_cast<M>(in[j]);
          idx[j] = 0;
        }
        for (int64_t k = 1; k < n; ++k) {
          const T* row = reinterpret_cast<const T*>(reinterpret_cast<const char*>(in) + k * sd);
#pragma omp simd
          for (int64_t j = 0; j < m; ++j) {
            const M x = static_cast<M>(row[j]);
            const bool take = !is_nan(best[j]) && (is_nan(x) || better(x, best[j]));
            best[j] = take ? x : best[j];
            idx[j] = take ? k : idx[j];
          }
        }
        char* out[3] = {nullptr, base[1] + c0 * s[1], base[2] + c0 * s[2]};
        for (int64_t j = 0; j < m; ++j) store(out, j, s, best[j], idx[j]);
      }
    });
    return;
  }
  const bool prefetch = prefetches(outputs * n * esz);
  parallel_for(0, outputs, grain, [&](int64_t b, int64_t e) {
    for_each_row(g, b, e, [&](char* const* p, int64_t m) {
      for (int64_t i = 0; i < m; ++i) {
        const char* q = p[0] + i * s[0];
        if (sd == esz) {
          const int64_t k = detail::best_position_dense(reinterpret_cast<const T*>(q), n, better, prefetch);
          store(p, i, s, load(q + k * esz), k);
          continue;
        }
        M best = load(q);
        int64_t idx = 0;
        for (int64_t k = 1; k < n && !is_nan(best); ++k) {
          const M x = load(q + k * sd);
          if (is_nan(x) || better(x, best)) {
            best = x;
            idx = k;
          }
        }
        store(p, i, s, best, idx);
      }
    });
  });
}

}  // namespace ember::kernels
