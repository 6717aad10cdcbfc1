#include "runtime/th/long_storage.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "ember/checked_math.h"
#include "ember/tensor_impl.h"
#include "runtime/th/tensor.h"

namespace ember::rt {

namespace {

// TH's way of reporting a shape that does not fit: -1, and the reason in
// the caller's buffer (when there is one).
int shape_error(char* buffer, int buffer_len, const std::string& message) {
  if (buffer && buffer_len > 0) std::snprintf(buffer, static_cast<size_t>(buffer_len), "%s", message.c_str());
  return -1;
}

}  // namespace

THDescBuff th_sizes_description(const StorageImpl* size) {
  const IntList sizes = th::long_list(size);
  return _THSizeDesc(sizes.data(), static_cast<long>(sizes.size()));
}

StorageImpl* th_infer_size(const StorageImpl* size, int64_t numel, const th::Fn& fn) {
  const std::string name = fn.str();
  const IntList sizes = th::long_list(size);
  int64_t inferred = -1;
  int64_t known = sizes.empty() ? 0 : 1;  // TH's rule: no sizes, no elements
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == -1) {
      if (inferred >= 0) fail(ErrorKind::Value, str(fn, ": only one size may be -1, ", sizes_text(sizes)), "size");
      inferred = static_cast<int64_t>(d);
    } else if (sizes[d] < 0) {
      fail(ErrorKind::Value, str(fn, ": size ", sizes[d], " of dim ", d, " is negative"), "size");
    } else {
      known = checked_mul(known, sizes[d], name.c_str());
    }
  }
  if (inferred >= 0 ? known == 0 || numel % known != 0 : numel != known)
    fail(ErrorKind::Value, str(fn, ": size ", sizes_text(sizes), " is invalid for ", numel, " elements"), "nElement");
  StorageImpl* result = th_long_storage(sizes);
  if (inferred >= 0) static_cast<int64_t*>(result->data)[inferred] = numel / known;
  return result;
}

int th_infer_broadcast(StorageImpl* output, int n, const int64_t* const* sizes, const int64_t* dims, char* error_buffer,
                       int buffer_len, const th::Fn& fn) {
  th::need(output, fn, "output");
  if (n <= 0) fail(ErrorKind::Value, str(fn, ": n must be positive, got ", n), "n");
  int64_t ndim = 0;
  for (int j = 0; j < n; ++j) {
    if (!sizes[j]) fail(ErrorKind::Value, str(fn, ": sizes[", j, "] is NULL"), "sizes");
    if (dims[j] <= 0) fail(ErrorKind::Value, str(fn, ": shape ", j, " has ", dims[j], " dims, it cannot expand"), "dims");
    ndim = std::max(ndim, dims[j]);
  }
  std::vector<int64_t> shape(static_cast<size_t>(ndim), 1);
  for (int j = 0; j < n; ++j) {
    for (int64_t i = 0; i < dims[j]; ++i) {
      const int64_t size = sizes[j][i];
      int64_t& into = shape[static_cast<size_t>(ndim - dims[j] + i)];
      if (size == into || size == 1) continue;
      if (into != 1 || size < 0)
        return shape_error(error_buffer, buffer_len,
                           str("The size of tensor ", j, " (", size, ") must match the expanded size (", into,
                               ") at non-singleton dimension ", ndim - dims[j] + i, "."));
      into = size;
    }
  }
  storage_resize(output, ndim);
  std::memcpy(output->data, shape.data(), shape.size() * sizeof(int64_t));
  return 0;
}

int th_infer_expand(const int64_t* sizes, const int64_t* strides, int64_t dim, const StorageImpl* target,
                    int64_t** expanded_sizes, int64_t** expanded_strides, char* error_buffer, int buffer_len,
                    const th::Fn& fn) {
  if (dim < 0) fail(ErrorKind::Value, str(fn, ": tensorDim ", dim, " is negative"), "tensorDim");
  if (dim > 0) {
    th::need(sizes, fn, "tensorSizes");
    th::need(strides, fn, "tensorStrides");
  }
  const IntList want = th::long_list(target);
  const int64_t ndim = static_cast<int64_t>(want.size());
  if (ndim < dim)
    return shape_error(error_buffer, buffer_len,
                       str("The number of sizes provided (", ndim, ") must be greater or equal to the number of "
                           "dimensions in the tensor (", dim, ")."));
  std::vector<int64_t> out_sizes(static_cast<size_t>(ndim)), out_strides(static_cast<size_t>(ndim));
  for (int64_t i = ndim - 1; i >= 0; --i) {
    const int64_t d = dim - ndim + i;  // the tensor's dim, or < 0 for a new leading one
    int64_t size = d >= 0 ? sizes[d] : 1;
    // A new leading dim gets the stride it would have if contiguous (its own stride does not matter).
    int64_t stride = d >= 0 ? strides[d] : i + 1 < ndim ? out_sizes[i + 1] * out_strides[i + 1] : 1;
    int64_t goal = want[i];
    if (goal == -1 && d >= 0) goal = size;
    if (goal < 0)
      return shape_error(error_buffer, buffer_len,
                         str("The expanded size of the tensor (", goal, ") isn't allowed in ",
                             d < 0 ? "a leading, non-existing dimension " : "dimension ", i, "."));
    if (size != goal) {
      if (size != 1)
        return shape_error(error_buffer, buffer_len,
                           str("The expanded size of the tensor (", goal, ") must match the existing size (", size,
                               ") at non-singleton dimension ", i, "."));
      size = goal;
      stride = 0;
    }
    out_sizes[static_cast<size_t>(i)] = size;
    out_strides[static_cast<size_t>(i)] = stride;
  }
  if (ndim == 0) {
    *expanded_sizes = *expanded_strides = nullptr;  // what THAlloc(0) gives
    return 0;
  }
  const ptrdiff_t bytes = static_cast<ptrdiff_t>(ndim * sizeof(int64_t));
  auto* s = static_cast<int64_t*>(THAlloc(bytes));
  auto* t = static_cast<int64_t*>(THAlloc(bytes));
  if (!s || !t) {
    THFree(s);
    THFree(t);
    fail(ErrorKind::Memory, str(fn, ": cannot allocate ", bytes, " bytes"));
  }
  std::memcpy(s, out_sizes.data(), static_cast<size_t>(bytes));
  std::memcpy(t, out_strides.data(), static_cast<size_t>(bytes));
  *expanded_sizes = s;
  *expanded_strides = t;
  return 0;
}

}  // namespace ember::rt
