// The double functions of kernels/sleef_math.h with forms of their own
// in place of SLEEF's: kernels/double_exp_forms.h (Note [double sinh,
// cosh, expm1 and tanh]) and kernels/double_log_forms.h (Note [double
// asinh, acosh and atanh]).
#pragma once

namespace ember::kernels {

enum class OwnDouble { None, Sinh, Cosh, Expm1, Tanh, Asinh, Acosh, Atanh };

}  // namespace ember::kernels
