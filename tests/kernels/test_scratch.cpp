// kernels/scratch.h: Note [scratch cache]'s reuse, sizes and alignment.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <thread>

#include "kernels/scratch.h"

namespace {

using ember::kernels::kScratchKeepMax;
using ember::kernels::ScratchBuffer;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCaches = false;
#else
constexpr bool kCaches = true;
#endif

bool aligned64(const void* p) { return reinterpret_cast<uintptr_t>(p) % 64 == 0; }

TEST(ScratchBuffer, IsAlignedAndWritableToItsSize) {
  for (size_t bytes : {size_t{0}, size_t{1}, size_t{100}, size_t{5} << 20}) {
    const ScratchBuffer b(bytes);
    ASSERT_NE(b.data(), nullptr);
    EXPECT_TRUE(aligned64(b.data()));
    std::memset(b.data(), 0x5a, bytes);
  }
}

TEST(ScratchBuffer, ReleasedBlockServesASmallerRequestOnTheSameThread) {
  if (!kCaches) GTEST_SKIP() << "the cache is off under AddressSanitizer";
  void* first;
  {
    const ScratchBuffer b(1 << 20);
    first = b.data();
  }
  const ScratchBuffer again(1000);
  EXPECT_EQ(again.data(), first);
  // The cached block is handed out once: a second live buffer is another.
  const ScratchBuffer other(1000);
  EXPECT_NE(other.data(), first);
}

TEST(ScratchBuffer, LargerRequestGetsALargerBlockThatIsKeptInstead) {
  if (!kCaches) GTEST_SKIP() << "the cache is off under AddressSanitizer";
  { const ScratchBuffer small(4096); }
  void* large;
  {
    const ScratchBuffer b(8 << 20);
    large = b.data();
    std::memset(b.data(), 1, 8 << 20);
  }
  const ScratchBuffer again(8 << 20);
  EXPECT_EQ(again.data(), large);
}

TEST(ScratchBuffer, NestedBuffersAreDistinct) {
  const ScratchBuffer outer(1 << 16);
  const ScratchBuffer inner(1 << 16);
  EXPECT_NE(outer.data(), inner.data());
  std::memset(outer.data(), 1, 1 << 16);
  std::memset(inner.data(), 2, 1 << 16);
  EXPECT_EQ(static_cast<unsigned char*>(outer.data())[(1 << 16) - 1], 1);
}

TEST(ScratchBuffer, BlocksAboveTheLimitAreNotKept) {
  if (!kCaches) GTEST_SKIP() << "the cache is off under AddressSanitizer";
  void* kept;
  {
    const ScratchBuffer b(1 << 20);
    kept = b.data();
  }
  { const ScratchBuffer huge(kScratchKeepMax + 1); }
  // The block above the limit was freed, not swapped in for the kept one.
  const ScratchBuffer again(1 << 20);
  EXPECT_EQ(again.data(), kept);
}

TEST(ScratchBuffer, EachThreadHasItsOwnCache) {
  void* mine;
  {
    const ScratchBuffer b(1 << 20);
    mine = b.data();
  }
  void* theirs = nullptr;
  std::thread([&] {
    const ScratchBuffer b(1 << 20);
    theirs = b.data();
  }).join();
  EXPECT_NE(theirs, mine);
}

TEST(ScratchBuffer, ImpossibleSizeThrowsBadAlloc) {
  EXPECT_THROW(ScratchBuffer(~size_t{0} / 2), std::bad_alloc);
}

}  // namespace
