#include <algorithm>
#include <exception>
#include <vector>

#include "ember/error.h"
#include "ember/ops/narrow.h"
#include "ember/ops/reshape.h"
#include "ember/ops/select.h"
#include "ember/views.h"
#include "runtime/ops/shape_ops.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

namespace {

// tensor_split's pieces, from the positions where they start (after the first).
std::vector<TensorBase> pieces_between(const TensorBase& self, const std::vector<int64_t>& starts, int64_t dim) {
  std::vector<TensorBase> pieces;
  std::optional<int64_t> from = 0;
  for (int64_t at : starts) {
    pieces.push_back(TensorBase::adopt(slice(self.impl(), dim, from, at, 1)));
    from = at;
  }
  pieces.push_back(TensorBase::adopt(slice(self.impl(), dim, from, std::nullopt, 1)));
  return pieces;
}

void require_dims(const TensorBase& self) {
  if (self.dim() == 0)
    fail(ErrorKind::Value, "tensor_split: self must have at least 1 dim, got a 0-dim tensor", "self");
}

// `op` and `arg` name the caller and its list in errors.
std::vector<TensorBase> split_by(const char* op, const char* arg, const TensorBase& self, IntList split_sizes,
                                 int64_t dim) {
  if (self.dim() == 0) fail(ErrorKind::Index, str(op, ": self is 0-dim and has no dim to split"), "self");
  dim = wrap_dim(dim, self.dim(), op);
  int64_t total = 0;
  for (int64_t s : split_sizes) {
    if (s < 0)
      fail(ErrorKind::Value, str(op, ": ", arg, " ", sizes_text(split_sizes), " holds a negative size"), arg);
    total += s;
  }
  if (total != self.size(dim))
    fail(ErrorKind::Value, str(op, ": ", arg, " ", sizes_text(split_sizes), " sum to ", total, ", not to the size ",
                               self.size(dim), " of dim ", dim), arg);
  std::vector<TensorBase> pieces;
  int64_t start = 0;
  for (int64_t s : split_sizes) {
    pieces.push_back(base::narrow(self, dim, start, s));
    start += s;
  }
  return pieces;
}

}  // namespace

std::vector<TensorBase> split_sizes(const TensorBase& self, IntList split_size, int64_t dim) {
  return split_by("split", "split_size", self, split_size, dim);
}

std::vector<TensorBase> split_with_sizes(const TensorBase& self, IntList split_sizes, int64_t dim) {
  return split_by("split_with_sizes", "split_sizes", self, split_sizes, dim);
}

std::vector<TensorBase> unbind(const TensorBase& self, int64_t dim) {
  if (self.dim() == 0) fail(ErrorKind::Index, "unbind: self is 0-dim and has no dim to unbind", "self");
  dim = wrap_dim(dim, self.dim(), "unbind");
  std::vector<TensorBase> pieces;
  for (int64_t i = 0; i < self.size(dim); ++i) pieces.push_back(base::select(self, dim, i));
  return pieces;
}

std::vector<TensorBase> tensor_split(const TensorBase& self, int64_t sections, int64_t dim) {
  require_dims(self);
  dim = wrap_dim(dim, self.dim(), "tensor_split");
  if (sections <= 0)
    fail(ErrorKind::Value, str("tensor_split: sections must be positive, got ", sections), "sections");
  // The first n % sections pieces are one longer, as NumPy's array_split.
  const int64_t n = self.size(dim);
  std::vector<int64_t> starts;
  try {
    starts.reserve(static_cast<size_t>(sections - 1));
  } catch (const std::exception&) {  // length_error or bad_alloc: say which call asked for it
    fail(ErrorKind::Memory, str("tensor_split: ", sections, " sections are more pieces than fit in memory"), "sections");
  }
  int64_t at = 0;
  for (int64_t i = 0; i + 1 < sections; ++i) {
    at += n / sections + (i < n % sections ? 1 : 0);
    starts.push_back(at);
  }
  return pieces_between(self, starts, dim);
}

std::vector<TensorBase> tensor_split(const TensorBase& self, IntList indices, int64_t dim) {
  require_dims(self);
  dim = wrap_dim(dim, self.dim(), "tensor_split");
  return pieces_between(self, indices.vec(), dim);
}

std::vector<TensorBase> tensor_split(const TensorBase& self, const TensorBase& tensor_indices_or_sections,
                                     int64_t dim) {
  const TensorBase& t = tensor_indices_or_sections;
  if (!t.defined() || t.dtype() != DType::Long)
    fail(ErrorKind::Type, "tensor_split: tensor_indices_or_sections must be an int64 tensor",
         "tensor_indices_or_sections");
  if (t.dim() > 1)
    fail(ErrorKind::Value, str("tensor_split: tensor_indices_or_sections must be 0-dim or 1-dim, got ", t.dim(),
                               " dims"), "tensor_indices_or_sections");
  // The positions are read on the host (a device tensor's copied there).
  const TensorBase values = contiguous_tensor(t.device().is_cpu() ? t : to_device(t, Device()));
  const int64_t* p = static_cast<const int64_t*>(values.data_ptr());
  if (t.dim() == 0) return tensor_split(self, p[0], dim);
  return tensor_split(self, IntList(p, static_cast<size_t>(t.numel())), dim);
}

TensorBase narrow_copy(const TensorBase& self, int64_t dim, int64_t start, int64_t length) {
  // narrow's checks, under this op's name.
  if (self.dim() == 0) fail(ErrorKind::Index, "narrow_copy: self is 0-dim and has no dim to narrow", "self");
  dim = wrap_dim(dim, self.dim(), "narrow_copy");
  const int64_t size = self.size(dim);
  const int64_t from = start < 0 ? start + size : start;
  if (from < 0 || from > size)
    fail(ErrorKind::Index, str("narrow_copy: start ", start, " is out of range for dim ", dim, " of size ", size),
         "start");
  if (length < 0 || from + length > size)
    fail(ErrorKind::Index, str("narrow_copy: length ", length, " from start ", start, " exceeds dim ", dim, " of size ",
                               size), "length");
  return clone_tensor(base::narrow(self, dim, from, length));
}

void narrow_copy_out(TensorBase& out, const TensorBase& self, int64_t dim, int64_t start, int64_t length) {
  write_out("narrow_copy", out, narrow_copy(self, dim, start, length));
}

TensorBase flatten(const TensorBase& self, int64_t start_dim, int64_t end_dim) {
  // A 0-dim tensor has dim 0 (and -1) and flattens to one element.
  const int64_t ndim = self.dim();
  const int64_t start = wrap_dim(start_dim, ndim, "flatten", "start_dim");
  const int64_t end = wrap_dim(end_dim, ndim, "flatten", "end_dim");
  if (start > end)
    fail(ErrorKind::Value, str("flatten: start_dim ", start_dim, " comes after end_dim ", end_dim), "end_dim");
  if (ndim == 0) return base::reshape(self, {1});
  if (start == end) return self;
  std::vector<int64_t> shape(self.sizes().begin(), self.sizes().begin() + start);
  int64_t n = 1;
  for (int64_t d = start; d <= end; ++d) n *= self.size(d);
  shape.push_back(n);
  shape.insert(shape.end(), self.sizes().begin() + end + 1, self.sizes().end());
  return base::reshape(self, shape);
}

TensorBase ravel(const TensorBase& self) { return base::reshape(self, {-1}); }

}  // namespace ember::rt
