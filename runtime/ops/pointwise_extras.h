// Pointwise ops whose rules a schema expression cannot state: nan_to_num
// (its default replacements are the stored dtype's largest values, not the
// compute type's), float_power (always float64, which in-place and out=
// must already be) and isclose/allclose (equal dtypes required, the
// tolerance test computed in double).
#pragma once

#include <optional>

#include "ember/tensor_base.h"

namespace ember::rt {

// NaN, +inf and -inf replaced by `nan` (default 0), `posinf` and `neginf`
// (default the dtype's largest and lowest finite values); integer and bool
// tensors are returned as they are.
TensorBase nan_to_num(const TensorBase& self, std::optional<double> nan, std::optional<double> posinf,
                      std::optional<double> neginf);
void nan_to_num_(TensorBase& self, std::optional<double> nan, std::optional<double> posinf,
                 std::optional<double> neginf);
void nan_to_num_out(TensorBase& out, const TensorBase& self, std::optional<double> nan, std::optional<double> posinf,
                    std::optional<double> neginf);

// pow computed in float64 whatever the operands' dtypes.
TensorBase float_power(const TensorBase& self, const TensorBase& exponent);
TensorBase float_power(const TensorBase& self, const Scalar& exponent);
TensorBase float_power(const Scalar& self, const TensorBase& exponent);
void float_power_(TensorBase& self, const TensorBase& exponent);
void float_power_(TensorBase& self, const Scalar& exponent);
void float_power_out(TensorBase& out, const TensorBase& self, const TensorBase& exponent);
void float_power_out(TensorBase& out, const TensorBase& self, const Scalar& exponent);
void float_power_out(TensorBase& out, const Scalar& self, const TensorBase& exponent);

// |self - other| <= atol + rtol * |other|, or equal (infinities), or both
// NaN with equal_nan; bool tensors compare equal. self and other must
// have one dtype; rtol and atol must not be negative.
TensorBase isclose(const TensorBase& self, const TensorBase& other, double rtol, double atol, bool equal_nan);
bool allclose(const TensorBase& self, const TensorBase& other, double rtol, double atol, bool equal_nan);

}  // namespace ember::rt
