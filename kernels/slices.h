// Walking the 1-D slices of Operands along one dim, for kernels that need
// a whole slice at once (sort, selection, scans, histograms).
//
// The operands follow the reduce convention: outputs first, the input
// last. Every operand is indexed by the same loop over the dims other than
// `dim`; along `dim` each has its own stride (0 for a reduced output) and
// its own length, which the kernel knows (n for sort, k for topk, 1 for a
// reduced output). So one Operands<N> with the input's shape describes
// them all.
//
// Slices are independent and each is computed start to finish by one
// thread, so results never depend on the thread count (Note
// [deterministic parallelism]).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "kernels/coalesce.h"
#include "kernels/loops.h"
#include "kernels/operands.h"
#include "kernels/parallel.h"
#include "kernels/scratch.h"

namespace ember::kernels {

// The loop over slices: ops without `dim`, coalesced in the input's memory
// order (the input is moved to operand 0 for coalescing, then back).
template <int N>
struct SliceGeometry {
  Operands<N> outer;      // operand order as in ops
  int64_t n;              // the input's length along dim
  int64_t stride[N];      // each operand's byte stride along dim
  int64_t slices;

  explicit SliceGeometry(const Operands<N>& ops, int dim) {
    n = ops.shape[dim];
    for (int k = 0; k < N; ++k) stride[k] = ops.strides[k][dim];
    Operands<N> g;
    g.ndim = 0;
    for (int d = 0; d < ops.ndim; ++d) {
      if (d == dim) continue;
      g.shape[g.ndim] = ops.shape[d];
      for (int k = 0; k < N; ++k) g.strides[(k + 1) % N][g.ndim] = ops.strides[k][d];
      ++g.ndim;
    }
    for (int k = 0; k < N; ++k) g.data[(k + 1) % N] = ops.data[k];
    coalesce(g);
    outer.ndim = g.ndim;
    for (int d = 0; d < g.ndim; ++d) {
      outer.shape[d] = g.shape[d];
      for (int k = 0; k < N; ++k) outer.strides[k][d] = g.strides[(k + 1) % N][d];
    }
    for (int k = 0; k < N; ++k) outer.data[k] = g.data[(k + 1) % N];
    slices = outer.numel();
  }

  // Base pointers of slice s (row-major over `outer`).
  void pointers(int64_t s, char** p) const {
    for (int k = 0; k < N; ++k) p[k] = outer.data[k];
    for (int d = outer.ndim - 1; d >= 0; --d) {
      const int64_t i = s % outer.shape[d];
      s /= outer.shape[d];
      for (int k = 0; k < N; ++k) p[k] += i * outer.strides[k][d];
    }
  }
};

// Calls f(p, scratch) for every slice, p[k] pointing at operand k's first
// element of the slice and `scratch` a buffer of scratch_size elements of
// S owned by the calling thread. Scratch is taken here, before any thread
// starts (an allocation failure throws in the caller, never inside a
// parallel region), from Note [scratch cache]. `work` estimates the cost of one slice in element
// operations.
template <class S, int N, class F>
void for_each_slice(const SliceGeometry<N>& g, int64_t scratch_size, int64_t work, const F& f) {
  if (g.slices == 0) return;
  const int64_t per_grain = std::max<int64_t>(1, kGrain / std::max<int64_t>(work, 1));
  const int64_t chunks = std::max<int64_t>(1, std::min<int64_t>({g.slices, (g.slices + per_grain - 1) / per_grain,
                                                                   static_cast<int64_t>(get_num_threads())}));
  // Uninitialized: every kernel writes its scratch before reading it, and
  // zeroing took 8% of a 2^20-element sort (B8).
  static_assert(std::is_trivially_copyable_v<S>);
  const ScratchBuffer buffer(static_cast<size_t>(chunks * scratch_size) * sizeof(S));
  S* const scratch = static_cast<S*>(buffer.data());
  const int64_t per_chunk = (g.slices + chunks - 1) / chunks;
  parallel_for(0, chunks, 1, [&](int64_t b, int64_t e) {
    for (int64_t c = b; c < e; ++c) {
      S* mine = scratch + c * scratch_size;
      const int64_t s1 = std::min(g.slices, (c + 1) * per_chunk);
      for (int64_t s = c * per_chunk; s < s1; ++s) {
        char* p[N];
        g.pointers(s, p);
        f(p, mine);
      }
    }
  });
}

}  // namespace ember::kernels
