#include "runtime/core/memory_overlap.h"

#include <cstdint>

namespace ember::rt {

namespace {

// Addresses [first, last] of t's bytes; false when t has no element.
// Strides are never negative (set_storage's rule).
bool address_range(const TensorImpl* t, uintptr_t* first, uintptr_t* last) {
  if (!t->storage || !t->storage->data || numel(t) == 0) return false;
  const int64_t esize = static_cast<int64_t>(element_size(dtype(t)));
  int64_t span = 0;
  for (int d = 0; d < t->nDimension; ++d) span += (t->size[d] - 1) * t->stride[d];
  *first = reinterpret_cast<uintptr_t>(data_bytes(t));
  *last = *first + static_cast<uintptr_t>(span * esize + esize - 1);
  return true;
}

}  // namespace

bool may_overlap(const TensorImpl* a, const TensorImpl* b) {
  uintptr_t a0, a1, b0, b1;
  if (!address_range(a, &a0, &a1) || !address_range(b, &b0, &b1)) return false;
  return a0 <= b1 && b0 <= a1;
}

bool same_elements(const TensorImpl* a, const TensorImpl* b) {
  if (a == b) return true;
  if (a->dtype != b->dtype || a->nDimension != b->nDimension || data_bytes(a) != data_bytes(b)) return false;
  for (int d = 0; d < a->nDimension; ++d)
    if (a->size[d] != b->size[d] || (a->size[d] > 1 && a->stride[d] != b->stride[d])) return false;
  return true;
}

}  // namespace ember::rt
