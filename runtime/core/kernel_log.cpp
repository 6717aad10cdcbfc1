#include "ember/kernel_log.h"

namespace ember {

namespace {
thread_local KernelRun t_last;
}  // namespace

// This file builds with the kernels' flags, so the macros describe them.
const char* cpu_simd_target() {
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
  return "AVX-512";
#elif defined(__AVX2__)
  return "AVX2";
#elif defined(__SSE4_2__)
  return "SSE4.2";
#elif defined(__SSE2__)
  return "SSE2";
#else
  return "scalar";
#endif
}

KernelRun last_kernel() { return t_last; }

void rt::note_kernel(const char* op, DType dtype, DeviceType backend) {
  t_last = KernelRun{op, dtype, backend, backend == DeviceType::CUDA ? "CUDA" : cpu_simd_target()};
}

void rt::note_simd(const char* simd) { t_last.simd = simd; }

}  // namespace ember
