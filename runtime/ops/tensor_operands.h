// Turns tensors into the kernels' Operands: the one place where tensor
// geometry (elements, broadcasting) becomes loop geometry (bytes).
#pragma once

#include "ember/int_list.h"
#include "ember/tensor_impl.h"
#include "kernels/operands.h"

namespace ember::rt {

template <int N>
void set_loop_shape(kernels::Operands<N>& ops, IntList shape) {
  ops.ndim = static_cast<int>(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) ops.shape[d] = shape[d];
}

// Operand i reads/writes `t` broadcast to the loop shape: t's dims align to
// the right, and dims t lacks or has as size 1 get stride 0.
template <int N>
void set_operand(kernels::Operands<N>& ops, int i, const TensorImpl* t) {
  const int64_t esize = static_cast<int64_t>(element_size(dtype(t)));
  const int lead = ops.ndim - t->nDimension;
  for (int d = 0; d < ops.ndim; ++d) {
    const int j = d - lead;
    ops.strides[i][d] = (j < 0 || t->size[j] == 1) ? 0 : t->stride[j] * esize;
  }
  ops.data[i] = data_bytes(t);
}

// Operand i is one value at `data`, repeated everywhere.
template <int N>
void set_scalar_operand(kernels::Operands<N>& ops, int i, const void* data) {
  for (int d = 0; d < ops.ndim; ++d) ops.strides[i][d] = 0;
  ops.data[i] = static_cast<char*>(const_cast<void*>(data));
}

}  // namespace ember::rt

namespace ember::rt {

// The single operand of a whole-tensor reduction: t's own shape and strides.
inline void set_whole_operand(kernels::Operands<1>& ops, const TensorImpl* t) {
  set_loop_shape(ops, sizes(t));
  if (t->nDimension == 0 && !is_scalar(t)) {  // TH's empty tensor: no elements
    ops.ndim = 1;
    ops.shape[0] = 0;
  }
  set_operand(ops, 0, t);
}

}  // namespace ember::rt
