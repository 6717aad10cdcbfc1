#include "runtime/th/storage.h"

#include <cstring>

#include "ember/ops/copy.h"
#include "ember/tensor_base.h"
#include "runtime/core/default_device.h"

namespace ember::rt {

namespace {

void check_size(int64_t size, const th::Fn& fn) {
  if (size < 0) fail(ErrorKind::Value, str(fn, ": size ", size, " is negative"), "size");
}

// A 1-d tensor over all of `s` (one reference).
TensorBase whole(StorageImpl* s) {
  const int64_t size[1] = {s->size};
  return TensorBase::adopt(tensor_new_with_storage(dtype(s), s, 0, IntList(size, 1), {}));
}

}  // namespace

StorageImpl* th_storage_make(DType dtype, int64_t size, THAllocator* allocator, void* ctx, const th::Fn& fn) {
  check_size(size, fn);
  return storage_new(dtype, size, th::need(allocator, fn, "allocator"), ctx);
}

StorageImpl* th_storage_sized(DType dtype, int64_t size, const th::Fn& fn) {
  check_size(size, fn);
  return storage_new_on(dtype, size, default_device());
}

// TH's newWithData: the storage owns `data` from now on and frees it
// through `allocator` (so it must come from there: THAlloc for the default).
StorageImpl* th_storage_adopt(DType dtype, void* data, int64_t size, THAllocator* allocator, void* ctx,
                              const th::Fn& fn) {
  check_size(size, fn);
  if (!data && size > 0) fail(ErrorKind::Value, str(fn, ": data is NULL but size is ", size), "data");
  return storage_new_with_data(dtype, data, size, th::need(allocator, fn, "allocator"), ctx);
}

StorageImpl* th_storage_map(DType dtype, const char* filename, int64_t size, int flags, const th::Fn& fn) {
  check_size(size, fn);
  return storage_new_with_mapping(dtype, th::need(filename, fn, "filename"), size, flags);
}

void* th_storage_element(StorageImpl* self, int64_t idx, const th::Fn& fn) {
  th::need(self, fn, "self");
  if (idx < 0 || idx >= self->size)
    fail(ErrorKind::Index, str(fn, ": index ", idx, " is out of range for a storage of ", self->size, " elements"),
         "idx");
  return static_cast<char*>(self->data) + idx * static_cast<int64_t>(element_size(dtype(self)));
}

void th_storage_resize_to(StorageImpl* self, int64_t size, const th::Fn& fn) {
  check_size(size, fn);
  if (!(th::need(self, fn, "storage")->flag & TH_STORAGE_RESIZABLE))
    fail(ErrorKind::Value, str(fn, ": the storage is not resizable (TH_STORAGE_RESIZABLE is clear)"), "storage");
  storage_resize(self, size);
}

void th_storage_swap_with(StorageImpl* a, StorageImpl* b, const th::Fn& fn) {
  storage_swap(th::need(a, fn, "storage1"), th::need(b, fn, "storage2"));
}

void th_storage_convert(StorageImpl* self, StorageImpl* src, const th::Fn& fn) {
  th::need(self, fn, "storage");
  th::need(src, fn, "src");
  if (self->size != src->size)
    fail(ErrorKind::Value, str(fn, ": src has ", src->size, " elements, the storage ", self->size), "src");
  TensorBase target = whole(self);
  if (self->size > 0) base::copy_(target, whole(src));
}

// TH's rawCopy reads storage->size elements from `src`.
void th_storage_raw_copy_from(StorageImpl* self, const void* src, const th::Fn& fn) {
  th::need(self, fn, "storage");
  if (self->size == 0) return;
  std::memmove(self->data, th::need(src, fn, "src"), static_cast<size_t>(storage_nbytes(self)));
}

}  // namespace ember::rt
