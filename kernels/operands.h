// The geometry every kernel loop runs over: N operands (operand 0 is the
// output for pointwise kernels) sharing one shape, each with its own data
// pointer and byte strides. Strides may be zero (a broadcast or scalar
// operand) or negative; sizes may be zero (nothing to do).
//
// Kernels never see tensors: the runtime builds Operands from tensors
// (broadcasting, TH's equal-count rule, type promotion all happen there),
// so the loops below are the only place that touches elements.
#pragma once

#include <cstdint>

namespace ember::kernels {

constexpr int kMaxLoopDims = 64;

template <int N>
struct Operands {
  int ndim = 0;                       // 0 means a single element
  int64_t shape[kMaxLoopDims];        // dim 0 is the outermost
  int64_t strides[N][kMaxLoopDims];   // bytes
  char* data[N];

  int64_t numel() const {
    int64_t n = 1;
    for (int d = 0; d < ndim; ++d) n *= shape[d];
    return n;
  }
};

}  // namespace ember::kernels
