// out = f(in_1, ..., in_NIn), element by element.
//
// Inputs are loaded as InT and handed to f as opmath_t<InT>; f's result
// is converted to OutT by convert() (kernels/convert.h). NIn is 0 (a
// fill: f takes no arguments) to 3.
//
// Each row (kernels/loops.h) runs one of three loops, chosen once from
// the inner strides:
//   - contiguous: every operand dense;
//   - hoisted: the output and some inputs dense, the other inputs with
//     stride 0 (a scalar or broadcast along the row), loaded once per row;
//   - strided: anything else.
// The first two are `omp simd` loops: GCC at -O2 only vectorizes loops it
// needs no alias check or remainder loop for, and `omp simd` states that
// iterations are independent. That holds when the output is exactly an
// input (in-place ops: same address, same strides) and is what we assume;
// an output partially overlapping an input is not supported (the runtime
// rejects it, as PyTorch does).
//
// Transposed operands take the tiled walk (Note [tiled traversal]). A
// dense output past the cache is written by streaming stores (Note
// [streaming stores]); rows reading past it prefetch their inputs (Note
// [software prefetch]).
//
// Note [no contraction]: results must not depend on the thread count or
// the path taken, and each element is computed by the same f and
// convert, but that only makes them bit-identical if the compiler rounds
// f the same way everywhere. GCC contracts a*b+c into an FMA by default
// in C++ (-ffp-contract=fast, even with -std=c++17), and does so
// differently per loop: in a hoisted row `3*a - b` with a scalar becomes
// a rounded product then a subtraction, elsewhere one FMA. Everything
// that includes this header must build with -ffp-contract=off.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "kernels/coalesce.h"
#include "kernels/convert.h"
#include "kernels/half_runs.h"
#include "kernels/loops.h"
#include "kernels/opmath.h"
#include "kernels/operands.h"
#include "kernels/prefetch.h"
#include "kernels/staged_tiles.h"
#include "kernels/stream_store.h"

namespace ember::kernels {

namespace detail {

template <bool Hoisted, class M, class InT>
inline M pointwise_arg(const InT* p, int64_t i, M scalar) {
  if constexpr (Hoisted)
    return scalar;
  else
    return static_cast<M>(p[i]);
}

// Note [16-bit float runs]: a dense row of Half or BFloat16 goes through
// float buffers of kStage elements: its inputs widened a run at a time
// (kernels/half_runs.h), f applied float to float in the loop that float
// tensors run, the results narrowed a run at a time. Converting element
// by element inside f's loop left sin of 2^20 Half scalar (1.44 ms
// against NumPy's 0.36) and cost abs 0.66 ms. Each conversion is the
// same as the element's, so results are unchanged.
constexpr int64_t kStage = 256;

template <class T>
inline const opmath_t<T>* staged(const T* p, opmath_t<T>* buf, int64_t n) {
  if constexpr (is_reduced_float_v<T>) {
    widen(p, buf, n);
    return buf;
  } else {
    return p;
  }
}

template <class OutT, class InT, unsigned Hoist, class F, std::size_t... K>
__attribute__((flatten)) inline void pointwise_staged_row(char* const* p, int64_t n, const F& f,
                                                         std::index_sequence<K...>) {
  using M = opmath_t<InT>;
  using R = decltype(f((static_cast<void>(K), M())...));
  OutT* out = reinterpret_cast<OutT*>(p[0]);
  [[maybe_unused]] const InT* in[sizeof...(K) + 1] = {reinterpret_cast<const InT*>(p[K + 1])...};
  [[maybe_unused]] const M scalar[sizeof...(K) + 1] = {static_cast<M>(((Hoist >> K) & 1u) ? in[K][0] : InT())...};
  [[maybe_unused]] alignas(64) M buf[sizeof...(K) + 1][kStage];
  alignas(64) R res[kStage];
  for (int64_t i0 = 0; i0 < n; i0 += kStage) {
    const int64_t m = std::min(kStage, n - i0);
    [[maybe_unused]] const M* arg[sizeof...(K) + 1] = {
        (((Hoist >> K) & 1u) ? nullptr : staged(in[K] + i0, buf[K], m))...};
#pragma omp simd
    for (int64_t i = 0; i < m; ++i) res[i] = f(pointwise_arg<((Hoist >> K) & 1u) != 0>(arg[K], i, scalar[K])...);
    if constexpr (is_reduced_float_v<OutT> && std::is_same_v<R, float>) {
      narrow(res, out + i0, m);
    } else {
#pragma omp simd
      for (int64_t i = 0; i < m; ++i) out[i0 + i] = convert<OutT>(res[i]);
    }
  }
}

// Inputs whose bit is set in Hoist have stride 0 along the row; Half
// and BFloat16 rows are staged (Note [16-bit float runs]). flatten:
// a call left in the loop stops the vectorizer, and GCC's size limits
// would leave one where f is big (ops::pow, ops::tanh) or called from
// several rows.
template <class OutT, class InT, unsigned Hoist, class F, std::size_t... K>
__attribute__((flatten)) inline void pointwise_dense_row(char* const* p, int64_t n, const F& f,
                                                        std::index_sequence<K...>) {
  if constexpr (is_reduced_float_v<InT> || is_reduced_float_v<OutT>) {
    pointwise_staged_row<OutT, InT, Hoist>(p, n, f, std::index_sequence<K...>{});
  } else {
    OutT* out = reinterpret_cast<OutT*>(p[0]);
    [[maybe_unused]] const InT* in[sizeof...(K) + 1] = {reinterpret_cast<const InT*>(p[K + 1])...};
    [[maybe_unused]] const InT scalar[sizeof...(K) + 1] = {(((Hoist >> K) & 1u) ? in[K][0] : InT())...};
#pragma omp simd
    for (int64_t i = 0; i < n; ++i)
      out[i] = convert<OutT>(f(pointwise_arg<((Hoist >> K) & 1u) != 0>(in[K], i, scalar[K])...));
  }
}

// Note [strided rows in simd]: a floating row with a strided operand
// runs f in an `omp simd` loop too, on the widest vectors, its operands
// gathered (one number read once) and its results scattered. Left to the
// vectorizer's cost model, the loop stayed scalar (exp) or took 256-bit
// vectors, where a function of kernels/sleef_math.h goes through its
// narrower variant, which pads its lanes to the widest vector: exp, sinh,
// tan and atan2 of a float32 view with step 2 took 4.8x, 8.5x, 10.7x and
// 28x NumPy's time (2026-12-06). pointwise() over 2^20 float32 with step
// 2: exp 3.5 -> 0.87 ms, sinh 11 -> 2.4, but times 2.5 0.67 -> 0.75;
// copying the operands through dense buffers cost more (add 1.8 ms
// against 1.25, atan2 5.6 against 3.6). Integer rows keep the plain loop:
// their ops are cheap, and GCC 12 failed (an internal error) on int16
// clamp's masked minimum vectorized this way. So do rows with an operand
// more than kSimdMaxStride bytes apart (a tile's transposed operand, B2:
// gathering each lane from its own cache line made B2 25% slower).
constexpr int64_t kSimdMaxStride = 64;
template <class OutT, class InT, unsigned Hoist, class F, std::size_t... K>
__attribute__((flatten)) inline void pointwise_strided_row(char* const* p, const int64_t* s, int64_t n, const F& f,
                                                          std::index_sequence<K...>) {
  using M = opmath_t<InT>;
  // Inputs whose bit is set in Hoist have stride 0: read once, not
  // gathered from one address in every lane.
  [[maybe_unused]] const M scalar[sizeof...(K) + 1] = {
      static_cast<M>(((Hoist >> K) & 1u) ? *reinterpret_cast<const InT*>(p[K + 1]) : InT())...};
  const auto element = [&](int64_t i) {
    *reinterpret_cast<OutT*>(p[0] + i * s[0]) = convert<OutT>(
        f((((Hoist >> K) & 1u) ? scalar[K] : static_cast<M>(*reinterpret_cast<const InT*>(p[K + 1] + i * s[K + 1])))...));
  };
  if constexpr (std::is_floating_point_v<M>) {
    bool near = true;
    for (std::size_t k = 0; k <= sizeof...(K); ++k) near = near && s[k] <= kSimdMaxStride && s[k] >= -kSimdMaxStride;
    if (near) {
#pragma omp simd
      for (int64_t i = 0; i < n; ++i) element(i);
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i) element(i);
}

// The bytes a call moves per element, operand k advancing by s[k] along
// rows: inputs read once per row (s[k] == 0) do not count.
template <class OutT, class InT>
int64_t bytes_per_element(const int64_t* s, int n) {
  int64_t bytes = sizeof(OutT);
  for (int k = 1; k < n; ++k) bytes += s[k] != 0 ? static_cast<int64_t>(sizeof(InT)) : 0;
  return bytes;
}

// Whether a call over numel elements is large enough to stream its
// output. A comparison's bool output streams too: lt of 2^24 float32,
// old and new rule alternating in one program, 8.45-9.32 ms unstreamed
// against 8.09-8.98 streamed (with its inputs prefetched; before the
// prefetches, streaming it had lost: 7.4 ms against 7.0).
template <class OutT, class InT>
bool streams_output(int64_t numel, const int64_t* s, int n) {
  return numel >= kStreamBytes / bytes_per_element<OutT, InT>(s, n);
}

// Whether a call reads beyond the cache (Note [software prefetch]).
template <class OutT, class InT>
bool prefetches_inputs(int64_t numel, const int64_t* s, int n) {
  return prefetches(numel * bytes_per_element<OutT, InT>(s, n));
}

}  // namespace detail

// ComputeBound: the op's schema marks it so (a polynomial per element);
// on one thread its outputs stream only where the CPU wants that too
// (Note [memory tuning per CPU]).
template <class OutT, class InT, int NIn, bool ComputeBound = false, class F>
void pointwise(const Operands<NIn + 1>& operands, const F& f) {
  static_assert(NIn >= 0 && NIn <= 3, "pointwise takes 0 to 3 inputs");
  constexpr int N = NIn + 1;
  using Seq = std::make_index_sequence<NIn>;
  // One short dense row (what the TH and small-tensor shortcuts pass):
  // no coalescing, no row walk; they were a fifth of a 4-element add (B10).
  if (operands.ndim == 1 && operands.shape[0] <= kGrain) {
    bool dense = operands.strides[0][0] == static_cast<int64_t>(sizeof(OutT));
    for (int k = 1; k < N; ++k) dense = dense && operands.strides[k][0] == static_cast<int64_t>(sizeof(InT));
    if (dense) return detail::pointwise_dense_row<OutT, InT, 0u>(operands.data, operands.shape[0], f, Seq{});
  }
  const Operands<N> ops = coalesced(operands);
  const int inner = ops.ndim - 1;
  int64_t s[N];
  for (int k = 0; k < N; ++k) s[k] = ops.strides[k][inner];
  // Note [staged transposed inputs]: where staging leaves only dense rows.
  if constexpr (NIn >= 1) {
    const unsigned staged = staged_inputs(ops, sizeof(InT));
    bool dense = staged != 0u && s[0] == static_cast<int64_t>(sizeof(OutT));
    for (int k = 1; k < N; ++k) dense = dense && (((staged >> (k - 1)) & 1u) || s[k] == static_cast<int64_t>(sizeof(InT)));
    if (dense) {
      return for_each_staged_tile(ops, staged, sizeof(InT), [&](char* const* p, int64_t n) {
        detail::pointwise_dense_row<OutT, InT, 0u>(p, n, f, Seq{});
      });
    }
  }

  // Row kind: -1 strided, else the mask of hoisted inputs (0: all dense).
  // Instantiated: masks of one input, and the last two of three (clamp's
  // bounds, B26: 2x faster than the strided loop); other mixes of
  // scalars are rare enough for the strided loop.
  int kind = s[0] == static_cast<int64_t>(sizeof(OutT)) ? 0 : -1;
  unsigned zero_strides = 0;  // of the inputs, for strided rows
  for (int k = 1; k < N; ++k) {
    if (s[k] == 0) {
      zero_strides |= 1u << (k - 1);
      if (kind >= 0) kind |= 1 << (k - 1);
    } else if (s[k] != static_cast<int64_t>(sizeof(InT))) {
      kind = -1;
    }
  }
  auto row = [&](char* const* p, int64_t n) {
    if (kind == 0) return detail::pointwise_dense_row<OutT, InT, 0u>(p, n, f, Seq{});
    if constexpr (NIn >= 1)
      if (kind == 1) return detail::pointwise_dense_row<OutT, InT, 1u>(p, n, f, Seq{});
    if constexpr (NIn >= 2)
      if (kind == 2) return detail::pointwise_dense_row<OutT, InT, 2u>(p, n, f, Seq{});
    if constexpr (NIn >= 3) {
      if (kind == 4) return detail::pointwise_dense_row<OutT, InT, 4u>(p, n, f, Seq{});
      if (kind == 6) return detail::pointwise_dense_row<OutT, InT, 6u>(p, n, f, Seq{});
    }
    // A strided row with one number (a[:, ::2] * 2.5) hoists it.
    if constexpr (NIn >= 1)
      if (zero_strides == 1u) return detail::pointwise_strided_row<OutT, InT, 1u>(p, s, n, f, Seq{});
    if constexpr (NIn >= 2)
      if (zero_strides == 2u) return detail::pointwise_strided_row<OutT, InT, 2u>(p, s, n, f, Seq{});
    detail::pointwise_strided_row<OutT, InT, 0u>(p, s, n, f, Seq{});
  };
  // A dense output past the cache is streamed (Note [streaming stores])
  // unless it is fresh (Note [fresh outputs]) or a compute-bound op's on
  // one thread of a CPU that writes those plainly; the staging buffer is
  // dense too, so the row kind stays the same.
  const bool dense_rows = kind >= 0 && !wants_tiling(ops);
  const bool may_stream = !ComputeBound || memory_tuning().stream_compute_bound || get_num_threads() > 1;
  if (dense_rows && may_stream && detail::streams_output<OutT, InT>(ops.numel(), s, N) &&
      output_resident(ops.data[0])) {
    return for_each_row_parallel(ops, [&](char* const* p, int64_t n) { streamed_row<OutT, N>(p, s, n, row); });
  }
  if (dense_rows && detail::prefetches_inputs<OutT, InT>(ops.numel(), s, N)) {
    return for_each_row_parallel(ops, [&](char* const* p, int64_t n) { prefetched_row<N>(p, s, n, n, row); });
  }
  for_each_row_parallel(ops, row);
}

}  // namespace ember::kernels
