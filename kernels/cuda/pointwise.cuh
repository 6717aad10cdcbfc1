// The CUDA side of kernels/pointwise.h: out = f(in_1, ..., in_NIn) over
// the same Operands, launched on the current device. A generated op
// (codegen/templates/kinds/pointwise.cu.j2) instantiates it once per
// dtype with a functor holding the schema's expression.
//
// Two kernels per instantiation: a single collapsed dim (dense operands,
// numbers, broadcasts and any one-dim stride: the offset is i * stride)
// and the general one, which divides the element index by the collapsed
// sizes.
#pragma once

#include "kernels/cuda/device_operands.h"
#include "kernels/cuda/launch.cuh"

namespace ember::kernels::cuda {

template <class OutT, class InT, int NIn, bool OneDim, class F>
__global__ void pointwise_kernel(DeviceOperands<NIn + 1> ops, int64_t n, F f) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += step)
    pointwise_element<OutT, InT, NIn, OneDim>(ops, i, f);
}

// `host_values`: bit k set when operand k is a number at a host address
// (runtime/ops/pointwise_plan.cpp); its InT value goes in the parameters.
template <class OutT, class InT, int NIn, class F>
void pointwise(const char* op, const Operands<NIn + 1>& operands, unsigned host_values, const F& f) {
  int bytes[NIn + 1];
  bytes[0] = sizeof(OutT);
  for (int k = 1; k <= NIn; ++k) bytes[k] = sizeof(InT);
  DeviceOperands<NIn + 1> ops;
  if (!make_device_operands(operands, host_values, bytes, &ops))
    fail(ErrorKind::Value, str(op, ": the CUDA kernels take at most ", kMaxDims,
                               " dims after merging contiguous ones; make the tensors contiguous first"));
  const int64_t n = ops.numel();
  if (n == 0) return;
  if (ops.ndim == 1)
    pointwise_kernel<OutT, InT, NIn, true><<<blocks_for(n), kThreads>>>(ops, n, f);
  else
    pointwise_kernel<OutT, InT, NIn, false><<<blocks_for(n), kThreads>>>(ops, n, f);
  check_launch(op);
}

}  // namespace ember::kernels::cuda
