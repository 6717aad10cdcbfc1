// Whether two tensors touch the same memory: what the output rule
// (Note [output aliasing] in runtime/ops/output.h) decides with. Both compare
// addresses, not storage objects: two storages may hold one memory (a
// storage view, one NumPy buffer imported twice).
#pragma once

#include "ember/tensor_impl.h"

namespace ember::rt {

// a and b may address a common byte: their address ranges (first to last
// element) intersect. Conservative: two interleaved views (even and odd
// elements) count as overlapping.
bool may_overlap(const TensorImpl* a, const TensorImpl* b);

// a and b address exactly the same elements in the same order: one
// address for element 0, one dtype, the same sizes and strides (strides
// of size-1 dims do not matter). An elementwise op may read element i of
// b and then write element i of a.
bool same_elements(const TensorImpl* a, const TensorImpl* b);

}  // namespace ember::rt
