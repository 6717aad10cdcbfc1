// The CUDA side of kernels/reduce.h's reduce_dim_index: each output's best
// element along the reduced dim and its position (max and min with
// indices), by a `better` comparison. merge_best (reduce_operands.h) is
// order-free, so any split of a slice gives the CPU's answer exactly.
//
// A thread per output when the outputs are many and side by side (a
// reduction over an outer dim), else a block per output: each thread takes
// every kThreads-th element, then a fixed shared-memory tree.
#pragma once

#include "kernels/cuda/launch.cuh"
#include "kernels/cuda/reduce_operands.h"

namespace ember::kernels::cuda {

template <class T, class Compare>
__global__ void best_columns(ReduceOperands<2> p, Compare better, int64_t outputs) {
  using M = opmath_t<T>;
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t j = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < outputs; j += step) {
    int64_t out_off[2], in_off;
    p.offsets(j, out_off, in_off);
    store_best<T>(p, out_off, best_of_range<T>(p, better, Best<M>{M(), -1}, in_off, 0, p.length, 1));
  }
}

template <class T, class Compare>
__global__ void best_rows(ReduceOperands<2> p, Compare better, int64_t outputs) {
  using M = opmath_t<T>;
  __shared__ alignas(16) unsigned char raw[kThreads * sizeof(Best<M>)];
  Best<M>* lane = reinterpret_cast<Best<M>*>(raw);
  for (int64_t j = blockIdx.x; j < outputs; j += gridDim.x) {
    int64_t out_off[2], in_off;
    p.offsets(j, out_off, in_off);
    lane[threadIdx.x] = best_of_range<T>(p, better, Best<M>{M(), -1}, in_off, threadIdx.x, p.length, kThreads);
    __syncthreads();
    for (int half = kThreads / 2; half > 0; half /= 2) {
      if (static_cast<int>(threadIdx.x) < half)
        lane[threadIdx.x] = merge_best(lane[threadIdx.x], lane[threadIdx.x + half], better);
      __syncthreads();
    }
    if (threadIdx.x == 0) store_best<T>(p, out_off, lane[0]);
    __syncthreads();
  }
}

// ops: values, indices, input (runtime/ops/reduce_plan.h); the reduced dim is never empty.
template <class T, class Compare>
void reduce_dim_index(const char* op, const Operands<3>& ops, int dim, const Compare& better) {
  ReduceOperands<2> p;
  if (!make_reduce_operands(ops, dim, &p))
    fail(ErrorKind::Value, str(op, ": the CUDA kernels take at most ", kMaxDims,
                               " dims after merging contiguous ones; make the tensor contiguous first"));
  const int64_t outputs = p.outputs();
  if (outputs == 0) return;
  const bool columns = outputs >= kReduceBlocks && p.in_strides[p.ndim - 1] == static_cast<int64_t>(sizeof(T)) &&
                       p.step != static_cast<int64_t>(sizeof(T));
  if (columns)
    best_columns<T><<<blocks_for(outputs), kThreads>>>(p, better, outputs);
  else
    best_rows<T><<<static_cast<unsigned>(outputs < kMaxBlocks ? outputs : kMaxBlocks), kThreads>>>(p, better, outputs);
  check_launch(op);
}

}  // namespace ember::kernels::cuda
