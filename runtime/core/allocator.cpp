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
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "ember/allocator.h"
#include "runtime/core/large_block_cache.h"

namespace {

constexpr size_t kAlignment = 64;
// Blocks this large start on a huge page and ask the kernel for huge pages
// (as NumPy does): a 64 MiB tensor walked once otherwise spends much of
// its time on TLB misses (bench: B3 and B4 about twice as slow).
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kHugeThreshold = size_t{4} << 20;

// Note [small block cache]: blocks of at most 256 bytes (tensors of a
// few elements) are kept per thread for reuse, in four 64-byte classes.
// glibc's tcache does not serve aligned requests: posix_memalign and free
// of a small block cost ~70 ns here, a sixth of a Python `a + b` on four
// floats (bench/python_overhead.py). At most kPerClass blocks per class
// and thread are kept; a thread's are freed when it ends. Under
// AddressSanitizer nothing is kept, so it still sees every use after free.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kPerClass = 0;
#else
constexpr int kPerClass = 32;
#endif
constexpr size_t kClasses = 4;
constexpr size_t kSmallMax = kClasses * kAlignment;

struct SmallBlockCache {
  void* blocks[kClasses][kPerClass > 0 ? kPerClass : 1];
  int count[kClasses] = {};
  ~SmallBlockCache();
};

// Frees after this thread's cache is gone (a tensor released by a later
// thread_local's destructor) go straight to free(). Trivially
// destructible, so it outlives the cache.
thread_local bool t_cache_gone = false;
thread_local SmallBlockCache t_cache;

SmallBlockCache::~SmallBlockCache() {
  t_cache_gone = true;
  for (size_t c = 0; c < kClasses; ++c)
    for (int i = 0; i < count[c]; ++i) std::free(blocks[c][i]);
}

// The class of a request of n bytes, 0 < n <= kSmallMax: blocks of
// (class + 1) * 64 bytes.
size_t small_class(size_t n) { return (n - 1) / kAlignment; }

void* aligned_malloc(void*, ptrdiff_t size) {
  if (size <= 0) return nullptr;
  size_t n = static_cast<size_t>(size);
  if (kPerClass > 0 && n <= kSmallMax) {
    const size_t c = small_class(n);
    if (!t_cache_gone && t_cache.count[c] > 0) return t_cache.blocks[c][--t_cache.count[c]];
    n = (c + 1) * kAlignment;  // the whole class, so the block can serve any request of it later
  }
  if (n >= ember::rt::kLargeBlockMin) {
    if (void* cached = ember::rt::take_large_block(n)) return cached;
  }
  const bool huge = n >= kHugeThreshold;
  void* p = nullptr;
  if (posix_memalign(&p, huge ? kHugePage : kAlignment, n) != 0) {
    // The cache's blocks may be what the system is short of.
    ember::rt::release_large_blocks();
    if (posix_memalign(&p, huge ? kHugePage : kAlignment, n) != 0) return nullptr;
  }
  // The whole usable size, so that a larger request reusing the block
  // (Note [large block cache]) finds it advised too.
  if (huge) madvise(p, malloc_usable_size(p) & ~(kHugePage - 1), MADV_HUGEPAGE);  // advice only: failure is harmless
  return p;
}

// A block joins the cache of the class it can serve. Blocks handed to a
// storage by its creator (THStorage_newWithData) may be neither aligned
// nor small: those are freed.
void aligned_free(void*, void* ptr) {
  if (!ptr) return;
  const size_t usable = malloc_usable_size(ptr);
  if (usable >= ember::rt::kLargeBlockMin && reinterpret_cast<uintptr_t>(ptr) % kAlignment == 0) {
    ember::rt::keep_large_block(ptr, usable);
    return;
  }
  if (kPerClass > 0 && !t_cache_gone && reinterpret_cast<uintptr_t>(ptr) % kAlignment == 0) {
    if (usable >= kAlignment && usable < kSmallMax + kAlignment) {
      const size_t c = std::min(usable / kAlignment, kClasses) - 1;
      if (t_cache.count[c] < kPerClass) {
        t_cache.blocks[c][t_cache.count[c]++] = ptr;
        return;
      }
    }
  }
  std::free(ptr);
}

// C's realloc does not keep the alignment, so growing moves the block by
// hand. malloc_usable_size tells how many bytes the old block holds; the
// copy may include its unused tail, which is still memory of that block.
void* aligned_realloc(void* ctx, void* ptr, ptrdiff_t size) {
  if (!ptr) return aligned_malloc(ctx, size);
  if (size < 0) return nullptr;
  if (size == 0) {
    aligned_free(ctx, ptr);
    return nullptr;
  }
  const size_t want = static_cast<size_t>(size);
  const size_t have = malloc_usable_size(ptr);
  // Keep the block when it fits and would not waste more than half of it.
  if (want <= have && want >= have / 2) return ptr;
  void* fresh = aligned_malloc(ctx, size);
  if (!fresh) return want <= have ? ptr : nullptr;  // shrinking in place is always valid
  std::memcpy(fresh, ptr, std::min(want, have));
  aligned_free(ctx, ptr);
  return fresh;
}

}  // namespace

THAllocator THDefaultAllocator = {aligned_malloc, aligned_realloc, aligned_free};
