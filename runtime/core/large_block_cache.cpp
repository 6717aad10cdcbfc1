#include "runtime/core/large_block_cache.h"

#include <cstdint>
#include <cstdlib>
#include <mutex>

#include "ember/host_memory.h"

namespace ember::rt {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr size_t kLargeCacheBytes = 0;
#else
constexpr size_t kLargeCacheBytes = size_t{256} << 20;
#endif
// Few blocks: a search is a scan, and a loop of whole-tensor expressions
// frees a handful of sizes.
constexpr int kSlots = 16;

struct Cache {
  std::mutex mutex;
  void* block[kSlots] = {};
  size_t size[kSlots] = {};
  uint64_t kept_at[kSlots] = {};  // when each block was kept: the oldest goes first
  uint64_t clock = 0;
  size_t bytes = 0;
};

// Never destroyed: tensors released by other static destructors at exit
// still come here.
Cache& cache() {
  static Cache* c = new Cache;
  return *c;
}

}  // namespace

void* take_large_block(size_t n) {
  if (kLargeCacheBytes == 0) return nullptr;
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  int best = -1;
  for (int i = 0; i < kSlots; ++i)
    if (c.block[i] && c.size[i] >= n && c.size[i] / 2 <= n && (best < 0 || c.size[i] < c.size[best])) best = i;
  if (best < 0) return nullptr;
  void* p = c.block[best];
  c.block[best] = nullptr;
  c.bytes -= c.size[best];
  return p;
}

void keep_large_block(void* p, size_t usable) {
  if (usable > kLargeCacheBytes) {
    std::free(p);
    return;
  }
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  // Make room by freeing the blocks kept longest ago.
  for (;;) {
    int empty = -1, oldest = -1;
    for (int i = 0; i < kSlots; ++i) {
      if (!c.block[i]) {
        if (empty < 0) empty = i;
      } else if (oldest < 0 || c.kept_at[i] < c.kept_at[oldest]) {
        oldest = i;
      }
    }
    if (empty >= 0 && c.bytes + usable <= kLargeCacheBytes) {
      c.block[empty] = p;
      c.size[empty] = usable;
      c.kept_at[empty] = ++c.clock;
      c.bytes += usable;
      return;
    }
    std::free(c.block[oldest]);
    c.bytes -= c.size[oldest];
    c.block[oldest] = nullptr;
  }
}

void release_large_blocks() {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  for (int i = 0; i < kSlots; ++i) {
    std::free(c.block[i]);
    c.block[i] = nullptr;
  }
  c.bytes = 0;
}

}  // namespace ember::rt

void ember::release_cached_host_memory() { rt::release_large_blocks(); }
