#include "runtime/core/derived_views.h"

#include <algorithm>

#include "ember/error.h"
#include "ember/views.h"

namespace ember::rt {

TensorImpl* subview(const TensorImpl* self, IntList ranges) {
  if (ranges.size() % 2 != 0)
    fail(ErrorKind::Value, str("subview: ranges must be (start, end) pairs, got ", ranges.size(), " values"), "ranges");
  if (static_cast<int64_t>(ranges.size() / 2) > self->nDimension)
    fail(ErrorKind::Value, str("subview: ", ranges.size() / 2, " ranges for a ", self->nDimension, "-dim tensor"),
         "ranges");
  TensorBase result = TensorBase::adopt(tensor_alias(self));
  for (int d = 0; d < static_cast<int>(ranges.size() / 2); ++d) {
    const int64_t size = self->size[d];
    int64_t start = ranges[2 * d], end = ranges[2 * d + 1];
    if (start < 0) start += size;
    if (end < 0) end += size;
    if (start < 0 || end >= size || start > end)
      fail(ErrorKind::Index, str("subview: range [", ranges[2 * d], ", ", ranges[2 * d + 1],
                                 "] is not a non-empty range of dim ", d, " of size ", size), "ranges");
    result = TensorBase::adopt(narrow(result.impl(), d, start, end - start + 1));
  }
  return result.release();
}

TensorImpl* view_as(const TensorImpl* self, const TensorImpl* other) {
  if (numel(self) != numel(other))
    fail(ErrorKind::Value, str("view_as: self has ", numel(self), " elements, other's shape ", sizes_text(sizes(other)),
                               " holds ", numel(other)), "other");
  return view(self, sizes(other));
}

TensorImpl* expand_as(const TensorImpl* self, const TensorImpl* other) {
  // Expanding to other's sizes works when broadcasting self with other gives them.
  if (broadcast_shapes(sizes(self), sizes(other), "expand_as") != sizes(other).vec())
    fail(ErrorKind::Value, str("expand_as: self ", sizes_text(sizes(self)), " does not expand to other's sizes ",
                               sizes_text(sizes(other))), "other");
  return expand(self, sizes(other));
}

std::vector<TensorBase> split(const TensorBase& self, int64_t split_size, int64_t dim) {
  if (self.dim() == 0) fail(ErrorKind::Index, "split: the tensor has no dims to split", "self");
  dim = wrap_dim(dim, self.dim(), "split");
  if (split_size <= 0) fail(ErrorKind::Value, str("split: split_size must be positive, got ", split_size), "split_size");
  const int64_t size = self.size(dim);
  std::vector<TensorBase> pieces;
  for (int64_t start = 0; start < size || pieces.empty(); start += split_size)
    pieces.push_back(TensorBase::adopt(narrow(self.impl(), dim, start, std::min(split_size, size - start))));
  return pieces;
}

std::vector<TensorBase> chunk(const TensorBase& self, int64_t chunks, int64_t dim) {
  if (self.dim() == 0) fail(ErrorKind::Index, "chunk: the tensor has no dims to split", "self");
  if (chunks <= 0) fail(ErrorKind::Value, str("chunk: chunks must be positive, got ", chunks), "chunks");
  const int64_t size = self.size(wrap_dim(dim, self.dim(), "chunk"));
  return rt::split(self, std::max<int64_t>((size + chunks - 1) / chunks, 1), dim);
}

}  // namespace ember::rt
