// What a CUDA reduction receives: kernels/reduce.h's Operands<2> (operand
// 0 the output, stride 0 along the reduced dim; operand 1 the input) split
// on the host into the kept dims, collapsed as the CPU engine collapses
// them (kernels/coalesce.h), and the reduced dim's length and stride. And
// the per-output work, plain EMBER_HOST_DEVICE C++ that the host tests run
// (tests/runtime/test_device_operands.cpp).
#pragma once

#include <cstdint>

#include "ember/host_device.h"
#include "kernels/coalesce.h"
#include "kernels/convert.h"
#include "kernels/cuda/device_operands.h"
#include "kernels/opmath.h"
#include "kernels/operands.h"

namespace ember::kernels::cuda {

// The blocks a long-slice reduction aims for (a few per SM of any GPU),
// hence the partial accumulators (of at most 32 bytes) the caller's
// scratch memory must hold.
constexpr int64_t kReduceBlocks = 1024;
constexpr size_t kReduceScratchBytes = kReduceBlocks * 32;

// NOut outputs (a reduction's result; max's values and indices) and the input.
template <int NOut = 1>
struct ReduceOperands {
  int ndim = 1;                         // kept dims, collapsed (one output: shape {1})
  int64_t shape[kMaxDims];
  int64_t out_strides[NOut][kMaxDims];  // bytes
  int64_t in_strides[kMaxDims];
  int64_t length = 0;                   // elements each output reduces
  int64_t step = 0;                     // the input's stride along them, bytes
  char* out[NOut];
  const char* in = nullptr;

  int64_t outputs() const {
    int64_t n = 1;
    for (int d = 0; d < ndim; ++d) n *= shape[d];
    return n;
  }

  // Byte offsets of output j's elements and of the first input element it reduces.
  EMBER_HOST_DEVICE void offsets(int64_t j, int64_t (&out_off)[NOut], int64_t& in_off) const {
    for (int k = 0; k < NOut; ++k) out_off[k] = 0;
    in_off = 0;
    for (int d = ndim - 1; d >= 0; --d) {
      const int64_t q = j / shape[d], idx = j - q * shape[d];
      j = q;
      for (int k = 0; k < NOut; ++k) out_off[k] += idx * out_strides[k][d];
      in_off += idx * in_strides[d];
    }
  }
};

// The plan for reducing `ops` (outputs first, the input last) along `dim`;
// false when the kept dims do not collapse to kMaxDims or fewer.
template <int N>
bool make_reduce_operands(const Operands<N>& ops, int dim, ReduceOperands<N - 1>* out) {
  Operands<N> kept;
  kept.ndim = 0;
  for (int d = 0; d < ops.ndim; ++d) {
    if (d == dim) continue;
    kept.shape[kept.ndim] = ops.shape[d];
    for (int k = 0; k < N; ++k) kept.strides[k][kept.ndim] = ops.strides[k][d];
    ++kept.ndim;
  }
  for (int k = 0; k < N; ++k) kept.data[k] = ops.data[k];
  coalesce(kept);
  if (kept.ndim > kMaxDims) return false;
  ReduceOperands<N - 1>& r = *out;
  r.ndim = kept.ndim;
  for (int d = 0; d < kept.ndim; ++d) {
    r.shape[d] = kept.shape[d];
    for (int k = 0; k < N - 1; ++k) r.out_strides[k][d] = kept.strides[k][d];
    r.in_strides[d] = kept.strides[N - 1][d];
  }
  r.length = ops.shape[dim];
  r.step = ops.strides[N - 1][dim];
  for (int k = 0; k < N - 1; ++k) r.out[k] = ops.data[k];
  r.in = ops.data[N - 1];
  return true;
}

// Elements [begin, end) (every `stride`-th) of the slice at byte offset
// `in_off`, combined onto `acc`.
template <class T, class R>
EMBER_HOST_DEVICE inline typename R::acc_type reduce_range(const ReduceOperands<1>& p, const R& r,
                                                           typename R::acc_type acc, int64_t in_off, int64_t begin,
                                                           int64_t end, int64_t stride) {
  using M = opmath_t<T>;
  for (int64_t k = begin; k < end; k += stride)
    acc = r.combine(acc, static_cast<M>(*reinterpret_cast<const T*>(p.in + in_off + k * p.step)));
  return acc;
}

// Output j: its accumulator finalized (count: the slice's length) and converted to OutT.
template <class OutT, class R>
EMBER_HOST_DEVICE inline void reduce_store(const ReduceOperands<1>& p, const R& r, int64_t out_off,
                                           typename R::acc_type acc) {
  *reinterpret_cast<OutT*>(p.out[0] + out_off) = convert<OutT>(r.finalize(acc, p.length));
}

// The best element so far and its position along the reduced dim
// (reduce_index ops: max and min with indices).
template <class M>
struct Best {
  M value;
  int64_t index;  // -1: none yet
};

// Best of two partial results, whatever parts of the slice each covers:
// a NaN beats everything, `better` decides between numbers, and of equals
// (or of two NaNs) the first position wins; so any order of merging gives
// kernels/reduce.h's sequential answer (the first NaN, else the first
// best element).
template <class M, class Compare>
EMBER_HOST_DEVICE inline Best<M> merge_best(const Best<M>& a, const Best<M>& b, const Compare& better) {
  if (a.index < 0) return b;
  if (b.index < 0) return a;
  const bool nan_a = is_nan(a.value), nan_b = is_nan(b.value);
  if (nan_a != nan_b) return nan_a ? a : b;
  if (!nan_a && better(b.value, a.value)) return b;
  if (!nan_a && better(a.value, b.value)) return a;
  return b.index < a.index ? b : a;
}

// Elements [begin, end) (every `stride`-th) of the slice at `in_off`, merged onto `best`.
template <class T, class Compare>
EMBER_HOST_DEVICE inline Best<opmath_t<T>> best_of_range(const ReduceOperands<2>& p, const Compare& better,
                                                         Best<opmath_t<T>> best, int64_t in_off, int64_t begin,
                                                         int64_t end, int64_t stride) {
  using M = opmath_t<T>;
  for (int64_t k = begin; k < end; k += stride)
    best = merge_best(best, Best<M>{static_cast<M>(*reinterpret_cast<const T*>(p.in + in_off + k * p.step)), k}, better);
  return best;
}

template <class T>
EMBER_HOST_DEVICE inline void store_best(const ReduceOperands<2>& p, const int64_t (&out_off)[2],
                                         const Best<opmath_t<T>>& best) {
  *reinterpret_cast<T*>(p.out[0] + out_off[0]) = convert<T>(best.value);
  *reinterpret_cast<int64_t*>(p.out[1] + out_off[1]) = best.index;
}

}  // namespace ember::kernels::cuda
