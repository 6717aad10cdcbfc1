// isclose's loop, one functor shared by the CPU (runtime/ops/isclose.cpp)
// and CUDA (kernels/cuda/isclose.cu).
#pragma once

#include <cmath>

#include "ember/dtype.h"
#include "ember/host_device.h"
#include "kernels/operands.h"

namespace ember::kernels {

// In double, so integer differences cannot wrap; equal values (infinities
// too) are close, NaNs only to each other with equal_nan.
template <class C>
struct IscloseFn {
  double rtol, atol;
  bool equal_nan;
  EMBER_HOST_DEVICE bool operator()(C x, C y) const {
    const double a = static_cast<double>(x), b = static_cast<double>(y);
    if (a == b) return true;
    if (a != a || b != b) return equal_nan && a != a && b != b;
    const double error = std::fabs(a - b);
    return std::isfinite(error) && error <= atol + rtol * std::fabs(b);
  }
};

namespace cuda {
// out (bool) = isclose(self, other) on the current device for every dtype,
// operands {out, self, other} in the compute dtype; the other arguments
// are CudaPointwiseKernel's. Defined only in builds with the CUDA kernels
// (EMBER_CUDA).
void isclose(DType compute, const Operands<3>& ops, unsigned host_values, double rtol, double atol, bool equal_nan);
}  // namespace cuda

}  // namespace ember::kernels
