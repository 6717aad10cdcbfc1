// THDefaultAllocator: 64-byte aligned heap memory.
//
// Contract (the storage code relies on it):
//  - malloc(0) returns NULL; so does realloc(p, 0), which frees p. NULL is
//    therefore a failure only when the size asked for is > 0.
//  - realloc(NULL, n) is malloc(n); free(NULL) does nothing.
//  - A negative size, or memory that cannot be had, returns NULL; nothing
//    here throws or prints. realloc leaves its block intact when it fails.
//  - Every pointer returned is 64-byte aligned (one cache line, one AVX-512
//    vector), including after realloc.
#include <malloc.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "ember/allocator.h"

namespace {

constexpr size_t kAlignment = 64;
// Blocks this large start on a huge page and ask the kernel for huge pages
// (as NumPy does): a 64 MiB tensor walked once otherwise spends much of
// its time on TLB misses (bench: B3 and B4 about twice as slow).
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kHugeThreshold = size_t{4} << 20;

void* aligned_malloc(void*, ptrdiff_t size) {
  if (size <= 0) return nullptr;
  const size_t n = static_cast<size_t>(size);
  const bool huge = n >= kHugeThreshold;
  void* p = nullptr;
  if (posix_memalign(&p, huge ? kHugePage : kAlignment, n) != 0) return nullptr;
  if (huge) madvise(p, n & ~(kHugePage - 1), MADV_HUGEPAGE);  // advice only: failure is harmless
  return p;
}

void aligned_free(void*, void* ptr) { std::free(ptr); }

// C's realloc does not keep the alignment, so growing moves the block by
// hand. malloc_usable_size tells how many bytes the old block holds; the
// copy may include its unused tail, which is still memory of that block.
void* aligned_realloc(void* ctx, void* ptr, ptrdiff_t size) {
  if (!ptr) return aligned_malloc(ctx, size);
  if (size < 0) return nullptr;
  if (size == 0) {
    std::free(ptr);
    return nullptr;
  }
  const size_t want = static_cast<size_t>(size);
  const size_t have = malloc_usable_size(ptr);
  // Keep the block when it fits and would not waste more than half of it.
  if (want <= have && want >= have / 2) return ptr;
  void* fresh = aligned_malloc(ctx, size);
  if (!fresh) return want <= have ? ptr : nullptr;  // shrinking in place is always valid
  std::memcpy(fresh, ptr, std::min(want, have));
  std::free(ptr);
  return fresh;
}

}  // namespace

THAllocator THDefaultAllocator = {aligned_malloc, aligned_realloc, aligned_free};
