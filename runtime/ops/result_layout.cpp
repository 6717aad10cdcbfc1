#include "runtime/ops/result_layout.h"

#include <utility>
#include <vector>

#include "ember/ops/permute.h"

namespace ember::rt {

namespace {

// `t`'s stride along dim `d` of the broadcast `shape`: 0 where t is
// broadcast (a missing leading dim or a size-1 dim stretched).
int64_t stride_along(const TensorBase& t, IntList shape, size_t d) {
  const int64_t td = static_cast<int64_t>(d) - (static_cast<int64_t>(shape.size()) - t.dim());
  if (td < 0 || (t.size(td) == 1 && shape[d] != 1)) return 0;
  return t.stride(td);
}

bool has_order(const TensorBase* t) { return t && t->defined() && t->dim() > 0; }

}  // namespace

TensorBase empty_in_input_order(IntList shape, DType dtype, const TensorBase* const* inputs, size_t n, Device device) {
  const size_t nd = shape.size();
  bool contiguous = true;
  for (size_t i = 0; i < n; ++i) contiguous = contiguous && (!has_order(inputs[i]) || inputs[i]->is_contiguous());
  if (contiguous || nd < 2) return empty(shape, dtype, device);

  // PyTorch's reorder_dimensions: perm[0] is the fastest dim, sorted by
  // insertion from the row-major order, which stays where no input decides.
  // 1: dim d0 (now placed faster) moves slower than d1 in the inputs.
  auto should_swap = [&](size_t d0, size_t d1) {
    for (size_t i = 0; i < n; ++i) {
      if (!has_order(inputs[i])) continue;
      const int64_t s0 = stride_along(*inputs[i], shape, d0), s1 = stride_along(*inputs[i], shape, d1);
      if (s0 == 0 || s1 == 0) continue;
      if (s0 != s1) return s0 < s1 ? -1 : 1;
      if (shape[d0] > shape[d1]) return 1;
    }
    return 0;
  };
  std::vector<size_t> perm(nd);
  for (size_t k = 0; k < nd; ++k) perm[k] = nd - 1 - k;
  for (size_t i = 1; i < nd; ++i) {
    size_t dim1 = i;
    for (size_t dim0 = i; dim0-- > 0;) {
      const int c = should_swap(perm[dim0], perm[dim1]);
      if (c < 0) break;
      if (c > 0) {
        std::swap(perm[dim0], perm[dim1]);
        dim1 = dim0;
      }
    }
  }
  bool row_major = true;
  std::vector<int64_t> dense_shape(nd), dims(nd);
  for (size_t k = 0; k < nd; ++k) {
    const size_t d = perm[nd - 1 - k];  // the k-th slowest dim
    row_major = row_major && d == k;
    dense_shape[k] = shape[d];
    dims[d] = static_cast<int64_t>(k);
  }
  if (row_major) return empty(shape, dtype, device);
  return base::permute(empty(dense_shape, dtype, device), dims);
}

}  // namespace ember::rt
