// Ops whose work is structure rather than arithmetic: new tensors with the
// same values in another layout or dtype. Declared in schemas/ as custom
// kernels; these are their implementations.
#pragma once

#include "ember/tensor_base.h"

namespace ember::rt {

// A contiguous copy with its own storage.
TensorBase clone_tensor(const TensorBase& self);
// self when already contiguous, else a contiguous copy.
TensorBase contiguous_tensor(const TensorBase& self);
// self when already of `dtype` (unless `copy`), else a converted copy.
TensorBase to_dtype(const TensorBase& self, DType dtype, bool copy);
// A new tensor with self's sizes and dtype, uninitialised.
TensorBase empty_like(const TensorBase& self);
// What the *_like factories fill: a new tensor of self's sizes and
// `dtype`, uninitialised, laid out as PyTorch's preserve_format: self's
// strides when self is non-overlapping and dense (a transposed input gives
// a transposed result), else dense in self's order (Note [result layout]).
TensorBase empty_like_preserving(const TensorBase& self, DType dtype);

}  // namespace ember::rt
