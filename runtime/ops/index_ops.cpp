#include "runtime/ops/index_ops.h"

#include <vector>

#include "ember/error.h"
#include "ember/ops/clone.h"
#include "runtime/ops/device_guard.h"
#include "runtime/ops/index_out.h"
#include "runtime/ops/index_plan.h"
#include "runtime/ops/output.h"
#include "runtime/ops/shape_ops.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

namespace {

using kernels::Operands;

// Who is asking: the C++ API (PyTorch's rules, negative dims) or a TH C
// function (its name in messages, 0-based dims only, 1-based indices).
struct Caller {
  const char* op;
  bool th;
  IndexRule rule;
};

Caller cpp(const char* op, IndexRule rule = kFromZero) { return {op, false, rule}; }
Caller th(const char* fn) { return {fn, true, kFromOne}; }

int64_t checked_dim(const Caller& c, int64_t dim, const TensorBase& t) {
  if (!c.th) return wrap_dim(dim, t.dim(), c.op);
  if (dim < 0 || dim >= t.dim())
    fail(ErrorKind::Index, str(c.op, ": dim ", dim, " is out of range for a tensor of ", t.dim(),
                               " dims (TH's dims are 0-based and not negative)"), "dim");
  return dim;
}

// index_select, index_copy, index_add and index_fill take a vector of
// indices (PyTorch also a 0-dim one; TH only a vector).
void check_index_vector(const Caller& c, const TensorBase& index) {
  check_index_dtype(c.op, "index", index);
  if (index.dim() > 1 || (c.th && index.dim() != 1))
    fail(ErrorKind::Value, str(c.op, ": index must be a vector", c.th ? "" : " (or 0-dim)", ", got ", index.dim(),
                               " dims"), "index");
}

void set_loop_shape(Operands<3>& ops, IntList shape) {
  ops.ndim = shape.empty() ? 1 : static_cast<int>(shape.size());
  ops.shape[0] = 1;
  for (size_t d = 0; d < shape.size(); ++d) ops.shape[d] = shape[d];
}

// The fill value as operand k: one element, stride 0 everywhere.
void set_value(Operands<3>& ops, int k, void* bytes) {
  for (int d = 0; d < ops.ndim; ++d) ops.strides[k][d] = 0;
  ops.data[k] = static_cast<char*>(bytes);
}

// A gather into the caller's out= checks every index first (Note [output
// aliasing]); into a new result the gather finds a bad one itself. On a
// device run_gather checks them all before it writes either way.
TensorBase gather_result(const Caller& c, Device device, Output& result, DType dtype, IntList shape,
                         Operands<3>& ops, const kernels::IndexedDim& along, int64_t dim,
                         std::initializer_list<const TensorBase*> reads) {
  if (result.given() && device.is_cpu()) check_index_values(device, c.op, "index", ops, along, dim);
  const TensorBase& target = result.target(shape, dtype, reads, Reads::Any);
  set_aligned(ops, 0, target, -1);
  run_gather(device, c.op, "index", dtype, ops, along, dim);
  return result.finish();
}

// ---- index_select ---------------------------------------------------------------

TensorBase index_select_into(const Caller& c, const TensorBase* out, const TensorBase& self_in, int64_t dim,
                             const TensorBase& index_in) {
  Output result(c.op, out, "out");
  const TensorBase self = dimmed(self_in), index = dimmed(index_in);
  const Device device = common_device(c.op, {{&self, "self"}, {&index, "index"}, {out, "out"}});
  result.check_dtype(self.dtype());
  check_index_vector(c, index);
  if (c.th && self.dim() == 0) fail(ErrorKind::Value, str(c.op, ": src is empty"), "self");
  dim = checked_dim(c, dim, self);
  std::vector<int64_t> shape = self.shape();
  if (self.dim() == 0) {
    if (index.numel() != 1)
      fail(ErrorKind::Value, str(c.op, ": a 0-dim self takes an index of one element, got ", index.numel()), "index");
  } else {
    shape[dim] = index.numel();
  }
  Operands<3> ops;
  set_loop_shape(ops, shape);
  set_aligned(ops, 1, self, dim);
  set_along(ops, 2, index, dim);
  return gather_result(c, device, result, self.dtype(), shape, ops, indexed_dim(self, dim, c.rule), dim,
                       {&self, &index});
}

// ---- index_copy, index_add, index_fill ------------------------------------------

// The checks of index_copy_ and index_add_: source has self's shape except
// along dim, where it has one slice per index.
int64_t check_index_source(const Caller& c, const TensorBase& self, int64_t dim, const TensorBase& index,
                           const TensorBase& source) {
  check_index_vector(c, index);
  dim = checked_dim(c, dim, self);
  check_same_dtype(c.op, "source", source, self);
  if (dims_at_least_one(source) != dims_at_least_one(self))
    fail(ErrorKind::Value, str(c.op, ": source has ", source.dim(), " dims but self has ", self.dim()), "source");
  if (size_at(source, dim) != index.numel())
    fail(ErrorKind::Value, str(c.op, ": source has ", size_at(source, dim), " slices along dim ", dim, " but index has ",
                               index.numel(), " elements"), "source");
  for (int64_t d = 0; d < dims_at_least_one(self); ++d)
    if (d != dim && size_at(source, d) != size_at(self, d))
      fail(ErrorKind::Value, str(c.op, ": source of shape ", sizes_text(source.sizes()), " does not match self of shape ",
                                 sizes_text(self.sizes()), " along dim ", d), "source");
  return dim;
}

// The in-place index ops: `scatter(target)` writes self's target (Note
// [output aliasing]: a copy of self when self overlaps what it reads).
template <class F>
void update(const Caller& c, const TensorBase& self, std::initializer_list<const TensorBase*> reads, const F& scatter) {
  Output result(c.op, &self, "self");
  scatter(result.target(self.sizes(), self.dtype(), reads, Reads::Any, true));
  result.finish();
}

void index_source_into(const Caller& c, const TensorBase& self_in, int64_t dim, const TensorBase& index_in,
                       const TensorBase& source_in, ScatterMode mode, const Scalar& alpha) {
  const TensorBase self = dimmed(self_in), index = dimmed(index_in), source = dimmed(source_in);
  const Device device = common_device(c.op, {{&self, "self"}, {&index, "index"}, {&source, "source"}});
  dim = check_index_source(c, self, dim, index, source);
  update(c, self, {&index, &source}, [&](const TensorBase& target) {
    Operands<3> ops;
    set_loop_shape(ops, source.sizes());
    set_aligned(ops, 0, target, dim);
    set_aligned(ops, 1, source, -1);
    set_along(ops, 2, index, dim);
    run_scatter(device, c.op, "index", self.dtype(), ops, indexed_dim(self, dim, c.rule), dim, mode, alpha);
  });
}

void check_alpha(const char* op, const TensorBase& self, const Scalar& alpha) {
  if (alpha.is_floating() && !is_floating(self.dtype()))
    fail(ErrorKind::Type, str(op, ": alpha ", alpha.to<double>(), " is not integral but self holds ",
                              dtype_name(self.dtype())), "alpha");
}

void index_fill_into(const Caller& c, const TensorBase& self_in, int64_t dim, const TensorBase& index_in,
                     const Scalar& value) {
  const TensorBase self = dimmed(self_in), index = dimmed(index_in);
  const Device device = common_device(c.op, {{&self, "self"}, {&index, "index"}});
  check_index_vector(c, index);
  dim = checked_dim(c, dim, self);
  std::vector<int64_t> shape = self.dim() == 0 ? std::vector<int64_t>{1} : self.shape();
  shape[dim] = index.numel();
  alignas(8) char bytes[8];
  store_value(value, self.dtype(), bytes);
  update(c, self, {&index}, [&](const TensorBase& target) {
    Operands<3> ops;
    set_loop_shape(ops, shape);
    set_aligned(ops, 0, target, dim);
    set_value(ops, 1, bytes);
    set_along(ops, 2, index, dim);
    run_scatter(device, c.op, "index", self.dtype(), ops, indexed_dim(self, dim, c.rule), dim, ScatterMode::Assign, 1,
                true);
  });
}

Scalar value_of(const char* op, const TensorBase& value) {
  if (value.dim() != 0)
    fail(ErrorKind::Value, str(op, ": a tensor value must be 0-dim, got one of shape ", sizes_text(value.sizes())),
         "value");
  return value.item();
}

// ---- gather, scatter ------------------------------------------------------------

// index has as many dims as self (0-dim counting as 1) and, except along
// dim, is no larger; for scatter with a source, no larger than it anywhere.
int64_t check_gather_scatter(const Caller& c, const TensorBase& self, int64_t dim, const TensorBase& index,
                             const TensorBase* src) {
  check_index_dtype(c.op, "index", index);
  dim = checked_dim(c, dim, self);
  const int64_t nd = dims_at_least_one(self);
  if (dims_at_least_one(index) != nd)
    fail(ErrorKind::Value, str(c.op, ": index has ", index.dim(), " dims but self has ", self.dim(), " (they must match)"),
         "index");
  if (src) {
    check_same_dtype(c.op, "src", *src, self);
    if (dims_at_least_one(*src) != nd)
      fail(ErrorKind::Value, str(c.op, ": src has ", src->dim(), " dims but self has ", self.dim(), " (they must match)"),
           "src");
  }
  for (int64_t d = 0; d < nd; ++d) {
    if (d != dim && size_at(index, d) > size_at(self, d))
      fail(ErrorKind::Value, str(c.op, ": index of shape ", sizes_text(index.sizes()), " is larger than self of shape ",
                                 sizes_text(self.sizes()), " along dim ", d), "index");
    if (src && size_at(index, d) > size_at(*src, d))
      fail(ErrorKind::Value, str(c.op, ": index of shape ", sizes_text(index.sizes()), " is larger than src of shape ",
                                 sizes_text(src->sizes()), " along dim ", d), "src");
  }
  return dim;
}

TensorBase gather_into(const Caller& c, const TensorBase* out, const TensorBase& self_in, int64_t dim,
                       const TensorBase& index_in) {
  Output result(c.op, out, "out");
  const TensorBase self = dimmed(self_in), index = dimmed(index_in);
  const Device device = common_device(c.op, {{&self, "self"}, {&index, "index"}, {out, "out"}});
  result.check_dtype(self.dtype());
  dim = check_gather_scatter(c, self, dim, index, nullptr);
  Operands<3> ops;
  set_loop_shape(ops, index.sizes());
  set_aligned(ops, 1, self, dim);
  set_aligned(ops, 2, index, -1);
  return gather_result(c, device, result, self.dtype(), index.sizes(), ops, indexed_dim(self, dim, c.rule), dim,
                       {&self, &index});
}

// scatter with a source tensor (src) or a fill value (value).
void scatter_into(const Caller& c, const TensorBase& self_in, int64_t dim, const TensorBase& index_in,
                  const TensorBase* src_in, const Scalar* value, ScatterMode mode) {
  const TensorBase self = dimmed(self_in), index = dimmed(index_in);
  TensorBase src_dimmed;
  if (src_in) src_dimmed = dimmed(*src_in);
  const TensorBase* src = src_in ? &src_dimmed : nullptr;
  const Device device = common_device(c.op, {{&self, "self"}, {&index, "index"}, {src, "src"}});
  dim = check_gather_scatter(c, self, dim, index, src);
  alignas(8) char bytes[8];
  if (!src) store_value(*value, self.dtype(), bytes);
  update(c, self, {&index, src}, [&](const TensorBase& target) {
    Operands<3> ops;
    set_loop_shape(ops, index.sizes());
    set_aligned(ops, 0, target, dim);
    if (src)
      set_aligned(ops, 1, *src, -1);
    else
      set_value(ops, 1, bytes);
    set_aligned(ops, 2, index, -1);
    run_scatter(device, c.op, "index", self.dtype(), ops, indexed_dim(self, dim, c.rule), dim, mode, 1, !src);
  });
}

}  // namespace

void scatter_with(const char* op, const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase* src,
                  const Scalar* value, ScatterMode mode) {
  scatter_into(cpp(op), self, dim, index, src, value, mode);
}

// ---- the C++ API and TH's C functions ------------------------------------------

TensorBase index_select(const TensorBase& self, int64_t dim, const TensorBase& index) {
  return index_select_into(cpp("index_select"), nullptr, self, dim, index);
}

void index_select_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index) {
  index_select_into(cpp("index_select"), &out, self, dim, index);
}

void th_index_select(const char* fn, TensorImpl* tensor, TensorImpl* src, int dim, TensorImpl* index) {
  const TensorBase out = TensorBase::borrow(tensor);
  index_select_into(th(fn), &out, TensorBase::borrow(src), dim, TensorBase::borrow(index));
}

TensorBase index_copy(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& source) {
  TensorBase result = base::clone(self);
  rt::index_copy_(result, dim, index, source);
  return result;
}

void index_copy_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& source) {
  index_source_into(cpp("index_copy"), self, dim, index, source, ScatterMode::Assign, 1);
}

void index_copy_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index,
                    const TensorBase& source) {
  write_out("index_copy", out, rt::index_copy(self, dim, index, source));
}

void th_index_copy(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src) {
  index_source_into(th(fn), TensorBase::borrow(tensor), dim, TensorBase::borrow(index), TensorBase::borrow(src),
                    ScatterMode::Assign, 1);
}

TensorBase index_add(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& source,
                     const Scalar& alpha) {
  TensorBase result = base::clone(self);
  rt::index_add_(result, dim, index, source, alpha);
  return result;
}

void index_add_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& source, const Scalar& alpha) {
  check_alpha("index_add", self, alpha);
  index_source_into(cpp("index_add"), self, dim, index, source, ScatterMode::Accumulate, alpha);
}

void index_add_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index,
                   const TensorBase& source, const Scalar& alpha) {
  write_out("index_add", out, rt::index_add(self, dim, index, source, alpha));
}

void th_index_add(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src) {
  index_source_into(th(fn), TensorBase::borrow(tensor), dim, TensorBase::borrow(index), TensorBase::borrow(src),
                    ScatterMode::Accumulate, 1);
}

TensorBase index_fill(const TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value) {
  TensorBase result = base::clone(self);
  rt::index_fill_(result, dim, index, value);
  return result;
}

TensorBase index_fill(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& value) {
  return rt::index_fill(self, dim, index, value_of("index_fill", value));
}

void index_fill_(TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value) {
  index_fill_into(cpp("index_fill", kWrapping), self, dim, index, value);
}

void index_fill_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& value) {
  rt::index_fill_(self, dim, index, value_of("index_fill", value));
}

void th_index_fill(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, const Scalar& value) {
  index_fill_into(th(fn), TensorBase::borrow(tensor), dim, TensorBase::borrow(index), value);
}

TensorBase gather(const TensorBase& self, int64_t dim, const TensorBase& index, bool /*sparse_grad*/) {
  return gather_into(cpp("gather"), nullptr, self, dim, index);
}

void gather_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index, bool /*sparse_grad*/) {
  gather_into(cpp("gather"), &out, self, dim, index);
}

void th_gather(const char* fn, TensorImpl* tensor, TensorImpl* src, int dim, TensorImpl* index) {
  const TensorBase out = TensorBase::borrow(tensor);
  gather_into(th(fn), &out, TensorBase::borrow(src), dim, TensorBase::borrow(index));
}

TensorBase scatter(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src) {
  TensorBase result = base::clone(self);
  rt::scatter_(result, dim, index, src);
  return result;
}

void scatter_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src) {
  scatter_into(cpp("scatter"), self, dim, index, &src, nullptr, ScatterMode::Assign);
}

void th_scatter(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src) {
  const TensorBase s = TensorBase::borrow(src);
  scatter_into(th(fn), TensorBase::borrow(tensor), dim, TensorBase::borrow(index), &s, nullptr, ScatterMode::Assign);
}

TensorBase scatter(const TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value) {
  TensorBase result = base::clone(self);
  rt::scatter_(result, dim, index, value);
  return result;
}

void scatter_(TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value) {
  scatter_into(cpp("scatter"), self, dim, index, nullptr, &value, ScatterMode::Assign);
}

void th_scatter_fill(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, const Scalar& value) {
  scatter_into(th(fn), TensorBase::borrow(tensor), dim, TensorBase::borrow(index), nullptr, &value,
               ScatterMode::Assign);
}

TensorBase scatter_add(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src) {
  TensorBase result = base::clone(self);
  rt::scatter_add_(result, dim, index, src);
  return result;
}

void scatter_add_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src) {
  scatter_into(cpp("scatter_add"), self, dim, index, &src, nullptr, ScatterMode::Accumulate);
}

void th_scatter_add(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src) {
  const TensorBase s = TensorBase::borrow(src);
  scatter_into(th(fn), TensorBase::borrow(tensor), dim, TensorBase::borrow(index), &s, nullptr,
               ScatterMode::Accumulate);
}

}  // namespace ember::rt
