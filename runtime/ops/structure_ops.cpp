#include "runtime/ops/structure_ops.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "ember/ops/copy.h"
#include "runtime/ops/result_layout.h"

namespace ember::rt {

TensorBase empty_like(const TensorBase& self) {
  if (self.dim() == 0 && !self.is_scalar()) return TensorBase::adopt(tensor_new(self.dtype()));
  return empty(self.sizes(), self.dtype(), self.device());
}

namespace {

// Whether self's elements fill a block of memory exactly once, in some
// order of its dims (size-1 dims may have any stride).
bool non_overlapping_and_dense(const TensorBase& self) {
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (self.size(d) != 1) dims.push_back(d);
  std::sort(dims.begin(), dims.end(), [&](int64_t a, int64_t b) { return self.stride(a) < self.stride(b); });
  int64_t expected = 1;
  for (int64_t d : dims) {
    if (self.stride(d) != expected) return false;
    expected *= self.size(d);
  }
  return true;
}

}  // namespace

TensorBase empty_like_preserving(const TensorBase& self, DType dtype) {
  if (self.dim() == 0) return self.is_scalar() ? empty({}, dtype, self.device()) : TensorBase::adopt(tensor_new(dtype));
  // An empty input's strides address nothing: PyTorch keeps them too.
  if (self.numel() == 0 || non_overlapping_and_dense(self)) {
    TensorBase t = empty({0}, dtype, self.device());
    resize(t.impl(), self.sizes(), self.strides());
    return t;
  }
  const TensorBase* input = &self;
  return empty_in_input_order(self.sizes(), dtype, &input, 1, self.device());  // dense in self's order
}

TensorBase clone_tensor(const TensorBase& self) {
  TensorBase out = empty_like(self);
  base::copy_(out, self);
  return out;
}

TensorBase contiguous_tensor(const TensorBase& self) { return self.is_contiguous() ? self : clone_tensor(self); }

TensorBase to_dtype(const TensorBase& self, DType dtype, bool copy) {
  if (self.dtype() == dtype && !copy) return self;
  TensorBase out = self.dim() == 0 && !self.is_scalar() ? TensorBase::adopt(tensor_new(dtype))
                                                        : empty(self.sizes(), dtype, self.device());
  base::copy_(out, self);
  return out;
}

}  // namespace ember::rt
