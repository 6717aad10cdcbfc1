#include <cstring>
#include <new>

#include "ember/checked_math.h"
#include "ember/error.h"
#include "ember/storage_impl.h"
#include "runtime/core/device_memory.h"
#include "runtime/core/map_file.h"

namespace ember::rt {

// Note [bool bytes]: a bool element is one byte holding 0 or 1, and
// kernels load it as C++ bool, for which any other byte is undefined
// behaviour. New bool memory is therefore zeroed (empty() included, at
// the cost of one memset); memory from outside (buffers, DLPack, mapped
// files, TH's storage data) must keep to 0 and 1, and the Python
// conversions read bool elements as bytes.

namespace {

constexpr char kDefaultFlags = TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM;

int64_t bytes_for(DType dtype, int64_t size, const char* op) {
  if (size < 0) fail(ErrorKind::Value, str(op, ": size must be >= 0, got ", size), "size");
  return checked_mul(size, static_cast<int64_t>(element_size(dtype)), op);
}

void* allocate(THAllocator* allocator, void* ctx, int64_t nbytes, const char* op) {
  if (nbytes == 0) return nullptr;
  void* data = allocator->malloc(ctx, nbytes);
  if (!data) fail(ErrorKind::Memory, str(op, ": failed to allocate ", nbytes, " bytes"));
  return data;
}

StorageImpl* make(DType dtype, void* data, int64_t size, THAllocator* allocator, void* ctx) {
  auto* s = new StorageImpl();
  s->data = data;
  s->size = size;
  s->refcount = 1;
  s->flag = kDefaultFlags;
  s->allocator = allocator;
  s->allocatorContext = ctx;
  s->view = nullptr;
  s->dtype = static_cast<int>(dtype);
  return s;
}

}  // namespace

StorageImpl* storage_new(DType dtype, int64_t size, THAllocator* allocator, void* ctx) {
  if (!allocator) allocator = &THDefaultAllocator;
  const int64_t nbytes = bytes_for(dtype, size, "storage_new");
  void* data = allocate(allocator, ctx, nbytes, "storage_new");
  if (dtype == DType::Bool && data) std::memset(data, 0, static_cast<size_t>(nbytes));  // Note [bool bytes]
  try {
    return make(dtype, data, size, allocator, ctx);
  } catch (...) {
    if (data) allocator->free(ctx, data);
    throw;
  }
}

StorageImpl* storage_new_on(DType dtype, int64_t size, Device device) {
  device = usable_device(device, "storage_new");
  if (device.is_cpu()) return storage_new(dtype, size);
  const DeviceAllocator where = device_allocator(device, "storage_new");
  const int64_t nbytes = bytes_for(dtype, size, "storage_new");
  void* data = allocate(where.allocator, where.context, nbytes, "storage_new");
  try {
    if (dtype == DType::Bool && data) zero_bytes(data, device, static_cast<size_t>(nbytes));  // Note [bool bytes]
    StorageImpl* s = make(dtype, data, size, where.allocator, where.context);
    s->deviceType = static_cast<int>(device.type);
    s->deviceIndex = device.index;
    return s;
  } catch (...) {
    if (data) where.allocator->free(where.context, data);
    throw;
  }
}

StorageImpl* storage_new_with_data(DType dtype, void* data, int64_t size, THAllocator* allocator, void* ctx) {
  bytes_for(dtype, size, "storage_new_with_data");
  if (!data && size > 0) fail(ErrorKind::Value, "storage_new_with_data: data is null but size > 0", "data");
  return make(dtype, data, size, allocator ? allocator : &THDefaultAllocator, ctx);
}

StorageImpl* storage_new_with_mapping(DType dtype, const char* filename, int64_t size, int flags) {
  if (!filename) fail(ErrorKind::Value, "storage_new_with_mapping: filename is null", "filename");
  const int64_t esize = static_cast<int64_t>(element_size(dtype));
  THMapAllocatorContext* ctx = map_file::new_context(filename, flags);
  void* data = nullptr;
  try {
    data = THMapAllocator.malloc(ctx, bytes_for(dtype, size, "storage_new_with_mapping"));
    if (!data && size > 0) fail(ErrorKind::Runtime, str("storage_new_with_mapping: cannot map '", filename, "'"));
    if (size == 0) {
      const int64_t bytes = THMapAllocatorContext_size(ctx);
      if (bytes % esize != 0)
        fail(ErrorKind::Value, str("storage_new_with_mapping: file '", filename, "' has ", bytes,
                                   " bytes, not a multiple of the element size ", esize), "filename");
      size = bytes / esize;
    }
    StorageImpl* s = make(dtype, data, size, &THMapAllocator, ctx);
    s->flag &= static_cast<char>(~TH_STORAGE_RESIZABLE);  // a mapping has the file's size (TH's rule too)
    return s;
  } catch (...) {
    if (data) THMapAllocator.free(ctx, data);
    else THMapAllocatorContext_free(ctx);
    throw;
  }
}

void storage_retain(StorageImpl* s) {
  if (s && (s->flag & TH_STORAGE_REFCOUNTED)) __atomic_fetch_add(&s->refcount, 1, __ATOMIC_RELAXED);
}

void storage_release(StorageImpl* s) {
  if (!s || !(s->flag & TH_STORAGE_REFCOUNTED)) return;
  if (__atomic_sub_fetch(&s->refcount, 1, __ATOMIC_ACQ_REL) != 0) return;
  if ((s->flag & TH_STORAGE_FREEMEM) && s->allocator) s->allocator->free(s->allocatorContext, s->data);
  if (s->flag & TH_STORAGE_VIEW) storage_release(s->view);
  delete s;
}

void storage_resize(StorageImpl* s, int64_t size) {
  if (!(s->flag & TH_STORAGE_RESIZABLE))
    fail(ErrorKind::Value, "storage_resize: storage is not resizable (TH_STORAGE_RESIZABLE is clear)", "self");
  const int64_t nbytes = bytes_for(dtype(s), size, "storage_resize");
  if (size == s->size) return;
  THAllocator* allocator = s->allocator;
  if (nbytes == 0) {
    if (s->flag & TH_STORAGE_FREEMEM) allocator->free(s->allocatorContext, s->data);
    s->data = nullptr;
  } else if (s->data && allocator->realloc && (s->flag & TH_STORAGE_FREEMEM)) {
    void* data = allocator->realloc(s->allocatorContext, s->data, nbytes);
    if (!data) fail(ErrorKind::Memory, str("storage_resize: failed to reallocate ", nbytes, " bytes"));
    s->data = data;
  } else {
    // No realloc (or memory we do not own): copy into fresh memory.
    void* data = allocate(allocator, s->allocatorContext, nbytes, "storage_resize");
    if (s->data) copy_bytes(data, device(s), s->data, device(s), static_cast<size_t>(std::min(nbytes, storage_nbytes(s))));
    if (s->flag & TH_STORAGE_FREEMEM) allocator->free(s->allocatorContext, s->data);
    s->data = data;
    s->flag |= TH_STORAGE_FREEMEM;
  }
  if (dtype(s) == DType::Bool && size > s->size)  // Note [bool bytes]
    zero_bytes(static_cast<char*>(s->data) + s->size, device(s), static_cast<size_t>(size - s->size));
  s->size = size;
}

void storage_swap(StorageImpl* a, StorageImpl* b) {
  if (a->dtype != b->dtype) fail(ErrorKind::Type, "storage_swap: storages have different dtypes", "other");
  std::swap(a->data, b->data);
  std::swap(a->size, b->size);
  std::swap(a->flag, b->flag);
  std::swap(a->allocator, b->allocator);
  std::swap(a->allocatorContext, b->allocatorContext);
  std::swap(a->view, b->view);
  std::swap(a->deviceType, b->deviceType);
  std::swap(a->deviceIndex, b->deviceIndex);
}

void storage_set_flag(StorageImpl* s, char flag) { s->flag |= flag; }
void storage_clear_flag(StorageImpl* s, char flag) { s->flag &= static_cast<char>(~flag); }

}  // namespace ember::rt
