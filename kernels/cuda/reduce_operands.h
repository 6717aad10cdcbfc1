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

struct ReduceOperands {
  int ndim = 1;                   // kept dims, collapsed (one output: shape {1})
  int64_t shape[kMaxDims];
  int64_t out_strides[kMaxDims];  // bytes
  int64_t in_strides[kMaxDims];
  int64_t length = 0;             // elements each output reduces
  int64_t step = 0;               // the input's stride along them, bytes
  char* out = nullptr;
  const char* in = nullptr;

  int64_t outputs() const {
    int64_t n = 1;
    for (int d = 0; d < ndim; ++d) n *= shape[d];
    return n;
  }

  // Byte offsets of output j's element and of the first input element it reduces.
  EMBER_HOST_DEVICE void offsets(int64_t j, int64_t& out_off, int64_t& in_off) const {
    out_off = in_off = 0;
    for (int d = ndim - 1; d >= 0; --d) {
      const int64_t q = j / shape[d], idx = j - q * shape[d];
      j = q;
      out_off += idx * out_strides[d];
      in_off += idx * in_strides[d];
    }
  }
};

// The plan for reducing `ops` along `dim`; false when the kept dims do not
// collapse to kMaxDims or fewer.
inline bool make_reduce_operands(const Operands<2>& ops, int dim, ReduceOperands* out) {
  Operands<2> kept;
  kept.ndim = 0;
  for (int d = 0; d < ops.ndim; ++d) {
    if (d == dim) continue;
    kept.shape[kept.ndim] = ops.shape[d];
    kept.strides[0][kept.ndim] = ops.strides[0][d];
    kept.strides[1][kept.ndim] = ops.strides[1][d];
    ++kept.ndim;
  }
  kept.data[0] = ops.data[0];
  kept.data[1] = ops.data[1];
  coalesce(kept);
  if (kept.ndim > kMaxDims) return false;
  ReduceOperands& r = *out;
  r.ndim = kept.ndim;
  for (int d = 0; d < kept.ndim; ++d) {
    r.shape[d] = kept.shape[d];
    r.out_strides[d] = kept.strides[0][d];
    r.in_strides[d] = kept.strides[1][d];
  }
  r.length = ops.shape[dim];
  r.step = ops.strides[1][dim];
  r.out = ops.data[0];
  r.in = ops.data[1];
  return true;
}

// Elements [begin, end) (every `stride`-th) of the slice at byte offset
// `in_off`, combined onto `acc`.
template <class T, class R>
EMBER_HOST_DEVICE inline typename R::acc_type reduce_range(const ReduceOperands& p, const R& r,
                                                           typename R::acc_type acc, int64_t in_off, int64_t begin,
                                                           int64_t end, int64_t stride) {
  using M = opmath_t<T>;
  for (int64_t k = begin; k < end; k += stride)
    acc = r.combine(acc, static_cast<M>(*reinterpret_cast<const T*>(p.in + in_off + k * p.step)));
  return acc;
}

// Output j: its accumulator finalized (count: the slice's length) and converted to OutT.
template <class OutT, class R>
EMBER_HOST_DEVICE inline void reduce_store(const ReduceOperands& p, const R& r, int64_t out_off,
                                           typename R::acc_type acc) {
  *reinterpret_cast<OutT*>(p.out + out_off) = convert<OutT>(r.finalize(acc, p.length));
}

}  // namespace ember::kernels::cuda
