// Storages: one buffer of one dtype, reference counted.
//
// Ownership: a function returning StorageImpl* hands the caller one
// reference; release() gives it back. A storage frees its buffer through
// its allocator only when TH_STORAGE_FREEMEM is set, and a view storage
// (TH_STORAGE_VIEW) holds a reference to the storage it views.
#pragma once

#include "ember/export.h"

#include <cstdint>

#include "ember/device.h"
#include "ember/dtype.h"
#include "ember/structs.h"

namespace ember {

using StorageImpl = EmberStorage;

namespace rt {

inline DType dtype(const StorageImpl* s) { return static_cast<DType>(s->dtype); }
inline Device device(const StorageImpl* s) {
  return s->deviceType == static_cast<int>(DeviceType::CUDA) ? Device(DeviceType::CUDA, s->deviceIndex) : Device();
}

// A new storage of `size` elements (uninitialised) from `allocator`.
EMBER_CPP_API StorageImpl* storage_new(DType dtype, int64_t size, THAllocator* allocator = &THDefaultAllocator,
                         void* allocator_context = nullptr);
// A new storage of `size` elements (uninitialised) on `device` (a CUDA
// device without an index is the current one), from its allocator.
EMBER_CPP_API StorageImpl* storage_new_on(DType dtype, int64_t size, Device device);
// Wraps memory obtained from `allocator` (freed through it at the end).
EMBER_CPP_API StorageImpl* storage_new_with_data(DType dtype, void* data, int64_t size,
                                   THAllocator* allocator = &THDefaultAllocator, void* allocator_context = nullptr);
// Maps a file: size 0 takes the whole file (its length must be a multiple
// of the element size), flags are TH_ALLOCATOR_MAPPED_*.
EMBER_CPP_API StorageImpl* storage_new_with_mapping(DType dtype, const char* filename, int64_t size, int flags);

EMBER_CPP_API void storage_retain(StorageImpl* s);
EMBER_CPP_API void storage_release(StorageImpl* s);

// Reallocates to `size` elements, keeping the first min(old, new) values.
// Needs TH_STORAGE_RESIZABLE.
EMBER_CPP_API void storage_resize(StorageImpl* s, int64_t size);
// Exchanges everything but the reference counts.
EMBER_CPP_API void storage_swap(StorageImpl* a, StorageImpl* b);
EMBER_CPP_API void storage_set_flag(StorageImpl* s, char flag);
EMBER_CPP_API void storage_clear_flag(StorageImpl* s, char flag);

inline int64_t storage_nbytes(const StorageImpl* s) {
  return s->size * static_cast<int64_t>(element_size(dtype(s)));
}

}  // namespace rt
}  // namespace ember
