// kernels/scratch.h's per-thread block cache (Note [scratch cache]).
#include "kernels/scratch.h"

#include <sys/mman.h>

#include <cstdlib>
#include <new>

namespace ember::kernels {

namespace {

constexpr size_t kAlignment = 64;
// As the tensor allocator (runtime/core/allocator.cpp): blocks this large
// start on a huge page and ask for huge pages.
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kHugeThreshold = size_t{4} << 20;

#if defined(__SANITIZE_ADDRESS__)
constexpr size_t kKeepMax = kScratchKeepMax;
#else
constexpr size_t kKeepMax = kScratchKeepMax;
#endif

struct CachedBlock {
  void* data = nullptr;
  size_t capacity = 0;
  // Leaves the block empty, so that a use by a later thread_local
  // destructor of this thread allocates afresh instead of reusing a freed
  // block.
  ~CachedBlock() {
    std::free(data);
    data = nullptr;
    capacity = 0;
  }
};

thread_local CachedBlock t_cached;

void* allocate(size_t bytes) {
  const bool huge = bytes >= kHugeThreshold;
  void* p = nullptr;
  if (posix_memalign(&p, huge ? kHugePage : kAlignment, bytes == 0 ? 1 : bytes) != 0) throw std::bad_alloc();
  if (huge) madvise(p, bytes & ~(kHugePage - 1), MADV_HUGEPAGE);  // advice only: failure is harmless
  return p;
}

}  // namespace

ScratchBuffer::ScratchBuffer(size_t bytes) {
  CachedBlock& c = t_cached;
  if (c.data != nullptr && c.capacity >= bytes) {
    data_ = c.data;
    capacity_ = c.capacity;
    c.data = nullptr;
    c.capacity = 0;
    return;
  }
  data_ = allocate(bytes);
  capacity_ = bytes;
}

ScratchBuffer::~ScratchBuffer() {
  CachedBlock& c = t_cached;
  if (capacity_ > kKeepMax || capacity_ <= c.capacity) {
    std::free(data_);
    return;
  }
  std::free(c.data);
  c.data = data_;
  c.capacity = capacity_;
}

}  // namespace ember::kernels
