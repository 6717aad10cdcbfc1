// Layout and shape questions asked as C++ API ops
// (schemas/tensor/structure.yaml); TH's isContiguous, isSameSizeAs,
// isSetTo and nElement are bound to them.
#pragma once

#include "ember/tensor_base.h"

namespace ember::rt {

inline bool is_contiguous_tensor(const TensorBase& self) { return self.is_contiguous(); }

inline int64_t numel_tensor(const TensorBase& self) { return self.numel(); }

inline bool is_same_size(const TensorBase& self, const TensorBase& other) { return self.sizes() == other.sizes(); }

// Same storage, offset, sizes and strides; never for a tensor without
// storage (TH's rule: such a tensor is set to nothing).
inline bool is_set_to(const TensorBase& self, const TensorBase& tensor) {
  const TensorImpl* a = self.impl();
  const TensorImpl* b = tensor.impl();
  return a->storage && a->storage == b->storage && a->storageOffset == b->storageOffset &&
         sizes(a) == sizes(b) && strides(a) == strides(b) && is_scalar(a) == is_scalar(b);
}

}  // namespace ember::rt
