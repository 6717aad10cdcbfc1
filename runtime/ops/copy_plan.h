// Copies between tensors of any two dtypes. The generated copy op supplies
// the dtype x dtype switch; this decides the geometry.
#pragma once

#include "ember/tensor_base.h"
#include "kernels/operands.h"
#include "runtime/core/function_ref.h"

namespace ember::rt {

using CopyKernel = FunctionRef<void(DType dst, DType src, kernels::Operands<2>& ops)>;
// The copy op's CUDA kernel (a generated .cu): both operands on the current device.
using CudaCopyKernel = void (*)(DType dst, DType src, const kernels::Operands<2>& ops);

// PyTorch's copy_: src broadcasts to self's shape; values convert to self's
// dtype. A source overlapping self in another layout is read before any
// element is written. Either tensor may be on a CUDA device (with `cuda`):
// a source on another device is first moved to self's, contiguous.
void run_copy(const char* op, const TensorBase& self, const TensorBase& src, CopyKernel kernel,
              CudaCopyKernel cuda = nullptr);

}  // namespace ember::rt
