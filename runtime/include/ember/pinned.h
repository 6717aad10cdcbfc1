// Pinned (page-locked) host memory: CPU tensors whose storage CUDA's
// copies read and write directly, as PyTorch's Tensor.pin_memory() and
// is_pinned(). Pinning needs a CUDA device: a machine without one, or a
// build without CUDA, gets a Runtime error saying which.
#pragma once

#include "ember/export.h"
#include "ember/tensor_base.h"

namespace ember {

// A contiguous copy of the CPU tensor `self` in pinned host memory, or
// self itself when its storage is pinned already. A tensor on a CUDA
// device is a ValueError naming self.
EMBER_CPP_API TensorBase pin_memory(const TensorBase& self);
// Whether self's storage is pinned host memory.
EMBER_CPP_API bool is_pinned(const TensorBase& self);

}  // namespace ember
