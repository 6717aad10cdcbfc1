// TH's tensor accessors, flags, reference counting, shape queries and
// descriptions (schemas/tensor/structure.yaml), as templates the generated
// C wrappers instantiate per dtype (T: the element type). Pointers TH
// returns from accessors (storage, data) are borrowed; newSizeOf and
// newStrideOf hand out one reference to a new THLongStorage.
#pragma once

#include <cstddef>
#include <cstdint>

#include "TH/THGeneral.h"
#include "ember/tensor_impl.h"
#include "runtime/th/args.h"

namespace ember::rt {

// A new Long storage holding `values`.
StorageImpl* th_long_storage(IntList values);
void th_tensor_set_flag_of(TensorImpl* self, char flag, bool set, const th::Fn& fn);
// TH's isTransposed: a permutation of a contiguous tensor, not contiguous itself.
bool th_is_transposed(const TensorImpl* self);
// "torch.FloatTensor of size 2x3" (what TH's desc meant to print).
THDescBuff th_tensor_description(const TensorImpl* self);

template <class T>
StorageImpl* th_tensor_storage(TensorImpl* self) {
  return th::need(self, th::fn_of<T>("Tensor_storage"), "self")->storage;
}

template <class T>
ptrdiff_t th_tensor_storage_offset(TensorImpl* self) {
  return th::need(self, th::fn_of<T>("Tensor_storageOffset"), "self")->storageOffset;
}

template <class T>
int th_tensor_ndim(TensorImpl* self) {
  return th::need(self, th::fn_of<T>("Tensor_nDimension"), "self")->nDimension;
}

template <class T>
long th_tensor_size(TensorImpl* self, int dim) {
  const th::Fn fn = th::fn_of<T>("Tensor_size");
  return th::need(self, fn, "self")->size[th::check_dim(self, dim, fn, "dim")];
}

template <class T>
long th_tensor_stride(TensorImpl* self, int dim) {
  const th::Fn fn = th::fn_of<T>("Tensor_stride");
  return th::need(self, fn, "self")->stride[th::check_dim(self, dim, fn, "dim")];
}

template <class T>
StorageImpl* th_tensor_new_size_of(TensorImpl* self) {
  return th_long_storage(sizes(th::need(self, th::fn_of<T>("Tensor_newSizeOf"), "self")));
}

template <class T>
StorageImpl* th_tensor_new_stride_of(TensorImpl* self) {
  return th_long_storage(strides(th::need(self, th::fn_of<T>("Tensor_newStrideOf"), "self")));
}

// NULL for a tensor without storage.
template <class T>
void* th_tensor_data(TensorImpl* self) {
  return data_bytes(th::need(self, th::fn_of<T>("Tensor_data"), "self"));
}

template <class T>
void th_tensor_set_flag(TensorImpl* self, char flag) {
  th_tensor_set_flag_of(self, flag, true, th::fn_of<T>("Tensor_setFlag"));
}

template <class T>
void th_tensor_clear_flag(TensorImpl* self, char flag) {
  th_tensor_set_flag_of(self, flag, false, th::fn_of<T>("Tensor_clearFlag"));
}

template <class T>
void th_tensor_retain(TensorImpl* self) {
  tensor_retain(th::need(self, th::fn_of<T>("Tensor_retain"), "self"));
}

// NULL is allowed, as in TH.
template <class T>
void th_tensor_free(TensorImpl* self) {
  tensor_release(self);
}

template <class T>
int th_tensor_is_size(TensorImpl* self, StorageImpl* dims) {
  const th::Fn fn = th::fn_of<T>("Tensor_isSize");
  return sizes(th::need(self, fn, "self")) == th::long_list(th::need(dims, fn, "dims"));
}

template <class T>
int th_tensor_is_transposed(TensorImpl* self) {
  return th_is_transposed(th::need(self, th::fn_of<T>("Tensor_isTransposed"), "self"));
}

template <class T>
THDescBuff th_tensor_desc(TensorImpl* tensor) {
  return th_tensor_description(th::need(tensor, th::fn_of<T>("Tensor_desc"), "tensor"));
}

template <class T>
THDescBuff th_tensor_size_desc(TensorImpl* tensor) {
  const TensorImpl* t = th::need(tensor, th::fn_of<T>("Tensor_sizeDesc"), "tensor");
  return _THSizeDesc(t->size, t->nDimension);
}

}  // namespace ember::rt
