// ember::TensorBase: a value type holding one reference to a TensorImpl
// (copies share the tensor, as in PyTorch), with the dtype known at run
// time, and none of the ops' methods.
//
// Why two classes: every op method is a member of ember::Tensor
// (tensor.h), so adding an op changes that class and recompiles every file
// that sees it. The library's own code (runtime/, the generated op
// sources) works on TensorBase and calls the ops as functions of
// ember::base (ember/ops/<op>.h), so adding an op recompiles only its own
// files there. Tensor derives from TensorBase and adds nothing but methods:
// a Tensor binds to `const TensorBase&`, and a TensorBase converts to a
// Tensor without a copy of the data.
#pragma once

#include "ember/export.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ember/dtype.h"
#include "ember/int_list.h"
#include "ember/scalar.h"
#include "ember/storage.h"
#include "ember/tensor_impl.h"

namespace ember {

class EMBER_CPP_API TensorBase {
 public:
  TensorBase() = default;
  // Takes over one reference the caller owns.
  static TensorBase adopt(TensorImpl* impl) { return TensorBase(impl); }
  // Adds a reference of its own.
  static TensorBase borrow(TensorImpl* impl) {
    rt::tensor_retain(impl);
    return TensorBase(impl);
  }

  TensorBase(const TensorBase& o) : impl_(o.impl_) { rt::tensor_retain(impl_); }
  TensorBase(TensorBase&& o) noexcept : impl_(std::exchange(o.impl_, nullptr)) {}
  TensorBase& operator=(const TensorBase& o) {
    TensorBase(o).swap(*this);
    return *this;
  }
  TensorBase& operator=(TensorBase&& o) noexcept {
    TensorBase(std::move(o)).swap(*this);
    return *this;
  }
  ~TensorBase() { rt::tensor_release(impl_); }
  void swap(TensorBase& o) noexcept { std::swap(impl_, o.impl_); }

  TensorImpl* impl() const { return impl_; }
  // Gives up the reference without releasing it.
  TensorImpl* release() { return std::exchange(impl_, nullptr); }
  bool defined() const { return impl_ != nullptr; }

  DType dtype() const { return rt::dtype(impl_); }
  int64_t dim() const { return impl_->nDimension; }
  int64_t ndimension() const { return dim(); }
  IntList sizes() const { return rt::sizes(impl_); }
  IntList strides() const { return rt::strides(impl_); }
  std::vector<int64_t> shape() const { return sizes().vec(); }
  int64_t size(int64_t d) const;
  int64_t stride(int64_t d) const;
  int64_t numel() const { return rt::numel(impl_); }
  int64_t storage_offset() const { return impl_->storageOffset; }
  size_t element_size() const { return ember::element_size(dtype()); }
  bool is_contiguous() const { return rt::is_contiguous(impl_); }
  bool is_scalar() const { return rt::is_scalar(impl_); }
  Device device() const { return rt::device(impl_); }
  bool is_cuda() const { return device().is_cuda(); }
  Storage storage() const { return Storage::borrow(impl_->storage); }
  // Same storage, offset, sizes and strides (what TH's isSetTo asks).
  bool is_same(const TensorBase& o) const { return impl_ == o.impl_; }

  void* data_ptr() const { return rt::data_bytes(impl_); }
  // Typed element pointer; TypeError if T is not the tensor's dtype.
  template <class T>
  T* data() const {
    check_dtype(dtype_of<T>, "data");
    return rt::data<T>(impl_);
  }
  // The value of a one-element tensor.
  Scalar item() const;
  template <class T>
  T item() const {
    return item().to<T>();
  }

  // "float32 tensor [2 x 3]" and, with values, a readable printout.
  std::string type_text() const;
  std::string to_string() const;

 protected:
  explicit TensorBase(TensorImpl* impl) : impl_(impl) {}

 private:
  void check_dtype(DType want, const char* op) const;
  TensorImpl* impl_ = nullptr;
};

using TensorBaseList = std::vector<TensorBase>;

namespace rt {

// A contiguous tensor of uninitialised values on `device`; empty sizes give a 0-dim one.
EMBER_CPP_API TensorBase empty(IntList sizes, DType dtype, Device device = Device());
// self on `device`: itself when it is there already and copy is false,
// else a contiguous copy (Tensor::to(Device), cuda(), cpu()).
EMBER_CPP_API TensorBase to_device(const TensorBase& self, Device device, bool copy = false);
// A 0-dim tensor holding `value` in `dtype`.
EMBER_CPP_API TensorBase scalar_tensor(const Scalar& value, DType dtype);

}  // namespace rt

}  // namespace ember
