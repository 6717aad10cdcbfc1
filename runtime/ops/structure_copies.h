// Torch7's structure ops that give new tensors: repeatTensor, typeAs and
// the conversions byte() .. double() (schemas/tensor/structure.yaml).
#pragma once

#include "ember/tensor.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

// Torch7's repeatTensor (PyTorch's repeat): self, with leading size-1 dims
// added up to len(repeats) dims, tiled repeats[i] times along dim i.
Tensor repeat_tensor(const Tensor& self, IntList repeats);

inline Tensor type_as_tensor(const Tensor& self, const Tensor& other) { return to_dtype(self, other.dtype(), false); }

// self itself when it already holds D, else a converted copy.
template <DType D>
Tensor convert_to(const Tensor& self) {
  return to_dtype(self, D, false);
}

}  // namespace ember::rt
