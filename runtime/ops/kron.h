// kron (schemas/math/blas.yaml): the Kronecker product, as a broadcast
// product of interleaved views (PyTorch 1.13's way), so it promotes and
// takes every dtype mul takes.
#pragma once

#include "ember/tensor_base.h"

namespace ember::rt {

TensorBase kron(const TensorBase& self, const TensorBase& other);
void kron_out(TensorBase& out, const TensorBase& self, const TensorBase& other);

}  // namespace ember::rt
