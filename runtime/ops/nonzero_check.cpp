#include "runtime/ops/nonzero_check.h"

#include <cstring>

#include "ember/error.h"
#include "ember/tensor_base.h"
#include "kernels/masked.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::rt {

namespace {

[[noreturn]] void division_by_zero(const char* op, const char* arg) {
  fail(ErrorKind::Value, str(op, ": integer division by zero (", arg, " has a zero element)"), arg);
}

}  // namespace

void require_nonzero(const char* op, const TensorImpl* t, const char* arg) {
  if (!device(t).is_cpu()) {
    const TensorBase host = to_device(TensorBase::borrow(const_cast<TensorImpl*>(t)), Device());
    return require_nonzero(op, host.impl(), arg);
  }
  kernels::Operands<1> ops;
  set_whole_operand(ops, t);
  const int64_t n = numel(t);
  bool zero = false;
  switch (element_size(dtype(t))) {
    case 1: zero = kernels::count_nonzero<uint8_t>(ops, 0) != n; break;
    case 2: zero = kernels::count_nonzero<uint16_t>(ops, 0) != n; break;
    case 4: zero = kernels::count_nonzero<uint32_t>(ops, 0) != n; break;
    case 8: zero = kernels::count_nonzero<uint64_t>(ops, 0) != n; break;
  }
  if (zero) division_by_zero(op, arg);
}

void require_nonzero(const char* op, DType dtype, const void* value, const char* arg) {
  const unsigned char none[8] = {};
  if (std::memcmp(value, none, element_size(dtype)) == 0) division_by_zero(op, arg);
}

void require_nonzero(const char* op, const Scalar& value, const char* arg) {
  if (!value.is_floating() && value.to<int64_t>() == 0) division_by_zero(op, arg);
}

}  // namespace ember::rt
