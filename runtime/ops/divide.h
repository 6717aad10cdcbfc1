// div with PyTorch's rounding_mode (div.Tensor_mode, also named divide):
// None is true division (integer and bool operands give the default float
// dtype); "trunc" rounds the quotient toward zero and "floor" toward -inf,
// both in the promoted dtype (floor as floor_divide). Any other word is a
// ValueError naming rounding_mode; a zero integral divisor one naming other.
#pragma once

#include <optional>
#include <string_view>

#include "ember/tensor_base.h"

namespace ember::rt {

using RoundingMode = std::optional<std::string_view>;

TensorBase div(const TensorBase& self, const TensorBase& other, RoundingMode rounding_mode);
TensorBase div(const TensorBase& self, const Scalar& other, RoundingMode rounding_mode);
void div_(TensorBase& self, const TensorBase& other, RoundingMode rounding_mode);
void div_(TensorBase& self, const Scalar& other, RoundingMode rounding_mode);
void div_out(TensorBase& out, const TensorBase& self, const TensorBase& other, RoundingMode rounding_mode);
void div_out(TensorBase& out, const TensorBase& self, const Scalar& other, RoundingMode rounding_mode);

}  // namespace ember::rt
