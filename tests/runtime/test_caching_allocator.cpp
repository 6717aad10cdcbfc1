// The CUDA caching allocator's cache (runtime/core/caching_allocator.h),
// driven by a raw allocator of host memory that counts its calls and can
// be told to run out: reuse by size, rounding, the 2x bound, statistics,
// empty_cache, the retry after emptying the cache, bad releases.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <string>

#include "ember/error.h"
#include "runtime/core/caching_allocator.h"

namespace {

using ember::rt::CachingAllocator;

struct FakeDevice {
  size_t capacity = SIZE_MAX;  // bytes the "device" can hold
  size_t in_use = 0;
  int allocations = 0, releases = 0;
  std::map<void*, size_t> live;  // block -> bytes

  static void* allocate(void* ctx, size_t n) {
    auto* d = static_cast<FakeDevice*>(ctx);
    if (d->in_use + n > d->capacity) return nullptr;
    void* p = std::malloc(n);
    d->in_use += n;
    ++d->allocations;
    d->live.emplace(p, n);
    return p;
  }
  static void release(void* ctx, void* p) {
    auto* d = static_cast<FakeDevice*>(ctx);
    const auto it = d->live.find(p);
    ASSERT_NE(it, d->live.end()) << "released a block twice or one it never made";
    d->in_use -= it->second;
    d->live.erase(it);
    ++d->releases;
    std::free(p);
  }
};

struct Cache : ::testing::Test {
  FakeDevice device;
  CachingAllocator cache{{FakeDevice::allocate, FakeDevice::release, &device}};
};

TEST(CachingAllocatorRounding, SmallTo512LargeTo2MiB) {
  EXPECT_EQ(CachingAllocator::round_size(1), 512u);
  EXPECT_EQ(CachingAllocator::round_size(512), 512u);
  EXPECT_EQ(CachingAllocator::round_size(513), 1024u);
  EXPECT_EQ(CachingAllocator::round_size(size_t{1} << 20), size_t{1} << 20);
  EXPECT_EQ(CachingAllocator::round_size((size_t{1} << 20) + 1), size_t{2} << 20);
  EXPECT_EQ(CachingAllocator::round_size((size_t{5} << 20) + 7), size_t{6} << 20);
}

TEST_F(Cache, ReleasedBlockIsReusedForAFittingSize) {
  void* a = cache.allocate(1000);
  ASSERT_NE(a, nullptr);
  cache.release(a);
  EXPECT_EQ(cache.allocate(600), a);  // rounds to 1024 like 1000 did
  EXPECT_EQ(device.allocations, 1);
  EXPECT_EQ(device.releases, 0);
  cache.release(a);
}

TEST_F(Cache, BlockMoreThanTwiceTheRequestIsNotReused) {
  void* big = cache.allocate(8192);
  cache.release(big);
  void* small = cache.allocate(1024);
  EXPECT_NE(small, big);
  EXPECT_EQ(device.allocations, 2);
  void* half = cache.allocate(4096);  // 8192 <= 2 * 4096: the cached block serves
  EXPECT_EQ(half, big);
  cache.release(small);
  cache.release(half);
}

TEST_F(Cache, StatsCountLiveAndCachedBytes) {
  void* a = cache.allocate(100);    // 512
  void* b = cache.allocate(3000);   // 3072
  auto s = cache.stats();
  EXPECT_EQ(s.allocated, 512 + 3072);
  EXPECT_EQ(s.reserved, 512 + 3072);
  EXPECT_EQ(s.raw_allocations, 2);
  cache.release(b);
  s = cache.stats();
  EXPECT_EQ(s.allocated, 512);
  EXPECT_EQ(s.reserved, 512 + 3072);
  EXPECT_EQ(s.cached_blocks, 1);
  EXPECT_EQ(cache.block_size(a), 512u);
  EXPECT_EQ(cache.block_size(b), 0u);  // no longer live
  cache.release(a);
}

TEST_F(Cache, EmptyCacheReturnsOnlyCachedBlocks) {
  void* kept = cache.allocate(2048);
  void* freed = cache.allocate(4096);
  cache.release(freed);
  cache.empty_cache();
  EXPECT_EQ(device.releases, 1);
  EXPECT_EQ(device.live.count(kept), 1u);
  EXPECT_EQ(device.live.count(freed), 0u);
  const auto s = cache.stats();
  EXPECT_EQ(s.reserved, 2048);
  EXPECT_EQ(s.cached_blocks, 0);
  cache.release(kept);
}

TEST_F(Cache, OutOfMemoryEmptiesTheCacheAndRetries) {
  device.capacity = 4 << 20;
  void* a = cache.allocate(2 << 20);
  ASSERT_NE(a, nullptr);
  cache.release(a);                      // cached, still held from the device
  void* b = cache.allocate(512 << 10);   // too small to take the 2 MiB block: the device is asked...
  ASSERT_NE(b, nullptr);                 // ...and has room for it beside the cached block
  cache.release(b);
  void* c = cache.allocate(3 << 20);     // 4 MiB rounded: fits only once both cached blocks are returned
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(device.releases, 2);
  EXPECT_EQ(cache.stats().cached_blocks, 0);
  EXPECT_EQ(cache.allocate(1 << 20), nullptr);  // genuinely out of memory: null, nothing lost
  EXPECT_EQ(cache.stats().allocated, 4 << 20);
  cache.release(c);
}

TEST_F(Cache, ReleaseOfAForeignPointerIsAnError) {
  int x = 0;
  try {
    cache.release(&x);
    FAIL() << "expected an error";
  } catch (const ember::Error& e) {
    EXPECT_EQ(e.kind(), ember::ErrorKind::Runtime);
    EXPECT_NE(std::string(e.what()).find("did not allocate"), std::string::npos);
  }
  void* a = cache.allocate(64);
  cache.release(a);
  EXPECT_THROW(cache.release(a), ember::Error);  // twice
  cache.release(nullptr);                          // nothing, as free(NULL)
}

TEST(CachingAllocatorLifetime, DestructorReturnsCachedBlocks) {
  FakeDevice device;
  {
    CachingAllocator cache({FakeDevice::allocate, FakeDevice::release, &device});
    cache.release(cache.allocate(10));
    cache.release(cache.allocate(5000));
  }
  EXPECT_EQ(device.allocations, 2);
  EXPECT_EQ(device.releases, 2);
  EXPECT_TRUE(device.live.empty());
}

}  // namespace
