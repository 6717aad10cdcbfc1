// Reductions along a dim, shared by the C++ API and TH's C API: the shape
// of the result and the operands a reduce kernel runs over (outputs with
// stride 0 along the reduced dim).
#pragma once

#include <array>
#include <optional>
#include <tuple>
#include <vector>

#include "ember/tensor_base.h"
#include "kernels/operands.h"
#include "runtime/ops/dtype_set.h"
#include "runtime/core/function_ref.h"
#include "runtime/ops/pointwise_plan.h"

namespace ember::rt {

// self's sizes without `dim` (or with it as 1 when keepdim); `dim` wrapped.
std::vector<int64_t> reduced_shape(const TensorImpl* self, int64_t dim, bool keepdim);

// outs[k] (already of reduced_shape) become operands 0..N-2, self the last.
template <int N>
void set_reduce_operands(kernels::Operands<N>& ops, const TensorImpl* self, int64_t dim, bool keepdim,
                         const std::array<const TensorImpl*, N - 1>& outs);

// Kernel callbacks receive the dtypes, the operands and the wrapped dim.
using ReduceDimKernel = FunctionRef<void(DType in, DType out, kernels::Operands<2>& ops, int dim)>;
using ReduceIndexKernel = FunctionRef<void(DType in, kernels::Operands<3>& ops, int dim)>;
// An op's CUDA reduction (a generated .cu): `scratch` is
// kernels::cuda::kReduceScratchBytes of device memory for partial results.
using CudaReduceKernel = FunctionRef<void(DType in, const kernels::Operands<2>& ops, int dim, void* scratch)>;
struct CudaReduce {
  const CudaReduceKernel* kernel = nullptr;  // null: no CUDA kernel (or a build without CUDA)
  DTypeSet dtypes{};                         // the input dtypes it has
};
// The same for max and min with indices (operands: values, indices, input).
struct CudaReduceIndex {
  void (*kernel)(DType in, const kernels::Operands<3>& ops, int dim) = nullptr;
  DTypeSet dtypes{};
};

// The dtype of a one-input op's result under `rule` (PyTorch's).
DType result_dtype(const char* op, const TensorBase& self, ResultRule rule);

// A whole-tensor reduction with no identity (max, min, median): self must
// hold an element.
void check_has_elements(const char* op, const TensorBase& self);

// Which of `ndim` dims `dims` reduces (all of them when empty, as
// PyTorch's dim=None and dim=[]); each wrapped, a repeat a ValueError.
std::vector<bool> reduced_dims(const char* op, int64_t ndim, IntList dims);

// sum(self, dim, keepdim, dtype=) and the like, PyTorch's semantics, over
// the dims in `dims` (Note [reducing several dims]); `out` may be null
// (Note [output aliasing]). `dtype` converts self first and is the
// result's dtype; the dtype reduced must be one of `dtypes`. With
// `nonempty`, an empty reduced dim is an error (amax: nothing to pick)
// rather than the reducer's identity. A tensor on a CUDA device runs
// `cuda` (out= must be on that device too).
TensorBase run_reduce_dims(const char* op, const TensorBase* out, const TensorBase& self, IntList dims, bool keepdim,
                           std::optional<DType> dtype, ResultRule rule, bool nonempty, DTypeSet dtypes,
                           ReduceDimKernel kernel, CudaReduce cuda = {});
// max(self, dim, keepdim) and the like: (values, indices); the reduced dim
// must not be empty.
std::tuple<TensorBase, TensorBase> run_reduce_index(const char* op, const TensorBase* values_out,
                                                    const TensorBase* indices_out, const TensorBase& self, int64_t dim,
                                                    bool keepdim, DTypeSet dtypes, ReduceIndexKernel kernel,
                                                    CudaReduceIndex cuda = {});

}  // namespace ember::rt
