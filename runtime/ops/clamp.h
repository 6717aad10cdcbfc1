// clamp with optional bounds: PyTorch's clamp(Tensor, Scalar? min, Scalar?
// max) and clamp.Tensor(Tensor, Tensor? min, Tensor? max), also named
// clip. The bounds present take part in broadcasting and type promotion
// (PyTorch's clamp of an int tensor to 2.5 is float); at least one must
// be. Both bounds compute min(max(x, min), max) (kernels/scalar_ops.h):
// min > max gives max everywhere, NaN in x or a bound gives NaN.
#pragma once

#include <optional>

#include "ember/tensor_base.h"

namespace ember::rt {

TensorBase clamp(const TensorBase& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max);
void clamp_(TensorBase& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max);
void clamp_out(TensorBase& out, const TensorBase& self, const std::optional<Scalar>& min,
               const std::optional<Scalar>& max);

// An undefined tensor is an absent bound (None).
TensorBase clamp(const TensorBase& self, const TensorBase& min, const TensorBase& max);
void clamp_(TensorBase& self, const TensorBase& min, const TensorBase& max);
void clamp_out(TensorBase& out, const TensorBase& self, const TensorBase& min, const TensorBase& max);

// TH's clamp(r_, t, min_value, max_value): t < min ? min : (t > max ? max
// : t), as Torch7 computed it: with min > max, elements below min become
// min; NaN elements stay NaN. r_ is resized like t.
void th_clamp(const char* fn, TensorImpl* r, TensorImpl* t, const Scalar& min, const Scalar& max);

}  // namespace ember::rt
