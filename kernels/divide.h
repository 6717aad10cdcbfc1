// div's three rounding modes, one functor each, shared by the CPU loops
// (runtime/ops/divide.cpp) and the CUDA ones (kernels/cuda/divide.cu) so
// both compute the same expression in the same opmath type.
#pragma once

#include <cstdint>

#include "ember/dtype.h"
#include "ember/host_device.h"
#include "kernels/operands.h"
#include "kernels/scalar_ops.h"

namespace ember::kernels {

enum class DivMode : int8_t { True, Trunc, Floor };

template <class C, DivMode mode>
struct DivideFn {
  EMBER_HOST_DEVICE C operator()(C a, C b) const {
    if constexpr (mode == DivMode::True) return ops::div(a, b);
    else if constexpr (mode == DivMode::Trunc) return ops::div_trunc(a, b);
    else return ops::floor_divide(a, b);
  }
};

namespace cuda {
// out = self / other in `mode` on the current device, for div's dtypes
// (every numeric one); the arguments are CudaPointwiseKernel's. Defined
// only in builds with the CUDA kernels (EMBER_CUDA).
void divide(DivMode mode, DType compute, const Operands<3>& ops, unsigned host_values);
}  // namespace cuda

}  // namespace ember::kernels
