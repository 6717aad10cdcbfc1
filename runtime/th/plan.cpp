#include "runtime/th/plan.h"

#include "ember/error.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/copy.h"
#include "ember/ops/reshape.h"
#include "ember/ops/view.h"
#include "ember/tensor_base.h"
#include "ember/views.h"
#include "runtime/core/device_memory.h"
#include "runtime/core/empty_tensor.h"
#include "runtime/ops/nonzero_check.h"
#include "runtime/ops/reduce_plan.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::th {

template <int NIn>
ThPointwise<NIn>::ThPointwise(const char* op, TensorImpl* out, const std::array<ThInput, NIn>& inputs, bool resize_out)
    : given_(TensorBase::borrow(out)), out_(op, &given_, "out") {
  const TensorImpl* first = nullptr;
  for (const ThInput& in : inputs)
    if (in.tensor) {
      first = in.tensor;
      break;
    }
  const TensorImpl* like = resize_out && first ? first : out;
  const int64_t n = rt::numel(like);
  bool shapes_agree = true;
  std::array<const TensorBase*, NIn> reads{};
  for (int i = 0; i < NIn; ++i) {
    const ThInput& in = inputs[i];
    if (!in.tensor) continue;
    if (rt::numel(in.tensor) != n)
      fail(ErrorKind::Value, str(op, ": ", in.arg, " has ", rt::numel(in.tensor), " elements but the result has ", n,
                                 " (TH needs equal element counts)"), in.arg);
    shapes_agree = shapes_agree && rt::sizes(in.tensor) == rt::sizes(like);
    inputs_[i] = TensorBase::borrow(const_cast<TensorImpl*>(in.tensor));
    reads[i] = &inputs_[i];
  }
  for (const ThInput& in : inputs) {
    if (!in.nonzero) continue;
    if (in.tensor && is_integral(rt::dtype(in.tensor))) rt::require_nonzero(op, in.tensor, in.arg);
    if (in.value && first && is_integral(rt::dtype(first))) rt::require_nonzero(op, rt::dtype(first), in.value, in.arg);
  }
  if (n == 0) {  // nothing to compute; TH's empty tensor (no dims) is no 0-dim shape
    if (like != out) rt::resize_as(out, like);
    ops_.ndim = 1;
    ops_.shape[0] = 0;
    return;
  }
  target_ = out_.target(rt::sizes(like), rt::dtype(out), reads.data(), NIn, rt::Reads::Elementwise);
  // Equal counts but different shapes: traverse everything as flat
  // contiguous vectors, as TH did, using contiguous stand-ins.
  const int64_t flat_shape[1] = {n};
  if (shapes_agree) {
    rt::set_loop_shape(ops_, rt::sizes(like));
  } else {
    rt::set_loop_shape(ops_, IntList(flat_shape, 1));
    if (!target_.is_contiguous()) flat_ = rt::empty({n}, target_.dtype(), target_.device());
    for (TensorBase& in : inputs_)
      if (in.defined() && !in.is_contiguous()) in = base::contiguous(in);
  }
  auto place = [&](int i, const TensorBase& t) {
    if (shapes_agree) {
      rt::set_operand(ops_, i, t.impl());
    } else {  // contiguous: element k at k * element size
      ops_.strides[i][0] = static_cast<int64_t>(t.element_size());
      ops_.data[i] = static_cast<char*>(t.data_ptr());
    }
  };
  place(0, flat_.defined() ? flat_ : target_);
  for (int i = 0; i < NIn; ++i) {
    if (inputs_[i].defined()) place(i + 1, inputs_[i]);
    else rt::set_scalar_operand(ops_, i + 1, inputs[i].value);
  }
}

template <int NIn>
void ThPointwise<NIn>::finish() {
  if (!target_.defined()) return;  // nothing was computed
  // target_ is non-contiguous with its own shape: element k to its k-th element.
  if (flat_.defined()) base::copy_(target_, base::view(flat_, target_.sizes()));
  out_.finish();
}

namespace {

// t's element count when it is dense in row-major order, else 0 (as for
// no elements: neither is taken by contiguous_operands). One pass, inline:
// rt::numel and rt::is_contiguous, each a loop and the second a call
// through the PLT, were a quarter of a 4-element cadd (B10).
int64_t dense_numel(const TensorImpl* t) {
  if (t->nDimension == 0) return rt::is_scalar(t) ? 1 : 0;
  int64_t expected = 1;
  for (int d = t->nDimension - 1; d >= 0; --d) {
    const int64_t size = t->size[d];
    if (size != 1 && t->stride[d] != expected) return 0;
    expected *= size;
  }
  return expected;
}

// a and b have one shape and one set of strides.
bool same_geometry(const TensorImpl* a, const TensorImpl* b) {
  const int nd = a->nDimension;
  if (nd != b->nDimension || rt::is_scalar(a) != rt::is_scalar(b)) return false;
  for (int d = 0; d < nd; ++d)
    if (a->size[d] != b->size[d] || a->stride[d] != b->stride[d]) return false;
  return true;
}

bool on_cpu(const TensorImpl* t) {
  return t->storage && static_cast<DeviceType>(t->storage->deviceType) == DeviceType::CPU;
}

}  // namespace

template <int NIn>
bool contiguous_operands(TensorImpl* out, const std::array<ThInput, NIn>& inputs, kernels::Operands<NIn + 1>& ops) {
  if (!on_cpu(out)) return false;
  const int64_t n = dense_numel(out);
  if (n == 0) return false;
  char* const out_begin = rt::data_bytes(out);
  const int64_t out_size = static_cast<int64_t>(element_size(rt::dtype(out)));
  char* const out_end = out_begin + n * out_size;
  for (const ThInput& in : inputs) {
    if (in.nonzero) return false;
    const TensorImpl* t = in.tensor;
    if (!t) continue;
    // out's sizes and strides: contiguous too (a size-1 dim's stride that
    // differs sends the call to the plan, which does not mind it).
    if (!on_cpu(t) || !same_geometry(t, out)) return false;
    const char* const begin = rt::data_bytes(t);
    const int64_t size = static_cast<int64_t>(element_size(rt::dtype(t)));
    // Note [output aliasing] for two dense tensors of one shape, written
    // out: rt::may_overlap and rt::same_elements in general form cost 26 ns
    // here, half of a 4-element cadd (B10).
    const bool same = begin == out_begin && size == out_size;
    if (!same && begin < out_end && out_begin < begin + n * size) return false;
  }
  ops.ndim = 1;
  ops.shape[0] = n;
  ops.strides[0][0] = out_size;
  ops.data[0] = out_begin;
  for (int i = 0; i < NIn; ++i) {
    if (const TensorImpl* t = inputs[i].tensor) {
      ops.strides[i + 1][0] = static_cast<int64_t>(element_size(rt::dtype(t)));
      ops.data[i + 1] = rt::data_bytes(t);
    } else {
      rt::set_scalar_operand(ops, i + 1, inputs[i].value);
    }
  }
  return true;
}

template bool contiguous_operands<0>(TensorImpl*, const std::array<ThInput, 0>&, kernels::Operands<1>&);
template bool contiguous_operands<1>(TensorImpl*, const std::array<ThInput, 1>&, kernels::Operands<2>&);
template bool contiguous_operands<2>(TensorImpl*, const std::array<ThInput, 2>&, kernels::Operands<3>&);
template bool contiguous_operands<3>(TensorImpl*, const std::array<ThInput, 3>&, kernels::Operands<4>&);

template class ThPointwise<0>;
template class ThPointwise<1>;
template class ThPointwise<2>;
template class ThPointwise<3>;

template <int NIn>
void pointwise_on_device(const char* fn, TensorImpl* out, const std::array<ThInput, NIn>& inputs, bool resize_out,
                         const rt::CudaPointwiseKernel<NIn + 1>* cuda) {
  const TensorImpl* first = out;
  const char* first_arg = "out";
  for (const ThInput& in : inputs)
    if (in.tensor) {
      first = in.tensor;
      first_arg = in.arg;
      break;
    }
  // (TH's empty tensor may have no storage yet: the THC call's device.)
  const Device device = first->storage ? rt::device(first) : rt::default_device();
  const auto check = [&](const TensorImpl* t, const char* arg) {
    if (t->storage && rt::device(t) != device)
      fail(ErrorKind::Runtime, str(fn, ": expected all tensors on one device, but ", arg, " is on ",
                                   rt::device(t).str(), " and ", first_arg, " on ", device.str()), arg);
  };
  check(out, "out");
  unsigned host_values = 0;  // TH's `real value` arguments are host numbers
  for (int i = 0; i < NIn; ++i) {
    if (inputs[i].tensor) check(inputs[i].tensor, inputs[i].arg);
    else host_values |= 1u << (i + 1);
  }
  const DType compute = rt::dtype(first);
  rt::CudaDeviceScope scope(device, fn);  // no GPU, or no CUDA in this build: a clear error here
  // Every THC form has its op's kernel; a build without CUDA has none and
  // stopped above.
  if (!cuda) fail(ErrorKind::Type, str(fn, ": not implemented for CUDA tensors"), first_arg);
  rt::DefaultDeviceScope storages(device);  // new storages (a resized out) are made there too
  ThPointwise<NIn> plan(fn, out, inputs, resize_out);
  kernels::Operands<NIn + 1>& ops = plan.operands();
  int64_t n = 1;
  for (int d = 0; d < ops.ndim; ++d) n *= ops.shape[d];
  if (n > 0) (*cuda)(compute, ops, host_values);
  plan.finish();
}

template void pointwise_on_device<0>(const char*, TensorImpl*, const std::array<ThInput, 0>&, bool,
                                         const rt::CudaPointwiseKernel<1>*);
template void pointwise_on_device<1>(const char*, TensorImpl*, const std::array<ThInput, 1>&, bool,
                                         const rt::CudaPointwiseKernel<2>*);
template void pointwise_on_device<2>(const char*, TensorImpl*, const std::array<ThInput, 2>&, bool,
                                         const rt::CudaPointwiseKernel<3>*);
template void pointwise_on_device<3>(const char*, TensorImpl*, const std::array<ThInput, 3>&, bool,
                                         const rt::CudaPointwiseKernel<4>*);

template <int N>
ThReduce<N>::ThReduce(const char* op, const std::array<TensorImpl*, N>& outs, const TensorImpl* self, int64_t dim,
                      bool keepdim) {
  static const char* const kArgs[] = {"values", "indices"};
  for (int k = 0; k < N; ++k) {
    given_[k] = TensorBase::borrow(outs[k]);
    outs_[k].emplace(op, &given_[k], N == 1 ? "out" : kArgs[k]);
  }
  if constexpr (N == 2) rt::check_distinct_outputs(op, given_[0], given_[1], "indices");
  input_ = rt::dimmed(TensorBase::borrow(const_cast<TensorImpl*>(self)));
  const TensorImpl* in = input_.impl();
  dim_ = rt::wrap_dim(dim, in->nDimension, op);
  if (N == 2 && in->nDimension > 0 && in->size[dim_] == 0)
    fail(ErrorKind::Value, str(op, ": cannot reduce over dim ", dim_, " of size 0 (there is no element to pick)"), "self");
  std::vector<int64_t> shape = rt::reduced_shape(in, dim_, keepdim);
  if (shape.empty()) shape = {1};  // TH has no 0-dim tensors
  const TensorBase self_t = TensorBase::borrow(const_cast<TensorImpl*>(self));
  std::array<const TensorImpl*, N> targets{};
  for (int k = 0; k < N; ++k)
    targets[k] = outs_[k]->target(shape, given_[k].dtype(), {&self_t, &input_}, rt::Reads::Any).impl();
  rt::set_reduce_operands<N + 1>(ops_, in, dim_, keepdim, targets);
}

template <int N>
void ThReduce<N>::finish() {
  for (auto& out : outs_) out->finish();
}

template class ThReduce<1>;
template class ThReduce<2>;

TensorImpl* to_th_geometry(TensorImpl* t) {
  if (rt::is_scalar(t)) {
    const int64_t one[1] = {1};
    rt::set_storage(t, t->storage, t->storageOffset, IntList(one, 1), IntList(one, 1), "to_th");
  }
  return t;
}

void copy_into(TensorImpl* dst, const TensorImpl* src) {
  rt::resize_as(dst, src);
  TensorBase d = TensorBase::borrow(dst);
  base::copy_(d, TensorBase::borrow(const_cast<TensorImpl*>(src)));
}

bool copy_on_device(const char* op, TensorImpl* dst, const TensorImpl* src) {
  if (rt::device(dst).is_cpu() && rt::device(src).is_cpu()) return false;
  copy_flat(op, dst, src);
  return true;
}

void copy_flat(const char* op, TensorImpl* dst, const TensorImpl* src) {
  const int64_t n = rt::numel(dst);
  if (rt::numel(src) != n)
    fail(ErrorKind::Value, str(op, ": src has ", rt::numel(src), " elements but the result has ", n,
                               " (TH needs equal element counts)"), "src");
  if (n == 0) return;
  TensorBase d = TensorBase::borrow(dst);
  TensorBase s = TensorBase::borrow(const_cast<TensorImpl*>(src));
  if (s.sizes() != d.sizes()) s = base::reshape(base::contiguous(s), d.sizes());
  base::copy_(d, s);
}

}  // namespace ember::th
