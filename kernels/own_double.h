// The double functions of kernels/sleef_math.h with forms of their own
// in place of SLEEF's: kernels/double_exp_forms.h (Note [double sinh,
// cosh, expm1 and tanh]), kernels/double_log_forms.h (Notes [double
// asinh, acosh and atanh] and [double log1p]), kernels/double_atan_form.h
// (Note [double atan]) and kernels/double_sin_cos.h (Note [double sin and
// cos]).
#pragma once

namespace ember::kernels {

enum class OwnDouble { None, Sinh, Cosh, Expm1, Tanh, Asinh, Acosh, Atanh, Log1p, Atan, Sin, Cos };

}  // namespace ember::kernels
