// SLEEF's vectorized elementary functions, callable from the loops GCC
// vectorizes (kernels/sleef_math.cpp defines them).
//
// Note [SLEEF calls]: sin, atan2, expm1, ... have no branch-free form in
// vec_math.h; called from libm they keep a pointwise loop scalar (sin of
// 2^20 float32 took 7.3 ms against NumPy's 0.46). Each function below is
// declared with GCC's `simd` attribute, so a vectorized loop calls its
// vector variants (`_ZGVeN16v_ember_sinf` for 16 floats in a zmm
// register, ...; the x86-64 vector function ABI) and the loop's scalar
// remainder the plain one. Every vector variant runs the same SLEEF
// function on the build's widest vector (16 floats with AVX-512), padding
// narrower arguments, and the scalar one its plain-C form; they are
// SLEEF's deterministic functions, whose lanes do not affect each other
// and whose forms agree bit for bit: an element's bits do not depend on
// which part of a loop, which thread, which stride or which neighbours
// it was computed with. The SLEEF functions are the 1-ulp ones (`_u10`;
// erfc's is 1.5 ulp, hypot's 0.5); the schema's `test.ulp` bounds are
// checked against them; sleef_math.cpp's own forms (its kOwnForms) take
// some lanes (huge float log1p, asinh and acosh; float sin, cos and tan
// below 2^17; double sin and cos below 2^24) or all (float tanh; double
// sinh, cosh, expm1, tanh, asinh, acosh, atanh, log1p and atan; with
// FMA). A calling loop must be a bare call: GCC 12 leaves a loop with a
// call and a select in it scalar. SLEEF's pow (inf for pow(DBL_MAX, 1))
// and fmod (NaN for FLT_MAX / FLT_MIN's quotient) failed the
// special-value tests: double pow takes C's
// pow for the lanes SLEEF's gets wrong (Note [double pow by lanes] in
// sleef_math.cpp); fmod, remainder and floor division of floats and doubles
// have exact vector forms of their own (Note [float division by lanes]).
//
// CUDA device code never calls these: scalar_ops.h uses CUDA's math
// library under __CUDA_ARCH__.
#pragma once

#include <cstdint>

// sleef_math.cpp defines the variants itself: there the attribute would
// make GCC define them too.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__) && defined(__x86_64__) && \
    !defined(EMBER_SLEEF_DEFINING)
#define EMBER_SLEEF_DECL __attribute__((simd("notinbranch"), const, nothrow))
#else
#define EMBER_SLEEF_DECL
#endif

// The functions, each with the suffix of SLEEF's name for it (its
// accuracy): X(name, suffix) for one argument, XX(name, suffix) for two.
// kernels/scalar_ops.h makes ops::name of each; of those in
// EMBER_SLEEF_DOUBLE_OPS_UNARY only the double form, as vec_math.h's float
// forms are faster.
#define EMBER_SLEEF_OPS_UNARY(X)                                                                                \
  X(sin, _u10) X(cos, _u10) X(tan, _u10) X(sinh, _u10) X(cosh, _u10) X(tanh, _u10) X(asinh, _u10) X(acosh, _u10) \
  X(atanh, _u10) X(exp2, _u10) X(expm1, _u10) X(erf, _u10) X(erfc, _u15) X(lgamma, _u10)
#define EMBER_SLEEF_DOUBLE_OPS_UNARY(X) \
  X(log2, _u10) X(log10, _u10) X(log1p, _u10) X(asin, _u10) X(acos, _u10) X(atan, _u10)
#define EMBER_SLEEF_UNARY(X) EMBER_SLEEF_OPS_UNARY(X) EMBER_SLEEF_DOUBLE_OPS_UNARY(X)
#define EMBER_SLEEF_BINARY(XX) XX(atan2, _u10) XX(hypot, _u05)

extern "C" {
#define EMBER_SLEEF_DECLARE_UNARY(name, suffix) \
  EMBER_SLEEF_DECL float ember_##name##f(float); \
  EMBER_SLEEF_DECL double ember_##name(double);
#define EMBER_SLEEF_DECLARE_BINARY(name, suffix)        \
  EMBER_SLEEF_DECL float ember_##name##f(float, float); \
  EMBER_SLEEF_DECL double ember_##name(double, double);
EMBER_SLEEF_UNARY(EMBER_SLEEF_DECLARE_UNARY)
EMBER_SLEEF_BINARY(EMBER_SLEEF_DECLARE_BINARY)
#undef EMBER_SLEEF_DECLARE_UNARY
#undef EMBER_SLEEF_DECLARE_BINARY
// log(e^x + e^y) and log2(2^x + 2^y) of floats, computed in double, and
// of doubles, through SLEEF's exp, exp2 and log1p (kernels/scalar_math.h's
// form).
EMBER_SLEEF_DECL float ember_logaddexpf(float, float);
EMBER_SLEEF_DECL float ember_logaddexp2f(float, float);
EMBER_SLEEF_DECL double ember_logaddexp(double, double);
EMBER_SLEEF_DECL double ember_logaddexp2(double, double);
// fmod, Python's remainder and floor division of floats and doubles,
// exact as libm's fmod (Note [float division by lanes] in sleef_math.cpp).
EMBER_SLEEF_DECL float ember_fmodf(float, float);
EMBER_SLEEF_DECL float ember_remainderf(float, float);
EMBER_SLEEF_DECL float ember_floor_dividef(float, float);
EMBER_SLEEF_DECL double ember_fmod(double, double);
EMBER_SLEEF_DECL double ember_remainder(double, double);
EMBER_SLEEF_DECL double ember_floor_divide(double, double);
// pow of doubles: SLEEF's where its result is a normal number, C's pow
// elsewhere, sqrt for an exponent of 0.5 (Note [double pow by lanes] in
// sleef_math.cpp).
EMBER_SLEEF_DECL double ember_pow(double, double);
// Division of int64 (truncated and floored quotients, C's and Python's
// remainders): exact, in double for the lanes with |a| < 2^48, C's
// integer division for the others (Note [int64 division by lanes] in
// sleef_math.cpp). A zero divisor gives 0; INT64_MIN / -1 wraps.
EMBER_SLEEF_DECL int64_t ember_div_i64(int64_t, int64_t);
EMBER_SLEEF_DECL int64_t ember_floor_divide_i64(int64_t, int64_t);
EMBER_SLEEF_DECL int64_t ember_fmod_i64(int64_t, int64_t);
EMBER_SLEEF_DECL int64_t ember_remainder_i64(int64_t, int64_t);
}

namespace ember::kernels::sleef {

// ember::kernels::sleef::sin(x) and so on, for float and double.
#define EMBER_SLEEF_OVERLOAD_UNARY(name, suffix)                      \
  inline float name(float x) { return ::ember_##name##f(x); }        \
  inline double name(double x) { return ::ember_##name(x); }
#define EMBER_SLEEF_OVERLOAD_BINARY(name, suffix)                                     \
  inline float name(float x, float y) { return ::ember_##name##f(x, y); }            \
  inline double name(double x, double y) { return ::ember_##name(x, y); }
EMBER_SLEEF_UNARY(EMBER_SLEEF_OVERLOAD_UNARY)
EMBER_SLEEF_BINARY(EMBER_SLEEF_OVERLOAD_BINARY)
#undef EMBER_SLEEF_OVERLOAD_UNARY
#undef EMBER_SLEEF_OVERLOAD_BINARY

}  // namespace ember::kernels::sleef
