// ember::Tensor, the C++ API: a value type holding one reference to a
// TensorImpl (copies share the tensor, as in PyTorch), with the dtype known
// at run time. Every op of the schemas is a free function in ember:: and,
// where its schema says so, a method (declared in the generated
// tensor_methods.inc).
#pragma once

#include "ember/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ember/dtype.h"
#include "ember/generator.h"
#include "ember/int_list.h"
#include "ember/scalar.h"
#include "ember/storage.h"
#include "ember/tensor_impl.h"

namespace ember {

class Tensor;
using TensorList = std::vector<Tensor>;

class EMBER_CPP_API Tensor {
 public:
  Tensor() = default;
  // Takes over one reference the caller owns.
  static Tensor adopt(TensorImpl* impl) { return Tensor(impl); }
  // Adds a reference of its own.
  static Tensor borrow(TensorImpl* impl) {
    rt::tensor_retain(impl);
    return Tensor(impl);
  }

  Tensor(const Tensor& o) : impl_(o.impl_) { rt::tensor_retain(impl_); }
  Tensor(Tensor&& o) noexcept : impl_(std::exchange(o.impl_, nullptr)) {}
  Tensor& operator=(const Tensor& o) {
    Tensor(o).swap(*this);
    return *this;
  }
  Tensor& operator=(Tensor&& o) noexcept {
    Tensor(std::move(o)).swap(*this);
    return *this;
  }
  ~Tensor() { rt::tensor_release(impl_); }
  void swap(Tensor& o) noexcept { std::swap(impl_, o.impl_); }

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
  Storage storage() const { return Storage::borrow(impl_->storage); }
  // Same storage, offset, sizes and strides (what TH's isSetTo asks).
  bool is_same(const Tensor& o) const { return impl_ == o.impl_; }

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

#include "ember/tensor_methods.inc"

 private:
  explicit Tensor(TensorImpl* impl) : impl_(impl) {}
  void check_dtype(DType want, const char* op) const;
  TensorImpl* impl_ = nullptr;
};

// A contiguous tensor of uninitialised values; empty sizes give a 0-dim one.
EMBER_CPP_API Tensor empty(IntList sizes, DType dtype = default_dtype());
// zeros, ones, full, arange, eye, ... are generated (ember/ops.h,
// schemas/math/construct.yaml).
// A tensor that wraps `values` copied into a new storage.
template <class T>
Tensor from_vector(const std::vector<T>& values, IntList sizes);
// A 0-dim tensor holding `value` in `dtype`.
EMBER_CPP_API Tensor scalar_tensor(const Scalar& value, DType dtype);

}  // namespace ember

#include "ember/tensor_inl.h"
