// Tensor.new_empty, new_zeros, new_ones and new_full: factories whose
// dtype defaults to the tensor's own (PyTorch), not to the default dtype,
// and whose result is on the tensor's device.
#include "ember/error.h"
#include "ember/ops/fill.h"
#include "runtime/ops/as_op.h"
#include "runtime/ops/construct_ops.h"
#include "runtime/ops/construct_support.h"

namespace ember::rt {

namespace {

// A tensor of `size` on self's device, of self's dtype unless `dtype`,
// holding `value` when one is given.
TensorBase new_like(const char* op, const TensorBase& self, IntList size, std::optional<DType> dtype,
                    const Scalar* value) {
  const DType d = dtype.value_or(self.dtype());
  check_sizes(op, size);
  if (value) check_fill_value(op, *value, d);
  TensorBase t = as_op(op, "empty", [&] { return empty(size, d, self.device()); });
  if (value) base::fill_(t, *value);
  return t;
}

}  // namespace

TensorBase new_empty(const TensorBase& self, IntList size, std::optional<DType> dtype) {
  return new_like("new_empty", self, size, dtype, nullptr);
}

TensorBase new_zeros(const TensorBase& self, IntList size, std::optional<DType> dtype) {
  const Scalar zero(0);
  return new_like("new_zeros", self, size, dtype, &zero);
}

TensorBase new_ones(const TensorBase& self, IntList size, std::optional<DType> dtype) {
  const Scalar one(1);
  return new_like("new_ones", self, size, dtype, &one);
}

TensorBase new_full(const TensorBase& self, IntList size, const Scalar& fill_value, std::optional<DType> dtype) {
  return new_like("new_full", self, size, dtype, &fill_value);
}

}  // namespace ember::rt
