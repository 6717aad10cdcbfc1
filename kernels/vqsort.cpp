// kernels/vqsort.h's functions: calls into libhwy_contrib's sorter.
//
// Highway 1.0's target detection stops with an #error when the
// compiler's baseline (-march=native on a CPU with AVX-512 FP16) is a
// target it cannot build; static-only compilation accepts any baseline,
// and nothing here is compiled per target anyway: the sorter's targets
// live in libhwy_contrib.
#define HWY_COMPILE_ONLY_STATIC 1

#include "kernels/vqsort.h"

#include <hwy/contrib/sort/vqsort.h>
#include <hwy/targets.h>

#include <new>
#include <optional>

#include "kernels/scratch.h"

namespace ember::kernels {

static_assert(sizeof(Uint128) == sizeof(hwy::uint128_t) && alignof(Uint128) == alignof(hwy::uint128_t));

namespace {

// One sorter per thread: it owns a scratch buffer.
const hwy::Sorter& sorter() {
  thread_local const hwy::Sorter s;
  return s;
}

// Note [32-bit keys on Zen]: Highway 1.0's AVX-512 sort of 32-bit keys
// partitions with VPCOMPRESSD stores, which AMD's Zen 4 runs in
// microcode: 2^20 keys took 37-53 ms there, against 9.6-10.0 ms for the
// same keys as 64-bit integers (and 4.6 ms on an Intel Xeon). On AMD CPUs
// with AVX-512 they are widened, sorted as 64-bit keys and narrowed again
// (10.7 ms in all).
bool widens_32bit_keys() {
  static const bool widen = [] {
    __builtin_cpu_init();
    return __builtin_cpu_is("amd") && __builtin_cpu_supports("avx512f");
  }();
  return widen;
}

}  // namespace

void vqsort(uint16_t* keys, int64_t n) {
  sorter()(keys, static_cast<size_t>(n), hwy::SortAscending());
}

void vqsort(uint32_t* keys, int64_t n) {
  if (widens_32bit_keys()) {
    // Without memory for the wide keys the 32-bit sort runs: it is slower
    // but needs none, and vqsort runs inside parallel regions, which no
    // exception may leave.
    std::optional<ScratchBuffer> buffer;
    try {
      buffer.emplace(static_cast<size_t>(n) * sizeof(uint64_t));
    } catch (const std::bad_alloc&) {
    }
    if (buffer) {
      uint64_t* wide = static_cast<uint64_t*>(buffer->data());
      for (int64_t i = 0; i < n; ++i) wide[i] = keys[i];
      sorter()(wide, static_cast<size_t>(n), hwy::SortAscending());
      for (int64_t i = 0; i < n; ++i) keys[i] = static_cast<uint32_t>(wide[i]);
      return;
    }
  }
  sorter()(keys, static_cast<size_t>(n), hwy::SortAscending());
}

void vqsort(uint64_t* keys, int64_t n) {
  sorter()(keys, static_cast<size_t>(n), hwy::SortAscending());
}

void vqsort(Uint128* keys, int64_t n) {
  sorter()(reinterpret_cast<hwy::uint128_t*>(keys), static_cast<size_t>(n), hwy::SortAscending());
}

const char* sort_simd_target() {
  const int64_t targets = hwy::SupportedTargets();
  return hwy::TargetName(targets & -targets);
}

}  // namespace ember::kernels
