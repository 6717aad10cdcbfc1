// Highway's vectorized quicksort (vqsort) on keys that are unsigned
// integers of 16 to 128 bits (kernels/vqsort.cpp): (key, position) pairs
// read as one integer, and bare keys (kernels/sort_values.h).
//
// Note [vectorized sort]: a (key, position) pair of kernels/sort.h, read
// as one unsigned integer (position in the low half, key in the high),
// is unique and ordered by key, then position; so vqsort, which is not
// stable, sorts pairs exactly as a stable sort of the keys would. The
// pairs are sorted in place through a pointer to the wider integer: the
// sorter is compiled into libhwy_contrib, so no load or store of ours is
// reordered across its accesses. libhwy_contrib picks its SIMD target
// (AVX-512, AVX2, SSE4, ...) for the CPU at run time; sort_simd_target()
// names the one that runs.
#pragma once

#include <cstdint>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "Note [vectorized sort] reads pairs as little-endian integers");

namespace ember::kernels {

// hwy::uint128_t's layout, so that Highway's headers stay out of every
// file that sorts (they reject some -march targets, kernels/vqsort.cpp).
struct alignas(16) Uint128 {
  uint64_t lo;
  uint64_t hi;
};

// Ascending, in place; n >= 0.
void vqsort(uint16_t* keys, int64_t n);
void vqsort(uint32_t* keys, int64_t n);
void vqsort(uint64_t* keys, int64_t n);
void vqsort(Uint128* keys, int64_t n);

// The SIMD target vqsort dispatches to on this CPU ("AVX3", "AVX2", ...).
const char* sort_simd_target();

}  // namespace ember::kernels
