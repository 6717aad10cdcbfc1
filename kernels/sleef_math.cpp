// kernels/sleef_math.h's functions: the scalar ones and the vector
// variants GCC's vectorized loops call (Note [SLEEF calls]), through
// SLEEF's deterministic functions: plain C for the scalar ones, the
// build's widest vector for every variant.
#define EMBER_SLEEF_DEFINING
#include "kernels/sleef_math.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#if defined(__x86_64__)
#include <immintrin.h>
#include <sleef.h>

namespace {

// The widest vector this build targets, and SLEEF's functions on it: the
// deterministic ones (`finz`, with FMA; `cinz` without), whose lanes do
// not depend on each other and agree with the scalar forms. The others
// take a slower argument reduction for every lane when one lane needs
// it, so an element's sin changed in its last bit with its neighbours
// (tests/kernels/test_sleef_math.cpp).
#if defined(__AVX512F__)
using WideF = __m512;
using WideD = __m512d;
#define EMBER_SLEEF_WIDE(name, suffix) Sleef_finz_##name##f16##suffix##avx512f, Sleef_finz_##name##d8##suffix##avx512f
#define EMBER_SLEEF_FMA 1
#elif defined(__AVX2__) && defined(__FMA__)
using WideF = __m256;
using WideD = __m256d;
#define EMBER_SLEEF_WIDE(name, suffix) Sleef_finz_##name##f8##suffix##avx2, Sleef_finz_##name##d4##suffix##avx2
#define EMBER_SLEEF_FMA 1
#elif defined(__AVX__)
using WideF = __m256;
using WideD = __m256d;
#define EMBER_SLEEF_WIDE(name, suffix) Sleef_cinz_##name##f8##suffix##avx, Sleef_cinz_##name##d4##suffix##avx
#define EMBER_SLEEF_FMA 0
#else
using WideF = __m128;
using WideD = __m128d;
#define EMBER_SLEEF_WIDE(name, suffix) Sleef_cinz_##name##f4##suffix##sse2, Sleef_cinz_##name##d2##suffix##sse2
#define EMBER_SLEEF_FMA 0
#endif

// The scalar forms: the same deterministic functions in plain C, with FMA
// where the vector ones have it, so that they give the same bits.
#if EMBER_SLEEF_FMA
#define EMBER_SLEEF_SCALAR(name, suffix) Sleef_finz_##name##f1##suffix##purecfma, Sleef_finz_##name##d1##suffix##purecfma
#else
#define EMBER_SLEEF_SCALAR(name, suffix) Sleef_cinz_##name##f1##suffix##purec, Sleef_cinz_##name##d1##suffix##purec
#endif

// V's lanes in the low lanes of a wide vector (the rest zero), and back.
template <class Wide, class V>
inline Wide widen(V v) {
  Wide w;
  std::memset(&w, 0, sizeof(w));
  std::memcpy(&w, &v, sizeof(V));
  return w;
}
template <class V, class Wide>
inline V narrow(Wide w) {
  V v;
  std::memcpy(&v, &w, sizeof(V));
  return v;
}

// Each function's SLEEF pair (float, double).
template <class F, class D>
struct Pair {
  F f;
  D d;
};
template <class F, class D>
Pair(F, D) -> Pair<F, D>;

constexpr Pair kSleefLog{EMBER_SLEEF_WIDE(log, _u10)};
constexpr Pair kSleefLogScalar{EMBER_SLEEF_SCALAR(log, _u10)};

// SLEEF's asinh and acosh overflow to inf from 2^64 (float) and 2^512
// (double), its log1p near the largest finite values. Above `above`
// (2^62 and 2^510; 2^100 and 2^1000 for log1p) ln(2|x|) (ln(x) for
// log1p) is their value to the last bit, so those lanes take SLEEF's log
// plus `add`, with x's sign where the function is odd. The fix is made
// here, on whole vectors: a select in the calling loop would keep GCC 12
// from vectorizing it (no if-conversion in a loop with a call).
struct LogForm {
  double above_f, above_d, add;
  bool odd;
};
constexpr LogForm log_form(std::string_view name) {
  if (name == "asinh") return {0x1p62, 0x1p510, M_LN2, true};
  if (name == "acosh") return {0x1p62, 0x1p510, M_LN2, false};
  if (name == "log1p") return {0x1p100, 0x1p1000, 0, false};
  return {HUGE_VAL, HUGE_VAL, 0, false};
}

template <class S, class Log>
S with_log_form_scalar(S r, S x, Log log, double above, const LogForm& form) {
  const S magnitude = form.odd ? std::fabs(x) : x;
  if (!(magnitude > S(above))) return r;
  const S l = log(magnitude) + S(form.add);
  return form.odd && x < S(0) ? -l : l;
}

template <class Wide, class Log>
Wide with_log_form(Wide r, Wide x, Log log, double above, const LogForm& form) {
  using S = std::remove_cv_t<std::remove_reference_t<decltype(x[0])>>;
  const Wide magnitude = form.odd ? (x < S(0) ? -x : x) : x;
  const auto huge = magnitude > S(above);
  bool any = false;
  for (size_t i = 0; i < sizeof(Wide) / sizeof(S); ++i) any |= huge[i] != 0;
  if (!any) return r;
  Wide l = log(magnitude) + S(form.add);
  if (form.odd) l = x < S(0) ? -l : l;
  return huge ? l : r;
}

// A NaN from a number (log2(-1)) has its sign bit set in some vector
// forms and clear in the scalar ones; every form gives the one positive
// quiet NaN, so NaNs too are the same bits whichever form ran.
template <class S>
S invalid_as_quiet_nan(S r, S x) {
  return r != r && x == x ? std::numeric_limits<S>::quiet_NaN() : r;
}
template <class Wide>
Wide invalid_as_quiet_nan_wide(Wide r, Wide x) {
  using S = std::remove_cv_t<std::remove_reference_t<decltype(x[0])>>;
  const Wide nan = Wide{} + std::numeric_limits<S>::quiet_NaN();
  return (r != r) & (x == x) ? nan : r;
}

}  // namespace

// The vector variants, per ISA the build enables:
// b (SSE2, 128-bit), c (AVX), d (AVX2; both 256-bit), e (AVX-512).
#define EMBER_SLEEF_VARIANTS_1(isa, VF, nf, VD, nd, name)                                                    \
  VF _ZGV##isa##N##nf##v_ember_##name##f(VF x) { return narrow<VF>(wide_##name(widen<WideF>(x))); }          \
  VD _ZGV##isa##N##nd##v_ember_##name(VD x) { return narrow<VD>(wide_##name(widen<WideD>(x))); }
#define EMBER_SLEEF_VARIANTS_2(isa, VF, nf, VD, nd, name)                                                    \
  VF _ZGV##isa##N##nf##vv_ember_##name##f(VF x, VF y) {                                                      \
    return narrow<VF>(wide_##name(widen<WideF>(x), widen<WideF>(y)));                                        \
  }                                                                                                          \
  VD _ZGV##isa##N##nd##vv_ember_##name(VD x, VD y) { return narrow<VD>(wide_##name(widen<WideD>(x), widen<WideD>(y))); }

#if defined(__AVX512F__)
#define EMBER_SLEEF_VARIANTS_E(arity, name) EMBER_SLEEF_VARIANTS_##arity(e, __m512, 16, __m512d, 8, name)
#else
#define EMBER_SLEEF_VARIANTS_E(arity, name)
#endif
#if defined(__AVX2__)
#define EMBER_SLEEF_VARIANTS_D(arity, name) EMBER_SLEEF_VARIANTS_##arity(d, __m256, 8, __m256d, 4, name)
#else
#define EMBER_SLEEF_VARIANTS_D(arity, name)
#endif
#if defined(__AVX__)
#define EMBER_SLEEF_VARIANTS_C(arity, name) EMBER_SLEEF_VARIANTS_##arity(c, __m256, 8, __m256d, 4, name)
#else
#define EMBER_SLEEF_VARIANTS_C(arity, name)
#endif
#define EMBER_SLEEF_VARIANTS(arity, name)                                 \
  EMBER_SLEEF_VARIANTS_##arity(b, __m128, 4, __m128d, 2, name)            \
  EMBER_SLEEF_VARIANTS_C(arity, name) EMBER_SLEEF_VARIANTS_D(arity, name) \
  EMBER_SLEEF_VARIANTS_E(arity, name)

#define EMBER_SLEEF_DEFINE_UNARY(name, suffix)                                                      \
  namespace {                                                                                       \
  constexpr Pair kSleef_##name{EMBER_SLEEF_WIDE(name, suffix)};                                     \
  constexpr LogForm kLogForm_##name = log_form(#name);                                              \
  inline WideF wide_##name(WideF x) {                                                               \
    WideF r = kSleef_##name.f(x);                                                                   \
    if constexpr (kLogForm_##name.above_f != HUGE_VAL)                                              \
      r = with_log_form(r, x, kSleefLog.f, kLogForm_##name.above_f, kLogForm_##name);               \
    return invalid_as_quiet_nan_wide(r, x);                                                         \
  }                                                                                                 \
  inline WideD wide_##name(WideD x) {                                                               \
    WideD r = kSleef_##name.d(x);                                                                   \
    if constexpr (kLogForm_##name.above_d != HUGE_VAL)                                              \
      r = with_log_form(r, x, kSleefLog.d, kLogForm_##name.above_d, kLogForm_##name);               \
    return invalid_as_quiet_nan_wide(r, x);                                                         \
  }                                                                                                 \
  constexpr Pair kScalar_##name{EMBER_SLEEF_SCALAR(name, suffix)};                                  \
  }                                                                                                 \
  extern "C" {                                                                                      \
  float ember_##name##f(float x) {                                                                  \
    float r = kScalar_##name.f(x);                                                                  \
    if constexpr (kLogForm_##name.above_f != HUGE_VAL)                                              \
      r = with_log_form_scalar(r, x, kSleefLogScalar.f, kLogForm_##name.above_f, kLogForm_##name);  \
    return invalid_as_quiet_nan(r, x);                                                              \
  }                                                                                                 \
  double ember_##name(double x) {                                                                   \
    double r = kScalar_##name.d(x);                                                                 \
    if constexpr (kLogForm_##name.above_d != HUGE_VAL)                                              \
      r = with_log_form_scalar(r, x, kSleefLogScalar.d, kLogForm_##name.above_d, kLogForm_##name);  \
    return invalid_as_quiet_nan(r, x);                                                              \
  }                                                                                                 \
  EMBER_SLEEF_VARIANTS(1, name)                                                                     \
  }
#define EMBER_SLEEF_DEFINE_BINARY(name, suffix)                                                                   \
  namespace {                                                                                                     \
  constexpr Pair kSleef_##name{EMBER_SLEEF_WIDE(name, suffix)};                                                   \
  inline WideF wide_##name(WideF x, WideF y) { return kSleef_##name.f(x, y); }                                    \
  inline WideD wide_##name(WideD x, WideD y) { return kSleef_##name.d(x, y); }                                    \
  constexpr Pair kScalar_##name{EMBER_SLEEF_SCALAR(name, suffix)};                                                \
  }                                                                                                               \
  extern "C" {                                                                                                    \
  float ember_##name##f(float x, float y) { return kScalar_##name.f(x, y); }                                      \
  double ember_##name(double x, double y) { return kScalar_##name.d(x, y); }                                      \
  EMBER_SLEEF_VARIANTS(2, name)                                                                                   \
  }

EMBER_SLEEF_UNARY(EMBER_SLEEF_DEFINE_UNARY)
EMBER_SLEEF_BINARY(EMBER_SLEEF_DEFINE_BINARY)

#else
#error "kernels/sleef_math.cpp: SLEEF's vector functions are wired for x86-64 only"
#endif
