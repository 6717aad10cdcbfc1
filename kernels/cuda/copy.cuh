// The CUDA side of kernels/copy.h: dst = src converted element by element
// (kernels/convert.h's rule), any strides, src broadcast.
#pragma once

#include "kernels/cuda/pointwise.cuh"

namespace ember::kernels::cuda {

template <class M>
struct Identity {
  __device__ M operator()(M x) const { return x; }
};

template <class Dst, class Src>
void copy(const char* op, const Operands<2>& ops) {
  pointwise<Dst, Src, 1>(op, ops, 0u, Identity<opmath_t<Src>>{});
}

}  // namespace ember::kernels::cuda
