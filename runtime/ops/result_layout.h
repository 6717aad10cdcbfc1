// Note [result layout]
// ~~~~~~~~~~~~~~~~~~~~
// A new result of an elementwise op (the pointwise kernels, where, clamp)
// is dense with its dims in the memory order of its inputs, as PyTorch's
// TensorIterator allocates it: `a.t() + 1` is laid out like `a.t()`
// (strides (1, rows)), contiguous inputs give a contiguous result, and a
// kernel then walks output and inputs in the same order. The order is
// decided pair of dims by pair of dims by the first input that strides
// both (a broadcast dim, stride 0, decides nothing); equal strides put the
// smaller dim first.
#pragma once

#include <cstddef>

#include "ember/tensor_base.h"

namespace ember::rt {

// A new tensor of `shape` and `dtype` laid out as Note [result layout]
// says for `inputs` (null entries, 0-dim and undefined tensors are
// skipped: numbers and scalars have no order), on `device`.
TensorBase empty_in_input_order(IntList shape, DType dtype, const TensorBase* const* inputs, size_t n,
                                Device device = Device());

}  // namespace ember::rt
