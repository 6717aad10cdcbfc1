// Loops that move elements by index along one dim.
//
// Both run over the shape of the index (the "loop shape") with three
// operands, where the indexed tensor has stride 0 along the indexed dim and
// the index value supplies the offset there instead:
//   gather:  out[p] = src[p, with its coordinate along dim = index[p]]
//   scatter: dst[p, with its coordinate along dim = index[p]] =
//              combine(that element, src[p])
// index_select, index_copy/add/fill, gather, scatter and advanced indexing
// (runtime/ops/index_plan.h) are all one of these two over suitable strides.
// Moving elements needs only their size, so gather and copying scatters
// are instantiated per element size (S: an unsigned integer of that size);
// accumulating scatters per dtype.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>

#include "kernels/coalesce.h"
#include "kernels/gather_lanes.h"
#include "kernels/index_element.h"
#include "kernels/loops.h"
#include "kernels/opmath.h"
#include "kernels/operands.h"
#include "kernels/parallel.h"

namespace ember::kernels {

// The first out-of-range index value some thread met. Loops only record it
// (an exception cannot leave an OpenMP region); the caller raises after.
class BadIndex {
 public:
  void record(int64_t raw) {
    bool expected = false;
    if (seen_.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) value_ = raw;
  }
  bool seen() const { return seen_.load(std::memory_order_acquire); }
  int64_t value() const { return value_; }

 private:
  std::atomic<bool> seen_{false};
  int64_t value_ = 0;
};

namespace detail {

template <class V>
V load(const char* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

}  // namespace detail

// Operands: 0 the result, 1 the source (stride 0 along the indexed dim),
// 2 the int64 index. Rows run on several threads; an out-of-range index
// is recorded in `bad` and ends its row (the result is then unspecified).
template <class S>
void gather(const Operands<3>& operands, const IndexedDim& dim, BadIndex& bad) {
  const Operands<3> ops = coalesced(operands);
  const int inner = ops.ndim - 1;
  const int64_t so = ops.strides[0][inner], ss = ops.strides[1][inner], si = ops.strides[2][inner];
  for_each_row_parallel(ops, [&, so, ss, si](char* const* p, int64_t n) {
    // Locals, not captures by reference: the stores through char* may
    // alias anything in memory, which made GCC reload every stride and
    // the dim per element and serialised the (cache-missing) loads.
    const IndexedDim d = dim;
    char* out = p[0];
    const char* src = p[1];
    const char* idx = p[2];
    if (si == 0) {  // one position for the whole row: a strided copy
      const int64_t raw = detail::load<int64_t>(idx);
      const int64_t k = position(d, raw);
      if (k < 0) return bad.record(raw);
      src += k * d.stride;
      if (so == sizeof(S) && ss == sizeof(S)) {
        std::memcpy(out, src, static_cast<size_t>(n) * sizeof(S));
      } else {
        for (int64_t i = 0; i < n; ++i) *reinterpret_cast<S*>(out + i * so) = *reinterpret_cast<const S*>(src + i * ss);
      }
      return;
    }
    if (so == sizeof(S) && si == sizeof(int64_t)) {  // contiguous result and index (index_select, gather)
      S* o = reinterpret_cast<S*>(out);
      const int64_t* ix = reinterpret_cast<const int64_t*>(idx);
      if constexpr (kGathersByLanes<S>) {  // Note [gather by lanes]
        const int64_t at = gather_by_lanes(o, src, ss, ix, n, d);
        if (at >= 0) bad.record(ix[at]);
      } else {
        // Blocks: every position of a block first (a vectorized loop with
        // no exit), then loads with no test between them, which overlap
        // their cache misses.
        constexpr int64_t kBlock = 256;
        int64_t pos[kBlock];
        for (int64_t i0 = 0; i0 < n; i0 += kBlock) {
          const int64_t m = std::min(kBlock, n - i0);
          int any_bad = 0;
#pragma omp simd reduction(| : any_bad)
          for (int64_t j = 0; j < m; ++j) {
            pos[j] = position(d, ix[i0 + j]);
            any_bad |= pos[j] < 0;
          }
          if (any_bad)
            for (int64_t j = 0; j < m; ++j)
              if (pos[j] < 0) return bad.record(ix[i0 + j]);
          for (int64_t j = 0; j < m; ++j)
            o[i0 + j] = *reinterpret_cast<const S*>(src + (i0 + j) * ss + pos[j] * d.stride);
        }
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      const int64_t raw = *reinterpret_cast<const int64_t*>(idx + i * si);
      const int64_t k = position(d, raw);
      if (k < 0) return bad.record(raw);
      *reinterpret_cast<S*>(out + i * so) = *reinterpret_cast<const S*>(src + i * ss + k * d.stride);
    }
  });
}

// The first index value of the int64 operand out of range for `dim`, in
// `bad` (run before a scatter, so that a bad index leaves the destination
// untouched).
//
// A dense index goes in blocks, each tested by a vectorized OR with no
// exit and scanned only when it holds a bad value: the scalar loop with
// its exit took a fifth of B12's time.
inline void check_indices(const Operands<1>& operands, const IndexedDim& dim, BadIndex& bad) {
  const Operands<1> ops = coalesced(operands);
  const int64_t si = ops.strides[0][ops.ndim - 1];
  for_each_row_parallel(ops, [&, si](char* const* p, int64_t n) {
    const IndexedDim d = dim;  // a local, as in gather
    if (si == sizeof(int64_t)) {
      const int64_t* ix = reinterpret_cast<const int64_t*>(p[0]);
      constexpr int64_t kBlock = 256;
      for (int64_t i0 = 0; i0 < n; i0 += kBlock) {
        const int64_t m = std::min(kBlock, n - i0);
        int any_bad = 0;
#pragma omp simd reduction(| : any_bad)
        for (int64_t j = 0; j < m; ++j) any_bad |= position(d, ix[i0 + j]) < 0;
        if (any_bad)
          for (int64_t j = 0; j < m; ++j)
            if (position(d, ix[i0 + j]) < 0) return bad.record(ix[i0 + j]);
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      const int64_t raw = *reinterpret_cast<const int64_t*>(p[0] + i * si);
      if (position(d, raw) < 0) return bad.record(raw);
    }
  });
}

// Operands: 0 int64 offsets, 1 an int64 index along one dim. Adds the
// byte offset of each index value's position to the offset: several index
// tensors (advanced indexing) become one index of byte offsets.
inline void add_offsets(const Operands<2>& operands, const IndexedDim& dim, BadIndex& bad) {
  const Operands<2> ops = coalesced(operands);
  const int inner = ops.ndim - 1;
  const int64_t so = ops.strides[0][inner], si = ops.strides[1][inner];
  for_each_row_parallel(ops, [&](char* const* p, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      const int64_t raw = *reinterpret_cast<const int64_t*>(p[1] + i * si);
      const int64_t k = position(dim, raw);
      if (k < 0) return bad.record(raw);
      *reinterpret_cast<int64_t*>(p[0] + i * so) += k * dim.stride;
    }
  });
}

// Operands: 0 the destination (stride 0 along the indexed dim), 1 the
// source (stride 0 everywhere for a fill value), 2 the int64 index, whose
// values were checked (check_indices). One thread, in row-major order of
// the loop shape: where several elements land on one place, the last in
// that order wins (Assign) or all are combined in that order.
template <class T, class Combine>
void scatter(const Operands<3>& operands, const IndexedDim& dim, const Combine& combine) {
  const Operands<3> ops = in_order(operands);
  const int64_t numel = ops.numel();
  if (numel == 0) return;
  const int inner = ops.ndim - 1;
  const int64_t sd = ops.strides[0][inner], ss = ops.strides[1][inner], si = ops.strides[2][inner];
  for_each_row(ops, 0, numel, [&](char* const* p, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      const int64_t k = position(dim, *reinterpret_cast<const int64_t*>(p[2] + i * si));
      T* dst = reinterpret_cast<T*>(p[0] + i * sd + k * dim.stride);
      *dst = combine(*dst, *reinterpret_cast<const T*>(p[1] + i * ss));
    }
  });
}

}  // namespace ember::kernels
