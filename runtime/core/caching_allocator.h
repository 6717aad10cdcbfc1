// A cache of blocks in front of a slow allocator (cudaMalloc/cudaFree,
// which synchronize the device): a released block is kept and handed out
// again for a later request of a size it fits, and returned to the raw
// allocator only by empty_cache() or when an allocation fails for want of
// memory (then the cache is emptied and the allocation tried once more).
//
// Sizes are rounded up (512 bytes below 1 MiB, 2 MiB multiples above) so
// that blocks of nearby sizes are interchangeable; a cached block serves a
// request when it is at least the rounded size and at most twice it,
// bounding the waste. Blocks are not split. The raw allocator is a pair of
// functions, so tests drive the cache with plain host memory.
//
// Thread-safe. All of a device's work runs on its default stream, in
// order, so a block released by one op may be reused by the next without
// waiting (PyTorch's rule for one stream).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <unordered_map>

namespace ember::rt {

struct RawAllocator {
  void* (*allocate)(void* ctx, size_t nbytes);  // null when out of memory
  void (*release)(void* ctx, void* ptr);
  void* ctx;
};

struct CacheStats {
  int64_t allocated = 0;   // bytes in live blocks (rounded sizes)
  int64_t reserved = 0;    // live plus cached bytes, all obtained from the raw allocator
  int64_t cached_blocks = 0;
  int64_t raw_allocations = 0;  // calls that reached the raw allocator
};

class CachingAllocator {
 public:
  explicit CachingAllocator(RawAllocator raw) : raw_(raw) {}
  CachingAllocator(const CachingAllocator&) = delete;
  CachingAllocator& operator=(const CachingAllocator&) = delete;
  // Returns the cached blocks; live blocks belong to their storages.
  ~CachingAllocator() { empty_cache(); }

  static size_t round_size(size_t nbytes);

  // A block of at least nbytes (nbytes > 0), or null when the raw
  // allocator has none even after the cache was emptied.
  void* allocate(size_t nbytes);
  // Gives back a block from allocate(); a Runtime error for any other pointer.
  void release(void* ptr);
  // The size of a live block (what realloc may copy); 0 for any other pointer.
  size_t block_size(void* ptr) const;
  void empty_cache();
  CacheStats stats() const;

 private:
  void release_cached_locked();

  RawAllocator raw_;
  mutable std::mutex mutex_;
  std::multimap<size_t, void*> cached_;       // size -> block
  std::unordered_map<void*, size_t> live_;    // block -> size
  CacheStats stats_;
};

}  // namespace ember::rt
