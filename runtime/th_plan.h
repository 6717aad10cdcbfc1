// Pointwise and reduction ops with TH's semantics (the C API): the result
// tensor is resized like the first input, inputs need equal element counts
// rather than equal shapes, and each is traversed in its own row-major
// order. Generated C wrappers build one of these, then run the typed
// kernel directly on its operands (no dtype switch on this path).
#pragma once

#include <array>

#include "ember/tensor_impl.h"
#include "kernels/operands.h"

namespace ember::th {

// A C argument feeding a pointwise kernel: a tensor, or one value of the
// kernel's element type (TH's `real value`).
struct ThInput {
  const TensorImpl* tensor = nullptr;
  const void* value = nullptr;
  const char* arg = nullptr;  // the op's argument name, for errors
};

template <int NIn>
class ThPointwise {
 public:
  // With `resize_out`, `out` is resized like the first tensor input (TH's
  // r_ arguments); in-place forms (fill, copy) keep it as it is.
  ThPointwise(const char* op, TensorImpl* out, const std::array<ThInput, NIn>& inputs, bool resize_out);
  ~ThPointwise();
  ThPointwise(const ThPointwise&) = delete;
  ThPointwise& operator=(const ThPointwise&) = delete;

  kernels::Operands<NIn + 1>& operands() { return ops_; }
  // Writes the result into `out` when it was computed elsewhere.
  void finish();

 private:
  void release();
  kernels::Operands<NIn + 1> ops_;
  TensorImpl* out_;
  TensorImpl* target_ = nullptr;             // contiguous stand-in for out, or null
  std::array<TensorImpl*, NIn> copies_{};    // contiguous copies of inputs, or null
};

// TH's reductions along a dim: resizes `out` (any dtype) to the reduced
// shape and returns operands where out has stride 0 along `dim`.
// `dim` is checked and wrapped; returns the wrapped dim.
int64_t th_reduce_dim(const char* op, TensorImpl* out, const TensorImpl* self, int64_t dim, bool keepdim,
                      kernels::Operands<2>& ops);
int64_t th_reduce_dim_index(const char* op, TensorImpl* values, TensorImpl* indices, const TensorImpl* self,
                            int64_t dim, bool keepdim, kernels::Operands<3>& ops);

}  // namespace ember::th
