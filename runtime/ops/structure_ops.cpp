#include "runtime/ops/structure_ops.h"

namespace ember::rt {

Tensor empty_like(const Tensor& self) {
  if (self.dim() == 0 && !self.is_scalar()) return Tensor::adopt(tensor_new(self.dtype()));
  return empty(self.sizes(), self.dtype());
}

Tensor clone_tensor(const Tensor& self) {
  Tensor out = empty_like(self);
  out.copy_(self);
  return out;
}

Tensor contiguous_tensor(const Tensor& self) { return self.is_contiguous() ? self : clone_tensor(self); }

Tensor to_dtype(const Tensor& self, DType dtype, bool copy) {
  if (self.dtype() == dtype && !copy) return self;
  Tensor out = self.dim() == 0 && !self.is_scalar() ? Tensor::adopt(tensor_new(dtype)) : empty(self.sizes(), dtype);
  out.copy_(self);
  return out;
}

}  // namespace ember::rt
