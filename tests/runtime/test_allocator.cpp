// THDefaultAllocator and THAlloc/THRealloc/THFree: alignment, contents
// across realloc and reuse, the small and large block caches, size 0 and
// failure conventions, the GC handler's retry.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "TH/THAllocator.h"
#include "TH/THGeneral.h"
#include "ember/host_memory.h"

namespace {

bool aligned64(const void* p) { return reinterpret_cast<uintptr_t>(p) % 64 == 0; }

// Byte i of a block holds a value no neighbouring block would share.
void fill(void* p, size_t n, unsigned seed) {
  auto* b = static_cast<unsigned char*>(p);
  for (size_t i = 0; i < n; ++i) b[i] = static_cast<unsigned char>((i * 131 + seed) ^ (i >> 8));
}

bool holds(const void* p, size_t n, unsigned seed) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (size_t i = 0; i < n; ++i)
    if (b[i] != static_cast<unsigned char>((i * 131 + seed) ^ (i >> 8))) return false;
  return true;
}

void* dmalloc(ptrdiff_t n) { return THDefaultAllocator.malloc(nullptr, n); }
void* drealloc(void* p, ptrdiff_t n) { return THDefaultAllocator.realloc(nullptr, p, n); }
void dfree(void* p) { THDefaultAllocator.free(nullptr, p); }

// Records THError messages on this thread instead of aborting.
struct ErrorRecorder {
  std::vector<std::string> messages;
  static void handler(const char* msg, void* self) { static_cast<ErrorRecorder*>(self)->messages.push_back(msg); }
  ErrorRecorder() { THSetErrorHandler(handler, this); }
  ~ErrorRecorder() { THSetErrorHandler(nullptr, nullptr); }
};

TEST(DefaultAllocator, AlignsEverySize) {
  std::vector<void*> blocks;
  for (ptrdiff_t n : {1, 2, 3, 7, 8, 15, 16, 17, 31, 63, 64, 65, 100, 127, 128, 129, 1000, 4095, 4096, 4097, 65536,
                      1 << 20, (1 << 20) + 3}) {
    void* p = dmalloc(n);
    ASSERT_NE(p, nullptr) << n;
    EXPECT_TRUE(aligned64(p)) << n;
    fill(p, static_cast<size_t>(n), 7);  // the whole block is writable
    EXPECT_TRUE(holds(p, static_cast<size_t>(n), 7));
    blocks.push_back(p);
  }
  for (void* p : blocks) dfree(p);
}

// Note [small block cache] (runtime/core/allocator.cpp): blocks of up to
// 256 bytes come back for reuse. Churn blocks of every small size in a
// mixed order, holding some, and check every block is aligned, holds its
// whole request (written and read back), and that no two live blocks
// share an address.
TEST(DefaultAllocator, ReusedSmallBlocksHoldTheirWholeRequest) {
  struct Block {
    void* p;
    size_t n;
    unsigned seed;
  };
  std::vector<Block> live;
  for (unsigned round = 0; round < 40; ++round) {
    for (size_t n = 1; n <= 300; n += 1 + (round % 7)) {
      void* p = dmalloc(static_cast<ptrdiff_t>(n));
      ASSERT_NE(p, nullptr);
      ASSERT_TRUE(aligned64(p)) << n;
      const unsigned seed = round * 1000 + static_cast<unsigned>(n);
      fill(p, n, seed);
      live.push_back({p, n, seed});
    }
    // Free every other block, checking what each held.
    std::vector<Block> kept;
    for (size_t i = 0; i < live.size(); ++i) {
      ASSERT_TRUE(holds(live[i].p, live[i].n, live[i].seed)) << live[i].n;
      if ((i + round) % 2 == 0)
        kept.push_back(live[i]);
      else
        dfree(live[i].p);
    }
    live.swap(kept);
  }
  std::vector<uintptr_t> addresses;
  for (const Block& b : live) addresses.push_back(reinterpret_cast<uintptr_t>(b.p));
  std::sort(addresses.begin(), addresses.end());
  EXPECT_EQ(std::adjacent_find(addresses.begin(), addresses.end()), addresses.end());
  for (const Block& b : live) dfree(b.p);
}

TEST(DefaultAllocator, SmallBlocksKeepTheirContentsUntilFreed) {
  std::vector<void*> blocks;
  for (unsigned i = 0; i < 200; ++i) {
    blocks.push_back(dmalloc(64));
    fill(blocks.back(), 64, i);
  }
  for (unsigned i = 0; i < 200; ++i) EXPECT_TRUE(holds(blocks[i], 64, i)) << i;
  for (void* p : blocks) dfree(p);
}

// A block from plain malloc (THStorage_newWithData takes the caller's
// memory) is freed, not cached: later small blocks stay aligned.
TEST(DefaultAllocator, ForeignBlocksAreFreedNotReused) {
  for (int i = 0; i < 100; ++i) {
    void* foreign = std::malloc(24 + static_cast<size_t>(i));
    dfree(foreign);
    void* p = dmalloc(24);
    EXPECT_TRUE(aligned64(p));
    dfree(p);
  }
}

// Blocks freed on another thread than the one that allocated them, and
// threads that end holding cached blocks.
TEST(DefaultAllocator, SmallBlocksCrossThreads) {
  std::vector<void*> made(64);
  std::thread maker([&] {
    for (size_t i = 0; i < made.size(); ++i) {
      made[i] = dmalloc(static_cast<ptrdiff_t>(8 + i));
      fill(made[i], 8 + i, static_cast<unsigned>(i));
    }
  });
  maker.join();
  std::thread user([&] {
    for (size_t i = 0; i < made.size(); ++i) {
      EXPECT_TRUE(holds(made[i], 8 + i, static_cast<unsigned>(i)));
      dfree(made[i]);
    }
    for (int i = 0; i < 16; ++i) dfree(dmalloc(100));
  });
  user.join();
}

TEST(DefaultAllocator, SizeZeroAndNegative) {
  EXPECT_EQ(dmalloc(0), nullptr);
  EXPECT_EQ(dmalloc(-1), nullptr);
  void* p = dmalloc(100);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(drealloc(p, -5), nullptr);  // refused; p is still ours
  fill(p, 100, 1);
  EXPECT_EQ(drealloc(p, 0), nullptr);  // frees p
  dfree(nullptr);
}

TEST(DefaultAllocator, ReallocOfNullAllocates) {
  void* p = drealloc(nullptr, 300);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(aligned64(p));
  dfree(p);
}

TEST(DefaultAllocator, ReallocKeepsContentsAndAlignment) {
  size_t n = 10;
  void* p = dmalloc(static_cast<ptrdiff_t>(n));
  ASSERT_NE(p, nullptr);
  fill(p, n, 3);
  // Grow through small, medium and mmap-sized blocks, then shrink back.
  for (size_t next : {11u, 100u, 1000u, 5000u, 70000u, 300000u, 4000000u, 4000001u, 2000000u, 100000u, 3000u,
                      64u, 1u}) {
    void* q = drealloc(p, static_cast<ptrdiff_t>(next));
    ASSERT_NE(q, nullptr) << next;
    EXPECT_TRUE(aligned64(q)) << next;
    EXPECT_TRUE(holds(q, std::min(n, next), 3)) << n << " -> " << next;
    fill(q, next, 3);
    p = q;
    n = next;
  }
  dfree(p);
}

TEST(DefaultAllocator, LargeBlocks) {
  const ptrdiff_t n = ptrdiff_t{256} << 20;  // 256 MiB
  void* p = dmalloc(n);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(aligned64(p));
  auto* b = static_cast<unsigned char*>(p);
  b[0] = 1;
  b[n / 2] = 2;
  b[n - 1] = 3;
  void* q = drealloc(p, n + 4096);
  ASSERT_NE(q, nullptr);
  EXPECT_TRUE(aligned64(q));
  b = static_cast<unsigned char*>(q);
  EXPECT_EQ(b[0], 1);
  EXPECT_EQ(b[n / 2], 2);
  EXPECT_EQ(b[n - 1], 3);
  dfree(q);
}

long vm_size_bytes();

constexpr size_t kMiB = size_t{1} << 20;

// Every 4096th byte and the last of a large block, from a seed: cheap
// enough to check blocks of many MiB, and no two seeds agree everywhere.
void mark(void* p, size_t n, unsigned seed) {
  auto* b = static_cast<unsigned char*>(p);
  for (size_t i = 0; i < n; i += 4096) b[i] = static_cast<unsigned char>(seed + i / 4096);
  b[n - 1] = static_cast<unsigned char>(seed * 7);
}

bool marked(const void* p, size_t n, unsigned seed) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (size_t i = 0; i < n; i += 4096)
    if (b[i] != static_cast<unsigned char>(seed + i / 4096)) return false;
  return b[n - 1] == static_cast<unsigned char>(seed * 7);
}

// Note [large block cache] (runtime/core/large_block_cache.h): a freed
// block of 4 MiB or more comes back for requests from half its size to
// its size, whole and aligned.
TEST(DefaultAllocator, FreedLargeBlocksServeRequestsTheyFit) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "nothing is cached under AddressSanitizer";
#endif
  ember::release_cached_host_memory();
  void* p = dmalloc(ptrdiff_t{32} << 20);
  ASSERT_NE(p, nullptr);
  mark(p, 32 * kMiB, 1);
  dfree(p);
  void* small = dmalloc(ptrdiff_t{8} << 20);  // under half of p: a block of its own
  ASSERT_NE(small, nullptr);
  EXPECT_NE(small, p);
  void* q = dmalloc(ptrdiff_t{20} << 20);
  EXPECT_EQ(q, p);
  EXPECT_TRUE(aligned64(q));
  fill(q, 20 * kMiB, 2);
  EXPECT_TRUE(holds(q, 20 * kMiB, 2));
  dfree(q);
  void* r = dmalloc(ptrdiff_t{33} << 20);  // p or a fresh block, whole either way
  ASSERT_NE(r, nullptr);
  mark(r, 33 * kMiB, 3);
  EXPECT_TRUE(marked(r, 33 * kMiB, 3));
  dfree(r);
  dfree(small);
  ember::release_cached_host_memory();
}

// When all slots are taken, the block kept longest ago makes room: a
// large block kept just after a small one outlives it.
TEST(DefaultAllocator, LargeBlockCacheFreesTheOldestFirst) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "nothing is cached under AddressSanitizer";
#endif
  ember::release_cached_host_memory();
  std::vector<void*> small;
  for (int i = 0; i < 16; ++i) small.push_back(dmalloc(ptrdiff_t{4} << 20));
  void* large = dmalloc(ptrdiff_t{16} << 20);
  ASSERT_NE(large, nullptr);
  mark(large, 16 * kMiB, 9);
  dfree(small[0]);
  dfree(large);
  for (int i = 1; i < 16; ++i) dfree(small[i]);  // the last one finds the 16 slots full
  void* again = dmalloc(ptrdiff_t{16} << 20);
  EXPECT_EQ(again, large);
  EXPECT_TRUE(marked(again, 16 * kMiB, 9)) << "the block came back from the system, not the cache";
  dfree(again);
  ember::release_cached_host_memory();
}

// At most 256 MiB stay cached, and release_cached_host_memory returns
// them to the system (the address space shrinks: glibc unmaps blocks of
// this size when freed).
TEST(DefaultAllocator, LargeBlockCacheIsBoundedAndReleasable) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "nothing is cached under AddressSanitizer";
#endif
  ember::release_cached_host_memory();
  const long before = vm_size_bytes();
  std::vector<void*> blocks;
  for (int i = 0; i < 20; ++i) {
    blocks.push_back(dmalloc(ptrdiff_t{16} << 20));
    ASSERT_NE(blocks.back(), nullptr);
  }
  for (void* p : blocks) dfree(p);
  const long cached = vm_size_bytes() - before;
  EXPECT_GT(cached, 128L << 20);
  EXPECT_LE(cached, (256L << 20) + (1L << 20));
  ember::release_cached_host_memory();
  EXPECT_LE(vm_size_bytes() - before, 1L << 20);
}

// Threads allocating and freeing large blocks of a few sizes at once:
// a block is never handed to two holders (each checks its marks before
// freeing), and blocks cross threads.
TEST(DefaultAllocator, LargeBlocksCrossThreads) {
  std::vector<void*> handed(4, nullptr);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) {
    threads.emplace_back([t, &handed] {
      for (unsigned i = 0; i < 40; ++i) {
        const size_t n = (size_t{4} + (i + t) % 4 * 3) * kMiB;
        void* p = dmalloc(static_cast<ptrdiff_t>(n));
        ASSERT_NE(p, nullptr);
        ASSERT_TRUE(aligned64(p));
        const unsigned seed = t * 1000 + i;
        mark(p, n, seed);
        std::this_thread::yield();
        EXPECT_TRUE(marked(p, n, seed)) << t << " " << i;
        dfree(p);
      }
      void* kept = dmalloc(ptrdiff_t{5} << 20);
      mark(kept, 5 * kMiB, t);
      handed[t] = kept;
    });
  }
  for (auto& th : threads) th.join();
  for (unsigned t = 0; t < 4; ++t) {
    EXPECT_TRUE(marked(handed[t], 5 * kMiB, t));
    dfree(handed[t]);  // freed on another thread than the one that made it
  }
}

TEST(DefaultAllocator, ImpossibleSizesFailWithNull) {
  EXPECT_EQ(dmalloc(PTRDIFF_MAX), nullptr);
  void* p = dmalloc(64);
  ASSERT_NE(p, nullptr);
  fill(p, 64, 9);
  EXPECT_EQ(drealloc(p, PTRDIFF_MAX), nullptr);
  EXPECT_TRUE(holds(p, 64, 9));  // a failed realloc leaves the block alone
  dfree(p);
}

TEST(THAlloc, ZeroIsNullAndMemoryIsAligned) {
  EXPECT_EQ(THAlloc(0), nullptr);
  void* p = THAlloc(1000);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(aligned64(p));
  fill(p, 1000, 5);
  void* q = THRealloc(p, 100000);
  ASSERT_NE(q, nullptr);
  EXPECT_TRUE(aligned64(q));
  EXPECT_TRUE(holds(q, 1000, 5));
  q = THRealloc(q, 10);
  ASSERT_NE(q, nullptr);
  EXPECT_TRUE(holds(q, 10, 5));
  EXPECT_EQ(THRealloc(q, 0), nullptr);  // frees q
  void* r = THRealloc(nullptr, 50);
  ASSERT_NE(r, nullptr);
  THFree(r);
  THFree(nullptr);
}

TEST(THAlloc, MemoryIsInterchangeableWithTheDefaultAllocator) {
  void* p = THAlloc(256);
  ASSERT_NE(p, nullptr);
  void* q = drealloc(p, 512);
  ASSERT_NE(q, nullptr);
  THFree(q);
}

TEST(THAlloc, BadSizesReportThroughTHError) {
  ErrorRecorder rec;
  EXPECT_EQ(THAlloc(-8), nullptr);
  ASSERT_EQ(rec.messages.size(), 1u);
  EXPECT_NE(rec.messages[0].find("THAlloc: invalid memory size -8"), std::string::npos) << rec.messages[0];

  void* p = THAlloc(16);
  EXPECT_EQ(THRealloc(p, -1), nullptr);
  ASSERT_EQ(rec.messages.size(), 2u);
  EXPECT_NE(rec.messages[1].find("THRealloc: invalid memory size -1"), std::string::npos) << rec.messages[1];
  THFree(p);

  EXPECT_EQ(THAlloc(PTRDIFF_MAX), nullptr);
  ASSERT_EQ(rec.messages.size(), 3u);
  EXPECT_NE(rec.messages[2].find("THAlloc: out of memory"), std::string::npos) << rec.messages[2];
}

struct GCState {
  int calls = 0;
  void* reserve = nullptr;  // freed by the GC handler to make room
};

void gc_handler(void* data) {
  auto* s = static_cast<GCState*>(data);
  ++s->calls;
  THFree(s->reserve);
  s->reserve = nullptr;
}

TEST(THAlloc, GCHandlerRunsOnceWhenMemoryRunsOut) {
  ErrorRecorder rec;
  GCState state;
  THSetGCHandler(gc_handler, &state);
  EXPECT_EQ(THAlloc(PTRDIFF_MAX), nullptr);
  EXPECT_EQ(state.calls, 1);
  EXPECT_EQ(rec.messages.size(), 1u);
  void* p = THAlloc(32);
  EXPECT_EQ(THRealloc(p, PTRDIFF_MAX), nullptr);
  EXPECT_EQ(state.calls, 2);
  EXPECT_EQ(rec.messages.size(), 2u);
  THFree(p);
  void* ok = THAlloc(1000);  // no shortage, no collection
  EXPECT_EQ(state.calls, 2);
  THFree(ok);
  THSetGCHandler(nullptr, nullptr);
}

long vm_size_bytes() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmSize:") {
      long kb = 0;
      status >> kb;
      return kb * 1024;
    }
  }
  return -1;
}

// Runs `body` with the address space capped 64 MiB above what is in use
// now, a 256 MiB reserve that the GC handler frees, and errors recorded.
template <class Body>
void with_capped_memory(GCState& state, ErrorRecorder& rec, Body body) {
  ember::release_cached_host_memory();  // else earlier tests' blocks would serve the requests
  state.reserve = THAlloc(ptrdiff_t{256} << 20);
  ASSERT_NE(state.reserve, nullptr);
  std::memset(state.reserve, 1, 4096);
  rlimit old{};
  ASSERT_EQ(getrlimit(RLIMIT_AS, &old), 0);
  const long vm = vm_size_bytes();
  ASSERT_GT(vm, 0);
  rlimit capped = old;
  capped.rlim_cur = static_cast<rlim_t>(vm + (ptrdiff_t{64} << 20));
  ASSERT_EQ(setrlimit(RLIMIT_AS, &capped), 0);
  THSetGCHandler(gc_handler, &state);
  body();
  setrlimit(RLIMIT_AS, &old);
  THSetGCHandler(nullptr, nullptr);
  EXPECT_TRUE(rec.messages.empty()) << rec.messages.front();
  THFree(state.reserve);
}

// 192 MiB do not fit under the cap until the reserve is gone.
TEST(THAlloc, GCHandlerRetrySucceedsWhenItFreesMemory) {
  ErrorRecorder rec;
  GCState state;
  void* p = nullptr;
  with_capped_memory(state, rec, [&] { p = THAlloc(ptrdiff_t{192} << 20); });
  EXPECT_EQ(state.calls, 1);
  EXPECT_NE(p, nullptr);
  THFree(p);
}

TEST(THRealloc, GCHandlerRetrySucceedsWhenItFreesMemory) {
  ErrorRecorder rec;
  GCState state;
  void* p = THAlloc(4096);
  ASSERT_NE(p, nullptr);
  fill(p, 4096, 11);
  with_capped_memory(state, rec, [&] {
    void* q = THRealloc(p, ptrdiff_t{192} << 20);
    if (q) p = q;
  });
  EXPECT_EQ(state.calls, 1);
  EXPECT_TRUE(holds(p, 4096, 11));
  THFree(p);
}

}  // namespace
