// Page-locked ("pinned") host memory (cudaHostAlloc): CPU storages that
// CUDA's copies read and write directly, without staging them through a
// driver buffer (PyTorch's pin_memory, cutorch's host allocator). Each
// block keeps its size in a header in front of it, since TH's realloc is
// told only the new size.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "ember/error.h"
#include "runtime/core/device_memory.h"

namespace ember::rt::cuda_backend {

namespace {

constexpr size_t kHeader = 64;  // keeps the elements 64-byte aligned (the blocks are page-aligned)

size_t block_size(void* ptr) { return *reinterpret_cast<size_t*>(static_cast<char*>(ptr) - kHeader); }

void* pinned_malloc(void*, ptrdiff_t size) {
  if (size <= 0) return nullptr;
  require(0, "pin_memory");
  void* block = nullptr;
  if (cudaHostAlloc(&block, kHeader + static_cast<size_t>(size), cudaHostAllocDefault) != cudaSuccess) {
    cudaGetLastError();
    fail(ErrorKind::Memory, str("pin_memory: cannot allocate ", size, " bytes of pinned host memory"));
  }
  *static_cast<size_t*>(block) = static_cast<size_t>(size);
  return static_cast<char*>(block) + kHeader;
}

void pinned_free(void*, void* ptr) {
  if (ptr) cudaFreeHost(static_cast<char*>(ptr) - kHeader);
}

// A new block holding the old bytes that fit.
void* pinned_realloc(void* ctx, void* ptr, ptrdiff_t size) {
  if (!ptr) return pinned_malloc(ctx, size);
  if (size <= 0) {
    pinned_free(ctx, ptr);
    return nullptr;
  }
  void* fresh = pinned_malloc(ctx, size);
  std::memcpy(fresh, ptr, std::min(block_size(ptr), static_cast<size_t>(size)));
  pinned_free(ctx, ptr);
  return fresh;
}

THAllocator g_pinned = {pinned_malloc, pinned_realloc, pinned_free};

}  // namespace

THAllocator* pinned_allocator() { return &g_pinned; }
bool is_pinned_allocator(const THAllocator* allocator) { return allocator == &g_pinned; }

}  // namespace ember::rt::cuda_backend
