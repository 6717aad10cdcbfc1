// Tensor contractions in PyTorch 1.13's form (schemas/math/contract.yaml):
// each is reduced to views, sums and one bmm, mm or dot per product, so
// Float and Double products run in BLAS (runtime/ops/blas_plan.h).
#pragma once

#include <string_view>

#include "ember/tensor_base.h"

namespace ember::rt {

// einsum.cpp: PyTorch's equation grammar, operands contracted pairwise
// from the left (PyTorch 1.13 without opt_einsum).
TensorBase einsum(std::string_view equation, const TensorBaseList& tensors);

// tensordot.cpp
TensorBase tensordot(const TensorBase& self, const TensorBase& other, IntList dims_self, IntList dims_other);
void tensordot_out(TensorBase& out, const TensorBase& self, const TensorBase& other, IntList dims_self,
                   IntList dims_other);
TensorBase inner(const TensorBase& self, const TensorBase& other);
void inner_out(TensorBase& out, const TensorBase& self, const TensorBase& other);
TensorBase vdot(const TensorBase& self, const TensorBase& other);
void vdot_out(TensorBase& out, const TensorBase& self, const TensorBase& other);

}  // namespace ember::rt
