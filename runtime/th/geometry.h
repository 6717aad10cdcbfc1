// TH's functions that make tensors or give them a geometry
// (schemas/tensor/structure.yaml): new, newWith*, resize*, set,
// setStorage*, expandNd. Templates instantiated per dtype by the generated
// C wrappers (T: the element type) over a non-template core.
//
// TH's rules kept: a NULL or negative stride means "contiguous after the
// later dims"; resize grows the storage (never shrinks it) and keeps the
// strides when the sizes already match; new* hand out one reference.
// TH's size lists end at the first size <= 0 (TH had no dims of size 0;
// -1 marks an unused entry), and setStorage/newWithStorage with a NULL
// storage allocate one just large enough. Where TH went on to corrupt
// memory or silently changed a caller's storage, ember raises instead: a
// geometry that reaches past the end of the storage given to
// setStorage/newWithStorage (TH grew that storage), NULL pointers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ember/tensor_impl.h"
#include "runtime/th/args.h"

namespace ember::rt {

// Sizes and strides as TH passes them, checked; empty strides mean
// contiguous ones.
struct ThShape {
  std::vector<int64_t> sizes, strides;
};

// From THLongStorages (size NULL: no dims; stride NULL: contiguous).
ThShape th_shape(const StorageImpl* size, const StorageImpl* stride, const th::Fn& fn);
// From arrays of `ndim` entries (the Nd forms; stride may be NULL).
ThShape th_shape(int ndim, const int64_t* size, const int64_t* stride, const th::Fn& fn);
// The k-d forms' arguments: (size0, stride0, size1, stride1, ...).
ThShape th_shape_pairs(IntList size_stride, const th::Fn& fn);

TensorImpl* th_new_on(DType dtype, StorageImpl* storage, int64_t offset, const ThShape& shape, const th::Fn& fn);
TensorImpl* th_new_sized(DType dtype, const ThShape& shape, const th::Fn& fn);
void th_set_storage_to(TensorImpl* self, StorageImpl* storage, int64_t offset, const ThShape& shape,
                       const th::Fn& fn);
void th_resize_shape(TensorImpl* self, const ThShape& shape, const th::Fn& fn);
void th_expand_all(TensorImpl** rets, TensorImpl** ops, int count, DType dtype, const th::Fn& fn);

template <class T>
TensorImpl* th_tensor_new() {
  return tensor_new(dtype_of<T>);
}

// A new reference to the same storage and geometry.
template <class T>
TensorImpl* th_new_with_tensor(TensorImpl* tensor) {
  return tensor_alias(th::need(tensor, th::fn_of<T>("Tensor_newWithTensor"), "tensor"));
}

template <class T>
TensorImpl* th_new_with_storage(StorageImpl* storage, ptrdiff_t storageOffset, StorageImpl* size, StorageImpl* stride) {
  const th::Fn fn = th::fn_of<T>("Tensor_newWithStorage");
  return th_new_on(dtype_of<T>, storage, storageOffset, th_shape(size, stride, fn), fn);
}

// newWithStorage1d..4d(storage, offset, size0, stride0, ...).
template <class T, class... L>
TensorImpl* th_new_with_storage_dims(StorageImpl* storage, ptrdiff_t storageOffset, L... size_stride) {
  const th::Fn fn = th::fn_of<T>("Tensor_newWithStorage", sizeof...(L) / 2);
  const int64_t v[] = {static_cast<int64_t>(size_stride)...};
  return th_new_on(dtype_of<T>, storage, storageOffset, th_shape_pairs(IntList(v, sizeof...(L)), fn), fn);
}

template <class T>
TensorImpl* th_new_with_size(StorageImpl* size, StorageImpl* stride) {
  const th::Fn fn = th::fn_of<T>("Tensor_newWithSize");
  return th_new_sized(dtype_of<T>, th_shape(size, stride, fn), fn);
}

template <class T, class... L>
TensorImpl* th_new_with_size_dims(L... sizes) {
  const th::Fn fn = th::fn_of<T>("Tensor_newWithSize", sizeof...(L));
  const int64_t v[] = {static_cast<int64_t>(sizes)...};
  return th_new_sized(dtype_of<T>, th_shape(sizeof...(L), v, nullptr, fn), fn);
}

template <class T>
void th_resize(TensorImpl* tensor, StorageImpl* size, StorageImpl* stride) {
  const th::Fn fn = th::fn_of<T>("Tensor_resize");
  th_resize_shape(th::need(tensor, fn, "tensor"), th_shape(th::need(size, fn, "size"), stride, fn), fn);
}

template <class T>
void th_resize_nd(TensorImpl* tensor, int nDimension, const int64_t* size, const int64_t* stride) {
  const th::Fn fn = th::fn_of<T>("Tensor_resizeNd");
  th_resize_shape(th::need(tensor, fn, "tensor"), th_shape(nDimension, size, stride, fn), fn);
}

template <class T, class... L>
void th_resize_dims(TensorImpl* tensor, L... sizes) {
  const th::Fn fn = th::fn_of<T>("Tensor_resize", sizeof...(L));
  const int64_t v[] = {static_cast<int64_t>(sizes)...};
  th_resize_shape(th::need(tensor, fn, "tensor"), th_shape(sizeof...(L), v, nullptr, fn), fn);
}

template <class T>
void th_resize_as(TensorImpl* tensor, TensorImpl* src) {
  const th::Fn fn = th::fn_of<T>("Tensor_resizeAs");
  resize_as(th::need(tensor, fn, "tensor"), th::need(src, fn, "src"));
}

template <class T>
void th_set(TensorImpl* self, TensorImpl* src) {
  const th::Fn fn = th::fn_of<T>("Tensor_set");
  set(th::need(self, fn, "self"), th::need(src, fn, "src"));
}

template <class T>
void th_set_storage(TensorImpl* self, StorageImpl* storage, ptrdiff_t storageOffset, StorageImpl* size,
                    StorageImpl* stride) {
  const th::Fn fn = th::fn_of<T>("Tensor_setStorage");
  th_set_storage_to(th::need(self, fn, "self"), storage, storageOffset, th_shape(size, stride, fn), fn);
}

template <class T>
void th_set_storage_nd(TensorImpl* self, StorageImpl* storage, ptrdiff_t storageOffset, int nDimension,
                       const int64_t* size, const int64_t* stride) {
  const th::Fn fn = th::fn_of<T>("Tensor_setStorageNd");
  th_set_storage_to(th::need(self, fn, "self"), storage, storageOffset, th_shape(nDimension, size, stride, fn), fn);
}

template <class T, class... L>
void th_set_storage_dims(TensorImpl* self, StorageImpl* storage, ptrdiff_t storageOffset, L... size_stride) {
  const th::Fn fn = th::fn_of<T>("Tensor_setStorage", sizeof...(L) / 2);
  const int64_t v[] = {static_cast<int64_t>(size_stride)...};
  th_set_storage_to(th::need(self, fn, "self"), storage, storageOffset, th_shape_pairs(IntList(v, sizeof...(L)), fn),
                    fn);
}

// rets[i] becomes ops[i] expanded to the shape all ops broadcast to.
template <class T>
void th_expand_nd(TensorImpl** rets, TensorImpl** ops, int count) {
  th_expand_all(rets, ops, count, dtype_of<T>, th::fn_of<T>("Tensor_expandNd"));
}

}  // namespace ember::rt
