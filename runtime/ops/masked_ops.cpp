#include "runtime/ops/masked_ops.h"

#include <cstring>
#include <vector>

#include "ember/error.h"
#include "kernels/masked.h"
#include "runtime/ops/index_plan.h"
#include "runtime/ops/output.h"
#include "runtime/ops/structure_ops.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::rt {

namespace {

using kernels::Operands;

// The mask broadcast to self's shape (in place, self cannot grow).
Tensor mask_as(const char* op, const Tensor& mask, const Tensor& self) {
  if (broadcast_shape(op, "mask", self.sizes(), mask.sizes()) != self.sizes().vec())
    fail(ErrorKind::Value, str(op, ": mask of shape ", sizes_text(mask.sizes()), " does not broadcast to self's shape ",
                               sizes_text(self.sizes())), "mask");
  return mask.sizes() == self.sizes() ? mask : mask.expand(self.sizes());
}

// TH pairs a mask with a tensor of the same element count, each read in
// its own row-major order: `t` in `like`'s shape.
Tensor th_as_shape(const char* fn, const char* arg, const Tensor& t, const Tensor& like) {
  if (t.numel() != like.numel())
    fail(ErrorKind::Value, str(fn, ": ", arg, " has ", t.numel(), " elements but the tensor has ", like.numel(),
                               " (TH needs equal element counts)"), arg);
  if (t.sizes() == like.sizes() || like.numel() == 0) return t;
  return t.contiguous().view(like.sizes());
}

Operands<2> pair(const Tensor& a, const Tensor& b) {
  Operands<2> ops;
  set_loop_shape(ops, a.sizes());
  if (a.numel() == 0) {  // TH's empty tensor has no dims yet no element either
    ops.ndim = 1;
    ops.shape[0] = 0;
  }
  set_operand(ops, 0, a.impl());
  set_operand(ops, 1, b.impl());
  return ops;
}

// self (the target of an Output) takes `value` where mask (of self's shape) is set.
void fill_where(const Tensor& self, const Tensor& mask, const Scalar& value) {
  alignas(8) char bytes[8];
  store_value(value, self.dtype(), bytes);
  const Operands<2> ops = pair(self, mask);
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    S v;
    std::memcpy(&v, bytes, sizeof v);
    kernels::masked_fill<S>(ops, v);
  });
}

// The in-place masked ops: `self` (of mask's shape) written where mask is
// set by `write(target, mask)`, once every argument is checked.
template <class F>
void update_where(const char* op, const Tensor& self, const Tensor& mask, std::initializer_list<const Tensor*> reads,
                  Reads how, const F& write) {
  Output result(op, &self, "self");
  const Tensor& target = result.target(self.sizes(), self.dtype(), reads, how, true);
  write(target, mask);
  result.finish();
}

// self (of mask's shape) takes source's elements in order where mask is set.
void scatter_where(const char* op, const char* source_arg, const Tensor& self, const Tensor& mask,
                   const Tensor& source) {
  const int64_t n = count_mask(mask);
  if (n > source.numel())
    fail(ErrorKind::Value, str(op, ": mask has ", n, " set elements but ", source_arg, " only ", source.numel()),
         source_arg);
  const Tensor src = source.contiguous();
  update_where(op, self, mask, {&mask, &src}, Reads::Any, [&](const Tensor& target, const Tensor& m) {
    const Operands<2> ops = pair(target, m);
    by_element_size(self.element_size(), [&](auto s) {
      using S = decltype(s);
      kernels::masked_scatter<S>(ops, static_cast<const S*>(src.data_ptr()));
    });
  });
}

void fill_into(const char* op, const Tensor& self, const Tensor& mask, const Scalar& value) {
  update_where(op, self, mask, {&mask}, Reads::Elementwise,
               [&](const Tensor& target, const Tensor& m) { fill_where(target, m, value); });
}

// A 1-d result (out= when given) of self's elements where mask (of
// self's shape) is set.
Tensor select_where(const char* op, const Tensor* out, const Tensor& self, const Tensor& mask) {
  Output result(op, out, "out");
  result.check_dtype(self.dtype());
  const int64_t n = count_mask(mask);
  const Tensor& target = result.target({n}, self.dtype(), {&self, &mask}, Reads::Any);
  const Operands<2> ops = pair(self, mask);
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    kernels::masked_select<S>(ops, static_cast<S*>(target.data_ptr()), target.stride(0));
  });
  return result.finish();
}

// The [n, dims] subscripts of self's nonzero elements (out= when given).
Tensor nonzero_into(const char* op, const Tensor* out, const Tensor& self) {
  Output result(op, out, "out");
  result.check_dtype(DType::Long);
  Operands<1> ops;
  set_whole_operand(ops, self.impl());
  const bool floating = is_floating(self.dtype());
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    // The sign bit of a floating element does not make it nonzero.
    const S ignore = floating ? static_cast<S>(S{1} << (8 * sizeof(S) - 1)) : S{0};
    const int64_t n = kernels::count_nonzero<S>(ops, ignore);
    const Tensor& target = result.target({n, self.dim()}, DType::Long, {&self}, Reads::Any);
    kernels::nonzero<S>(ops, ignore, target.data<int64_t>(), target.stride(0), target.stride(1));
  });
  return result.finish();
}

Scalar value_item(const char* op, const Tensor& value) {
  if (value.dim() != 0)
    fail(ErrorKind::Value, str(op, ": a tensor value must be 0-dim, got one of shape ", sizes_text(value.sizes())),
         "value");
  return value.item();
}

}  // namespace

void check_mask(const char* op, const char* arg, const Tensor& mask) {
  if (mask.dtype() != DType::Bool && mask.dtype() != DType::Byte)
    fail(ErrorKind::Type, str(op, ": ", arg, " must be a bool or uint8 tensor, got ", dtype_name(mask.dtype())), arg);
  if (mask.dtype() == DType::Byte) {
    Operands<1> ops;
    set_whole_operand(ops, mask.impl());
    if (kernels::has_byte_above_one(ops)) fail(ErrorKind::Value, str(op, ": a uint8 ", arg, " may hold only 0 and 1"), arg);
  }
}

int64_t count_mask(const Tensor& mask) { return mask.numel() == 0 ? 0 : ember::sum(mask).item<int64_t>(); }

Tensor masked_fill(const Tensor& self_in, const Tensor& mask_in, const Scalar& value) {
  const Tensor self = dimmed(self_in), mask = dimmed(mask_in);
  check_mask("masked_fill", "mask", mask);
  const std::vector<int64_t> shape = broadcast_shape("masked_fill", "mask", self.sizes(), mask.sizes());
  Tensor result = self.expand(shape).clone();
  fill_into("masked_fill", result, mask.expand(shape), value);
  return result;
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  return rt::masked_fill(self, mask, value_item("masked_fill", value));
}

void masked_fill_(Tensor& self_in, const Tensor& mask_in, const Scalar& value) {
  const Tensor self = dimmed(self_in), mask = dimmed(mask_in);
  check_mask("masked_fill", "mask", mask);
  fill_into("masked_fill", self, mask_as("masked_fill", mask, self), value);
}

void masked_fill_(Tensor& self, const Tensor& mask, const Tensor& value) {
  rt::masked_fill_(self, mask, value_item("masked_fill", value));
}

void th_masked_fill(const char* fn, TensorImpl* tensor, TensorImpl* mask, const Scalar& value) {
  const Tensor self = dimmed(Tensor::borrow(tensor)), m = dimmed(Tensor::borrow(mask));
  check_mask(fn, "mask", m);
  fill_into(fn, self, th_as_shape(fn, "mask", m, self), value);
}

Tensor masked_scatter(const Tensor& self_in, const Tensor& mask_in, const Tensor& source) {
  const Tensor self = dimmed(self_in), mask = dimmed(mask_in);
  check_mask("masked_scatter", "mask", mask);
  check_same_dtype("masked_scatter", "source", source, self);
  const std::vector<int64_t> shape = broadcast_shape("masked_scatter", "mask", self.sizes(), mask.sizes());
  Tensor result = self.expand(shape).clone();
  scatter_where("masked_scatter", "source", result, mask.expand(shape), source);
  return result;
}

void masked_scatter_(Tensor& self_in, const Tensor& mask_in, const Tensor& source) {
  const Tensor self = dimmed(self_in), mask = dimmed(mask_in);
  check_mask("masked_scatter", "mask", mask);
  check_same_dtype("masked_scatter", "source", source, self);
  scatter_where("masked_scatter", "source", self, mask_as("masked_scatter", mask, self), source);
}

void th_masked_copy(const char* fn, TensorImpl* tensor, TensorImpl* mask, TensorImpl* src) {
  const Tensor self = dimmed(Tensor::borrow(tensor)), m = dimmed(Tensor::borrow(mask));
  check_mask(fn, "mask", m);
  scatter_where(fn, "source", self, th_as_shape(fn, "mask", m, self), Tensor::borrow(src));
}

namespace {

Tensor masked_select_into(const Tensor* out, const Tensor& self_in, const Tensor& mask_in) {
  const Tensor self = dimmed(self_in), mask = dimmed(mask_in);
  check_mask("masked_select", "mask", mask);
  const std::vector<int64_t> shape = broadcast_shape("masked_select", "mask", self.sizes(), mask.sizes());
  return select_where("masked_select", out, self.expand(shape), mask.expand(shape));
}

}  // namespace

Tensor masked_select(const Tensor& self, const Tensor& mask) { return masked_select_into(nullptr, self, mask); }

void masked_select_out(Tensor& out, const Tensor& self, const Tensor& mask) { masked_select_into(&out, self, mask); }

void th_masked_select(const char* fn, TensorImpl* tensor, TensorImpl* src, TensorImpl* mask) {
  const Tensor self = dimmed(Tensor::borrow(src)), m = dimmed(Tensor::borrow(mask));
  check_mask(fn, "mask", m);
  const Tensor out = Tensor::borrow(tensor);
  select_where(fn, &out, self, th_as_shape(fn, "mask", m, self));
}

Tensor nonzero(const Tensor& self) { return nonzero_into("nonzero", nullptr, self); }

void nonzero_out(Tensor& out, const Tensor& self) { nonzero_into("nonzero", &out, self); }

void th_nonzero(const char* fn, TensorImpl* subscript, TensorImpl* tensor) {
  const Tensor out = Tensor::borrow(subscript);
  nonzero_into(fn, &out, Tensor::borrow(tensor));
}

}  // namespace ember::rt
