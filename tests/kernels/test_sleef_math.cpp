// kernels/sleef_math.h: every function (logaddexp's of floats too),
// through pointwise loops that GCC vectorizes (contiguous at several
// offsets and lengths, and strided), gives the bits of its scalar call on
// every element (Note [SLEEF calls]), and the scalar calls agree with the
// C library to a few ulps (the ops' ulp bounds are checked in the op
// tests); fmod, remainder and floor division of floats are exact.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/operands.h"
#include "kernels/pointwise.h"
#include "kernels/sleef_math.h"

namespace ember::kernels {
namespace {

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

// |got - ref| in ulps of T at ref; 0 where both are the same infinity or NaN.
template <class T>
double ulps(T got, long double ref) {
  if (std::isnan(ref) || std::isinf(ref)) return (std::isnan(ref) ? std::isnan(got) : got == ref) ? 0 : 1e30;
  int e = 0;
  std::frexp(ref, &e);
  const long double ulp = std::ldexp(1.0L, std::max(e, std::numeric_limits<T>::min_exponent) - std::numeric_limits<T>::digits);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - ref) / ulp);
}

#define EMBER_TEST_SLEEF_UNARY(name, suffix)                                                                        \
  TEST(SleefMath, name##LoopsMatchScalarCalls) {                                                                    \
    expect_loops_match_scalar<float, 1>(#name "f", [](float x) { return sleef::name(x); }, ::ember_##name##f);      \
    expect_loops_match_scalar<double, 1>(#name, [](double x) { return sleef::name(x); }, ::ember_##name);           \
  }                                                                                                                 \
  TEST(SleefMath, name##AgreesWithTheCLibrary) {                                                                    \
    for (const double x : inputs<double>(2003, 11)) {                                                               \
      if (std::fabs(x) > 1e15) continue; /* beyond: the op tests (SLEEF's range limits, Note [SLEEF calls]) */      \
      const long double ref = std::name(static_cast<long double>(x));                                               \
      if (std::fabs(ref) > std::numeric_limits<double>::max() / 2) continue; /* overflow edges: the op tests */    \
      EXPECT_LE(ulps(sleef::name(x), ref), 2.0) << #name "(" << x << ")";                                           \
      const float xf = static_cast<float>(x);                                                                       \
      const long double reff = std::name(static_cast<long double>(xf));                                             \
      if (std::fabs(reff) > std::numeric_limits<float>::max() / 2) continue;                                        \
      EXPECT_LE(ulps(sleef::name(xf), reff), 2.0) << #name "f(" << xf << ")";                                       \
    }                                                                                                               \
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
}

// Computed in double, they are float's correctly rounded value or a
// neighbour of it.
TEST(SleefMath, LogaddexpOfFloatsAgreesWithLongDouble) {
  const std::vector<float> x = inputs<float>(2003, 8), y = inputs<float>(2003, 9);
  for (size_t i = 0; i < x.size(); ++i) {
    const long double a = x[i], b = y[i], hi = std::max(a, b), lo = std::min(a, b);
    if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) continue;
    const long double e = hi + std::log1p(std::exp(lo - hi)), e2 = hi + std::log1p(std::exp2(lo - hi)) / std::log(2.0L);
    EXPECT_LE(ulps(::ember_logaddexpf(x[i], y[i]), e), 1.0) << "logaddexp(" << x[i] << ", " << y[i] << ")";
    EXPECT_LE(ulps(::ember_logaddexp2f(x[i], y[i]), e2), 1.0) << "logaddexp2(" << x[i] << ", " << y[i] << ")";
  }
  EXPECT_EQ(::ember_logaddexpf(INFINITY, INFINITY), INFINITY);
  EXPECT_EQ(::ember_logaddexpf(-INFINITY, -INFINITY), -INFINITY);
  EXPECT_TRUE(std::isnan(::ember_logaddexpf(NAN, 1.0f)));
  EXPECT_EQ(::ember_logaddexp2f(-INFINITY, 3.0f), 3.0f);
}

// Note [float division by lanes]: the loops give the scalar forms' bits,
// quotients beyond the method's 2^22 included (inputs() spans
// 2^-30 to 2^30 and the special values).
TEST(SleefMath, FloatDivisionLoopsMatchScalarCalls) {
  expect_loops_match_scalar<float, 2>("fmodf", [](float x, float y) { return ::ember_fmodf(x, y); }, ::ember_fmodf);
  expect_loops_match_scalar<float, 2>("remainderf", [](float x, float y) { return ::ember_remainderf(x, y); },
                                      ::ember_remainderf);
  expect_loops_match_scalar<float, 2>("floor_dividef", [](float x, float y) { return ::ember_floor_dividef(x, y); },
                                      ::ember_floor_dividef);
}

// Dividends a step either side of a multiple k*b (the quotients that
// division in float rounds up to k), exact multiples, and quotients
// around the 2^22 bound, through a vectorized loop: fmod gives the C
// library's bits; below 2^21, floor division gives floor(a / b) computed
// in long double (a non-integer quotient of floats lies at least 2^-48 of
// itself from an integer; above 2^21, NumPy's float form that ours
// follows, (a - fmod) / b in float, may be one off) and remainder
// a - b * that floor, rounded once.
TEST(SleefMath, FloatDivisionIsExactAtIntegerQuotients) {
  std::mt19937 g(3);
  std::uniform_real_distribution<float> mantissa(1.0f, 2.0f);
  std::uniform_int_distribution<int> exponent(-20, 20), multiple(1, 1 << 22);
  std::vector<float> a, b;
  for (int i = 0; i < 4000; ++i) {
    const float d = std::ldexp(mantissa(g), exponent(g)) * (i % 2 ? 1.0f : -1.0f);
    const float k = static_cast<float>(i % 7 == 0 ? (1 << 22) - 1 + i % 3 : multiple(g)) * (i % 3 ? 1.0f : -1.0f);
    const float m = k * d;
    for (const float n : {m, std::nextafter(m, INFINITY), std::nextafter(m, -INFINITY)}) {
      if (!std::isfinite(n)) continue;
      a.push_back(n);
      b.push_back(d);
    }
  }
  const int64_t n = static_cast<int64_t>(a.size());
  const std::vector<float> in[2] = {a, b};
  std::vector<float> fmod(a.size()), floor_div(a.size()), rem(a.size());
  run<float, 2>(fmod, in, 0, n, 1, [](float x, float y) { return ::ember_fmodf(x, y); });
  run<float, 2>(floor_div, in, 0, n, 1, [](float x, float y) { return ::ember_floor_dividef(x, y); });
  run<float, 2>(rem, in, 0, n, 1, [](float x, float y) { return ::ember_remainderf(x, y); });
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_TRUE(same_bits(fmod[i], std::fmod(a[i], b[i]))) << "fmod(" << a[i] << ", " << b[i] << ")";
    const long double q = std::floor(static_cast<long double>(a[i]) / b[i]);
    if (std::fabs(q) >= 0x1p21L) continue;
    ASSERT_EQ(floor_div[i], static_cast<float>(q)) << "floor_divide(" << a[i] << ", " << b[i] << ")";
    ASSERT_EQ(rem[i], static_cast<float>(static_cast<long double>(a[i]) - q * b[i])) << "remainder(" << a[i] << ", " << b[i] << ")";
  }
}

TEST(SleefMath, BinaryFunctionsAgreeWithTheCLibrary) {
  const std::vector<double> x = inputs<double>(2003, 5), y = inputs<double>(2003, 6);
  for (size_t i = 0; i < x.size(); ++i) {
    const long double a = x[i], b = y[i];
    EXPECT_LE(ulps(sleef::atan2(x[i], y[i]), std::atan2(a, b)), 2.0) << "atan2(" << x[i] << ", " << y[i] << ")";
    if (std::fabs(std::hypot(a, b)) <= std::numeric_limits<double>::max()) {
      EXPECT_LE(ulps(sleef::hypot(x[i], y[i]), std::hypot(a, b)), 1.0) << "hypot(" << x[i] << ", " << y[i] << ")";
    }
  }
}

}  // namespace
}  // namespace ember::kernels
