#include "runtime/ops/masked_ops.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "ember/error.h"
#include "ember/ops/clone.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/copy.h"
#include "ember/ops/max.h"
#include "ember/ops/ne.h"
#include "ember/ops/expand.h"
#include "ember/ops/sum.h"
#include "ember/ops/sum_dim.h"
#include "ember/ops/view.h"
#include "kernels/cuda/masked.h"
#include "kernels/masked.h"
#include "runtime/core/device_memory.h"
#include "runtime/ops/device_guard.h"
#include "runtime/ops/index_plan.h"
#include "runtime/ops/output.h"
#include "runtime/ops/structure_ops.h"
#include "runtime/ops/tensor_operands.h"
#include "runtime/ops/without_cuda.h"

namespace ember::rt {

namespace {

using kernels::Operands;

// The mask broadcast to self's shape (in place, self cannot grow).
TensorBase mask_as(const char* op, const TensorBase& mask, const TensorBase& self) {
  if (broadcast_shape(op, "mask", self.sizes(), mask.sizes()) != self.sizes().vec())
    fail(ErrorKind::Value, str(op, ": mask of shape ", sizes_text(mask.sizes()), " does not broadcast to self's shape ",
                               sizes_text(self.sizes())), "mask");
  return mask.sizes() == self.sizes() ? mask : base::expand(mask, self.sizes());
}

// TH pairs a mask with a tensor of the same element count, each read in
// its own row-major order: `t` in `like`'s shape.
TensorBase th_as_shape(const char* fn, const char* arg, const TensorBase& t, const TensorBase& like) {
  if (t.numel() != like.numel())
    fail(ErrorKind::Value, str(fn, ": ", arg, " has ", t.numel(), " elements but the tensor has ", like.numel(),
                               " (TH needs equal element counts)"), arg);
  if (t.sizes() == like.sizes() || like.numel() == 0) return t;
  return base::view(base::contiguous(t), like.sizes());
}

Operands<2> pair(const TensorBase& a, const TensorBase& b) {
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
void fill_where(const char* op, const TensorBase& self, const TensorBase& mask, const Scalar& value) {
  alignas(8) char bytes[8];
  store_value(value, self.dtype(), bytes);
  const Operands<2> ops = pair(self, mask);
  if (self.device().is_cuda()) {
#ifdef EMBER_CUDA
    CudaDeviceScope scope(self.device(), op);
    return kernels::cuda::masked_fill(op, self.element_size(), ops, bytes);
#else
    without_cuda(op, self.device());
#endif
  }
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    S v;
    std::memcpy(&v, bytes, sizeof v);
    kernels::masked_fill<S>(ops, v);
  });
}

// The positions of the set elements of `flags` (a dense bool or 0/1 uint8
// device tensor), in order, by CUB's flagged selection: an int64 tensor
// with room for `count` of them.
TensorBase positions_on_device(const char* op, const TensorBase& flags, int64_t count) {
#ifdef EMBER_CUDA
  const Device device = flags.device();
  TensorBase positions = empty({std::max<int64_t>(count, 1)}, DType::Long, device);
  const int64_t n = flags.numel();
  const size_t bytes = kernels::cuda::flagged_positions_bytes(op, n);
  const TensorBase scratch = empty({static_cast<int64_t>(bytes)}, DType::Byte, device);
  CudaDeviceScope scope(device, op);
  kernels::cuda::flagged_positions(op, flags.data_ptr(), positions.data<int64_t>(), n, scratch.data_ptr(), bytes);
  return positions;
#else
  (void)count;
  without_cuda(op, flags.device());
#endif
}

// scatter_where's writes on a CUDA device: the k-th set element of the
// mask, in row-major order, takes src[k].
void scatter_on_device(const char* op, const TensorBase& target, const TensorBase& mask, const TensorBase& src) {
  const TensorBase flags = base::contiguous(mask);
  const int64_t count = count_mask(flags);
  const TensorBase positions = positions_on_device(op, flags, count);
#ifdef EMBER_CUDA
  Operands<1> ops;
  set_loop_shape(ops, target.sizes());
  set_operand(ops, 0, target.impl());
  CudaDeviceScope scope(target.device(), op);
  kernels::cuda::scatter_at_positions(op, target.element_size(), kernels::in_order(ops), positions.data<int64_t>(),
                                      count, src.data_ptr());
#else
  (void)src;
#endif
}

// The in-place masked ops: `self` (of mask's shape) written where mask is
// set by `write(target, mask)`, once every argument is checked.
template <class F>
void update_where(const char* op, const TensorBase& self, const TensorBase& mask,
                  std::initializer_list<const TensorBase*> reads, Reads how, const F& write) {
  Output result(op, &self, "self");
  const TensorBase& target = result.target(self.sizes(), self.dtype(), reads, how, true);
  write(target, mask);
  result.finish();
}

// self (of mask's shape) takes source's elements in order where mask is set.
void scatter_where(const char* op, const char* source_arg, const TensorBase& self, const TensorBase& mask,
                   const TensorBase& source) {
  const int64_t n = count_mask(mask);
  if (n > source.numel())
    fail(ErrorKind::Value, str(op, ": mask has ", n, " set elements but ", source_arg, " only ", source.numel()),
         source_arg);
  const TensorBase src = base::contiguous(source);
  update_where(op, self, mask, {&mask, &src}, Reads::Any, [&](const TensorBase& target, const TensorBase& m) {
    if (target.device().is_cuda()) return scatter_on_device(op, target, m, src);
    const Operands<2> ops = pair(target, m);
    by_element_size(self.element_size(), [&](auto s) {
      using S = decltype(s);
      kernels::masked_scatter<S>(ops, static_cast<const S*>(src.data_ptr()));
    });
  });
}

void fill_into(const char* op, const TensorBase& self, const TensorBase& mask, const Scalar& value) {
  update_where(op, self, mask, {&mask}, Reads::Elementwise,
               [&](const TensorBase& target, const TensorBase& m) { fill_where(op, target, m, value); });
}

// select_where on a CUDA device: CUB's flagged selection over dense copies
// of self and the mask, into the target or, when that is strided, a dense
// tensor copied there.
void select_on_device(const char* op, const TensorBase& target, const TensorBase& self, const TensorBase& mask) {
#ifdef EMBER_CUDA
  const TensorBase in = base::contiguous(self), flags = base::contiguous(mask);
  TensorBase dense = target.is_contiguous() ? target : empty(target.sizes(), target.dtype(), target.device());
  const int64_t n = in.numel();
  const size_t bytes = kernels::cuda::select_flagged_bytes(op, in.element_size(), n);
  const TensorBase scratch = empty({static_cast<int64_t>(bytes)}, DType::Byte, self.device());
  {
    CudaDeviceScope scope(self.device(), op);
    kernels::cuda::select_flagged(op, in.element_size(), in.data_ptr(), flags.data_ptr(), dense.data_ptr(), n,
                                  scratch.data_ptr(), bytes);
  }
  if (dense.data_ptr() != target.data_ptr()) {
    TensorBase written = target;
    base::copy_(written, dense);
  }
#else
  (void)target, (void)mask;
  without_cuda(op, self.device());
#endif
}

// A 1-d result (out= when given) of self's elements where mask (of
// self's shape) is set.
TensorBase select_where(const char* op, const TensorBase* out, const TensorBase& self, const TensorBase& mask) {
  Output result(op, out, "out");
  result.check_dtype(self.dtype());
  const int64_t n = count_mask(mask);
  const TensorBase& target = result.target({n}, self.dtype(), {&self, &mask}, Reads::Any);
  if (self.device().is_cuda()) {
    select_on_device(op, target, self, mask);
    return result.finish();
  }
  const Operands<2> ops = pair(self, mask);
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    kernels::masked_select<S>(ops, static_cast<S*>(target.data_ptr()), target.stride(0));
  });
  return result.finish();
}

// The [n, dims] subscripts of self's nonzero elements (out= when given).
TensorBase nonzero_into(const char* op, const TensorBase* out, const TensorBase& self) {
  Output result(op, out, "out");
  result.check_dtype(DType::Long);
  if (self.device().is_cuda()) {
    // ne(x, 0): -0 is zero and NaN is not, as below.
    const TensorBase flags = base::contiguous(base::ne(self, Scalar(0)));
    const int64_t n = count_mask(flags);
    const TensorBase& target = result.target({n, self.dim()}, DType::Long, {&self}, Reads::Any);
    const TensorBase positions = positions_on_device(op, flags, n);
#ifdef EMBER_CUDA
    CudaDeviceScope scope(self.device(), op);
    kernels::cuda::positions_to_subscripts(op, positions.data<int64_t>(), n, self.sizes().data(),
                                           static_cast<int>(self.dim()), static_cast<char*>(target.data_ptr()),
                                           target.stride(0) * 8, target.dim() > 1 ? target.stride(1) * 8 : 0);
#endif
    return result.finish();
  }
  Operands<1> ops;
  set_whole_operand(ops, self.impl());
  const bool floating = is_floating(self.dtype());
  by_element_size(self.element_size(), [&](auto s) {
    using S = decltype(s);
    // The sign bit of a floating element does not make it nonzero.
    const S ignore = floating ? static_cast<S>(S{1} << (8 * sizeof(S) - 1)) : S{0};
    const int64_t n = kernels::count_nonzero<S>(ops, ignore);
    const TensorBase& target = result.target({n, self.dim()}, DType::Long, {&self}, Reads::Any);
    kernels::nonzero<S>(ops, ignore, n, target.data<int64_t>(), target.stride(0), target.stride(1));
  });
  return result.finish();
}

Scalar value_item(const char* op, const TensorBase& value) {
  if (value.dim() != 0)
    fail(ErrorKind::Value, str(op, ": a tensor value must be 0-dim, got one of shape ", sizes_text(value.sizes())),
         "value");
  return value.item();
}

}  // namespace

void check_mask(const char* op, const char* arg, const TensorBase& mask) {
  if (mask.dtype() != DType::Bool && mask.dtype() != DType::Byte)
    fail(ErrorKind::Type, str(op, ": ", arg, " must be a bool or uint8 tensor, got ", dtype_name(mask.dtype())), arg);
  if (mask.dtype() == DType::Byte && mask.device().is_cuda()) {
    // The largest byte, by the device's reduction (one number read back).
    if (mask.numel() > 0 && base::max(mask).item<int64_t>() > 1)
      fail(ErrorKind::Value, str(op, ": a uint8 ", arg, " may hold only 0 and 1"), arg);
  } else if (mask.dtype() == DType::Byte) {
    Operands<1> ops;
    set_whole_operand(ops, mask.impl());
    if (kernels::has_byte_above_one(ops)) fail(ErrorKind::Value, str(op, ": a uint8 ", arg, " may hold only 0 and 1"), arg);
  }
}

int64_t count_mask(const TensorBase& mask) { return mask.numel() == 0 ? 0 : base::sum(mask).item<int64_t>(); }

TensorBase masked_fill(const TensorBase& self_in, const TensorBase& mask_in, const Scalar& value) {
  const TensorBase self = dimmed(self_in), mask = dimmed(mask_in);
  common_device("masked_fill", {{&self, "self"}, {&mask, "mask"}});
  check_mask("masked_fill", "mask", mask);
  const std::vector<int64_t> shape = broadcast_shape("masked_fill", "mask", self.sizes(), mask.sizes());
  TensorBase result = base::clone(base::expand(self, shape));
  fill_into("masked_fill", result, base::expand(mask, shape), value);
  return result;
}

TensorBase masked_fill(const TensorBase& self, const TensorBase& mask, const TensorBase& value) {
  return rt::masked_fill(self, mask, value_item("masked_fill", value));
}

void masked_fill_(TensorBase& self_in, const TensorBase& mask_in, const Scalar& value) {
  const TensorBase self = dimmed(self_in), mask = dimmed(mask_in);
  common_device("masked_fill", {{&self, "self"}, {&mask, "mask"}});
  check_mask("masked_fill", "mask", mask);
  fill_into("masked_fill", self, mask_as("masked_fill", mask, self), value);
}

void masked_fill_(TensorBase& self, const TensorBase& mask, const TensorBase& value) {
  rt::masked_fill_(self, mask, value_item("masked_fill", value));
}

void th_masked_fill(const char* fn, TensorImpl* tensor, TensorImpl* mask, const Scalar& value) {
  const TensorBase self = dimmed(TensorBase::borrow(tensor)), m = dimmed(TensorBase::borrow(mask));
  common_device(fn, {{&self, "tensor"}, {&m, "mask"}});
  check_mask(fn, "mask", m);
  fill_into(fn, self, th_as_shape(fn, "mask", m, self), value);
}

TensorBase masked_scatter(const TensorBase& self_in, const TensorBase& mask_in, const TensorBase& source) {
  const TensorBase self = dimmed(self_in), mask = dimmed(mask_in);
  common_device("masked_scatter", {{&self, "self"}, {&mask, "mask"}, {&source, "source"}});
  check_mask("masked_scatter", "mask", mask);
  check_same_dtype("masked_scatter", "source", source, self);
  const std::vector<int64_t> shape = broadcast_shape("masked_scatter", "mask", self.sizes(), mask.sizes());
  TensorBase result = base::clone(base::expand(self, shape));
  scatter_where("masked_scatter", "source", result, base::expand(mask, shape), source);
  return result;
}

void masked_scatter_(TensorBase& self_in, const TensorBase& mask_in, const TensorBase& source) {
  const TensorBase self = dimmed(self_in), mask = dimmed(mask_in);
  common_device("masked_scatter", {{&self, "self"}, {&mask, "mask"}, {&source, "source"}});
  check_mask("masked_scatter", "mask", mask);
  check_same_dtype("masked_scatter", "source", source, self);
  scatter_where("masked_scatter", "source", self, mask_as("masked_scatter", mask, self), source);
}

void th_masked_copy(const char* fn, TensorImpl* tensor, TensorImpl* mask, TensorImpl* src) {
  const TensorBase self = dimmed(TensorBase::borrow(tensor)), m = dimmed(TensorBase::borrow(mask));
  const TensorBase source = TensorBase::borrow(src);
  common_device(fn, {{&self, "tensor"}, {&m, "mask"}, {&source, "src"}});
  check_mask(fn, "mask", m);
  scatter_where(fn, "source", self, th_as_shape(fn, "mask", m, self), TensorBase::borrow(src));
}

namespace {

TensorBase masked_select_into(const TensorBase* out, const TensorBase& self_in, const TensorBase& mask_in) {
  const TensorBase self = dimmed(self_in), mask = dimmed(mask_in);
  common_device("masked_select", {{&self, "self"}, {&mask, "mask"}, {out, "out"}});
  check_mask("masked_select", "mask", mask);
  const std::vector<int64_t> shape = broadcast_shape("masked_select", "mask", self.sizes(), mask.sizes());
  return select_where("masked_select", out, base::expand(self, shape), base::expand(mask, shape));
}

}  // namespace

TensorBase masked_select(const TensorBase& self, const TensorBase& mask) {
  return masked_select_into(nullptr, self, mask);
}

TensorBase select_by_mask(const char* op, const char* arg, const TensorBase& self, const TensorBase& mask) {
  check_mask(op, arg, mask);
  return select_where(op, nullptr, self, mask);
}

void masked_select_out(TensorBase& out, const TensorBase& self, const TensorBase& mask) {
  masked_select_into(&out, self, mask);
}

void th_masked_select(const char* fn, TensorImpl* tensor, TensorImpl* src, TensorImpl* mask) {
  const TensorBase self = dimmed(TensorBase::borrow(src)), m = dimmed(TensorBase::borrow(mask));
  const TensorBase out_given = TensorBase::borrow(tensor);
  common_device(fn, {{&self, "src"}, {&m, "mask"}, {&out_given, "tensor"}});
  check_mask(fn, "mask", m);
  const TensorBase out = TensorBase::borrow(tensor);
  select_where(fn, &out, self, th_as_shape(fn, "mask", m, self));
}

TensorBase nonzero(const TensorBase& self) { return nonzero_into("nonzero", nullptr, self); }

void nonzero_out(TensorBase& out, const TensorBase& self) {
  common_device("nonzero", {{&self, "self"}, {&out, "out"}});
  nonzero_into("nonzero", &out, self);
}

void th_nonzero(const char* fn, TensorImpl* subscript, TensorImpl* tensor) {
  const TensorBase out = TensorBase::borrow(subscript), self = TensorBase::borrow(tensor);
  common_device(fn, {{&self, "tensor"}, {&out, "subscript"}});
  nonzero_into(fn, &out, TensorBase::borrow(tensor));
}

}  // namespace ember::rt
