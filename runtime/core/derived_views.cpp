#include "runtime/core/derived_views.h"

#include <algorithm>

#include "ember/error.h"
#include "ember/views.h"
#include "runtime/ops/as_op.h"

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

TensorImpl* broadcast_to(const TensorImpl* self, IntList size) {
  return as_op("broadcast_to", "expand", [&] { return expand(self, size); });
}

TensorImpl* movedim(const TensorImpl* self, IntList source, IntList destination) {
  const int64_t n = self->nDimension;
  if (source.size() != destination.size())
    fail(ErrorKind::Value, str("movedim: source ", sizes_text(source), " and destination ", sizes_text(destination),
                               " differ in length"), "destination");
  // perm[d]: the input dim that becomes dim d (-1 until placed).
  std::vector<int64_t> perm(n, -1);
  std::vector<bool> moved(n, false);
  for (size_t i = 0; i < source.size(); ++i) {
    const int64_t src = wrap_dim(source[i], n, "movedim", "source");
    const int64_t dst = wrap_dim(destination[i], n, "movedim", "destination");
    if (moved[src]) fail(ErrorKind::Value, str("movedim: repeated dim in source ", sizes_text(source)), "source");
    if (perm[dst] >= 0)
      fail(ErrorKind::Value, str("movedim: repeated dim in destination ", sizes_text(destination)), "destination");
    moved[src] = true;
    perm[dst] = src;
  }
  int64_t next = 0;
  for (int64_t d = 0; d < n; ++d) {
    if (perm[d] >= 0) continue;
    while (moved[next]) ++next;
    perm[d] = next++;
  }
  return permute(self, perm);
}

TensorImpl* unflatten(const TensorImpl* self, int64_t dim, IntList sizes) {
  dim = wrap_dim(dim, self->nDimension, "unflatten");
  if (sizes.empty()) fail(ErrorKind::Value, "unflatten: sizes must be non-empty", "sizes");
  int64_t product = 1;
  int inferred = 0;
  for (int64_t s : sizes) {
    if (s == -1) ++inferred;
    else if (s < 0) fail(ErrorKind::Value, str("unflatten: invalid size ", s, " in sizes ", sizes_text(sizes)), "sizes");
    else product *= s;
  }
  const int64_t size = self->size[dim];
  if (inferred > 1) fail(ErrorKind::Value, str("unflatten: only one size may be -1, got ", sizes_text(sizes)), "sizes");
  if (inferred ? (product == 0 || size % product != 0) : product != size)
    fail(ErrorKind::Value, str("unflatten: sizes ", sizes_text(sizes), " do not multiply to the size ", size, " of dim ",
                               dim), "sizes");
  std::vector<int64_t> shape(self->size, self->size + dim);
  for (int64_t s : sizes) shape.push_back(s == -1 ? size / product : s);
  shape.insert(shape.end(), self->size + dim + 1, self->size + self->nDimension);
  return view(self, shape);
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
