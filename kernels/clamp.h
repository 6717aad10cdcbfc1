// clamp's loops, one functor per set of bounds given, shared by the CPU
// (runtime/ops/clamp.cpp) and CUDA (kernels/cuda/clamp.cu), so both
// backends compute the same expression in the same opmath type.
#pragma once

#include <cstdint>

#include "ember/dtype.h"
#include "ember/host_device.h"
#include "kernels/operands.h"
#include "kernels/scalar_ops.h"

namespace ember::kernels {

// THBoth: TH's clamp, t < min ? min : (t > max ? max : t) (NaN stays NaN,
// min > max gives min below min), for TH's and THC's C functions.
enum class ClampBounds : int8_t { Both, Min, Max, THBoth };

template <class C, ClampBounds bounds>
struct ClampFn;

template <class C>
struct ClampFn<C, ClampBounds::Both> {
  EMBER_HOST_DEVICE C operator()(C x, C lo, C hi) const { return ops::clamp(x, lo, hi); }
};
template <class C>
struct ClampFn<C, ClampBounds::THBoth> {
  EMBER_HOST_DEVICE C operator()(C x, C lo, C hi) const { return x < lo ? lo : (x > hi ? hi : x); }
};
template <class C>
struct ClampFn<C, ClampBounds::Min> {
  EMBER_HOST_DEVICE C operator()(C x, C lo) const { return ops::maximum(x, lo); }
};
template <class C>
struct ClampFn<C, ClampBounds::Max> {
  EMBER_HOST_DEVICE C operator()(C x, C hi) const { return ops::minimum(x, hi); }
};

namespace cuda {
// out = clamp(self, min, max) on the current device for clamp's dtypes
// (every numeric one), with both bounds (`both`: Both or THBoth, operands
// {out, self, min, max}) or one (`one`: Min or Max, operands {out, self,
// bound}); the other arguments are CudaPointwiseKernel's. Defined only in
// builds with the CUDA kernels (EMBER_CUDA).
void clamp(ClampBounds both, DType compute, const Operands<4>& ops, unsigned host_values);
void clamp(ClampBounds one, DType compute, const Operands<3>& ops, unsigned host_values);
}  // namespace cuda

}  // namespace ember::kernels
