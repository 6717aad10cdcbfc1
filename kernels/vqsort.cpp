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

namespace ember::kernels {

static_assert(sizeof(Uint128) == sizeof(hwy::uint128_t) && alignof(Uint128) == alignof(hwy::uint128_t));

namespace {

// One sorter per thread: it owns a scratch buffer.
const hwy::Sorter& sorter() {
  thread_local const hwy::Sorter s;
  return s;
}

}  // namespace

void vqsort(uint16_t* keys, int64_t n) {
  sorter()(keys, static_cast<size_t>(n), hwy::SortAscending());
}

void vqsort(uint32_t* keys, int64_t n) {
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
