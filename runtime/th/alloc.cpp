// THAlloc/THRealloc/THFree: TH's checked heap functions over
// THDefaultAllocator, with TH's hook for garbage-collected front ends
// (Lua): when memory runs out, the thread's GC handler may free some, and
// the allocation is retried once.
#include "TH/THAllocator.h"
#include "TH/THGeneral.h"

namespace {

struct GCHandler {
  void (*fn)(void*);
  void* data;
};
thread_local GCHandler gc_handler{nullptr, nullptr};

constexpr double kGiB = 1073741824.0;

}  // namespace

void THSetGCHandler(void (*torchGCHandlerFunction)(void* data), void* data) {
  gc_handler = {torchGCHandlerFunction, data};
}

void* THAlloc(ptrdiff_t size) {
  if (size < 0) {
    THError("THAlloc: invalid memory size %td -- maybe an overflow?", size);
    return nullptr;
  }
  if (size == 0) return nullptr;
  void* ptr = THDefaultAllocator.malloc(nullptr, size);
  if (!ptr && gc_handler.fn) {
    gc_handler.fn(gc_handler.data);
    ptr = THDefaultAllocator.malloc(nullptr, size);
  }
  if (!ptr) THError("THAlloc: out of memory: you tried to allocate %.3f GB (%td bytes)", size / kGiB, size);
  return ptr;
}

// Like C's realloc, a failure leaves ptr allocated and unchanged.
void* THRealloc(void* ptr, ptrdiff_t size) {
  if (!ptr) return THAlloc(size);
  if (size < 0) {
    THError("THRealloc: invalid memory size %td -- maybe an overflow?", size);
    return nullptr;
  }
  if (size == 0) {
    THFree(ptr);
    return nullptr;
  }
  void* fresh = THDefaultAllocator.realloc(nullptr, ptr, size);
  if (!fresh && gc_handler.fn) {
    gc_handler.fn(gc_handler.data);
    fresh = THDefaultAllocator.realloc(nullptr, ptr, size);
  }
  if (!fresh) THError("THRealloc: out of memory: you tried to reallocate %.3f GB (%td bytes)", size / kGiB, size);
  return fresh;
}

void THFree(void* ptr) { THDefaultAllocator.free(nullptr, ptr); }
