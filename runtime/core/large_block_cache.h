// Note [large block cache]: freed host blocks of at least 4 MiB are kept
// (up to kLargeCacheBytes in all) and handed out again. A fresh large
// block costs the kernel's page faults and zeroing on its first write:
// out = a + b over 2^24 float32 took 17.6 ms into a fresh block against
// 5.6 into a resident one (NumPy's a + b: 13.3). Python expressions free
// such blocks at every step (temporaries, the previous result), so most
// large requests find one here.
//
// The blocks are glibc malloc blocks (posix_memalign); a block is served
// for a request of n bytes when its usable size is from n to 2n, bounding
// the waste. Thread-safe. Under AddressSanitizer nothing is kept, so it
// still sees every use after free.
#pragma once

#include <cstddef>

namespace ember::rt {

constexpr size_t kLargeBlockMin = size_t{4} << 20;

// A cached block of usable size n to 2n (n >= kLargeBlockMin), or null.
void* take_large_block(size_t n);

// Keeps p, a malloc block of usable size >= kLargeBlockMin, for reuse,
// making room by freeing the blocks kept longest ago; frees p itself
// when it alone exceeds the cache. Never throws.
void keep_large_block(void* p, size_t usable);

// Frees every cached block.
void release_large_blocks();

}  // namespace ember::rt
