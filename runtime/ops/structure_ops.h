// Ops whose work is structure rather than arithmetic: new tensors with the
// same values in another layout or dtype. Declared in schemas/ as custom
// kernels; these are their implementations.
#pragma once

#include "ember/tensor.h"

namespace ember::rt {

// A contiguous copy with its own storage.
Tensor clone_tensor(const Tensor& self);
// self when already contiguous, else a contiguous copy.
Tensor contiguous_tensor(const Tensor& self);
// self when already of `dtype` (unless `copy`), else a converted copy.
Tensor to_dtype(const Tensor& self, DType dtype, bool copy);
// A new tensor with self's sizes and dtype, uninitialised.
Tensor empty_like(const Tensor& self);

}  // namespace ember::rt
