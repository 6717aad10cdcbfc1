// Tensor lifetime and geometry. Invariant kept by every function here:
// each element a tensor addresses lies inside its storage.
#include <algorithm>
#include <cstring>
#include <sstream>

#include "ember/checked_math.h"
#include "ember/error.h"
#include "ember/tensor_impl.h"
#include "runtime/core/default_device.h"

namespace ember::rt {

namespace {

// Points size/stride at the inline arrays or at heap arrays of `ndim`.
void set_ndim(TensorImpl* t, int ndim, const char* op) {
  if (ndim < 0 || ndim > EMBER_MAX_DIMS)
    fail(ErrorKind::Value, str(op, ": tensors have at most ", EMBER_MAX_DIMS, " dims, got ", ndim));
  const bool was_heap = t->size != t->inlineSize;
  if (ndim <= EMBER_INLINE_DIMS) {
    if (was_heap) {
      delete[] t->size;
      delete[] t->stride;
    }
    t->size = t->inlineSize;
    t->stride = t->inlineStride;
  } else if (!was_heap || ndim > t->nDimension) {
    long* size = new long[ndim];
    long* stride = new long[ndim];
    if (was_heap) {
      delete[] t->size;
      delete[] t->stride;
    }
    t->size = size;
    t->stride = stride;
  }
  t->nDimension = ndim;
}

// The highest storage index (exclusive) the geometry reaches, or 0 for no
// elements; negative strides are rejected by callers.
int64_t extent(int64_t offset, IntList sizes, IntList strides, bool scalar, const char* op) {
  int64_t last = offset;
  if (sizes.empty()) return scalar ? checked_add(offset, 1, op) : 0;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return 0;
    last = checked_add(last, checked_mul(sizes[d] - 1, strides[d], op), op);
  }
  return checked_add(last, 1, op);
}

TensorImpl* blank(DType dtype) {
  auto* t = new TensorImpl();
  t->size = t->inlineSize;
  t->stride = t->inlineStride;
  t->refcount = 1;
  t->flag = TH_TENSOR_REFCOUNTED;
  t->dtype = static_cast<int>(dtype);
  return t;
}

void check_sizes(IntList sizes, const char* op) {
  for (size_t d = 0; d < sizes.size(); ++d)
    if (sizes[d] < 0)
      fail(ErrorKind::Value, str(op, ": size ", sizes[d], " of dim ", d, " is negative (sizes ", sizes_text(sizes), ")"),
           "size");
}

}  // namespace

std::string sizes_text(IntList sizes) {
  std::ostringstream out;
  out << "[";
  for (size_t d = 0; d < sizes.size(); ++d) out << (d ? " x " : "") << sizes[d];
  out << "]";
  return out.str();
}

void contiguous_strides(IntList sizes, int64_t* strides_out) {
  int64_t stride = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    strides_out[d] = stride;
    stride *= std::max<int64_t>(sizes[d], 1);
  }
}

bool is_contiguous(const TensorImpl* t) {
  // Without elements the strides address nothing, whatever they are.
  for (int d = 0; d < t->nDimension; ++d)
    if (t->size[d] == 0) return true;
  int64_t expected = 1;
  for (int d = t->nDimension - 1; d >= 0; --d) {
    if (t->size[d] == 1) continue;
    if (t->stride[d] != expected) return false;
    expected *= t->size[d];
  }
  return true;
}

TensorImpl* tensor_new(DType dtype) { return blank(dtype); }

TensorImpl* tensor_empty(DType dtype, IntList sizes, Device device) {
  check_sizes(sizes, "empty");
  int64_t n = 1;
  for (int64_t s : sizes) n = checked_mul(n, s, "empty");
  StorageImpl* storage = storage_new_on(dtype, n, device);
  TensorImpl* t = nullptr;
  try {
    t = blank(dtype);
    set_storage(t, storage, 0, sizes, {}, "empty", sizes.empty());
  } catch (...) {
    if (t) tensor_release(t);
    storage_release(storage);
    throw;
  }
  storage_release(storage);  // t holds its own reference now
  return t;
}

TensorImpl* tensor_new_with_storage(DType dtype, StorageImpl* storage, int64_t offset, IntList sizes,
                                    IntList strides, bool scalar) {
  TensorImpl* t = blank(dtype);
  try {
    set_storage(t, storage, offset, sizes, strides, "new_with_storage", scalar);
  } catch (...) {
    tensor_release(t);
    throw;
  }
  return t;
}

TensorImpl* tensor_alias(const TensorImpl* src) {
  TensorImpl* t = blank(dtype(src));
  try {
    set(t, src);
  } catch (...) {
    tensor_release(t);
    throw;
  }
  return t;
}

void tensor_retain(TensorImpl* t) {
  if (t && (t->flag & TH_TENSOR_REFCOUNTED)) __atomic_fetch_add(&t->refcount, 1, __ATOMIC_RELAXED);
}

void tensor_release(TensorImpl* t) {
  if (!t || !(t->flag & TH_TENSOR_REFCOUNTED)) return;
  if (__atomic_sub_fetch(&t->refcount, 1, __ATOMIC_ACQ_REL) != 0) return;
  storage_release(t->storage);
  if (t->size != t->inlineSize) {
    delete[] t->size;
    delete[] t->stride;
  }
  delete t;
}

void set_storage(TensorImpl* t, StorageImpl* storage, int64_t offset, IntList sizes, IntList strides,
                 const char* op, bool scalar) {
  check_sizes(sizes, op);
  if (!strides.empty() && strides.size() != sizes.size())
    fail(ErrorKind::Value, str(op, ": ", sizes.size(), " sizes but ", strides.size(), " strides"), "stride");
  if (offset < 0) fail(ErrorKind::Value, str(op, ": storage offset ", offset, " is negative"), "storageOffset");
  if (storage && storage->dtype != t->dtype)
    fail(ErrorKind::Type, str(op, ": storage of dtype ", dtype_name(dtype(storage)), " for a tensor of dtype ",
                              dtype_name(dtype(t))), "storage");
  int64_t contiguous[EMBER_MAX_DIMS];
  if (sizes.size() > EMBER_MAX_DIMS)
    fail(ErrorKind::Value, str(op, ": tensors have at most ", EMBER_MAX_DIMS, " dims, got ", sizes.size()));
  if (strides.empty()) {
    contiguous_strides(sizes, contiguous);
    strides = IntList(contiguous, sizes.size());
  }
  checked_numel(sizes.data(), sizes.size(), op);
  for (size_t d = 0; d < strides.size(); ++d)
    if (strides[d] < 0) fail(ErrorKind::Value, str(op, ": stride ", strides[d], " of dim ", d, " is negative"), "stride");
  const int64_t needed = extent(offset, sizes, strides, scalar && sizes.empty(), op);
  const int64_t available = storage ? storage->size : 0;
  if (needed > available)
    fail(ErrorKind::Value, str(op, ": sizes ", sizes_text(sizes), " with offset ", offset,
                               " reach element ", needed - 1, " of a storage of ", available, " elements"), "size");
  // Everything is checked: now change the tensor (no throw below but set_ndim's allocation,
  // which happens before any field is touched).
  set_ndim(t, static_cast<int>(sizes.size()), op);
  if (storage != t->storage) {
    storage_retain(storage);
    storage_release(t->storage);
    t->storage = storage;
  }
  t->storageOffset = offset;
  for (size_t d = 0; d < sizes.size(); ++d) {
    t->size[d] = sizes[d];
    t->stride[d] = strides[d];
  }
  if (scalar && sizes.empty()) t->flag |= EMBER_TENSOR_SCALAR;
  else t->flag &= static_cast<char>(~EMBER_TENSOR_SCALAR);
}

void set(TensorImpl* t, const TensorImpl* src) {
  if (t == src) return;
  // Copy the geometry first: src's arrays may be the ones set_ndim frees if t aliases them.
  int64_t sz[EMBER_MAX_DIMS], st[EMBER_MAX_DIMS];
  const int n = src->nDimension;
  for (int d = 0; d < n; ++d) {
    sz[d] = src->size[d];
    st[d] = src->stride[d];
  }
  set_storage(t, src->storage, src->storageOffset, IntList(sz, n), IntList(st, n), "set", is_scalar(src));
}

void resize(TensorImpl* t, IntList sizes, IntList strides, const char* op, bool scalar) {
  check_sizes(sizes, op);
  // TH keeps the geometry (strides included) when the sizes already match.
  if (strides.empty() && rt::sizes(t) == sizes && is_scalar(t) == (scalar && sizes.empty()) &&
      (numel(t) == 0 || t->storage))
    return;
  if (sizes.size() > EMBER_MAX_DIMS)
    fail(ErrorKind::Value, str(op, ": tensors have at most ", EMBER_MAX_DIMS, " dims, got ", sizes.size()));
  int64_t contiguous[EMBER_MAX_DIMS];
  if (strides.empty()) {
    contiguous_strides(sizes, contiguous);
    strides = IntList(contiguous, sizes.size());
  }
  int64_t needed = 0;
  {
    int64_t last = t->storageOffset;
    bool empty = sizes.empty() && !scalar;
    for (size_t d = 0; d < sizes.size(); ++d) {
      if (sizes[d] == 0) empty = true;
      else last = checked_add(last, checked_mul(sizes[d] - 1, strides[d], op), op);
    }
    needed = empty ? 0 : checked_add(last, 1, op);
  }
  if (needed > 0) {
    if (!t->storage) {
      t->storage = storage_new_on(dtype(t), needed, default_device());
    } else if (needed > t->storage->size) {
      storage_resize(t->storage, needed);
    }
  }
  set_storage(t, t->storage, t->storageOffset, sizes, strides, op, scalar);
}

void resize_as(TensorImpl* t, const TensorImpl* like) {
  if (t == like) return;
  int64_t sz[EMBER_MAX_DIMS];
  const int n = like->nDimension;
  for (int d = 0; d < n; ++d) sz[d] = like->size[d];
  if (is_scalar(like)) {
    resize_scalar(t);
  } else {
    resize(t, IntList(sz, n), {}, "resize_as");
  }
}

void resize_scalar(TensorImpl* t) { resize(t, {}, {}, "resize", true); }

int64_t wrap_dim(int64_t dim, int64_t ndim, const char* op, const char* arg) {
  const int64_t n = std::max<int64_t>(ndim, 1);
  if (dim < -n || dim >= n)
    fail(ErrorKind::Index, str(op, ": dim ", dim, " is out of range for a ", ndim, "-dim tensor (expected in [", -n,
                               ", ", n - 1, "])"), arg);
  return dim < 0 ? dim + n : dim;
}

bool has_internal_overlap(const TensorImpl* t) {
  for (int d = 0; d < t->nDimension; ++d)
    if (t->stride[d] == 0 && t->size[d] > 1) return true;
  return false;
}

}  // namespace ember::rt
