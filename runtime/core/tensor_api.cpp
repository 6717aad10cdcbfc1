// The hand-written members of ember::TensorBase and the basic factories
// (rt::empty, rt::scalar_tensor).
#include <sstream>

#include "ember/error.h"
#include "ember/tensor_base.h"
#include "runtime/core/visit_dtype.h"

namespace ember {

namespace {

// A dim of size(d) / stride(d). Unlike the ops' dims, a 0-dim tensor has
// none: there is no entry to read.
int64_t queried_dim(int64_t d, int64_t ndim, const char* op) {
  if (ndim == 0)
    fail(ErrorKind::Index, str(op, ": dim ", d, " is out of range for a 0-dim tensor, which has no dims"), "dim");
  return rt::wrap_dim(d, ndim, op, "dim");
}

}  // namespace

int64_t TensorBase::size(int64_t d) const { return impl_->size[queried_dim(d, dim(), "size")]; }

int64_t TensorBase::stride(int64_t d) const { return impl_->stride[queried_dim(d, dim(), "stride")]; }

void TensorBase::check_dtype(DType want, const char* op) const {
  if (dtype() != want)
    fail(ErrorKind::Type, str(op, ": the tensor holds ", dtype_name(dtype()), ", not ", dtype_name(want)), "T");
}

Scalar TensorBase::item() const {
  if (numel() != 1)
    fail(ErrorKind::Value, str("item: only a tensor with one element has an item, this one has ", numel()), "self");
  if (!device().is_cpu()) return rt::to_device(*this, Device()).item();  // device memory is not the host's to read
  const void* p = data_ptr();
  return visit_dtype(dtype(), [&](auto tag) { return Scalar(*static_cast<const typename decltype(tag)::type*>(p)); });
}

std::string TensorBase::type_text() const { return str(dtype_name(dtype()), " tensor ", rt::sizes_text(sizes())); }

TensorBase rt::empty(IntList sizes, DType dtype, Device device) {
  return TensorBase::adopt(rt::tensor_empty(dtype, sizes, device));
}

TensorBase rt::scalar_tensor(const Scalar& value, DType dtype) {
  TensorBase t = rt::empty({}, dtype);
  void* p = t.data_ptr();
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    *static_cast<T*>(p) = value.to<T>();
  });
  return t;
}

}  // namespace ember
