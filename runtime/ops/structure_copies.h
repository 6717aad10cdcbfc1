// Torch7's structure ops that give new tensors: repeatTensor, typeAs and
// the conversions byte() .. double() (schemas/tensor/structure.yaml).
#pragma once

#include "ember/tensor_base.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

// Torch7's repeatTensor (PyTorch's repeat): self, with leading size-1 dims
// added up to len(repeats) dims, tiled repeats[i] times along dim i.
TensorBase repeat_tensor(const TensorBase& self, IntList repeats);

inline TensorBase type_as_tensor(const TensorBase& self, const TensorBase& other) {
  return to_dtype(self, other.dtype(), false);
}

// self itself when it already holds D, else a converted copy.
template <DType D>
TensorBase convert_to(const TensorBase& self) {
  return to_dtype(self, D, false);
}

}  // namespace ember::rt
