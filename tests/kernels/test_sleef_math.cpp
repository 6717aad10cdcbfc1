// kernels/sleef_math.h: every function (logaddexp's too),
// through pointwise loops that GCC vectorizes (contiguous at several
// offsets and lengths, and strided), gives the bits of its scalar call on
// every element (Note [SLEEF calls]), and the scalar calls agree with the
// C library to a few ulps (the ops' ulp bounds are checked in the op
// tests); fmod, remainder and floor division of floats are exact.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>
#include <vector>

#include "kernels/float_log_forms.h"
#include "kernels/operands.h"
#include "kernels/pointwise.h"
#include "kernels/sleef_math.h"
#include "tests/kernels/float_ulp_sweep.h"

namespace ember::kernels {
namespace {

using testing::ulp_error;

// Inputs across every function's interesting range: small and large
// magnitudes of both signs, values in [-1, 1], and the special values.
template <class T>
std::vector<T> inputs(int n, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), exponent(-30.0, 30.0);
  std::vector<T> v;
  for (int i = 0; i < n; ++i) v.push_back(static_cast<T>(i % 3 == 0 ? unit(g) : unit(g) * std::exp2(exponent(g))));
  const T specials[] = {T(0), -T(0), T(1), T(-1), std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(),
                        std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::max(), std::numeric_limits<T>::denorm_min()};
  for (size_t i = 0; i < sizeof(specials) / sizeof(T); ++i) v[(i * 97) % v.size()] = specials[i];
  return v;
}

// pointwise over x[offset, offset + n) (every `step`-th element) into out.
template <class T, int N, class F>
void run(std::vector<T>& out, const std::vector<T>* x, int64_t offset, int64_t n, int64_t step, const F& f) {
  Operands<N + 1> ops;
  ops.ndim = 1;
  ops.shape[0] = n;
  ops.data[0] = reinterpret_cast<char*>(out.data());
  ops.strides[0][0] = sizeof(T);
  for (int k = 0; k < N; ++k) {
    ops.data[k + 1] = reinterpret_cast<char*>(const_cast<T*>(x[k].data() + offset));
    ops.strides[k + 1][0] = step * static_cast<int64_t>(sizeof(T));
  }
  pointwise<T, T, N>(ops, f);
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// Loops of every shape against scalar calls, bit for bit.
template <class T, int N, class Loop, class One>
void expect_loops_match_scalar(const char* name, const Loop& loop, const One& one) {
  std::vector<T> x[N];
  for (int k = 0; k < N; ++k) x[k] = inputs<T>(2003, 7 + k);
  std::vector<T> out(x[0].size());
  const struct { int64_t offset, n, step; } shapes[] = {{0, 2003, 1}, {1, 1000, 1}, {3, 17, 1}, {5, 3, 1}, {2, 700, 2}};
  for (const auto& s : shapes) {
    run<T, N>(out, x, s.offset, s.n, s.step, loop);
    for (int64_t i = 0; i < s.n; ++i) {
      const int64_t at = s.offset + i * s.step;
      T want;
      if constexpr (N == 1) want = one(x[0][at]);
      else want = one(x[0][at], x[1][at]);
      ASSERT_TRUE(same_bits(out[i], want)) << name << " at " << at << " (offset " << s.offset << ", step " << s.step
                                           << "): loop " << out[i] << ", scalar " << want;
    }
  }
}

#define EMBER_TEST_SLEEF_UNARY(name, suffix)                                                                    \
  TEST(SleefMath, name##LoopsMatchScalarCalls) {                                                                \
    expect_loops_match_scalar<float, 1>(#name "f", [](float x) { return sleef::name(x); }, ::ember_##name##f);  \
    expect_loops_match_scalar<double, 1>(#name, [](double x) { return sleef::name(x); }, ::ember_##name);       \
  }                                                                                                             \
  TEST(SleefMath, name##AgreesWithTheCLibrary) {                                                                \
    for (const double x : inputs<double>(2003, 11)) {                                                           \
      if (std::fabs(x) > 1e15) continue; /* beyond: the op tests (SLEEF's range limits, Note [SLEEF calls]) */  \
      const long double ref = std::name(static_cast<long double>(x));                                           \
      if (std::fabs(ref) > std::numeric_limits<double>::max() / 2) continue; /* overflow edges: the op tests */ \
      EXPECT_LE(ulp_error(sleef::name(x), ref), 2.0) << #name "(" << x << ")";                                  \
      const float xf = static_cast<float>(x);                                                                   \
      const long double reff = std::name(static_cast<long double>(xf));                                         \
      if (std::fabs(reff) > std::numeric_limits<float>::max() / 2) continue;                                    \
      EXPECT_LE(ulp_error(sleef::name(xf), reff), 2.0) << #name "f(" << xf << ")";                              \
    }                                                                                                           \
  }
#define EMBER_TEST_SLEEF_BINARY(name, suffix)                                                                             \
  TEST(SleefMath, name##LoopsMatchScalarCalls) {                                                                          \
    expect_loops_match_scalar<float, 2>(#name "f", [](float x, float y) { return sleef::name(x, y); }, ::ember_##name##f); \
    expect_loops_match_scalar<double, 2>(#name, [](double x, double y) { return sleef::name(x, y); }, ::ember_##name);     \
  }

EMBER_SLEEF_UNARY(EMBER_TEST_SLEEF_UNARY)
EMBER_SLEEF_BINARY(EMBER_TEST_SLEEF_BINARY)

TEST(SleefMath, LogaddexpOfFloatsLoopsMatchScalarCalls) {
  expect_loops_match_scalar<float, 2>("logaddexpf", [](float x, float y) { return ::ember_logaddexpf(x, y); },
                                      ::ember_logaddexpf);
  expect_loops_match_scalar<float, 2>("logaddexp2f", [](float x, float y) { return ::ember_logaddexp2f(x, y); },
                                      ::ember_logaddexp2f);
  expect_loops_match_scalar<double, 2>("logaddexp", [](double x, double y) { return ::ember_logaddexp(x, y); },
                                       ::ember_logaddexp);
  expect_loops_match_scalar<double, 2>("logaddexp2", [](double x, double y) { return ::ember_logaddexp2(x, y); },
                                       ::ember_logaddexp2);
}

// Doubles: within an ulp and a half of long double's value, plus an ulp
// of the log1p term (below 2^-52) where the sum cancels toward 0.
TEST(SleefMath, LogaddexpOfDoublesAgreesWithLongDouble) {
  const std::vector<double> x = inputs<double>(2003, 8), y = inputs<double>(2003, 9);
  std::vector<double> near_zero_x, near_zero_y;
  for (int i = 0; i < 200; ++i) near_zero_x.push_back(-M_LN2 + i * 1e-3), near_zero_y.push_back(-M_LN2 - i * 1e-3);
  for (const auto& [xs, ys] : {std::pair{x, y}, std::pair{near_zero_x, near_zero_y}})
    for (size_t i = 0; i < xs.size(); ++i) {
      const long double a = xs[i], b = ys[i], hi = std::max(a, b), lo = std::min(a, b);
      if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) continue;
      const long double e = hi + std::log1p(std::exp(lo - hi)), e2 = hi + std::log1p(std::exp2(lo - hi)) / std::log(2.0L);
      const auto ulp = [](long double v) { return static_cast<long double>(std::ldexp(1.0, std::ilogb(static_cast<double>(v)) - 52)); };
      EXPECT_LE(std::fabs(::ember_logaddexp(xs[i], ys[i]) - e), 1.5L * ulp(e) + 0x1p-52L) << "logaddexp(" << xs[i] << ", " << ys[i] << ")";
      EXPECT_LE(std::fabs(::ember_logaddexp2(xs[i], ys[i]) - e2), 1.5L * ulp(e2) + 0x1p-52L) << "logaddexp2(" << xs[i] << ", " << ys[i] << ")";
    }
  EXPECT_EQ(::ember_logaddexp(INFINITY, INFINITY), INFINITY);
  EXPECT_EQ(::ember_logaddexp(-INFINITY, -INFINITY), -INFINITY);
  EXPECT_EQ(::ember_logaddexp(-INFINITY, 2.5), 2.5);
  EXPECT_TRUE(std::isnan(::ember_logaddexp(NAN, 1.0)));
  EXPECT_TRUE(std::isnan(::ember_logaddexp(1.0, NAN)));
  EXPECT_EQ(::ember_logaddexp2(-INFINITY, 3.0), 3.0);
}

// Computed in double, they are float's correctly rounded value or a
// neighbour of it.
TEST(SleefMath, LogaddexpOfFloatsAgreesWithLongDouble) {
  const std::vector<float> x = inputs<float>(2003, 8), y = inputs<float>(2003, 9);
  for (size_t i = 0; i < x.size(); ++i) {
    const long double a = x[i], b = y[i], hi = std::max(a, b), lo = std::min(a, b);
    if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) continue;
    const long double e = hi + std::log1p(std::exp(lo - hi)), e2 = hi + std::log1p(std::exp2(lo - hi)) / std::log(2.0L);
    EXPECT_LE(ulp_error(::ember_logaddexpf(x[i], y[i]), e), 1.0) << "logaddexp(" << x[i] << ", " << y[i] << ")";
    EXPECT_LE(ulp_error(::ember_logaddexp2f(x[i], y[i]), e2), 1.0) << "logaddexp2(" << x[i] << ", " << y[i] << ")";
  }
  EXPECT_EQ(::ember_logaddexpf(INFINITY, INFINITY), INFINITY);
  EXPECT_EQ(::ember_logaddexpf(-INFINITY, -INFINITY), -INFINITY);
  EXPECT_TRUE(std::isnan(::ember_logaddexpf(NAN, 1.0f)));
  EXPECT_EQ(::ember_logaddexp2f(-INFINITY, 3.0f), 3.0f);
}

// ember_asinhf, ember_acoshf and ember_atanhf are the lane forms of Note
// [float asinh, acosh and atanh] with FMA (their accuracy:
// test_float_log_forms.cpp), bit for bit on every 4099th float; a NaN
// stays NaN.
TEST(SleefMath, FloatAsinhAcoshAtanhAreTheLaneForms) {
#ifdef __FMA__
  const struct {
    const char* name;
    float (*f)(float);
    float (*form)(float);
  } functions[] = {{"asinh", ::ember_asinhf, [](float x) { return float_log_form<FloatLogForm::Asinh>(x); }},
                   {"acosh", ::ember_acoshf, [](float x) { return float_log_form<FloatLogForm::Acosh>(x); }},
                   {"atanh", ::ember_atanhf, [](float x) { return float_log_form<FloatLogForm::Atanh>(x); }}};
  for (const auto& fn : functions) {
    for (uint64_t bits = 0; bits < (1ull << 32); bits += 4099) {
      const float v = testing::float_of_bits(static_cast<uint32_t>(bits));
      if (std::isnan(v)) {
        EXPECT_TRUE(std::isnan(fn.f(v))) << fn.name;
      } else {
        ASSERT_TRUE(same_bits(fn.f(v), fn.form(v))) << fn.name << "(" << v << ") = " << fn.f(v);
      }
    }
  }
#else
  GTEST_SKIP() << "without FMA these are SLEEF's functions";
#endif
}

// Note [float division by lanes]: the loops give the scalar forms' bits,
// quotients beyond the methods' 2^22 (float) and 2^51 (double) included
// (inputs() spans 2^-30 to 2^30 for both, and the special values).
TEST(SleefMath, FloatDivisionLoopsMatchScalarCalls) {
  expect_loops_match_scalar<float, 2>("fmodf", [](float x, float y) { return ::ember_fmodf(x, y); }, ::ember_fmodf);
  expect_loops_match_scalar<float, 2>("remainderf", [](float x, float y) { return ::ember_remainderf(x, y); },
                                      ::ember_remainderf);
  expect_loops_match_scalar<float, 2>("floor_dividef", [](float x, float y) { return ::ember_floor_dividef(x, y); },
                                      ::ember_floor_dividef);
  expect_loops_match_scalar<double, 2>("fmod", [](double x, double y) { return ::ember_fmod(x, y); }, ::ember_fmod);
  expect_loops_match_scalar<double, 2>("remainder", [](double x, double y) { return ::ember_remainder(x, y); },
                                       ::ember_remainder);
  expect_loops_match_scalar<double, 2>("floor_divide", [](double x, double y) { return ::ember_floor_divide(x, y); },
                                       ::ember_floor_divide);
}

// T's functions, each through a vectorized loop over a and b.
struct FloatDivision {
  static float fmod(float a, float b) { return ::ember_fmodf(a, b); }
  static float remainder(float a, float b) { return ::ember_remainderf(a, b); }
  static float floor_divide(float a, float b) { return ::ember_floor_dividef(a, b); }
  static double fmod(double a, double b) { return ::ember_fmod(a, b); }
  static double remainder(double a, double b) { return ::ember_remainder(a, b); }
  static double floor_divide(double a, double b) { return ::ember_floor_divide(a, b); }
};

// Dividends a step either side of a multiple k*b (the quotients that
// division rounds up to k), exact multiples, and quotients around the
// method's bound (2^22 for float, 2^51 for double): fmod gives the C
// library's bits; where the quotient is below `checked`, floor division
// gives floor(a / b) computed in long double (a non-integer quotient of
// floats lies at least 2^-48 of itself from an integer, of doubles below
// 2^10 at least 2^-52 from one, both far beyond long double's error;
// above 2^21, NumPy's form that ours follows, (a - fmod) / b, may be one
// off) and remainder a - b * that floor, rounded once.
template <class T>
void expect_exact_at_integer_quotients(int bound_bits, long double checked) {
  std::mt19937 g(3);
  std::uniform_real_distribution<T> mantissa(T(1), T(2));
  std::uniform_int_distribution<int> exponent(-20, 20), bits(1, bound_bits);
  std::uniform_int_distribution<int64_t> multiple(1, int64_t{1} << 22);
  std::vector<T> a, b;
  for (int i = 0; i < 4000; ++i) {
    const T d = std::ldexp(mantissa(g), exponent(g)) * (i % 2 ? T(1) : T(-1));
    const int64_t bound = int64_t{1} << bound_bits;
    const int64_t k0 = i % 7 == 0 ? bound - 1 + i % 3 : i % 7 == 1 ? (int64_t{1} << bits(g)) - 1 : multiple(g);
    const T k = static_cast<T>(k0) * (i % 3 ? T(1) : T(-1));
    const T m = k * d;
    for (const T n : {m, std::nextafter(m, T(INFINITY)), std::nextafter(m, -T(INFINITY))}) {
      if (!std::isfinite(n)) continue;
      a.push_back(n);
      b.push_back(d);
    }
  }
  const int64_t n = static_cast<int64_t>(a.size());
  const std::vector<T> in[2] = {a, b};
  std::vector<T> fmod(a.size()), floor_div(a.size()), rem(a.size());
  run<T, 2>(fmod, in, 0, n, 1, [](T x, T y) { return FloatDivision::fmod(x, y); });
  run<T, 2>(floor_div, in, 0, n, 1, [](T x, T y) { return FloatDivision::floor_divide(x, y); });
  run<T, 2>(rem, in, 0, n, 1, [](T x, T y) { return FloatDivision::remainder(x, y); });
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_TRUE(same_bits(fmod[i], std::fmod(a[i], b[i]))) << "fmod(" << a[i] << ", " << b[i] << ")";
    const long double q = std::floor(static_cast<long double>(a[i]) / b[i]);
    if (std::fabs(q) >= checked) continue;
    ASSERT_EQ(floor_div[i], static_cast<T>(q)) << "floor_divide(" << a[i] << ", " << b[i] << ")";
    ASSERT_EQ(rem[i], static_cast<T>(static_cast<long double>(a[i]) - q * b[i])) << "remainder(" << a[i] << ", " << b[i] << ")";
  }
}

TEST(SleefMath, FloatDivisionIsExactAtIntegerQuotients) {
  expect_exact_at_integer_quotients<float>(22, 0x1p21L);
  expect_exact_at_integer_quotients<double>(51, 0x1p10L);
}

// Note [double pow by lanes]: loops give the scalar form's bits, the
// lanes left to libm included (inputs() has zeros, infinities, NaN,
// DBL_MAX and subnormals; negative bases give NaN for most exponents).
TEST(SleefMath, DoublePowLoopsMatchScalarCalls) {
  expect_loops_match_scalar<double, 2>("pow", [](double x, double y) { return ::ember_pow(x, y); }, ::ember_pow);
}

// Within 1 ulp of long double's pow on results across the range; C's
// pow's bits at the special cases and at both ends of the range, where
// SLEEF's differs (pow(DBL_MAX, 1) is inf there); sqrt at 0.5; exact
// where the result is an exactly representable integer.
TEST(SleefMath, DoublePowAgreesWithTheCLibrary) {
  std::mt19937 g(4);
  std::uniform_real_distribution<double> base(-3.0, 30.0), exponent(-200.0, 200.0);
  std::vector<double> a, b;
  for (int i = 0; i < 4000; ++i) {
    a.push_back(i % 5 == 0 ? std::floor(base(g)) : base(g));
    b.push_back(i % 5 == 0 ? std::floor(exponent(g) / 20) : exponent(g));
  }
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const double max = std::numeric_limits<double>::max(), tiny = std::numeric_limits<double>::denorm_min();
  const double edges[][2] = {{max, 1.0},   {max, 0.5},   {2.0, 1023.0}, {2.0, 1024.0}, {2.0, -1022.0}, {2.0, -1074.0},
                             {2.0, -1075.0}, {tiny, 1.0}, {0.5, 1074.0}, {10.0, 308.25}, {10.0, -320.0}, {1.0, nan},
                             {nan, 0.0},   {-1.0, inf},  {-1.0, -inf},  {0.5, inf},    {0.5, -inf},    {inf, -1.0},
                             {-inf, 3.0},  {-inf, 0.5},  {-0.0, 0.5},   {-0.0, -1.0},  {0.0, -2.0},    {-8.0, 1.0 / 3},
                             {-2.0, 3.0},  {3.0, 0.5},   {nan, 2.0},    {2.0, nan},    {-0.0, 3.0},    {1.0, inf}};
  for (const auto& e : edges) {
    a.push_back(e[0]);
    b.push_back(e[1]);
  }
  const int64_t n = static_cast<int64_t>(a.size());
  const std::vector<double> in[2] = {a, b};
  std::vector<double> out(a.size());
  run<double, 2>(out, in, 0, n, 1, [](double x, double y) { return ::ember_pow(x, y); });
  for (int64_t i = 0; i < n; ++i) {
    const double c = b[i] == 0.5 ? std::sqrt(a[i]) : std::pow(a[i], b[i]);
    const double m = std::fabs(c);
    if (!(m >= 0x1p-1000 && m <= 0x1p1000) || i >= n - static_cast<int64_t>(std::size(edges))) {
      ASSERT_TRUE(same_bits(out[i], c) || (std::isnan(out[i]) && std::isnan(c))) << "pow(" << a[i] << ", " << b[i] << ") = " << out[i] << ", C: " << c;
      continue;
    }
    EXPECT_LE(ulp_error(out[i], std::pow(static_cast<long double>(a[i]), static_cast<long double>(b[i]))), 1.0)
        << "pow(" << a[i] << ", " << b[i] << ")";
    if (c == std::floor(c) && m < 0x1p53) {
      EXPECT_EQ(out[i], c) << "pow(" << a[i] << ", " << b[i] << ")";
    }
  }
}

TEST(SleefMath, BinaryFunctionsAgreeWithTheCLibrary) {
  const std::vector<double> x = inputs<double>(2003, 5), y = inputs<double>(2003, 6);
  for (size_t i = 0; i < x.size(); ++i) {
    const long double a = x[i], b = y[i];
    EXPECT_LE(ulp_error(sleef::atan2(x[i], y[i]), std::atan2(a, b)), 2.0) << "atan2(" << x[i] << ", " << y[i] << ")";
    if (std::fabs(std::hypot(a, b)) <= std::numeric_limits<double>::max()) {
      EXPECT_LE(ulp_error(sleef::hypot(x[i], y[i]), std::hypot(a, b)), 1.0) << "hypot(" << x[i] << ", " << y[i] << ")";
    }
  }
}

}  // namespace
}  // namespace ember::kernels
