#include <vector>

#include "ember/error.h"
#include "ember/ops/cat.h"
#include "ember/ops/reshape.h"
#include "ember/ops/unsqueeze.h"
#include "ember/ops/view.h"
#include "runtime/ops/as_op.h"
#include "runtime/ops/output.h"
#include "runtime/ops/pointwise_plan.h"
#include "runtime/ops/shape_ops.h"

namespace ember::rt {

void write_out(const char* op, TensorBase& out, const TensorBase& value) {
  if (!can_cast(value.dtype(), out.dtype()))
    fail(ErrorKind::Type, str(op, ": result of dtype ", dtype_name(value.dtype()), " cannot be written to a ",
                              dtype_name(out.dtype()), " tensor"), "out");
  Output(op, &out, "out").assign(value);
}

namespace {

void require_tensors(const char* op, const TensorBaseList& tensors) {
  if (tensors.empty()) fail(ErrorKind::Value, str(op, ": expected a non-empty list of tensors"), "tensors");
  for (size_t i = 0; i < tensors.size(); ++i)
    if (!tensors[i].defined()) fail(ErrorKind::Value, str(op, ": tensors[", i, "] is undefined"), "tensors");
}

// stack's pieces: each tensor with a new dim of size 1 at `dim`, which cat joins.
TensorBaseList stack_inputs(const TensorBaseList& tensors, int64_t& dim) {
  require_tensors("stack", tensors);
  for (size_t i = 1; i < tensors.size(); ++i)
    if (tensors[i].sizes() != tensors[0].sizes())
      fail(ErrorKind::Value, str("stack: each tensor must have the same shape, but tensors[0] is ",
                                 sizes_text(tensors[0].sizes()), " and tensors[", i, "] is ",
                                 sizes_text(tensors[i].sizes())), "tensors");
  dim = wrap_dim(dim, tensors[0].dim() + 1, "stack");
  TensorBaseList pieces;
  for (const TensorBase& t : tensors) pieces.push_back(base::unsqueeze(t, dim));
  return pieces;
}

template <class F>
TensorBaseList each(const TensorBaseList& tensors, F f) {
  TensorBaseList result;
  for (const TensorBase& t : tensors) result.push_back(f(t));
  return result;
}

// hstack joins 1-d tensors end to end and others along dim 1.
int64_t hstack_dim(const TensorBaseList& pieces) { return pieces[0].dim() == 1 ? 0 : 1; }

TensorBase as_column(const TensorBase& t) { return t.dim() <= 1 ? base::reshape(t, {t.numel(), 1}) : t; }

}  // namespace

TensorBase stack(const TensorBaseList& tensors, int64_t dim) {
  const TensorBaseList pieces = stack_inputs(tensors, dim);
  return as_op("stack", "cat", [&] { return base::cat(pieces, dim); });
}

void stack_out(TensorBase& out, const TensorBaseList& tensors, int64_t dim) {
  const TensorBaseList pieces = stack_inputs(tensors, dim);
  as_op("stack", "cat", [&] { base::cat_out(out, pieces, dim); });
}

TensorBase hstack(const TensorBaseList& tensors) {
  require_tensors("hstack", tensors);
  const TensorBaseList pieces = atleast_1d(tensors);
  return as_op("hstack", "cat", [&] { return base::cat(pieces, hstack_dim(pieces)); });
}

void hstack_out(TensorBase& out, const TensorBaseList& tensors) {
  require_tensors("hstack", tensors);
  const TensorBaseList pieces = atleast_1d(tensors);
  as_op("hstack", "cat", [&] { base::cat_out(out, pieces, hstack_dim(pieces)); });
}

TensorBase vstack(const TensorBaseList& tensors) {
  require_tensors("vstack", tensors);
  return as_op("vstack", "cat", [&] { return base::cat(atleast_2d(tensors), 0); });
}

void vstack_out(TensorBase& out, const TensorBaseList& tensors) {
  require_tensors("vstack", tensors);
  as_op("vstack", "cat", [&] { base::cat_out(out, atleast_2d(tensors), 0); });
}

TensorBase dstack(const TensorBaseList& tensors) {
  require_tensors("dstack", tensors);
  return as_op("dstack", "cat", [&] { return base::cat(atleast_3d(tensors), 2); });
}

void dstack_out(TensorBase& out, const TensorBaseList& tensors) {
  require_tensors("dstack", tensors);
  as_op("dstack", "cat", [&] { base::cat_out(out, atleast_3d(tensors), 2); });
}

TensorBase column_stack(const TensorBaseList& tensors) {
  require_tensors("column_stack", tensors);
  return as_op("column_stack", "cat", [&] { return base::cat(each(tensors, as_column), 1); });
}

void column_stack_out(TensorBase& out, const TensorBaseList& tensors) {
  require_tensors("column_stack", tensors);
  as_op("column_stack", "cat", [&] { base::cat_out(out, each(tensors, as_column), 1); });
}

TensorBase atleast_1d(const TensorBase& self) { return self.dim() == 0 ? base::view(self, {1}) : self; }

TensorBase atleast_2d(const TensorBase& self) {
  if (self.dim() == 0) return base::view(self, {1, 1});
  return self.dim() == 1 ? base::unsqueeze(self, 0) : self;
}

TensorBase atleast_3d(const TensorBase& self) {
  switch (self.dim()) {
    case 0: return base::view(self, {1, 1, 1});
    case 1: return base::unsqueeze(base::unsqueeze(self, 0), 2);  // [n] -> [1, n, 1], NumPy's rule
    case 2: return base::unsqueeze(self, 2);
    default: return self;
  }
}

std::vector<TensorBase> atleast_1d(const TensorBaseList& tensors) {
  return each(tensors, [](const TensorBase& t) { return atleast_1d(t); });
}

std::vector<TensorBase> atleast_2d(const TensorBaseList& tensors) {
  return each(tensors, [](const TensorBase& t) { return atleast_2d(t); });
}

std::vector<TensorBase> atleast_3d(const TensorBaseList& tensors) {
  return each(tensors, [](const TensorBase& t) { return atleast_3d(t); });
}

}  // namespace ember::rt
