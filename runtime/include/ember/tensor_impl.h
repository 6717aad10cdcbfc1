// Tensors: a view (sizes, strides, offset) of a storage.
//
// Ownership is as for storages: functions returning TensorImpl* hand out
// one reference. A tensor holds one reference to its storage, which may be
// null only while the tensor has no elements. Strides are in elements and
// may be 0 (expanded dims); every element a tensor can address lies inside
// its storage, which each function that changes geometry re-checks.
//
// Dimensions: nDimension == 0 is TH's empty tensor unless the
// EMBER_TENSOR_SCALAR flag marks it as a 0-dim tensor with one element.
#pragma once

#include "ember/export.h"

#include <cstdint>
#include <string>

#include "ember/dtype.h"
#include "ember/int_list.h"
#include "ember/storage_impl.h"
#include "ember/structs.h"

namespace ember {

using TensorImpl = EmberTensor;

namespace rt {

inline DType dtype(const TensorImpl* t) { return static_cast<DType>(t->dtype); }
inline int dim(const TensorImpl* t) { return t->nDimension; }
// The device storages are made on when none is named: the CPU, but in a
// THC function its CUDA device (runtime/core/default_device.h).
EMBER_CPP_API Device default_device();
// Where the elements are: the storage's device. A tensor without a
// storage yet gets one on the default device when it is resized, so it
// counts as there (THC's r_ from THCudaTensor_new is a CUDA tensor).
inline Device device(const TensorImpl* t) { return t->storage ? device(t->storage) : default_device(); }
inline bool is_scalar(const TensorImpl* t) { return t->nDimension == 0 && (t->flag & EMBER_TENSOR_SCALAR); }
inline IntList sizes(const TensorImpl* t) { return {t->size, static_cast<size_t>(t->nDimension)}; }
inline IntList strides(const TensorImpl* t) { return {t->stride, static_cast<size_t>(t->nDimension)}; }

inline int64_t numel(const TensorImpl* t) {
  if (t->nDimension == 0) return is_scalar(t) ? 1 : 0;
  int64_t n = 1;
  for (int d = 0; d < t->nDimension; ++d) n *= t->size[d];
  return n;
}

// The address of element 0 (null when there is no storage).
inline char* data_bytes(const TensorImpl* t) {
  if (!t->storage) return nullptr;
  return static_cast<char*>(t->storage->data) + t->storageOffset * static_cast<int64_t>(element_size(dtype(t)));
}
template <class T>
T* data(const TensorImpl* t) {
  return reinterpret_cast<T*>(data_bytes(t));
}

// Contiguous row-major strides for `sizes` (size-0 and size-1 dims get
// the stride they would have if they were size 1).
EMBER_CPP_API void contiguous_strides(IntList sizes, int64_t* strides_out);

// TH's rule: strides of size-1 dims do not matter; an empty tensor is
// contiguous.
EMBER_CPP_API bool is_contiguous(const TensorImpl* t);

// A tensor with no storage and no dims.
EMBER_CPP_API TensorImpl* tensor_new(DType dtype);
// A contiguous tensor of fresh storage; empty `sizes` gives a 0-dim scalar.
EMBER_CPP_API TensorImpl* tensor_empty(DType dtype, IntList sizes, Device device = Device());
// A view of `storage` (retained; may be null only when the view is empty).
// Empty `strides` means contiguous. `scalar` asks for a 0-dim tensor.
EMBER_CPP_API TensorImpl* tensor_new_with_storage(DType dtype, StorageImpl* storage, int64_t offset, IntList sizes,
                                    IntList strides, bool scalar = false);
// A new tensor sharing src's storage and geometry.
EMBER_CPP_API TensorImpl* tensor_alias(const TensorImpl* src);

EMBER_CPP_API void tensor_retain(TensorImpl* t);
EMBER_CPP_API void tensor_release(TensorImpl* t);

// Replaces the geometry (and storage) of `t`; checks every addressed
// element lies within the storage. `op` names the caller for errors.
EMBER_CPP_API void set_storage(TensorImpl* t, StorageImpl* storage, int64_t offset, IntList sizes, IntList strides,
                 const char* op, bool scalar = false);
// Makes `t` share src's storage and geometry (TH's set).
EMBER_CPP_API void set(TensorImpl* t, const TensorImpl* src);

// TH's resize: new sizes (contiguous strides unless given); the storage
// grows to fit and never shrinks; a tensor without storage gets one.
// Empty sizes give TH's empty tensor, or a 0-dim scalar when `scalar`.
EMBER_CPP_API void resize(TensorImpl* t, IntList sizes, IntList strides = {}, const char* op = "resize", bool scalar = false);
EMBER_CPP_API void resize_as(TensorImpl* t, const TensorImpl* like);
// resize to a 0-dim scalar
EMBER_CPP_API void resize_scalar(TensorImpl* t);

// Normalises a possibly negative dim into [0, ndim); IndexError naming
// `op` and `arg` otherwise. ndim 0 accepts -1 and 0 (as PyTorch).
EMBER_CPP_API int64_t wrap_dim(int64_t dim, int64_t ndim, const char* op, const char* arg = "dim");

// Whether the strides let some element be reached twice (expanded dims).
EMBER_CPP_API bool has_internal_overlap(const TensorImpl* t);

// "[2 x 3]"-style text of the sizes.
EMBER_CPP_API std::string sizes_text(IntList sizes);

}  // namespace rt
}  // namespace ember
