#include "runtime/core/caching_allocator.h"

#include "ember/error.h"

namespace ember::rt {

namespace {

constexpr size_t kSmallRound = 512;
constexpr size_t kLargeRound = size_t{2} << 20;
constexpr size_t kSmallLimit = size_t{1} << 20;

size_t round_up(size_t n, size_t to) { return n > SIZE_MAX - (to - 1) ? SIZE_MAX : (n + to - 1) / to * to; }

}  // namespace

size_t CachingAllocator::round_size(size_t nbytes) {
  return round_up(nbytes, nbytes <= kSmallLimit ? kSmallRound : kLargeRound);
}

void* CachingAllocator::allocate(size_t nbytes) {
  const size_t size = round_size(nbytes);
  std::lock_guard<std::mutex> lock(mutex_);
  const auto fit = cached_.lower_bound(size);
  if (fit != cached_.end() && fit->first / 2 <= size) {
    void* block = fit->second;
    live_.emplace(block, fit->first);
    stats_.allocated += static_cast<int64_t>(fit->first);
    cached_.erase(fit);
    --stats_.cached_blocks;
    return block;
  }
  void* block = raw_.allocate(raw_.ctx, size);
  if (!block && !cached_.empty()) {
    release_cached_locked();
    block = raw_.allocate(raw_.ctx, size);
  }
  if (!block) return nullptr;
  ++stats_.raw_allocations;
  try {
    live_.emplace(block, size);
  } catch (...) {
    raw_.release(raw_.ctx, block);
    throw;
  }
  stats_.allocated += static_cast<int64_t>(size);
  stats_.reserved += static_cast<int64_t>(size);
  return block;
}

void CachingAllocator::release(void* ptr) {
  if (!ptr) return;
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = live_.find(ptr);
  if (it == live_.end()) fail(ErrorKind::Runtime, "CachingAllocator: release of a block it did not allocate");
  const size_t size = it->second;
  cached_.emplace(size, ptr);
  live_.erase(it);
  stats_.allocated -= static_cast<int64_t>(size);
  ++stats_.cached_blocks;
}

size_t CachingAllocator::block_size(void* ptr) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = live_.find(ptr);
  return it == live_.end() ? 0 : it->second;
}

void CachingAllocator::empty_cache() {
  std::lock_guard<std::mutex> lock(mutex_);
  release_cached_locked();
}

void CachingAllocator::release_cached_locked() {
  for (const auto& [size, block] : cached_) {
    raw_.release(raw_.ctx, block);
    stats_.reserved -= static_cast<int64_t>(size);
  }
  cached_.clear();
  stats_.cached_blocks = 0;
}

CacheStats CachingAllocator::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

}  // namespace ember::rt
