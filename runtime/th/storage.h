// TH's storage functions (schemas/storage/storage.yaml) as templates that
// the generated C wrappers instantiate per dtype, T being the element type.
// Each checks TH's arguments and forwards to the storage runtime
// (ember/storage_impl.h). Ownership is TH's: every th_storage_new*
// returns one reference, which THStorage_free gives back.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ember/storage_impl.h"
#include "runtime/core/default_device.h"
#include "runtime/th/args.h"

namespace ember::rt {

// Non-template halves; `fn` names the C function in messages.
// `size` elements on the C API's device (runtime/core/default_device.h).
StorageImpl* th_storage_sized(DType dtype, int64_t size, const th::Fn& fn);
StorageImpl* th_storage_make(DType dtype, int64_t size, THAllocator* allocator, void* ctx, const th::Fn& fn);
StorageImpl* th_storage_adopt(DType dtype, void* data, int64_t size, THAllocator* allocator, void* ctx,
                              const th::Fn& fn);
StorageImpl* th_storage_map(DType dtype, const char* filename, int64_t size, int flags, const th::Fn& fn);
// The address of element `idx`, which must lie in the storage.
void* th_storage_element(StorageImpl* self, int64_t idx, const th::Fn& fn);
void th_storage_resize_to(StorageImpl* self, int64_t size, const th::Fn& fn);
void th_storage_swap_with(StorageImpl* a, StorageImpl* b, const th::Fn& fn);
// Copies src's elements (any dtype, converted) into self; equal sizes.
void th_storage_convert(StorageImpl* self, StorageImpl* src, const th::Fn& fn);
void th_storage_raw_copy_from(StorageImpl* self, const void* src, const th::Fn& fn);

template <class T>
void* th_storage_data(StorageImpl* self) {
  return th::need(self, th::fn_of<T>("Storage_data"), "self")->data;
}

template <class T>
ptrdiff_t th_storage_size(StorageImpl* self) {
  return th::need(self, th::fn_of<T>("Storage_size"), "self")->size;
}

template <class T>
size_t th_storage_element_size() {
  return element_size(dtype_of<T>);
}

template <class T>
void th_storage_set(StorageImpl* self, ptrdiff_t idx, T value) {
  *static_cast<T*>(th_storage_element(self, idx, th::fn_of<T>("Storage_set"))) = value;
}

template <class T>
T th_storage_get(StorageImpl* self, ptrdiff_t idx) {
  return *static_cast<const T*>(th_storage_element(self, idx, th::fn_of<T>("Storage_get")));
}

template <class T>
StorageImpl* th_storage_new() {
  return storage_new_on(dtype_of<T>, 0, default_device());
}

template <class T>
StorageImpl* th_storage_new_with_size(ptrdiff_t size) {
  return th_storage_sized(dtype_of<T>, size, th::fn_of<T>("Storage_newWithSize"));
}

// newWithSize1..4: a storage holding exactly `values`.
template <class T, class... V>
StorageImpl* th_storage_new_with_values(V... values) {
  StorageImpl* s = storage_new(dtype_of<T>, sizeof...(V));
  T* data = static_cast<T*>(s->data);
  ((*data++ = values), ...);
  return s;
}

template <class T>
StorageImpl* th_storage_new_with_mapping(const char* filename, ptrdiff_t size, int flags) {
  return th_storage_map(dtype_of<T>, filename, size, flags, th::fn_of<T>("Storage_newWithMapping"));
}

template <class T>
StorageImpl* th_storage_new_with_data(void* data, ptrdiff_t size) {
  return th_storage_adopt(dtype_of<T>, data, size, &THDefaultAllocator, nullptr,
                          th::fn_of<T>("Storage_newWithData"));
}

template <class T>
StorageImpl* th_storage_new_with_allocator(ptrdiff_t size, THAllocator* allocator, void* ctx) {
  return th_storage_make(dtype_of<T>, size, allocator, ctx, th::fn_of<T>("Storage_newWithAllocator"));
}

template <class T>
StorageImpl* th_storage_new_with_data_and_allocator(void* data, ptrdiff_t size, THAllocator* allocator, void* ctx) {
  return th_storage_adopt(dtype_of<T>, data, size, allocator, ctx,
                          th::fn_of<T>("Storage_newWithDataAndAllocator"));
}

// TH's flags are the caller's business (clearing REFCOUNTED makes free a
// no-op, as in TH); ember keeps no flags of its own on storages.
template <class T>
void th_storage_set_flag(StorageImpl* storage, char flag) {
  storage_set_flag(th::need(storage, th::fn_of<T>("Storage_setFlag"), "storage"), flag);
}

template <class T>
void th_storage_clear_flag(StorageImpl* storage, char flag) {
  storage_clear_flag(th::need(storage, th::fn_of<T>("Storage_clearFlag"), "storage"), flag);
}

// retain and free accept NULL, as TH's did.
template <class T>
void th_storage_retain(StorageImpl* storage) {
  storage_retain(storage);
}

template <class T>
void th_storage_free(StorageImpl* storage) {
  storage_release(storage);
}

template <class T>
void th_storage_swap(StorageImpl* storage1, StorageImpl* storage2) {
  th_storage_swap_with(storage1, storage2, th::fn_of<T>("Storage_swap"));
}

template <class T>
void th_storage_resize(StorageImpl* storage, ptrdiff_t size) {
  th_storage_resize_to(storage, size, th::fn_of<T>("Storage_resize"));
}

template <class T>
void th_storage_fill(StorageImpl* storage, T value) {
  th::need(storage, th::fn_of<T>("Storage_fill"), "storage");
  T* data = static_cast<T*>(storage->data);
  for (ptrdiff_t i = 0; i < storage->size; ++i) data[i] = value;
}

// copy and copy<Src>: the wrapper has checked src's dtype.
template <class T>
void th_storage_copy(StorageImpl* storage, StorageImpl* src) {
  th_storage_convert(storage, src, th::fn_of<T>("Storage_copy"));
}

template <class T>
void th_storage_raw_copy(StorageImpl* storage, const void* src) {
  th_storage_raw_copy_from(storage, src, th::fn_of<T>("Storage_rawCopy"));
}

}  // namespace ember::rt
