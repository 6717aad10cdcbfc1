// How ember launches its CUDA kernels: one grid-stride loop over n
// elements on the current device's default stream (ember's kernels and
// copies are ordered on it; ember.cuda.synchronize() waits for it), with
// errors raised as ember errors naming the op.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "ember/error.h"

namespace ember::kernels::cuda {

constexpr int kThreads = 256;
// Enough blocks to fill any current GPU several times over; a bigger n is
// covered by the grid-stride loop rather than by more blocks.
constexpr int64_t kMaxBlocks = 1 << 16;

inline unsigned blocks_for(int64_t n) {
  const int64_t b = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(b < kMaxBlocks ? b : kMaxBlocks);
}

// The launch just made, or an error (an invalid configuration, a sticky
// error of an earlier kernel) as a RuntimeError naming `op`.
inline void check_launch(const char* op) {
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess)
    fail(ErrorKind::Runtime, str(op, ": CUDA kernel launch failed: ", cudaGetErrorString(status)));
}

}  // namespace ember::kernels::cuda
