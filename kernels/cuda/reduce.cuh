// The CUDA side of kernels/reduce.h's reduce_dim: each output folds its
// slice of the input with a reducer (kernels/reducers.h, or a generated
// one), in a fixed order, so results never depend on timing. A generated
// reduce op (codegen/templates/kinds/reduce.cu.j2) instantiates it once
// per dtype.
//
// Three shapes of work, chosen on the host:
//   - columns: many outputs whose inputs sit side by side (a reduction
//     over an outer dim): one thread per output walks its slice, so a
//     warp's loads are adjacent;
//   - rows: a block of kThreads per output, each thread combining every
//     kThreads-th element, then merging in shared memory (a fixed tree);
//   - few outputs with long slices (a whole-tensor sum): each slice is cut
//     into `chunks` parts, a block each, whose partial accumulators go to
//     `scratch` and are merged, in order, by one thread per output.
#pragma once

#include "kernels/cuda/launch.cuh"
#include "kernels/cuda/reduce_operands.h"

namespace ember::kernels::cuda {

template <class OutT, class T, class R>
__global__ void reduce_columns(ReduceOperands<1> p, R r, int64_t outputs) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t j = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < outputs; j += step) {
    int64_t out_off[1], in_off;
    p.offsets(j, out_off, in_off);
    reduce_store<OutT>(p, r, out_off[0], reduce_range<T>(p, r, r.identity(), in_off, 0, p.length, 1));
  }
}

// Block b reduces part (b % chunks) of output (b / chunks); with one chunk
// it stores the output, else its partial accumulator.
template <class OutT, class T, class R>
__global__ void reduce_rows(ReduceOperands<1> p, R r, int64_t outputs, int64_t chunks,
                            typename R::acc_type* partial) {
  using Acc = typename R::acc_type;
  __shared__ alignas(16) unsigned char raw[kThreads * sizeof(Acc)];
  Acc* lane = reinterpret_cast<Acc*>(raw);
  const int64_t per_chunk = (p.length + chunks - 1) / chunks;
  for (int64_t b = blockIdx.x; b < outputs * chunks; b += gridDim.x) {
    const int64_t j = b / chunks, c = b - j * chunks;
    int64_t out_off[1], in_off;
    p.offsets(j, out_off, in_off);
    const int64_t begin = c * per_chunk, end = begin + per_chunk < p.length ? begin + per_chunk : p.length;
    lane[threadIdx.x] = reduce_range<T>(p, r, r.identity(), in_off, begin + threadIdx.x, end, kThreads);
    __syncthreads();
    for (int half = kThreads / 2; half > 0; half /= 2) {
      if (static_cast<int>(threadIdx.x) < half) lane[threadIdx.x] = r.merge(lane[threadIdx.x], lane[threadIdx.x + half]);
      __syncthreads();
    }
    if (threadIdx.x == 0) {
      if (chunks == 1) reduce_store<OutT>(p, r, out_off[0], lane[0]);
      else partial[b] = lane[0];
    }
    __syncthreads();
  }
}

template <class OutT, class R>
__global__ void reduce_partials(ReduceOperands<1> p, R r, int64_t outputs, int64_t chunks,
                                const typename R::acc_type* partial) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t j = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < outputs; j += step) {
    typename R::acc_type acc = partial[j * chunks];
    for (int64_t c = 1; c < chunks; ++c) acc = r.merge(acc, partial[j * chunks + c]);
    int64_t out_off[1], in_off;
    p.offsets(j, out_off, in_off);
    reduce_store<OutT>(p, r, out_off[0], acc);
  }
}

// `scratch`: kReduceScratchBytes of device memory for partial accumulators.
template <class T, class OutT, class R>
void reduce_dim(const char* op, const Operands<2>& ops, int dim, const R& r, void* scratch) {
  using Acc = typename R::acc_type;
  static_assert(sizeof(Acc) <= 32, "partial accumulators must fit kReduceScratchBytes");
  ReduceOperands<1> p;
  if (!make_reduce_operands(ops, dim, &p))
    fail(ErrorKind::Value, str(op, ": the CUDA kernels take at most ", kMaxDims,
                               " dims after merging contiguous ones; make the tensor contiguous first"));
  const int64_t outputs = p.outputs();
  if (outputs == 0) return;
  const bool columns = outputs >= kReduceBlocks && p.in_strides[p.ndim - 1] == static_cast<int64_t>(sizeof(T)) &&
                       p.step != static_cast<int64_t>(sizeof(T));
  if (columns) {
    reduce_columns<OutT, T><<<blocks_for(outputs), kThreads>>>(p, r, outputs);
    return check_launch(op);
  }
  int64_t chunks = 1;
  if (outputs < kReduceBlocks) {
    const int64_t by_length = (p.length + kThreads * 16 - 1) / (kThreads * 16);  // at least 16 elements a thread
    const int64_t by_blocks = kReduceBlocks / outputs;
    chunks = by_length < by_blocks ? by_length : by_blocks;
    if (chunks < 1) chunks = 1;
  }
  const int64_t blocks = outputs * chunks;
  Acc* partial = static_cast<Acc*>(scratch);
  reduce_rows<OutT, T><<<static_cast<unsigned>(blocks < kMaxBlocks ? blocks : kMaxBlocks), kThreads>>>(
      p, r, outputs, chunks, partial);
  check_launch(op);
  if (chunks > 1) {
    reduce_partials<OutT><<<blocks_for(outputs), kThreads>>>(p, r, outputs, chunks, partial);
    check_launch(op);
  }
}

}  // namespace ember::kernels::cuda
