// Matrix products (schemas/math/blas.yaml) from tensors to BLAS calls:
// argument checks, the result's shape and dtype, and the layout each
// operand reaches BLAS in. The generated op supplies only the dtype
// dispatch over its routine (runtime/ops/blas_routines.h).
//
// Note [blas layouts]: a matrix whose elements are dense along one dim
// (stride 1) and evenly spaced along the other reaches BLAS as it is, as
// a column-major matrix or as the transpose of one, so transposed
// operands cost no copy; any other matrix (expanded, negative or
// otherwise strided) is first copied contiguous. A result BLAS cannot
// write directly is computed in a contiguous temporary and copied back.
//
// Semantics (the same for every dtype and path):
//   - PyTorch's in C++ and Python: `self` broadcasts to the result's shape
//     (in-place forms need it exactly), every tensor has one dtype (no
//     promotion: a TypeError otherwise), an out= tensor is resized.
//   - TH's in C: t has exactly the result's shape, r_ is resized like t
//     (and may be t itself).
//   - beta == 0: self (t) is not read, so NaN and Inf in it vanish, as in
//     BLAS; alpha == 0 or an empty inner dim: the product is not computed
//     (NaN in the factors vanishes too) and the result is beta * self.
//   - Integers wrap; Half and BFloat16 sum in float (Note [gemm
//     accumulation]).
#pragma once

#include "ember/tensor_base.h"
#include "runtime/ops/blas_routines.h"

namespace ember::rt {

// Where a product goes, and the name its errors carry.
struct BlasDest {
  enum class Mode : int8_t {
    Functional,  // a new tensor
    Out,         // out=: `tensor`, resized
    Inplace,     // `tensor` is self
    TH,          // TH's r_ (`tensor`), with TH's size rules
    THValue,     // TH's dot: the accreal into `value`
  };
  const char* op;
  Mode mode;
  const TensorBase* tensor;
  Scalar* value;

  static BlasDest functional(const char* op) { return {op, Mode::Functional, nullptr, nullptr}; }
  static BlasDest out(const char* op, const TensorBase& t) { return {op, Mode::Out, &t, nullptr}; }
  static BlasDest inplace(const char* op, const TensorBase& self) { return {op, Mode::Inplace, &self, nullptr}; }
  static BlasDest th(const char* fn, const TensorBase& r) { return {fn, Mode::TH, &r, nullptr}; }
  static BlasDest th_value(const char* fn, Scalar* value) { return {fn, Mode::THValue, nullptr, value}; }
};

// The generated dtype switch of each op over its routine.
using GemmDispatch = void (*)(DType, const GemmCall&);
using GemvDispatch = void (*)(DType, const GemvCall&);
using GerDispatch = void (*)(DType, const GerCall&);
using DotDispatch = void (*)(DType, const DotCall&);

// beta * self + alpha * mat1 @ mat2 (mat1 n x k, mat2 k x p).
TensorBase run_addmm(const BlasDest& dest, const TensorBase& self, const TensorBase& mat1, const TensorBase& mat2,
                     const Scalar& beta, const Scalar& alpha, GemmDispatch dispatch);
TensorBase run_mm(const BlasDest& dest, const TensorBase& self, const TensorBase& mat2, GemmDispatch dispatch);
// beta * self + alpha * batch1[i] @ batch2[i] for each i (b x n x k, b x k x p).
TensorBase run_baddbmm(const BlasDest& dest, const TensorBase& self, const TensorBase& batch1, const TensorBase& batch2,
                       const Scalar& beta, const Scalar& alpha, GemmDispatch dispatch);
TensorBase run_bmm(const BlasDest& dest, const TensorBase& self, const TensorBase& mat2, GemmDispatch dispatch);
// beta * self + alpha * sum_i batch1[i] @ batch2[i].
TensorBase run_addbmm(const BlasDest& dest, const TensorBase& self, const TensorBase& batch1, const TensorBase& batch2,
                      const Scalar& beta, const Scalar& alpha, GemmDispatch dispatch);
// beta * self + alpha * mat @ vec (mat n x m, vec m).
TensorBase run_addmv(const BlasDest& dest, const TensorBase& self, const TensorBase& mat, const TensorBase& vec,
                     const Scalar& beta, const Scalar& alpha, GemvDispatch dispatch);
TensorBase run_mv(const BlasDest& dest, const TensorBase& self, const TensorBase& vec, GemvDispatch dispatch);
// beta * self + alpha * vec1 vec2^T.
TensorBase run_addr(const BlasDest& dest, const TensorBase& self, const TensorBase& vec1, const TensorBase& vec2,
                    const Scalar& beta, const Scalar& alpha, GerDispatch dispatch);
TensorBase run_outer(const BlasDest& dest, const TensorBase& self, const TensorBase& vec2, GerDispatch dispatch);
// sum self[i] * tensor[i]: two 1-d tensors (C++), or TH's any two tensors
// of one element count, summed in the accumulate type.
TensorBase run_dot(const BlasDest& dest, const TensorBase& self, const TensorBase& tensor, DotDispatch dispatch);

// PyTorch's matmul, through dot, mv, mm and bmm; matmul_out resizes out.
TensorBase matmul(const TensorBase& self, const TensorBase& other);
void matmul_out(TensorBase& out, const TensorBase& self, const TensorBase& other);

}  // namespace ember::rt
