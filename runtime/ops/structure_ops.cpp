#include "runtime/ops/structure_ops.h"

#include "ember/ops/copy.h"

namespace ember::rt {

TensorBase empty_like(const TensorBase& self) {
  if (self.dim() == 0 && !self.is_scalar()) return TensorBase::adopt(tensor_new(self.dtype()));
  return empty(self.sizes(), self.dtype());
}

TensorBase clone_tensor(const TensorBase& self) {
  TensorBase out = empty_like(self);
  base::copy_(out, self);
  return out;
}

TensorBase contiguous_tensor(const TensorBase& self) { return self.is_contiguous() ? self : clone_tensor(self); }

TensorBase to_dtype(const TensorBase& self, DType dtype, bool copy) {
  if (self.dtype() == dtype && !copy) return self;
  TensorBase out =
      self.dim() == 0 && !self.is_scalar() ? TensorBase::adopt(tensor_new(dtype)) : empty(self.sizes(), dtype);
  base::copy_(out, self);
  return out;
}

}  // namespace ember::rt
