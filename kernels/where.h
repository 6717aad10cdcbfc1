// where's loop, one functor shared by the CPU (runtime/ops/where.cpp) and
// CUDA (kernels/cuda/where.cu): the condition arrives as 0 or 1 in the
// compute type, like the picked values.
#pragma once

#include "ember/dtype.h"
#include "ember/host_device.h"
#include "kernels/operands.h"

namespace ember::kernels {

template <class C>
struct WhereFn {
  EMBER_HOST_DEVICE C operator()(C condition, C self, C other) const { return condition != C(0) ? self : other; }
};

namespace cuda {
// out = where(condition, self, other) on the current device for every
// dtype, over operands {out, condition, self, other} in the compute
// dtype; the arguments are CudaPointwiseKernel's. Defined only in builds
// with the CUDA kernels (EMBER_CUDA).
void where(DType compute, const Operands<4>& ops, unsigned host_values);
}  // namespace cuda

}  // namespace ember::kernels
