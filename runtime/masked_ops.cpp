#include "runtime/masked_ops.h"

#include <cstring>
#include <vector>

#include "ember/error.h"
#include "kernels/masked.h"
#include "runtime/index_plan.h"
#include "runtime/structure_ops.h"
#include "runtime/tensor_operands.h"

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

void fill_where(const Tensor& self, const Tensor& mask, const Scalar& value) {
  alignas(8) char bytes[8];
  store_value(value, self.dtype(), bytes);
  const Operands<2> ops = pair(self, unaliased(mask, self));
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    S v;
    std::memcpy(&v, bytes, sizeof v);
    kernels::masked_fill<S>(ops, v);
  });
}

// self (of mask's shape) takes source's elements in order where mask is set.
void scatter_where(const char* op, const char* source_arg, const Tensor& self, const Tensor& mask,
                   const Tensor& source) {
  const int64_t n = count_mask(mask);
  if (n > source.numel())
    fail(ErrorKind::Value, str(op, ": mask has ", n, " set elements but ", source_arg, " only ", source.numel()),
         source_arg);
  const Tensor src = unaliased(source, self).contiguous();
  const Operands<2> ops = pair(self, unaliased(mask, self));
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    kernels::masked_scatter<S>(ops, static_cast<const S*>(src.data_ptr()));
  });
}

// out (1-d, resized) takes self's elements where mask (of self's shape) is set.
void select_where(const char* op, const Tensor& out, const Tensor& self, const Tensor& mask) {
  const int64_t n = count_mask(mask);
  resize_out(out, {n}, op);
  check_writable(op, "out", out);
  const bool direct = out.is_contiguous() && !shares_storage(out, self) && !shares_storage(out, mask);
  Tensor target = direct ? out : empty({n}, self.dtype());
  const Operands<2> ops = pair(self, mask);
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    kernels::masked_select<S>(ops, static_cast<S*>(target.data_ptr()));
  });
  if (!direct) Tensor(out).copy_(target);
}

void nonzero_into(const char* op, const Tensor& out, const Tensor& self) {
  Operands<1> ops;
  set_whole_operand(ops, self.impl());
  const bool floating = is_floating(self.dtype());
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    // The sign bit of a floating element does not make it nonzero.
    const S ignore = floating ? static_cast<S>(S{1} << (8 * sizeof(S) - 1)) : S{0};
    const int64_t n = kernels::count_nonzero<S>(ops, ignore);
    resize_out(out, {n, self.dim()}, op);
    check_writable(op, "out", out);
    Tensor target = shares_storage(out, self) ? empty({n, self.dim()}, DType::Long) : out;
    kernels::nonzero<S>(ops, ignore, target.data<int64_t>(), target.stride(0), target.stride(1));
    if (!target.is_same(out)) Tensor(out).copy_(target);
  });
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
  fill_where(result, mask.expand(shape), value);
  return result;
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  return rt::masked_fill(self, mask, value_item("masked_fill", value));
}

void masked_fill_(Tensor& self_in, const Tensor& mask_in, const Scalar& value) {
  const Tensor self = dimmed(self_in), mask = dimmed(mask_in);
  check_mask("masked_fill", "mask", mask);
  check_writable("masked_fill", "self", self);
  fill_where(self, mask_as("masked_fill", mask, self), value);
}

void masked_fill_(Tensor& self, const Tensor& mask, const Tensor& value) {
  rt::masked_fill_(self, mask, value_item("masked_fill", value));
}

void th_masked_fill(const char* fn, TensorImpl* tensor, TensorImpl* mask, const Scalar& value) {
  const Tensor self = dimmed(Tensor::borrow(tensor)), m = dimmed(Tensor::borrow(mask));
  check_mask(fn, "mask", m);
  check_writable(fn, "self", self);
  fill_where(self, th_as_shape(fn, "mask", m, self), value);
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
  check_writable("masked_scatter", "self", self);
  scatter_where("masked_scatter", "source", self, mask_as("masked_scatter", mask, self), source);
}

void th_masked_copy(const char* fn, TensorImpl* tensor, TensorImpl* mask, TensorImpl* src) {
  const Tensor self = dimmed(Tensor::borrow(tensor)), m = dimmed(Tensor::borrow(mask));
  check_mask(fn, "mask", m);
  check_writable(fn, "self", self);
  scatter_where(fn, "source", self, th_as_shape(fn, "mask", m, self), Tensor::borrow(src));
}

Tensor masked_select(const Tensor& self, const Tensor& mask) {
  Tensor out = Tensor::adopt(tensor_new(self.dtype()));
  rt::masked_select_out(out, self, mask);
  return out;
}

void masked_select_out(Tensor& out, const Tensor& self_in, const Tensor& mask_in) {
  const Tensor self = dimmed(self_in), mask = dimmed(mask_in);
  check_mask("masked_select", "mask", mask);
  check_out_dtype("masked_select", out, self.dtype());
  const std::vector<int64_t> shape = broadcast_shape("masked_select", "mask", self.sizes(), mask.sizes());
  select_where("masked_select", out, self.expand(shape), mask.expand(shape));
}

void th_masked_select(const char* fn, TensorImpl* tensor, TensorImpl* src, TensorImpl* mask) {
  const Tensor self = dimmed(Tensor::borrow(src)), m = dimmed(Tensor::borrow(mask));
  check_mask(fn, "mask", m);
  select_where(fn, Tensor::borrow(tensor), self, th_as_shape(fn, "mask", m, self));
}

Tensor nonzero(const Tensor& self) {
  Tensor out = Tensor::adopt(tensor_new(DType::Long));
  nonzero_into("nonzero", out, self);
  return out;
}

void nonzero_out(Tensor& out, const Tensor& self) {
  check_out_dtype("nonzero", out, DType::Long);
  nonzero_into("nonzero", out, self);
}

void th_nonzero(const char* fn, TensorImpl* subscript, TensorImpl* tensor) {
  nonzero_into(fn, Tensor::borrow(subscript), Tensor::borrow(tensor));
}

}  // namespace ember::rt
