#include "runtime/th_plan.h"

#include "ember/error.h"
#include "ember/tensor.h"
#include "ember/views.h"
#include "runtime/reduce_plan.h"
#include "runtime/tensor_operands.h"

namespace ember::th {

namespace {

bool same_shape(const TensorImpl* a, const TensorImpl* b) { return rt::sizes(a) == rt::sizes(b); }

// A contiguous copy of t (one reference).
TensorImpl* contiguous_copy(const TensorImpl* t) {
  return Tensor::borrow(const_cast<TensorImpl*>(t)).contiguous().release();
}

}  // namespace

template <int NIn>
ThPointwise<NIn>::ThPointwise(const char* op, TensorImpl* out, const std::array<ThInput, NIn>& inputs,
                              bool resize_out)
    : out_(out) {
  const TensorImpl* first = nullptr;
  for (const ThInput& in : inputs)
    if (in.tensor) {
      first = in.tensor;
      break;
    }
  if (resize_out && first && first != out) rt::resize_as(out, first);
  const int64_t n = rt::numel(out);
  bool shapes_agree = true;
  for (const ThInput& in : inputs) {
    if (!in.tensor) continue;
    if (rt::numel(in.tensor) != n)
      fail(ErrorKind::Value, str(op, ": ", in.arg, " has ", rt::numel(in.tensor), " elements but the result has ", n,
                                 " (TH needs equal element counts)"), in.arg);
    shapes_agree = shapes_agree && same_shape(in.tensor, out);
  }
  try {
    // Equal counts but different shapes: traverse everything as flat
    // contiguous vectors, as TH did, using contiguous stand-ins.
    const TensorImpl* loop_out = out;
    std::array<const TensorImpl*, NIn> loop_in{};
    for (int i = 0; i < NIn; ++i) loop_in[i] = inputs[i].tensor;
    if (!shapes_agree) {
      if (!rt::is_contiguous(out)) {
        target_ = rt::tensor_empty(rt::dtype(out), {n});
        loop_out = target_;
      }
      for (int i = 0; i < NIn; ++i)
        if (loop_in[i] && !rt::is_contiguous(loop_in[i])) loop_in[i] = copies_[i] = contiguous_copy(loop_in[i]);
    }
    const int64_t flat[1] = {n};
    if (shapes_agree) rt::set_loop_shape(ops_, rt::sizes(out));
    else rt::set_loop_shape(ops_, IntList(flat, 1));
    auto place = [&](int i, const TensorImpl* t) {
      if (shapes_agree) {
        rt::set_operand(ops_, i, t);
      } else {  // contiguous: element k at k * element size
        ops_.strides[i][0] = static_cast<int64_t>(element_size(rt::dtype(t)));
        ops_.data[i] = rt::data_bytes(t);
      }
    };
    place(0, loop_out);
    for (int i = 0; i < NIn; ++i) {
      if (loop_in[i]) place(i + 1, loop_in[i]);
      else rt::set_scalar_operand(ops_, i + 1, inputs[i].value);
    }
  } catch (...) {
    release();
    throw;
  }
}

template <int NIn>
ThPointwise<NIn>::~ThPointwise() {
  release();
}

template <int NIn>
void ThPointwise<NIn>::release() {
  rt::tensor_release(target_);
  target_ = nullptr;
  for (TensorImpl*& c : copies_) {
    rt::tensor_release(c);
    c = nullptr;
  }
}

template <int NIn>
void ThPointwise<NIn>::finish() {
  if (!target_) return;
  // out is non-contiguous with its own shape: copy element k to its k-th element.
  Tensor dst = Tensor::borrow(out_);
  Tensor src = Tensor::adopt(rt::view(target_, rt::sizes(out_)));
  dst.copy_(src);
}

template class ThPointwise<0>;
template class ThPointwise<1>;
template class ThPointwise<2>;
template class ThPointwise<3>;

int64_t th_reduce_dim(const char* op, TensorImpl* out, const TensorImpl* self, int64_t dim, bool keepdim,
                      kernels::Operands<2>& ops) {
  dim = rt::wrap_dim(dim, self->nDimension, op);
  std::vector<int64_t> shape = rt::reduced_shape(self, dim, keepdim);
  if (shape.empty()) shape = {1};  // TH has no 0-dim tensors
  rt::resize(out, shape, {}, op);
  rt::set_reduce_operands<2>(ops, self, dim, keepdim, {out});
  return dim;
}

int64_t th_reduce_dim_index(const char* op, TensorImpl* values, TensorImpl* indices, const TensorImpl* self,
                            int64_t dim, bool keepdim, kernels::Operands<3>& ops) {
  dim = rt::wrap_dim(dim, self->nDimension, op);
  if (self->nDimension > 0 && self->size[dim] == 0)
    fail(ErrorKind::Value, str(op, ": cannot reduce over dim ", dim, " of size 0 (there is no element to pick)"), "self");
  std::vector<int64_t> shape = rt::reduced_shape(self, dim, keepdim);
  if (shape.empty()) shape = {1};  // TH has no 0-dim tensors
  rt::resize(values, shape, {}, op);
  rt::resize(indices, shape, {}, op);
  rt::set_reduce_operands<3>(ops, self, dim, keepdim, {values, indices});
  return dim;
}

}  // namespace ember::th

namespace ember::th {

TensorImpl* to_th_geometry(TensorImpl* t) {
  if (rt::is_scalar(t)) {
    const int64_t one[1] = {1};
    rt::set_storage(t, t->storage, t->storageOffset, IntList(one, 1), IntList(one, 1), "to_th");
  }
  return t;
}

}  // namespace ember::th
