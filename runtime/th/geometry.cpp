#include "runtime/th/geometry.h"

#include <algorithm>
#include <string>

#include "ember/checked_math.h"
#include "ember/tensor_base.h"
#include "ember/views.h"
#include "runtime/th/api.h"

namespace ember::rt {

namespace {

// TH's rule for strides given with sizes: a negative one means contiguous
// after the later dims (1 for the last dim).
std::vector<int64_t> th_strides(IntList sizes, const int64_t* given, const th::Fn& fn) {
  const std::string name = fn.str();
  std::vector<int64_t> strides(sizes.size());
  for (size_t d = sizes.size(); d-- > 0;) {
    if (given[d] >= 0) strides[d] = given[d];
    else if (d + 1 == sizes.size()) strides[d] = 1;
    else strides[d] = checked_mul(std::max<int64_t>(sizes[d + 1], 1), strides[d + 1], name.c_str());
  }
  return strides;
}

// TH's size lists end at the first size that is not positive, with its
// stride: resize2d(t, 4, 0) makes a 1-D tensor of 4, resize4d(t, 7, -1, -1,
// -1) one of 7 (Torch7's Lua layer passes -1 for "no such dim"), and
// newWithSize1d(0) TH's empty tensor. TH had no dims of size 0.
ThShape shape_of(IntList sizes, const int64_t* strides, const th::Fn& fn) {
  size_t n = 0;
  while (n < sizes.size() && sizes[n] > 0) ++n;
  ThShape shape{std::vector<int64_t>(sizes.begin(), sizes.begin() + n), {}};
  if (strides) shape.strides = th_strides(shape.sizes, strides, fn);
  return shape;
}

}  // namespace

ThShape th_shape(const StorageImpl* size, const StorageImpl* stride, const th::Fn& fn) {
  if (!size && stride) fail(ErrorKind::Value, str(fn, ": size is NULL but stride is given"), "size");
  if (size && stride && size->size != stride->size)
    fail(ErrorKind::Value, str(fn, ": stride has ", stride->size, " entries for ", size->size, " sizes"), "stride");
  return shape_of(th::long_list(size), stride ? th::long_list(stride).data() : nullptr, fn);
}

ThShape th_shape(int ndim, const int64_t* size, const int64_t* stride, const th::Fn& fn) {
  if (ndim < 0) fail(ErrorKind::Value, str(fn, ": nDimension ", ndim, " is negative"), "nDimension");
  if (ndim > 0 && !size) fail(ErrorKind::Value, str(fn, ": size is NULL with nDimension ", ndim), "size");
  return shape_of(IntList(size, static_cast<size_t>(ndim)), ndim > 0 ? stride : nullptr, fn);
}

ThShape th_shape_pairs(IntList size_stride, const th::Fn& fn) {
  const size_t n = size_stride.size() / 2;
  std::vector<int64_t> sizes(n), strides(n);
  for (size_t d = 0; d < n; ++d) {
    sizes[d] = size_stride[2 * d];
    strides[d] = size_stride[2 * d + 1];
  }
  return shape_of(sizes, strides.data(), fn);
}

void th_set_storage_to(TensorImpl* self, StorageImpl* storage, int64_t offset, const ThShape& shape,
                       const th::Fn& fn) {
  const std::string name = fn.str();
  if (!storage && !shape.sizes.empty()) {
    // TH allocated a storage for a NULL one, just large enough from the
    // offset; built aside so that an error leaves self as it was.
    TensorBase fresh = TensorBase::adopt(tensor_new(dtype(self)));
    set_storage(fresh.impl(), nullptr, offset, {}, {}, name.c_str());
    resize(fresh.impl(), shape.sizes, shape.strides, name.c_str());
    set(self, fresh.impl());
    return;
  }
  set_storage(self, storage, offset, shape.sizes, shape.strides, name.c_str());
}

void th_resize_shape(TensorImpl* self, const ThShape& shape, const th::Fn& fn) {
  const std::string name = fn.str();
  resize(self, shape.sizes, shape.strides, name.c_str());
}

TensorImpl* th_new_on(DType dtype, StorageImpl* storage, int64_t offset, const ThShape& shape, const th::Fn& fn) {
  TensorBase t = TensorBase::adopt(tensor_new(dtype));
  th_set_storage_to(t.impl(), storage, offset, shape, fn);
  return t.release();
}

TensorImpl* th_new_sized(DType dtype, const ThShape& shape, const th::Fn& fn) {
  TensorBase t = TensorBase::adopt(tensor_new(dtype));
  th_resize_shape(t.impl(), shape, fn);
  return t.release();
}

void th_expand_all(TensorImpl** rets, TensorImpl** ops, int count, DType dtype, const th::Fn& fn) {
  const std::string name = fn.str();
  if (count <= 0) fail(ErrorKind::Value, str(fn, ": count must be positive, got ", count), "count");
  th::need(rets, fn, "rets");
  th::need(ops, fn, "ops");
  std::vector<int64_t> shape;
  for (int i = 0; i < count; ++i) {
    const std::string op_label = str("ops[", i, "]"), ret_label = str("rets[", i, "]");
    th::tensor_arg(rets[i], dtype, name.c_str(), ret_label.c_str(), "rets");
    const TensorImpl* op = th::tensor_arg(ops[i], dtype, name.c_str(), op_label.c_str(), "ops");
    if (op->nDimension == 0) fail(ErrorKind::Value, str(fn, ": cannot expand ", op_label, ", an empty tensor"), "ops");
    shape = broadcast_shapes(shape, sizes(op), name.c_str());
  }
  // Every view before any ret changes: a ret may be one of the ops.
  std::vector<TensorBase> views;
  for (int i = 0; i < count; ++i) views.push_back(TensorBase::adopt(expand(ops[i], shape)));
  for (int i = 0; i < count; ++i) set(rets[i], views[i].impl());
}

}  // namespace ember::rt
