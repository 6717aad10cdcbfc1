// Layout, shape and dtype questions asked as C++ API ops
// (schemas/tensor/structure.yaml); TH's isContiguous, isSameSizeAs,
// isSetTo and nElement are bound to them.
#pragma once

#include "ember/error.h"
#include "ember/tensor_base.h"

namespace ember::rt {

inline bool is_contiguous_tensor(const TensorBase& self) { return self.is_contiguous(); }

inline int64_t numel_tensor(const TensorBase& self) { return self.numel(); }

inline bool is_floating_point(const TensorBase& self) { return is_floating(self.dtype()); }

inline bool is_complex(const TensorBase&) { return false; }

inline bool is_signed(const TensorBase& self) { return info(self.dtype()).is_signed; }

// PyTorch's truth of a one-element tensor: NaN is not zero.
inline bool is_nonzero(const TensorBase& self) {
  EMBER_CHECK(self.numel() == 1, Runtime, "is_nonzero", "self", "the truth of a tensor of ", self.numel(),
              " elements is ambiguous; it needs exactly one");
  return self.item().to<double>() != 0;
}

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
