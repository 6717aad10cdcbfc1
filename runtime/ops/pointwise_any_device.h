// run_pointwise for the hand-written ops whose CUDA kernels are in
// kernels/cuda/ (div, clamp, where, isclose, nan_to_num): `cuda` (a
// callable taking CudaPointwiseKernel's arguments) is handed to the driver
// in a build with the CUDA kernels (EMBER_CUDA), and never called without.
#pragma once

#include <array>

#include "runtime/ops/pointwise_plan.h"

namespace ember::rt {

template <int NIn, class Cpu, class Cuda>
TensorBase run_pointwise_any_device(const PointwiseOp& op, const TensorBase* out, bool inplace,
                                    const std::array<PointwiseArg, NIn>& args, const Cpu& cpu, const Cuda& cuda) {
#ifdef EMBER_CUDA
  const CudaPointwiseKernel<NIn + 1> kernel = cuda;  // a reference to `cuda`, which outlives it
  return run_pointwise<NIn>(op, out, inplace, args, cpu, &kernel);
#else
  (void)cuda;
  return run_pointwise<NIn>(op, out, inplace, args, cpu);
#endif
}

}  // namespace ember::rt
