// Scratch memory for kernels that need a buffer per call (sort, topk,
// selection, scans along a dim).
//
// Note [scratch cache]: a fresh multi-megabyte buffer comes from mmap and
// is faulted in and zeroed by the kernel page by page on first touch;
// glibc hands such a buffer back to the kernel on free, so a kernel
// called in a loop paid that every call (a quarter of B8's sort of 2^20
// float32). Each thread keeps the largest block it has released, up to
// kScratchKeepMax bytes, and hands it out again to any request it fits;
// the block is freed when the thread ends. Under AddressSanitizer nothing
// is kept, so it still sees every overflow and use after release.
#pragma once

#include <cstddef>

namespace ember::kernels {

// Blocks larger than this are freed on release (64 MiB: the scratch of a
// 2^22-element float32 sort).
constexpr size_t kScratchKeepMax = size_t{64} << 20;

// A block of at least `bytes` bytes, 64-byte aligned, owned by this
// object; its contents are unspecified. Throws std::bad_alloc when memory
// cannot be had.
class ScratchBuffer {
 public:
  explicit ScratchBuffer(size_t bytes);
  ~ScratchBuffer();
  ScratchBuffer(const ScratchBuffer&) = delete;
  ScratchBuffer& operator=(const ScratchBuffer&) = delete;

  void* data() const { return data_; }

 private:
  void* data_;
  size_t capacity_;
};

}  // namespace ember::kernels
