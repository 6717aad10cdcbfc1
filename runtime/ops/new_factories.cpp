// Tensor.new_empty, new_zeros, new_ones and new_full: factories whose
// dtype defaults to the tensor's own (PyTorch), not to the default dtype.
#include "ember/error.h"
#include "runtime/ops/as_op.h"
#include "runtime/ops/construct_ops.h"
#include "runtime/ops/construct_support.h"

namespace ember::rt {

TensorBase new_empty(const TensorBase& self, IntList size, std::optional<DType> dtype) {
  check_sizes("new_empty", size);
  return as_op("new_empty", "empty", [&] { return empty(size, dtype.value_or(self.dtype())); });
}

TensorBase new_zeros(const TensorBase& self, IntList size, std::optional<DType> dtype) {
  return as_op("new_zeros", "zeros", [&] { return zeros(size, dtype.value_or(self.dtype())); });
}

TensorBase new_ones(const TensorBase& self, IntList size, std::optional<DType> dtype) {
  return as_op("new_ones", "ones", [&] { return ones(size, dtype.value_or(self.dtype())); });
}

TensorBase new_full(const TensorBase& self, IntList size, const Scalar& fill_value, std::optional<DType> dtype) {
  return as_op("new_full", "full", [&] { return full(size, fill_value, dtype.value_or(self.dtype())); });
}

}  // namespace ember::rt
