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
#include <utility>

#include "kernels/double_atan_form.h"
#include "kernels/double_exp_forms.h"
#include "kernels/double_log_forms.h"
#include "kernels/double_sin_cos.h"
#include "kernels/float_division.h"
#include "kernels/float_exp_forms.h"
#include "kernels/float_log_forms.h"
#include "kernels/float_trig.h"
#include "kernels/float_tanh.h"
#include "kernels/nudged_quotient.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <sleef.h>

namespace {

using ember::kernels::double_atan_form;
using ember::kernels::double_exp_form;
using ember::kernels::double_log1p_form;
using ember::kernels::double_log_form;
using ember::kernels::OwnDouble;

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

// kSleef_name (wide) and kScalar_name of every function kernels/sleef_math.h
// lists, and of those its functions compute through (exp, log, pow).
#define EMBER_SLEEF_PAIRS(name, suffix)                         \
  constexpr Pair kSleef_##name{EMBER_SLEEF_WIDE(name, suffix)};   \
  constexpr Pair kScalar_##name{EMBER_SLEEF_SCALAR(name, suffix)};
EMBER_SLEEF_UNARY(EMBER_SLEEF_PAIRS)
EMBER_SLEEF_BINARY(EMBER_SLEEF_PAIRS)
EMBER_SLEEF_PAIRS(exp, _u10)
EMBER_SLEEF_PAIRS(log, _u10)
EMBER_SLEEF_PAIRS(pow, _u10)
#undef EMBER_SLEEF_PAIRS

// SLEEF's asinh and acosh overflow to inf from 2^64 (float) and 2^512
// (double), its log1p near the largest finite values. Above `above`
// (2^62 and 2^510; 2^100 and 2^1000 for log1p) ln(2|x|) (ln(x) for
// log1p) is their value to the last bit, so those lanes take SLEEF's log
// plus `add`, with x's sign where the function is odd. The fix is made
// here, on whole vectors: a select in the calling loop would keep GCC 12
// from vectorizing it (no if-conversion in a loop with a call).
struct LogForm {
  double above_f = HUGE_VAL, above_d = HUGE_VAL, add = 0;
  bool odd = false;
};

// T's lanes: T itself for a scalar, the element of a GCC vector.
template <class T>
auto lane_of() {
  if constexpr (std::is_arithmetic_v<T>) return T{};
  else return std::remove_cv_t<std::remove_reference_t<decltype(std::declval<T>()[0])>>{};
}
template <class T>
using lane_t = decltype(lane_of<T>());

// The sign bits of a GCC vector comparison's lanes (all ones or all
// zeros), one bit per 32 bits: a loop over 16 lanes took 96 instructions,
// more than float_sin_cos's 70.
template <class Mask>
unsigned sign_bits(const Mask& m) {
#if defined(__AVX512F__)
  if constexpr (sizeof(Mask) == 64) {
    __m512i v;
    std::memcpy(&v, &m, sizeof v);
    return _mm512_test_epi32_mask(v, v);
  } else
#endif
#if defined(__AVX__)
  if constexpr (sizeof(Mask) == 32) {
    __m256 v;
    std::memcpy(&v, &m, sizeof v);
    return static_cast<unsigned>(_mm256_movemask_ps(v));
  } else
#endif
  {
    static_assert(sizeof(Mask) == 16, "a vector of the build's widest ISA");
    __m128 v;
    std::memcpy(&v, &m, sizeof v);
    return static_cast<unsigned>(_mm_movemask_ps(v));
  }
}

template <class Mask>
bool any_lane(const Mask& m) {
  if constexpr (std::is_same_v<Mask, bool>) return m;
  else return sign_bits(m) != 0;
}

template <class Mask>
bool all_lanes(const Mask& m) {
  return sign_bits(m) == (1u << (sizeof(Mask) / 4)) - 1;
}
template <class T, class Log>
T with_log_form(T r, T x, Log log, double above, const LogForm& form) {
  using S = lane_t<T>;
  const T magnitude = form.odd ? (x < S(0) ? -x : x) : x;
  const auto huge = magnitude > S(above);
  if (!any_lane(huge)) return r;
  T l = log(magnitude) + S(form.add);
  if (form.odd) l = x < S(0) ? -l : l;
  return huge ? l : r;
}

// A NaN from a number (log2(-1)) has its sign bit set in some vector
// forms and clear in the scalar ones; every form gives the one positive
// quiet NaN, so NaNs too are the same bits whichever form ran.
template <class T>
T invalid_as_quiet_nan(T r, T x) {
  const T nan = T{} + std::numeric_limits<lane_t<T>>::quiet_NaN();
  return (r != r) & (x == x) ? nan : r;
}

// f(x), scalar or wide, with the fixes above.
template <class T, class F, class Log>
T fixed(F f, T x, Log log, double above, const LogForm& form) {
  T r = f(x);
  if (above != HUGE_VAL) r = with_log_form(r, x, log, above, form);
  return invalid_as_quiet_nan(r, x);
}


// logaddexp and logaddexp2 (kernels/scalar_math.h's form), of floats in
// double, where the sum's cancellation costs float nothing, and of
// doubles as they are; equal infinities are returned as they are (their
// difference is NaN).
template <bool Base2, class D, class Exp, class Log1p>
D logaddexp_in_double(D a, D b, Exp exp, Log1p log1p) {
  using S = lane_t<D>;
  const auto a_larger = a > b;
  const D hi = a_larger ? a : b, lo = a_larger ? b : a;
  D r;
  if constexpr (Base2) r = hi + log1p(exp(lo - hi)) / S(M_LN2);
  else r = hi + log1p(exp(lo - hi));
  const auto equal_infinities = (a == b) & ((a == S(HUGE_VAL)) | (a == S(-HUGE_VAL)));
  return equal_infinities ? a : r;
}

// f of WideF arguments' lanes in double, a WideD at a time.
template <class F, class... W>
WideF in_double_halves(const F& f, W... x) {
  constexpr int kHalf = sizeof(WideD) / sizeof(double);
  typedef float Part __attribute__((vector_size(kHalf * sizeof(float))));
  WideF out;
  for (int h = 0; h < 2; ++h) {
    const auto half = [h](const WideF& v) {
      Part p;
      std::memcpy(&p, reinterpret_cast<const char*>(&v) + h * sizeof(Part), sizeof(Part));
      return __builtin_convertvector(p, WideD);
    };
    const Part r = __builtin_convertvector(f(half(x)...), Part);
    std::memcpy(reinterpret_cast<char*>(&out) + h * sizeof(Part), &r, sizeof(Part));
  }
  return out;
}

template <bool Base2, class Exp>
WideF logaddexp_of_floats(WideF x, WideF y, Exp exp) {
  return in_double_halves([exp](WideD a, WideD b) { return logaddexp_in_double<Base2>(a, b, exp, kSleef_log1p.d); }, x, y);
}

inline WideF wide_ember_logaddexpf(WideF x, WideF y) { return logaddexp_of_floats<false>(x, y, kSleef_exp.d); }
inline WideF wide_ember_logaddexp2f(WideF x, WideF y) { return logaddexp_of_floats<true>(x, y, kSleef_exp2.d); }
inline WideD wide_ember_logaddexp(WideD x, WideD y) {
  return logaddexp_in_double<false>(x, y, kSleef_exp.d, kSleef_log1p.d);
}
inline WideD wide_ember_logaddexp2(WideD x, WideD y) {
  return logaddexp_in_double<true>(x, y, kSleef_exp2.d, kSleef_log1p.d);
}

// Note [float division by lanes]: fmod, Python's remainder and floor
// division of floats from libm's fmodf cost 18-25 ms for 2^20 elements
// (PyTorch: 2-3 ms), and their selects would keep a vectorized loop
// scalar anyway. fmod is exact, so any exact method gives libm's bits.
// Where 1 <= |a / b| < 2^22, q = trunc(a / b) divided in float is the true
// truncated quotient or one more (rounding is monotonic and never lands
// below an integer the true quotient reaches; it adds at most 2^-2), q*b
// (22 bits times 24) is exact in double, so a - q*b is too, and it is
// corrected by b once where q was one more. Below 1 the result is a;
// other lanes (larger quotients, a zero, infinite or NaN operand) call
// fmodf. Doubles (libm: 27.8 ms) take the same quotient in double where
// it is below 2^51, and fma(-q, b, a), rounded once, is exact (fmod's
// result is representable) where q is true; a result of the wrong sign
// means q was one more, and the FMA with q moved one toward zero is
// exact. remainder and floor_divide are kernels/float_division.h's forms
// on top, lane for lane.
template <class D>
D fmod_in_double(D a, D b, D q) {
  using S = lane_t<D>;
  D r = q == S(0) ? a : a - q * b;
  const D b_toward_a = (a < S(0)) == (b < S(0)) ? b : -b;
  r = (r != S(0)) & ((r < S(0)) != (a < S(0))) ? r + b_toward_a : r;
  return r == S(0) ? a * S(0) : r;  // a zero remainder has a's sign
}

// x * y + z rounded once, lane by lane.
inline WideD fma_lanes(WideD x, WideD y, WideD z) {
#if defined(__AVX512F__)
  return WideD(_mm512_fmadd_pd(x, y, z));
#elif defined(__FMA__)
  return WideD(_mm256_fmadd_pd(x, y, z));
#else
  for (size_t i = 0; i < sizeof(WideD) / sizeof(double); ++i) x[i] = std::fma(x[i], y[i], z[i]);
  return x;
#endif
}

// The lane operations of the double forms, for a double and for WideD:
// each rounds once, so the two forms give the same bits.
struct DoubleLanes {
  static double fma(double x, double y, double z) { return std::fma(x, y, z); }
  static WideD fma(WideD x, WideD y, WideD z) { return fma_lanes(x, y, z); }
  static double sqrt(double v) { return std::sqrt(v); }
  static WideD sqrt(WideD v) {
#if defined(__AVX512F__)
    return WideD(_mm512_maskz_sqrt_pd(0xff, v));  // (unmasked: GCC 12 warns)
#elif defined(__AVX__)
    return WideD(_mm256_sqrt_pd(v));
#else
    return WideD(_mm_sqrt_pd(v));
#endif
  }
  // 1 / v in float precision: the conversions and the float division
  // round alike in both forms.
  static double float_reciprocal(double v) { return 1.0f / static_cast<float>(v); }
  static WideD float_reciprocal(WideD v) {
    typedef float Floats __attribute__((vector_size(sizeof(WideD) / 2)));
    return __builtin_convertvector(1.0f / __builtin_convertvector(v, Floats), WideD);
  }
};

// Note [float sin and cos]: SLEEF's 1-ulp sinf and cosf compute in pairs
// of floats (0.75 ms for 2^20 floats against NumPy's 0.52).
// kernels/float_trig.h's forms, in plain float and within 1 ulp, take
// their place lane by lane below kFloatTrigBound (tan's too, Note [float
// tan] there); a vector with a lane at or past it (a larger argument, an
// infinity, a NaN) takes SLEEF's for those lanes. The scalar and vector forms choose alike per lane, so they
// give the same bits. Their reduction needs FMA; without it SLEEF's run.
// tanh has a form of its own on every lane (Note [float tanh by table]
// in kernels/float_tanh.h), also with FMA only; so do sinh, cosh and
// expm1 (Note [float sinh, cosh and expm1] in kernels/float_exp_forms.h)
// and asinh, acosh and atanh (Note [float asinh, acosh and atanh] in
// kernels/float_log_forms.h), the lane forms.
enum class FloatForm { Sleef, Sin, Cos, Tan, Tanh, Sinh, Cosh, Expm1, Asinh, Acosh, Atanh };

constexpr bool is_lane_form(FloatForm form) {
  return form == FloatForm::Sinh || form == FloatForm::Cosh || form == FloatForm::Expm1 || form == FloatForm::Asinh ||
         form == FloatForm::Acosh || form == FloatForm::Atanh;
}

// A lane form's function of one float.
template <FloatForm Form>
__attribute__((always_inline)) inline float lane_form(float x) {
  using ember::kernels::FloatExpForm;
  using ember::kernels::FloatLogForm;
  if constexpr (Form == FloatForm::Sinh) return ember::kernels::float_exp_form<FloatExpForm::Sinh>(x);
  if constexpr (Form == FloatForm::Cosh) return ember::kernels::float_exp_form<FloatExpForm::Cosh>(x);
  if constexpr (Form == FloatForm::Expm1) return ember::kernels::float_exp_form<FloatExpForm::Expm1>(x);
  if constexpr (Form == FloatForm::Asinh) return ember::kernels::float_log_form<FloatLogForm::Asinh>(x);
  if constexpr (Form == FloatForm::Acosh) return ember::kernels::float_log_form<FloatLogForm::Acosh>(x);
  if constexpr (Form == FloatForm::Atanh) return ember::kernels::float_log_form<FloatLogForm::Atanh>(x);
}

// A lane form's function of x, scalar or vector (lane by lane, the same
// operations); a NaN gives itself, quiet.
template <FloatForm Form, class T>
__attribute__((always_inline)) inline T float_lanes(T x) {
  if constexpr (std::is_arithmetic_v<T>) {
    return x == x ? lane_form<Form>(x) : x + x;
  } else {
    constexpr int kLanes = sizeof(T) / sizeof(float);
    alignas(T) float in[kLanes], out[kLanes];
    std::memcpy(in, &x, sizeof(T));
#pragma omp simd
    for (int i = 0; i < kLanes; ++i) out[i] = lane_form<Form>(in[i]);
    T r;
    std::memcpy(&r, out, sizeof(T));
    return x == x ? r : x + x;
  }
}

// sin, cos or tan of |x| < kFloatTrigBound (kernels/float_trig.h).
template <FloatForm Form>
__attribute__((always_inline)) inline float float_trig(float x) {
  if constexpr (Form == FloatForm::Tan) return ember::kernels::float_tan(x);
  else return ember::kernels::float_sin_cos<Form == FloatForm::Cos>(x);
}

// The lanes of x at or past the float (or double) forms' bound from
// SLEEF, the others from r. Out of line: inline, its call made every
// vector's call set up a frame and keep registers on the stack (13 more
// instructions for float sin; session 43).
template <class T, class Small, class F>
[[gnu::noinline, gnu::cold]] T sleef_past_trig_bound(T r, T x, Small small, F sleef) {
  return invalid_as_quiet_nan(small ? r : sleef(x), x);
}

// The forms below the bound make no NaN (nor infinity) of a finite x, so
// only SLEEF's results need invalid_as_quiet_nan.
template <FloatForm Form, class T, class F>
__attribute__((always_inline)) inline T float_trig_or(T x, F sleef) {
  using ember::kernels::kFloatTrigBound;
  if constexpr (std::is_arithmetic_v<T>) {
    return std::fabs(x) < kFloatTrigBound ? float_trig<Form>(x) : invalid_as_quiet_nan(sleef(x), x);
  } else {
    constexpr int kLanes = sizeof(T) / sizeof(float);
    alignas(T) float in[kLanes], out[kLanes];
    std::memcpy(in, &x, sizeof(T));
#pragma omp simd
    for (int i = 0; i < kLanes; ++i) out[i] = float_trig<Form>(in[i]);
    T r;
    std::memcpy(&r, out, sizeof(T));
    const auto small = (x < kFloatTrigBound) & (x > -kFloatTrigBound);
    return all_lanes(small) ? r : sleef_past_trig_bound(r, x, small, sleef);
  }
}

// Each function's own forms, where it has some (the others are SLEEF's
// alone): floats (Notes [float sin and cos], [float tan], [float tanh by
// table], [float sinh, cosh and expm1], [float asinh, acosh and atanh]),
// doubles (Notes [double sinh, cosh, expm1 and tanh], [double asinh, acosh
// and atanh], [double log1p] and [double atan]), and the fix at huge
// arguments (LogForm). The forms in float and of doubles need FMA; without
// it SLEEF's run.
struct Forms {
  FloatForm float_own = FloatForm::Sleef;
  OwnDouble double_own = OwnDouble::None;
  LogForm log;
};
constexpr struct {
  std::string_view name;
  Forms forms;
} kOwnForms[] = {
    {"sin", {FloatForm::Sin, OwnDouble::Sin, {}}},
    {"cos", {FloatForm::Cos, OwnDouble::Cos, {}}},
    {"tan", {FloatForm::Tan, OwnDouble::None, {}}},
    {"sinh", {FloatForm::Sinh, OwnDouble::Sinh, {}}},
    {"cosh", {FloatForm::Cosh, OwnDouble::Cosh, {}}},
    {"expm1", {FloatForm::Expm1, OwnDouble::Expm1, {}}},
    {"tanh", {FloatForm::Tanh, OwnDouble::Tanh, {}}},
    {"asinh", {FloatForm::Asinh, OwnDouble::Asinh, {0x1p62, 0x1p510, M_LN2, true}}},
    {"acosh", {FloatForm::Acosh, OwnDouble::Acosh, {0x1p62, 0x1p510, M_LN2, false}}},
    {"atanh", {FloatForm::Atanh, OwnDouble::Atanh, {}}},
    {"log1p", {FloatForm::Sleef, OwnDouble::Log1p, {0x1p100, 0x1p1000, 0, false}}},
    {"atan", {FloatForm::Sleef, OwnDouble::Atan, {}}},
};
constexpr Forms forms_of(std::string_view name) {
  for (const auto& entry : kOwnForms) {
    if (entry.name != name) continue;
    Forms forms = entry.forms;
    if (!EMBER_SLEEF_FMA) {
      forms.float_own = FloatForm::Sleef;
      forms.double_own = OwnDouble::None;
    }
    return forms;
  }
  return {};
}

// A float function of kernels/sleef_math.h: float_tanh for tanh,
// float_lanes for the lane forms, float_trig_or for sin, cos and tan,
// SLEEF's float function otherwise. The lane forms make no NaN of a
// number but for arguments outside the domain, the same NaN in scalar and
// vector forms.
template <FloatForm Own, class F, class Log>
__attribute__((always_inline)) inline WideF wide_float_function(F f, WideF x, Log log, double above,
                                                             const LogForm& form) {
  if constexpr (Own == FloatForm::Tanh) {
    return ember::kernels::float_tanh(x);  // makes no NaN of a number
  } else if constexpr (is_lane_form(Own)) {
    return float_lanes<Own>(x);
  } else if constexpr (Own != FloatForm::Sleef) {
    return float_trig_or<Own>(x, f);
  } else {
    return fixed(f, x, log, above, form);
  }
}
template <FloatForm Own, class F, class Log>
float scalar_float_function(F f, float x, Log log, double above, const LogForm& form) {
  if constexpr (Own == FloatForm::Tanh) {
    return ember::kernels::float_tanh(x);
  } else if constexpr (is_lane_form(Own)) {
    return float_lanes<Own>(x);
  } else if constexpr (Own != FloatForm::Sleef) {
    return float_trig_or<Own>(x, f);
  } else {
    return fixed(f, x, log, above, form);
  }
}

// A double function of kernels/sleef_math.h: its own form where it has
// one, SLEEF's otherwise. D is double or WideD. A NaN gives itself, quiet,
// from the own forms: the NaN their steps make has a sign bit that
// depends on the operands' order, which scalar and vector code need not
// share.
template <OwnDouble Own, class D, class F, class Log>
D double_function(F f, D x, Log log, double above, const LogForm& form) {
  if constexpr (Own == OwnDouble::None) {
    return fixed(f, x, log, above, form);
  } else if constexpr (Own == OwnDouble::Sin || Own == OwnDouble::Cos) {
    // Note [double sin and cos]: SLEEF's for the lanes at or past the
    // bound. sin and cos have no LogForm, so fixed() would be f's result
    // through invalid_as_quiet_nan.
    using ember::kernels::kDoubleTrigBound;
    const D r = ember::kernels::double_sin_cos_form<Own == OwnDouble::Cos, DoubleLanes>(x);
    if constexpr (std::is_arithmetic_v<D>) {
      return std::fabs(x) < kDoubleTrigBound ? r : invalid_as_quiet_nan(f(x), x);
    } else {
      const auto small = (x < kDoubleTrigBound) & (x > -kDoubleTrigBound);
      return all_lanes(small) ? r : sleef_past_trig_bound(r, x, small, f);
    }
  } else {
    D r;
    if constexpr (Own == OwnDouble::Asinh || Own == OwnDouble::Acosh || Own == OwnDouble::Atanh)
      r = double_log_form<Own, DoubleLanes>(x);
    else if constexpr (Own == OwnDouble::Log1p)
      r = double_log1p_form<DoubleLanes>(x);
    else if constexpr (Own == OwnDouble::Atan)
      r = double_atan_form<DoubleLanes>(x);
    else
      r = double_exp_form<Own, DoubleLanes>(x);
    return x == x ? r : x + x;
  }
}

WideD fmod_in_fma(WideD a, WideD b, WideD q) {
  const WideD r = fma_lanes(-q, b, a);
  const auto over = (r != 0.0) & ((r < 0.0) != (a < 0.0));
  const WideD exact = over ? fma_lanes(-(q - (q < 0.0 ? -1.0 : 1.0)), b, a) : r;
  return q == 0.0 ? a : exact == 0.0 ? a * 0.0 : exact;  // a zero remainder has a's sign
}

// fmod of W's lanes (fmod_of_lanes below, per lane type): the quotient
// where it is below `bound`, the remainder from it by remainder(a, b, q),
// C's fmod for the other lanes.
template <class W, class Remainder>
W fmod_by_quotient(W a, W b, lane_t<W> bound, const Remainder& remainder) {
  using S = lane_t<W>;
  using I = decltype(a < b);
  const W abs_a = a < S(0) ? -a : a, abs_b = b < S(0) ? -b : b;
  const auto easy = abs_a < abs_b * bound;
  // q = 0 for |a| < |b| (a finite a by an infinite b too) and for the
  // lanes left to fmod: the conversion sees no NaN or out-of-range value.
  const W quotient = easy & (abs_a >= abs_b) ? a / b : W{};
  const W q = __builtin_convertvector(__builtin_convertvector(quotient, I), W);
  W r = remainder(a, b, q);
  if (!all_lanes(easy))
    for (size_t i = 0; i < sizeof(W) / sizeof(S); ++i)
      if (!easy[i]) r[i] = std::fmod(a[i], b[i]);
  return r;
}

WideF fmod_of_lanes(WideF a, WideF b) {
  return fmod_by_quotient(a, b, 0x1p22f, [](WideF x, WideF y, WideF q) {
    return in_double_halves([](WideD u, WideD v, WideD w) { return fmod_in_double(u, v, w); }, x, y, q);
  });
}

WideD fmod_of_lanes(WideD a, WideD b) { return fmod_by_quotient(a, b, 0x1p51, fmod_in_fma); }

// Each lane rounded toward -inf (Trunc false) or zero.
template <class W, bool Trunc = false>
W floor_lanes(W v) {
  constexpr int kMode = (Trunc ? _MM_FROUND_TO_ZERO : _MM_FROUND_TO_NEG_INF) | _MM_FROUND_NO_EXC;
#if defined(__AVX512F__)
  // (unmasked: GCC 12 warns)
  if constexpr (sizeof(W) == 64 && std::is_same_v<lane_t<W>, float>)
    return W(_mm512_maskz_roundscale_ps(0xffff, v, kMode));
  if constexpr (sizeof(W) == 64 && std::is_same_v<lane_t<W>, double>)
    return W(_mm512_maskz_roundscale_pd(0xff, v, kMode));
#endif
  for (size_t i = 0; i < sizeof(W) / sizeof(v[0]); ++i) v[i] = Trunc ? std::trunc(v[i]) : std::floor(v[i]);
  return v;
}

template <class W>
W remainder_of_lanes(W a, W b) {
  return ember::kernels::remainder_from_fmod<lane_t<W>>(fmod_of_lanes(a, b), b);
}

template <class W>
W floor_divide_of_lanes(W a, W b) {
  return ember::kernels::floor_divide_from_fmod<lane_t<W>>(a, b, fmod_of_lanes(a, b), floor_lanes<W>);
}

inline WideF wide_ember_fmodf(WideF a, WideF b) { return fmod_of_lanes(a, b); }
inline WideF wide_ember_remainderf(WideF a, WideF b) { return remainder_of_lanes(a, b); }
inline WideF wide_ember_floor_dividef(WideF a, WideF b) { return floor_divide_of_lanes(a, b); }
inline WideD wide_ember_fmod(WideD a, WideD b) { return fmod_of_lanes(a, b); }
inline WideD wide_ember_remainder(WideD a, WideD b) { return remainder_of_lanes(a, b); }
inline WideD wide_ember_floor_divide(WideD a, WideD b) { return floor_divide_of_lanes(a, b); }

// Note [double pow by lanes]: libm's pow of doubles keeps a loop scalar.
// SLEEF's pow (1 ulp, what PyTorch's vectorized pow uses) is taken for
// the lanes whose operands are finite and whose result is a normal
// number away from both ends of the range: there SLEEF overflows early
// (pow(DBL_MAX, 1) is inf) and its subnormals are not libm's. The other
// lanes (infinities, NaNs, zeros, signs of NaN, results near or past the
// range's ends) take libm's pow, whose special cases are C's; an
// exponent of 0.5 is sqrt (kernels/scalar_ops.h's pow). Scalar and vector
// forms make the same choice per lane, so they give the same bits.
template <class D, class Pow>
D pow_of_doubles(D a, D b, Pow sleef_pow) {
  using S = lane_t<D>;
  const D r = sleef_pow(a, b);
  const auto finite = [](D v) { return (v == v) & (v - v == S(0)); };
  const D magnitude = r < S(0) ? -r : r;
  const auto kept = finite(a) & finite(b) & (magnitude >= S(0x1p-1000)) & (magnitude <= S(0x1p1000));
  const auto root = b == S(0.5);
  if constexpr (std::is_arithmetic_v<D>) {
    if (root) return std::sqrt(a);
    return kept ? r : std::pow(a, b);
  } else {
    if (all_lanes(kept & !root)) return r;
    D out = r;
    for (size_t i = 0; i < sizeof(D) / sizeof(S); ++i)
      if (root[i]) out[i] = std::sqrt(a[i]);
      else if (!kept[i]) out[i] = std::pow(a[i], b[i]);
    return out;
  }
}

inline WideD wide_ember_pow(WideD a, WideD b) { return pow_of_doubles(a, b, kSleef_pow.d); }

// Note [int64 division by lanes]: x86 has no vector integer division, and
// idiv kept int64 // 7 at 3.5x NumPy's time (libdivide). The lanes with
// |a| < 2^48 divide in double, exactly: a converts exactly, and a times
// b's reciprocal, nudged, truncates or floors to a/b's (Note [nudged
// quotients] in kernels/nudged_quotient.h). The remainder is a - q b in
// int64, exact. The other lanes (a vector holding any) take C's integer
// division one at a time; their results are the same exact integers, so
// every form gives the same bits.
using WideL = int64_t __attribute__((vector_size(sizeof(WideD))));

enum class Int64Division { Trunc, Floor, Fmod, Remainder };

template <Int64Division Op>
int64_t int64_division(int64_t a, int64_t b) {
  if (b == 0) return 0;
  if (b == -1) return Op == Int64Division::Fmod || Op == Int64Division::Remainder
                          ? 0
                          : static_cast<int64_t>(0 - static_cast<uint64_t>(a));  // INT64_MIN / -1 wraps
  const int64_t q = a / b, r = a % b;
  const bool below = r != 0 && ((r < 0) != (b < 0));  // the floored quotient is one less
  switch (Op) {
    case Int64Division::Trunc: return q;
    case Int64Division::Floor: return below ? q - 1 : q;
    case Int64Division::Fmod: return r;
    case Int64Division::Remainder: return below ? r + b : r;
  }
  return 0;
}

template <Int64Division Op>
WideL int64_division_of_lanes(WideL a, WideL b) {
  constexpr bool kFloor = Op == Int64Division::Floor || Op == Int64Division::Remainder;
  constexpr int64_t kExact = int64_t{1} << 48;
  const auto zero = b == 0;
  const WideD x = __builtin_convertvector(a, WideD);
  const WideD y = zero ? WideD{} + 1.0 : __builtin_convertvector(b, WideD);
  const WideD rounded = floor_lanes<WideD, !kFloor>(ember::kernels::nudged_quotient<kFloor, double>(x, 1.0 / y));
  const auto big = (a >= kExact) | (a <= -kExact);
  const WideL q = __builtin_convertvector(big ? WideD{} : rounded, WideL);  // (in range: no UB)
  WideL r = q;
  if constexpr (Op == Int64Division::Fmod || Op == Int64Division::Remainder) r = a - q * b;
  r = zero ? WideL{} : r;
  if (any_lane(big))
    for (size_t i = 0; i < sizeof(WideL) / sizeof(int64_t); ++i)
      if (big[i]) r[i] = int64_division<Op>(a[i], b[i]);
  return r;
}

inline WideL wide_ember_div_i64(WideL a, WideL b) { return int64_division_of_lanes<Int64Division::Trunc>(a, b); }
inline WideL wide_ember_floor_divide_i64(WideL a, WideL b) {
  return int64_division_of_lanes<Int64Division::Floor>(a, b);
}
inline WideL wide_ember_fmod_i64(WideL a, WideL b) { return int64_division_of_lanes<Int64Division::Fmod>(a, b); }
inline WideL wide_ember_remainder_i64(WideL a, WideL b) {
  return int64_division_of_lanes<Int64Division::Remainder>(a, b);
}

}  // namespace

// The vector variants of the C function fn, per ISA the build enables:
// b (SSE2, 128-bit), c (AVX), d (AVX2; both 256-bit), e (AVX-512); each
// calls wide_fn on the build's widest vector.
#define EMBER_SLEEF_VARIANT_1(isa, V, lanes, fn, Wide) \
  V _ZGV##isa##N##lanes##v_##fn(V x) { return narrow<V>(wide_##fn(widen<Wide>(x))); }
#define EMBER_SLEEF_VARIANT_2(isa, V, lanes, fn, Wide) \
  V _ZGV##isa##N##lanes##vv_##fn(V x, V y) { return narrow<V>(wide_##fn(widen<Wide>(x), widen<Wide>(y))); }

#if defined(__AVX512F__)
#define EMBER_SLEEF_FLOAT_E(arity, fn) EMBER_SLEEF_VARIANT_##arity(e, __m512, 16, fn, WideF)
#define EMBER_SLEEF_DOUBLE_E(arity, fn) EMBER_SLEEF_VARIANT_##arity(e, __m512d, 8, fn, WideD)
#else
#define EMBER_SLEEF_FLOAT_E(arity, fn)
#define EMBER_SLEEF_DOUBLE_E(arity, fn)
#endif
#if defined(__AVX2__)
#define EMBER_SLEEF_FLOAT_D(arity, fn) EMBER_SLEEF_VARIANT_##arity(d, __m256, 8, fn, WideF)
#define EMBER_SLEEF_DOUBLE_D(arity, fn) EMBER_SLEEF_VARIANT_##arity(d, __m256d, 4, fn, WideD)
#else
#define EMBER_SLEEF_FLOAT_D(arity, fn)
#define EMBER_SLEEF_DOUBLE_D(arity, fn)
#endif
#if defined(__AVX__)
#define EMBER_SLEEF_FLOAT_C(arity, fn) EMBER_SLEEF_VARIANT_##arity(c, __m256, 8, fn, WideF)
#define EMBER_SLEEF_DOUBLE_C(arity, fn) EMBER_SLEEF_VARIANT_##arity(c, __m256d, 4, fn, WideD)
#else
#define EMBER_SLEEF_FLOAT_C(arity, fn)
#define EMBER_SLEEF_DOUBLE_C(arity, fn)
#endif
#define EMBER_SLEEF_FLOAT_VARIANTS(arity, fn)                                                   \
  EMBER_SLEEF_VARIANT_##arity(b, __m128, 4, fn, WideF) EMBER_SLEEF_FLOAT_C(arity, fn)           \
  EMBER_SLEEF_FLOAT_D(arity, fn) EMBER_SLEEF_FLOAT_E(arity, fn)
#define EMBER_SLEEF_DOUBLE_VARIANTS(arity, fn)                                                  \
  EMBER_SLEEF_VARIANT_##arity(b, __m128d, 2, fn, WideD) EMBER_SLEEF_DOUBLE_C(arity, fn)         \
  EMBER_SLEEF_DOUBLE_D(arity, fn) EMBER_SLEEF_DOUBLE_E(arity, fn)

#define EMBER_SLEEF_DEFINE_UNARY(name, suffix)                                                              \
  namespace {                                                                                               \
  constexpr Forms kForms_##name = forms_of(#name);                                                          \
  inline WideF wide_ember_##name##f(WideF x) {                                                              \
    return wide_float_function<kForms_##name.float_own>(                                                   \
        kSleef_##name.f, x, kSleef_log.f, kForms_##name.log.above_f, kForms_##name.log);                    \
  }                                                                                                         \
  inline WideD wide_ember_##name(WideD x) {                                                                 \
    return double_function<kForms_##name.double_own>(kSleef_##name.d, x, kSleef_log.d,                      \
                                                     kForms_##name.log.above_d, kForms_##name.log);         \
  }                                                                                                         \
  }                                                                                                         \
  extern "C" {                                                                                              \
  float ember_##name##f(float x) {                                                                          \
    return scalar_float_function<kForms_##name.float_own>(                                                 \
        kScalar_##name.f, x, kScalar_log.f, kForms_##name.log.above_f, kForms_##name.log);                  \
  }                                                                                                         \
  double ember_##name(double x) {                                                                           \
    return double_function<kForms_##name.double_own>(kScalar_##name.d, x, kScalar_log.d,                    \
                                                     kForms_##name.log.above_d, kForms_##name.log);         \
  }                                                                                                         \
  EMBER_SLEEF_FLOAT_VARIANTS(1, ember_##name##f)                                                            \
  EMBER_SLEEF_DOUBLE_VARIANTS(1, ember_##name)                                                              \
  }
#define EMBER_SLEEF_DEFINE_BINARY(name, suffix)                                                   \
  namespace {                                                                                     \
  inline WideF wide_ember_##name##f(WideF x, WideF y) { return kSleef_##name.f(x, y); }           \
  inline WideD wide_ember_##name(WideD x, WideD y) { return kSleef_##name.d(x, y); }              \
  }                                                                                               \
  extern "C" {                                                                                    \
  float ember_##name##f(float x, float y) { return kScalar_##name.f(x, y); }                      \
  double ember_##name(double x, double y) { return kScalar_##name.d(x, y); }                      \
  EMBER_SLEEF_FLOAT_VARIANTS(2, ember_##name##f)                                                  \
  EMBER_SLEEF_DOUBLE_VARIANTS(2, ember_##name)                                                    \
  }

EMBER_SLEEF_UNARY(EMBER_SLEEF_DEFINE_UNARY)
EMBER_SLEEF_BINARY(EMBER_SLEEF_DEFINE_BINARY)

extern "C" {
float ember_logaddexpf(float x, float y) {
  return static_cast<float>(logaddexp_in_double<false>(double(x), double(y), kScalar_exp.d, kScalar_log1p.d));
}
float ember_logaddexp2f(float x, float y) {
  return static_cast<float>(logaddexp_in_double<true>(double(x), double(y), kScalar_exp2.d, kScalar_log1p.d));
}
EMBER_SLEEF_FLOAT_VARIANTS(2, ember_logaddexpf)
EMBER_SLEEF_FLOAT_VARIANTS(2, ember_logaddexp2f)
double ember_logaddexp(double x, double y) { return logaddexp_in_double<false>(x, y, kScalar_exp.d, kScalar_log1p.d); }
double ember_logaddexp2(double x, double y) { return logaddexp_in_double<true>(x, y, kScalar_exp2.d, kScalar_log1p.d); }
EMBER_SLEEF_DOUBLE_VARIANTS(2, ember_logaddexp)
EMBER_SLEEF_DOUBLE_VARIANTS(2, ember_logaddexp2)

// The scalar forms are C's fmod itself, whose bits fmod_of_lanes gives.
#define EMBER_DIVISION_FUNCTIONS(T, suffix, VARIANTS)                                                          \
  T ember_fmod##suffix(T a, T b) { return std::fmod(a, b); }                                                   \
  T ember_remainder##suffix(T a, T b) { return ember::kernels::remainder_from_fmod<T>(std::fmod(a, b), b); }   \
  T ember_floor_divide##suffix(T a, T b) {                                                                     \
    return ember::kernels::floor_divide_from_fmod<T>(a, b, std::fmod(a, b), ember::kernels::FloorOfScalar{});  \
  }                                                                                                            \
  VARIANTS(2, ember_fmod##suffix) VARIANTS(2, ember_remainder##suffix) VARIANTS(2, ember_floor_divide##suffix)
EMBER_DIVISION_FUNCTIONS(float, f, EMBER_SLEEF_FLOAT_VARIANTS)
EMBER_DIVISION_FUNCTIONS(double, , EMBER_SLEEF_DOUBLE_VARIANTS)
#undef EMBER_DIVISION_FUNCTIONS

double ember_pow(double a, double b) { return pow_of_doubles(a, b, kScalar_pow.d); }
EMBER_SLEEF_DOUBLE_VARIANTS(2, ember_pow)

// int64 lanes: 2 for SSE2 and AVX (GCC's integer vectors there are 128
// bits), 4 for AVX2, 8 for AVX-512.
#if defined(__AVX512F__)
#define EMBER_INT64_E(fn) EMBER_SLEEF_VARIANT_2(e, __m512i, 8, fn, WideL)
#else
#define EMBER_INT64_E(fn)
#endif
#if defined(__AVX2__)
#define EMBER_INT64_D(fn) EMBER_SLEEF_VARIANT_2(d, __m256i, 4, fn, WideL)
#else
#define EMBER_INT64_D(fn)
#endif
#if defined(__AVX__)
#define EMBER_INT64_C(fn) EMBER_SLEEF_VARIANT_2(c, __m128i, 2, fn, WideL)
#else
#define EMBER_INT64_C(fn)
#endif
#define EMBER_INT64_DIVISION(name, op)                                                                 \
  int64_t ember_##name##_i64(int64_t a, int64_t b) { return int64_division<Int64Division::op>(a, b); } \
  EMBER_SLEEF_VARIANT_2(b, __m128i, 2, ember_##name##_i64, WideL)                                      \
  EMBER_INT64_C(ember_##name##_i64) EMBER_INT64_D(ember_##name##_i64) EMBER_INT64_E(ember_##name##_i64)
EMBER_INT64_DIVISION(div, Trunc)
EMBER_INT64_DIVISION(floor_divide, Floor)
EMBER_INT64_DIVISION(fmod, Fmod)
EMBER_INT64_DIVISION(remainder, Remainder)
#undef EMBER_INT64_DIVISION
}

#else
#error "kernels/sleef_math.cpp: SLEEF's vector functions are wired for x86-64 only"
#endif
