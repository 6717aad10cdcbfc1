#include "ember/views.h"

#include <algorithm>
#include <vector>

#include "ember/checked_math.h"
#include "ember/error.h"
#include "runtime/core/dim_vector.h"

namespace ember::rt {

namespace {

struct Geometry {
  DimVector sizes, strides;
  int64_t offset;
  Geometry(const TensorImpl* t, const char* op)
      : sizes(rt::sizes(t), op), strides(rt::strides(t), op), offset(t->storageOffset) {}
};

TensorImpl* make_view(const TensorImpl* self, const Geometry& g, const char* op) {
  TensorImpl* v = tensor_new(dtype(self));
  try {
    set_storage(v, self->storage, g.offset, g.sizes, g.strides, op, g.sizes.empty());
  } catch (...) {
    tensor_release(v);
    throw;
  }
  return v;
}

// Views of TH's empty tensor (no dims, not a scalar) have nothing to index.
void require_dims(const TensorImpl* self, const char* op) {
  if (self->nDimension == 0 && !is_scalar(self))
    fail(ErrorKind::Index, str(op, ": the tensor is empty (no dimensions)"), "self");
}

}  // namespace

TensorImpl* narrow(const TensorImpl* self, int64_t dim, int64_t start, int64_t length) {
  require_dims(self, "narrow");
  if (self->nDimension == 0) fail(ErrorKind::Index, "narrow: cannot narrow a 0-dim tensor", "self");
  dim = wrap_dim(dim, self->nDimension, "narrow");
  const int64_t size = self->size[dim];
  if (start < 0) start += size;  // PyTorch allows a negative start
  if (start < 0 || start > size)
    fail(ErrorKind::Index, str("narrow: start ", start, " is out of range for dim ", dim, " of size ", size), "start");
  if (length < 0 || length > size - start)
    fail(ErrorKind::Index, str("narrow: length ", length, " from start ", start, " exceeds dim ", dim, " of size ", size),
         "length");
  Geometry g(self, "narrow");
  g.offset += start * g.strides[dim];
  g.sizes[dim] = length;
  return make_view(self, g, "narrow");
}

TensorImpl* slice(const TensorImpl* self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end,
                  int64_t step) {
  require_dims(self, "slice");
  if (self->nDimension == 0) fail(ErrorKind::Index, "slice: cannot slice a 0-dim tensor", "self");
  dim = wrap_dim(dim, self->nDimension, "slice");
  if (step <= 0) fail(ErrorKind::Value, str("slice: step must be positive, got ", step), "step");
  const int64_t size = self->size[dim];
  // Python's clamping; `size + v` cannot overflow since v < 0 <= size.
  auto bound = [size](std::optional<int64_t> v, int64_t absent) {
    if (!v) return absent;
    const int64_t b = *v < 0 ? size + *v : *v;
    return b < 0 ? 0 : (b > size ? size : b);
  };
  const int64_t lo = bound(start, 0);
  const int64_t hi = std::max(lo, bound(end, size));
  // (hi - lo + step - 1) / step without overflowing for a huge step.
  const int64_t length = (hi - lo) / step + ((hi - lo) % step != 0);
  Geometry g(self, "slice");
  g.offset += lo * g.strides[dim];
  g.sizes[dim] = length;
  // With at most one element the stride is never used to address anything,
  // so a step too large to multiply keeps the old one.
  int64_t stride;
  if (__builtin_mul_overflow(g.strides[dim], step, &stride)) {
    if (length > 1) fail(ErrorKind::Memory, str("slice: stride overflows (", g.strides[dim], " * ", step, ")"), "step");
    stride = g.strides[dim];
  }
  g.strides[dim] = stride;
  return make_view(self, g, "slice");
}

TensorImpl* select(const TensorImpl* self, int64_t dim, int64_t index) {
  require_dims(self, "select");
  if (self->nDimension == 0) fail(ErrorKind::Index, "select: cannot select from a 0-dim tensor", "self");
  dim = wrap_dim(dim, self->nDimension, "select");
  const int64_t size = self->size[dim];
  if (index < -size || index >= size)
    fail(ErrorKind::Index, str("select: index ", index, " is out of range for dim ", dim, " of size ", size), "index");
  if (index < 0) index += size;
  Geometry g(self, "select");
  g.offset += index * g.strides[dim];
  g.sizes.erase(dim);
  g.strides.erase(dim);
  return make_view(self, g, "select");
}

TensorImpl* transpose(const TensorImpl* self, int64_t dim0, int64_t dim1) {
  require_dims(self, "transpose");
  dim0 = wrap_dim(dim0, self->nDimension, "transpose", "dim0");
  dim1 = wrap_dim(dim1, self->nDimension, "transpose", "dim1");
  Geometry g(self, "transpose");
  if (self->nDimension > 0) {
    std::swap(g.sizes[dim0], g.sizes[dim1]);
    std::swap(g.strides[dim0], g.strides[dim1]);
  }
  return make_view(self, g, "transpose");
}

TensorImpl* t(const TensorImpl* self) {
  if (self->nDimension > 2)
    fail(ErrorKind::Value, str("t: expects a tensor with at most 2 dims, got ", self->nDimension), "self");
  if (self->nDimension < 2) return tensor_alias(self);
  return transpose(self, 0, 1);
}

TensorImpl* permute(const TensorImpl* self, IntList dims) {
  const int n = self->nDimension;
  if (static_cast<int64_t>(dims.size()) != n)
    fail(ErrorKind::Value, str("permute: got ", dims.size(), " dims for a ", n, "-dim tensor"), "dims");
  Geometry g(self, "permute");
  bool seen[EMBER_MAX_DIMS] = {};
  for (int i = 0; i < n; ++i) {
    const int64_t d = wrap_dim(dims[i], n, "permute", "dims");
    if (seen[d]) fail(ErrorKind::Value, str("permute: dim ", d, " appears twice"), "dims");
    seen[d] = true;
    g.sizes[i] = self->size[d];
    g.strides[i] = self->stride[d];
  }
  return make_view(self, g, "permute");
}

TensorImpl* unfold(const TensorImpl* self, int64_t dim, int64_t size, int64_t step) {
  require_dims(self, "unfold");
  const int n = self->nDimension;
  dim = wrap_dim(dim, n, "unfold");
  const int64_t dim_size = n == 0 ? 1 : self->size[dim];
  if (size < 0 || size > dim_size)
    fail(ErrorKind::Value, str("unfold: window size ", size, " exceeds dim ", dim, " of size ", dim_size), "size");
  if (step <= 0) fail(ErrorKind::Value, str("unfold: step must be positive, got ", step), "step");
  Geometry g(self, "unfold");
  if (n == 0) {
    g.sizes = DimVector(IntList{size}, "unfold");
    g.strides = DimVector(IntList{1}, "unfold");
    return make_view(self, g, "unfold");
  }
  g.sizes[dim] = (dim_size - size) / step + 1;
  g.strides[dim] = checked_mul(self->stride[dim], step, "unfold");
  g.sizes.push_back(size, "unfold");
  g.strides.push_back(self->stride[dim], "unfold");
  return make_view(self, g, "unfold");
}

TensorImpl* expand(const TensorImpl* self, IntList sizes) {
  const int n = self->nDimension;
  const int m = static_cast<int>(sizes.size());
  if (m < n)
    fail(ErrorKind::Value, str("expand: cannot expand ", sizes_text(rt::sizes(self)), " to fewer dims ", sizes_text(sizes)),
         "size");
  Geometry g(self, "expand");
  g.sizes = DimVector(static_cast<size_t>(m), "expand");
  g.strides = DimVector(static_cast<size_t>(m), "expand");
  for (int i = m - 1; i >= 0; --i) {
    const int j = i - (m - n);  // matching dim of self, or < 0 for a new leading dim
    int64_t want = sizes[i];
    if (j >= 0) {
      const int64_t have = self->size[j];
      if (want == -1) want = have;
      if (have == want) {
        g.strides[i] = self->stride[j];
      } else if (have == 1 && want >= 0) {
        g.strides[i] = 0;
      } else {
        fail(ErrorKind::Value, str("expand: size ", have, " of dim ", j, " cannot expand to ", want, " (from ",
                                   sizes_text(rt::sizes(self)), " to ", sizes_text(sizes), ")"), "size");
      }
    } else {
      if (want < 0)
        fail(ErrorKind::Value, str("expand: new leading dim ", i, " needs a size >= 0, got ", want), "size");
      g.strides[i] = 0;
    }
    g.sizes[i] = want;
  }
  return make_view(self, g, "expand");
}

TensorImpl* view(const TensorImpl* self, IntList sizes) {
  const int64_t n = numel(self);
  // Infer a -1 size.
  DimVector want(sizes, "view");
  int infer = -1;
  int64_t known = 1;
  for (size_t i = 0; i < want.size(); ++i) {
    if (want[i] == -1) {
      if (infer >= 0) fail(ErrorKind::Value, "view: only one size may be -1", "size");
      infer = static_cast<int>(i);
    } else if (want[i] < 0) {
      fail(ErrorKind::Value, str("view: size ", want[i], " is invalid"), "size");
    } else {
      known = checked_mul(known, want[i], "view");
    }
  }
  if (infer >= 0) {
    if (known == 0 || n % known != 0)
      fail(ErrorKind::Value, str("view: shape ", sizes_text(sizes), " is invalid for ", n, " elements"), "size");
    want[infer] = n / known;
    known = n;
  }
  if (known != n)
    fail(ErrorKind::Value, str("view: shape ", sizes_text(sizes), " is invalid for a tensor of ", n, " elements"), "size");

  Geometry g(self, "view");
  DimVector new_strides(want.size(), "view");
  if (n == 0 || self->nDimension == 0) {
    // No elements, or one element (a 0-dim tensor): any strides address it.
    contiguous_strides(want, new_strides.data());
  } else {
    // Walk old dims in chunks that are contiguous with each other; each
    // chunk of new dims must multiply to exactly one old chunk.
    const int old_n = self->nDimension;
    int64_t view_d = static_cast<int64_t>(want.size()) - 1;
    int64_t chunk_base_stride = old_n > 0 ? self->stride[old_n - 1] : 1;
    int64_t tensor_numel = 1, view_numel = 1;
    for (int64_t d = old_n - 1; d >= 0; --d) {
      tensor_numel *= self->size[d];
      if (d == 0 || (self->size[d - 1] != 1 && self->stride[d - 1] != tensor_numel * chunk_base_stride)) {
        while (view_d >= 0 && (view_numel < tensor_numel || want[view_d] == 1)) {
          new_strides[view_d] = view_numel * chunk_base_stride;
          view_numel *= want[view_d];
          --view_d;
        }
        if (view_numel != tensor_numel)
          fail(ErrorKind::Value, str("view: sizes ", sizes_text(sizes), " are not compatible with the strides of this ",
                                     sizes_text(rt::sizes(self)), " tensor (use reshape, or contiguous() first)"),
               "size");
        if (d > 0) {
          chunk_base_stride = self->stride[d - 1];
          tensor_numel = 1;
          view_numel = 1;
        }
      }
    }
    if (view_d != -1)
      fail(ErrorKind::Value, str("view: sizes ", sizes_text(sizes), " are not compatible with this tensor"), "size");
  }
  g.sizes = want;
  g.strides = new_strides;
  return make_view(self, g, "view");
}

TensorImpl* squeeze(const TensorImpl* self) {
  Geometry g(self, "squeeze");
  Geometry out = g;
  out.sizes.resize(0, "squeeze");
  out.strides.resize(0, "squeeze");
  for (size_t d = 0; d < g.sizes.size(); ++d) {
    if (g.sizes[d] == 1) continue;
    out.sizes.push_back(g.sizes[d], "squeeze");
    out.strides.push_back(g.strides[d], "squeeze");
  }
  if (self->nDimension == 0 && !is_scalar(self)) return tensor_alias(self);
  return make_view(self, out, "squeeze");
}

TensorImpl* squeeze_dim(const TensorImpl* self, int64_t dim) {
  require_dims(self, "squeeze");
  dim = wrap_dim(dim, self->nDimension, "squeeze");
  if (self->nDimension == 0 || self->size[dim] != 1) return tensor_alias(self);
  Geometry g(self, "squeeze");
  g.sizes.erase(dim);
  g.strides.erase(dim);
  return make_view(self, g, "squeeze");
}

TensorImpl* unsqueeze(const TensorImpl* self, int64_t dim) {
  const int n = self->nDimension;
  dim = wrap_dim(dim, n + 1, "unsqueeze");
  Geometry g(self, "unsqueeze");
  const int64_t stride = dim < n ? g.sizes[dim] * g.strides[dim] : 1;
  g.sizes.insert(dim, 1, "unsqueeze");
  g.strides.insert(dim, stride, "unsqueeze");
  return make_view(self, g, "unsqueeze");
}

std::vector<int64_t> broadcast_shapes(IntList a, IntList b, const char* op) {
  const size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    const int64_t x = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const int64_t y = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (x != y && x != 1 && y != 1)
      fail(ErrorKind::Value, str(op, ": shapes ", sizes_text(a), " and ", sizes_text(b), " cannot broadcast (dim ", i,
                                 ": ", x, " vs ", y, ")"), "other");
    out[i] = x == 1 ? y : x;
  }
  return out;
}

}  // namespace ember::rt
