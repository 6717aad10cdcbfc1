// Pointwise ops with PyTorch's semantics (the C++ and Python API):
// broadcasting, type promotion with wrapped numbers, out= and in-place
// checks. The generated op supplies only the dtype switch over its kernel.
#pragma once

#include <array>

#include "ember/device.h"
#include "ember/tensor_base.h"
#include "kernels/operands.h"
#include "runtime/ops/dtype_set.h"
#include "runtime/core/function_ref.h"

namespace ember::rt {

// How an op's result dtype follows from the dtype its inputs promote to.
enum class ResultRule {
  Same,            // the promoted dtype
  Bool,            // comparisons
  Long,            // index-valued results
  IntegralToLong,  // sums: integer and bool inputs give int64
  Floating,        // true division: integer and bool inputs give the default float dtype
};

// An input: a tensor, or a Python/C++ number wrapped as one (which takes
// part in promotion only by its kind, as in PyTorch).
struct PointwiseArg {
  const TensorBase* tensor = nullptr;
  const Scalar* scalar = nullptr;
};

struct PointwiseTypes {
  DType compute;  // what the kernel is instantiated for
  DType result;   // what the op returns
};

// PyTorch's result_type over tensors with dims, 0-dim tensors and numbers.
PointwiseTypes pointwise_types(const char* op, const PointwiseArg* args, int n, ResultRule rule);

// Whether a value of dtype `from` may be written into a tensor of `to`
// without losing its kind (no float -> int, no number -> bool).
bool can_cast(DType from, DType to);

template <int N>
using PointwiseKernel = FunctionRef<void(DType compute, kernels::Operands<N>& ops)>;
// An op's CUDA kernels (a generated .cu): the operands' data are device
// addresses, except those whose bit is set in host_values, which are one
// number each at a host address (kernels/cuda/pointwise.cuh).
template <int N>
using CudaPointwiseKernel = FunctionRef<void(DType compute, const kernels::Operands<N>& ops, unsigned host_values)>;

// What the driver needs to know of a pointwise op (its schema entry).
struct PointwiseOp {
  const char* name;
  ResultRule rule;
  DTypeSet dtypes;                    // the compute dtypes its kernel has
  std::array<const char*, 3> inputs;  // the inputs' argument names, for errors
  int nonzero = -1;                   // the input that must hold no zero for integral dtypes (a divisor), or -1
  DTypeSet cuda_dtypes{};             // the compute dtypes its CUDA kernel has (none: no CUDA kernel)
  bool by_table = false;              // a compute-bound function of one tensor (Note [small integer function tables])
};

// PyTorch's pow(Tensor, Scalar) check: an integral (or bool) `self`
// raised to a negative integral number is an error ("Integers to negative
// integer powers are not allowed"); tensor exponents are not checked.
void require_nonnegative_power(const char* op, const TensorBase& self, const Scalar& exponent, const char* arg);

// Runs `kernel` over the inputs broadcast together. `out` null: a new
// result; `out == args[0].tensor` with inplace: the in-place variant;
// otherwise out= (resized to the broadcast shape). Output aliasing: Note
// [output aliasing]. Returns the result. Tensors on a CUDA device run
// `cuda` instead (runtime/ops/pointwise_cuda.cpp); an op without one
// refuses them.
template <int NIn>
TensorBase run_pointwise(const PointwiseOp& op, const TensorBase* out, bool inplace,
                         const std::array<PointwiseArg, NIn>& args, PointwiseKernel<NIn + 1> kernel,
                         const CudaPointwiseKernel<NIn + 1>* cuda = nullptr);

// The device a pointwise call runs on: the CPU, or the CUDA device of its
// tensors. Every tensor (out= included) must be there, but for a CPU 0-dim
// input beside CUDA tensors, which is read as a number (PyTorch's rule);
// a RuntimeError naming the argument otherwise.
Device pointwise_device(const PointwiseOp& op, const TensorBase* out, const char* out_arg, const PointwiseArg* args,
                        int n);

// run_pointwise on a CUDA device (the arguments are as run_pointwise's).
template <int NIn>
TensorBase run_pointwise_cuda(const PointwiseOp& op, Device device, const TensorBase* out, bool inplace,
                              const std::array<PointwiseArg, NIn>& args, const CudaPointwiseKernel<NIn + 1>* cuda);

}  // namespace ember::rt
