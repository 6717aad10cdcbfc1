// ember::Tensor, the C++ API: TensorBase (tensor_base.h) with one method
// per op variant whose schema asks for it (declared in the generated
// tensor_methods.inc). Every op of the schemas is also a free function in
// ember:: (the generated ember/ops.h, included below).
#pragma once

#include <optional>
#include <vector>

#include "ember/generator.h"
#include "ember/tensor_base.h"

namespace ember {

class Tensor;
using TensorList = std::vector<Tensor>;

class EMBER_CPP_API Tensor : public TensorBase {
 public:
  Tensor() = default;
  // Takes over base's reference: a TensorBase result becomes a Tensor.
  Tensor(TensorBase&& base) noexcept : TensorBase(std::move(base)) {}
  explicit Tensor(const TensorBase& base) : TensorBase(base) {}
  // Takes over one reference the caller owns.
  static Tensor adopt(TensorImpl* impl) { return Tensor(TensorBase::adopt(impl)); }
  // Adds a reference of its own.
  static Tensor borrow(TensorImpl* impl) { return Tensor(TensorBase::borrow(impl)); }

#include "ember/tensor_methods.inc"

  // This tensor on `device` (t.to(ember::kCUDA), t.to(ember::Device(ember::kCUDA, 1))): itself when it
  // is there already and copy is false, else a contiguous copy.
  Tensor to(Device device, bool copy = false) const { return rt::to_device(*this, device, copy); }
  Tensor cuda(int index = -1) const { return to(Device(kCUDA, index)); }
  Tensor cpu() const { return to(Device()); }
};

// The lists of the two classes, converted (each entry shares its tensor).
inline TensorBaseList to_bases(const TensorList& list) { return TensorBaseList(list.begin(), list.end()); }
inline TensorList to_tensors(TensorBaseList&& list) {
  TensorList out;
  out.reserve(list.size());
  for (TensorBase& t : list) out.emplace_back(std::move(t));
  return out;
}

// A contiguous tensor of uninitialised values; empty sizes give a 0-dim one.
inline Tensor empty(IntList sizes, DType dtype = default_dtype()) { return rt::empty(sizes, dtype); }
// zeros, ones, full, arange, eye, ... are generated (ember/ops.h,
// schemas/math/construct.yaml).
// A tensor that wraps `values` copied into a new storage.
template <class T>
Tensor from_vector(const std::vector<T>& values, IntList sizes);
// A 0-dim tensor holding `value` in `dtype`.
inline Tensor scalar_tensor(const Scalar& value, DType dtype) { return rt::scalar_tensor(value, dtype); }

}  // namespace ember

#include "ember/tensor_inl.h"
