// Preparing Operands for looping: the fewest dims, innermost fastest.
//
// After coalesce(ops):
//   - ndim >= 1, and no dim has size 1 unless ndim == 1 (a single element
//     is shape {1}, strides 0);
//   - a zero-size shape is exactly ndim == 1, shape {0}: nothing to do;
//   - dims are ordered so the innermost has the smallest stride of the
//     first operand that tells them apart (see below);
//   - no two adjacent dims could be merged into one for every operand.
// The element set and each element's address are unchanged; only the
// order of traversal changes, which pointwise kernels may ignore and
// reductions accept (Note [deterministic parallelism] only requires that
// the order depend on the geometry, not on the thread count).
#pragma once

#include <cstdint>
#include <utility>

#include "kernels/operands.h"

namespace ember::kernels {

namespace detail {

inline int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

// Whether dim `outer` should become inner to dim `inner`. Operands are
// asked in order; one with a zero stride in either dim (broadcast) has no
// opinion, nor does one with equal strides. PyTorch's TensorIterator
// orders dims by the same rule.
template <int N>
bool should_swap(const Operands<N>& ops, int outer, int inner) {
  for (int k = 0; k < N; ++k) {
    const int64_t so = abs64(ops.strides[k][outer]), si = abs64(ops.strides[k][inner]);
    if (so == 0 || si == 0 || so == si) continue;
    return so < si;
  }
  return false;
}

template <int N>
void move_dim(Operands<N>& ops, int to, int from) {
  ops.shape[to] = ops.shape[from];
  for (int k = 0; k < N; ++k) ops.strides[k][to] = ops.strides[k][from];
}

template <int N>
void swap_dims(Operands<N>& ops, int a, int b) {
  std::swap(ops.shape[a], ops.shape[b]);
  for (int k = 0; k < N; ++k) std::swap(ops.strides[k][a], ops.strides[k][b]);
}

}  // namespace detail

// Coalesces `in` into `ops`; they may be the same object. Reading `in`
// while dropping size-1 dims doubles as the copy, which keeps a copy of
// the unused tail of the kMaxLoopDims arrays (or a memcpy call) off the
// path of small ops.
template <int N>
void coalesce(const Operands<N>& in, Operands<N>& ops) {
  int nd = 0;
  for (int d = 0; d < in.ndim; ++d) {
    const int64_t size = in.shape[d];
    if (size == 0) {
      nd = -1;
      break;
    }
    if (size == 1) continue;
    ops.shape[nd] = size;
    for (int k = 0; k < N; ++k) ops.strides[k][nd] = in.strides[k][d];
    ++nd;
  }
  for (int k = 0; k < N; ++k) ops.data[k] = in.data[k];
  if (nd <= 0) {  // zero-size: shape {0}; one element: shape {1}
    ops.ndim = 1;
    ops.shape[0] = nd < 0 ? 0 : 1;
    for (int k = 0; k < N; ++k) ops.strides[k][0] = 0;
    return;
  }
  // Insertion sort: stable, and well defined even though should_swap is
  // not a strict weak order when operands disagree.
  for (int i = 1; i < nd; ++i)
    for (int j = i; j > 0 && detail::should_swap(ops, j - 1, j); --j) detail::swap_dims(ops, j - 1, j);

  int out = 0;
  for (int d = 1; d < nd; ++d) {
    bool mergeable = true;
    for (int k = 0; k < N; ++k)
      mergeable = mergeable && ops.strides[k][out] == ops.strides[k][d] * ops.shape[d];
    if (mergeable) {
      ops.shape[out] *= ops.shape[d];
      for (int k = 0; k < N; ++k) ops.strides[k][out] = ops.strides[k][d];
    } else {
      detail::move_dim(ops, ++out, d);
    }
  }
  ops.ndim = out + 1;
}

template <int N>
void coalesce(Operands<N>& ops) {
  coalesce(ops, ops);
}

template <int N>
Operands<N> coalesced(const Operands<N>& in) {
  Operands<N> out;
  coalesce(in, out);
  return out;
}

// Drops size-1 dims and merges neighbours that are contiguous for every
// operand, keeping the dims in order: a walk over the result visits the
// elements in row-major order of `in` (coalesce() may reorder dims). A
// geometry without elements comes back as shape {0}.
template <int N>
Operands<N> in_order(const Operands<N>& in) {
  Operands<N> ops;
  int nd = 0;
  for (int k = 0; k < N; ++k) ops.data[k] = in.data[k];
  for (int d = 0; d < in.ndim; ++d) {
    if (in.shape[d] == 0) {
      ops.ndim = 1;
      ops.shape[0] = 0;
      for (int k = 0; k < N; ++k) ops.strides[k][0] = 0;
      return ops;
    }
    if (in.shape[d] == 1) continue;
    bool merge = nd > 0;
    for (int k = 0; k < N && merge; ++k) merge = ops.strides[k][nd - 1] == in.strides[k][d] * in.shape[d];
    if (merge) {
      ops.shape[nd - 1] *= in.shape[d];
      for (int k = 0; k < N; ++k) ops.strides[k][nd - 1] = in.strides[k][d];
    } else {
      ops.shape[nd] = in.shape[d];
      for (int k = 0; k < N; ++k) ops.strides[k][nd] = in.strides[k][d];
      ++nd;
    }
  }
  if (nd == 0) {  // one element
    ops.shape[0] = 1;
    for (int k = 0; k < N; ++k) ops.strides[k][0] = 0;
    nd = 1;
  }
  ops.ndim = nd;
  return ops;
}

}  // namespace ember::kernels
