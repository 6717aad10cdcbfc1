// Copies between tensors of any two dtypes. The generated copy op supplies
// the dtype x dtype switch; this decides the geometry.
#pragma once

#include "ember/tensor_base.h"
#include "kernels/operands.h"
#include "runtime/core/function_ref.h"

namespace ember::rt {

using CopyKernel = FunctionRef<void(DType dst, DType src, kernels::Operands<2>& ops)>;

// PyTorch's copy_: src broadcasts to self's shape; values convert to self's
// dtype. A source overlapping self in another layout is read before any
// element is written.
void run_copy(const char* op, const TensorBase& self, const TensorBase& src, CopyKernel kernel);

}  // namespace ember::rt
