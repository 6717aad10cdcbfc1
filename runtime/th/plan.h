// Pointwise and reduction ops with TH's semantics (the C API): the result
// tensor is resized like the first input, inputs need equal element counts
// rather than equal shapes, and each is traversed in its own row-major
// order. Generated C wrappers build one of these (pointwise ones through
// th::pointwise), then run the typed kernel directly on its operands (no
// dtype switch on this path).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <type_traits>

#include "ember/tensor_base.h"
#include "ember/tensor_impl.h"
#include "kernels/operands.h"
#include "runtime/core/default_device.h"
#include "runtime/core/function_ref.h"
#include "runtime/ops/copy_plan.h"
#include "runtime/ops/output.h"
#include "runtime/ops/pointwise_plan.h"

namespace ember::th {

// A C argument feeding a pointwise kernel: a tensor, or one value of the
// kernel's element type (TH's `real value`).
struct ThInput {
  const TensorImpl* tensor = nullptr;
  const void* value = nullptr;  // of the first tensor input's dtype
  const char* arg = nullptr;    // the op's argument name, for errors
  bool nonzero = false;         // a divisor: no zero for integral dtypes (runtime/ops/nonzero_check.h)
};

template <int NIn>
class ThPointwise {
 public:
  // With `resize_out`, `out` is resized like the first tensor input (TH's
  // r_ arguments); in-place forms (fill, copy) keep it as it is. Note
  // [output aliasing] applies: out may be (or overlap) an input.
  ThPointwise(const char* op, TensorImpl* out, const std::array<ThInput, NIn>& inputs, bool resize_out);

  kernels::Operands<NIn + 1>& operands() { return ops_; }
  // Writes the result into `out` when it was computed elsewhere.
  void finish();

 private:
  kernels::Operands<NIn + 1> ops_;
  TensorBase given_;
  rt::Output out_;
  TensorBase target_;                   // what the result goes to (out, or a tensor out_ copies from)
  TensorBase flat_;                     // a contiguous stand-in for a non-contiguous target_, or undefined
  std::array<TensorBase, NIn> inputs_;  // the inputs, or their contiguous copies
};

// THC's forms of a pointwise op: `out` and every tensor input are on one
// CUDA device (tensor_arg checked their type); the plan of TH's semantics,
// its operands given to the op's CUDA kernel on that device.
template <int NIn>
void pointwise_on_device(const char* fn, TensorImpl* out, const std::array<ThInput, NIn>& inputs, bool resize_out,
                         const rt::CudaPointwiseKernel<NIn + 1>* cuda);

// TH's copy (equal element counts, each side in its own row-major order)
// through copy_, which converts and moves between devices (THC's copies).
void copy_flat(const char* op, TensorImpl* dst, const TensorImpl* src);
// copy_flat when either tensor is on a CUDA device; false, doing nothing,
// when both are on the CPU (TH's own copy kernels take those).
bool copy_on_device(const char* op, TensorImpl* dst, const TensorImpl* src);

// TH's common call, taken without building a ThPointwise: `out` and every
// tensor input on the CPU, contiguous, non-empty and of one shape (so
// nothing is resized and each is traversed in its row-major order), no
// divisor to check, and `out` either exactly an input or apart from it.
// Fills `ops` as one dense row and returns true; false changes nothing.
// A plan's reference counting and aliasing analysis cost ~200 ns, ten
// times a 4-element add (B10).
template <int NIn>
bool contiguous_operands(TensorImpl* out, const std::array<ThInput, NIn>& inputs, kernels::Operands<NIn + 1>& ops);

// Resizes dst like src, then copies (TH's pattern for results computed in
// another dtype).
void copy_into(TensorImpl* dst, const TensorImpl* src);

// A TH pointwise C function's body: kernel(operands) computes OutT
// elements from `inputs` into `out`, whose C type holds `Out` elements
// (checked by tensor_arg), resized like the first tensor input with
// `resize_out`. An out of another dtype (THFloatTensor_ltTensorT: a bool
// result into floats) gets the result through a new OutT tensor that
// copy_into converts; a Byte out takes a Bool result as it is (both are
// one byte of 0 or 1). THC's forms (CUDA as the default device) run
// `cuda`, the op's CUDA kernel as a callable (or nullptr: none), instead.
// It is taken as it is and made an rt::CudaPointwiseKernel only on that
// path: the FunctionRef built by every caller cost TH's 4-element cadd
// 12 ns (B10).
template <class OutT, DType Out, int N, class Kernel, class Cuda = std::nullptr_t>
void pointwise(const char* fn, TensorImpl* out, const std::array<ThInput, N>& inputs, bool resize_out,
               const Kernel& kernel, const Cuda& cuda = nullptr) {
  constexpr DType kResult = dtype_of<OutT>;
  const auto on_device = [&](TensorImpl* target, bool resize) {
    if constexpr (std::is_same_v<Cuda, std::nullptr_t>) {
      pointwise_on_device<N>(fn, target, inputs, resize, nullptr);
    } else {
      const rt::CudaPointwiseKernel<N + 1> launch = cuda;
      pointwise_on_device<N>(fn, target, inputs, resize, &launch);
    }
  };
  if constexpr (Out == kResult || (Out == DType::Byte && kResult == DType::Bool)) {
    kernels::Operands<N + 1> ops;
    if (contiguous_operands<N>(out, inputs, ops)) return kernel(ops);  // the CPU's alone
    if (rt::default_device_type() != DeviceType::CPU) return on_device(out, resize_out);
    ThPointwise<N> plan(fn, out, inputs, resize_out);
    kernel(plan.operands());
    plan.finish();
  } else {
    TensorBase result = TensorBase::adopt(rt::tensor_new(kResult));
    if (rt::default_device_type() != DeviceType::CPU) {
      on_device(result.impl(), true);
    } else {
      ThPointwise<N> plan(fn, result.impl(), inputs, true);
      kernel(plan.operands());
      plan.finish();
    }
    copy_into(out, result.impl());
  }
}

// TH's reductions along a dim into N outputs (values; values and indices):
// each is resized to the reduced shape ([1] when nothing is left: TH has
// no 0-dim tensors) with stride 0 along `dim` in the operands, the input
// last. `dim` is checked and wrapped. Note [output aliasing] applies: an
// output may be the input itself.
template <int N>
class ThReduce {
 public:
  ThReduce(const char* op, const std::array<TensorImpl*, N>& outs, const TensorImpl* self, int64_t dim, bool keepdim);

  int dim() const { return static_cast<int>(dim_); }
  kernels::Operands<N + 1>& operands() { return ops_; }
  // Writes the results into the outputs when they were computed elsewhere.
  void finish();

 private:
  std::array<TensorBase, N> given_;
  std::array<std::optional<rt::Output>, N> outs_;
  TensorBase input_;  // self, TH's empty tensor as [0]
  int64_t dim_ = 0;
  kernels::Operands<N + 1> ops_;
};

}  // namespace ember::th
