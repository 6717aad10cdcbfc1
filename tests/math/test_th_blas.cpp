// TH's BLAS wrappers (THFloatBlas_gemm and friends) for every dtype that
// has them, through the C API: against the naive references of
// tests/kernels/blas_reference.h, with TH's fix-ups of irrelevant leading
// dims and BLAS's argument checks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "TH/TH.h"
#include "tests/kernels/blas_reference.h"
#include "tests/runtime/th_test_util.h"

namespace ember::kernels::testing {
namespace {

// The C functions of one dtype, with its C element type R.
template <class T>
struct THBlasOf;
#define EMBER_THBLAS_OF(Name, Cpp, Real)                                     \
  template <>                                                                \
  struct THBlasOf<Cpp> {                                                     \
    using R = Real;                                                          \
    static constexpr auto swap = &TH##Name##Blas_swap;                       \
    static constexpr auto scal = &TH##Name##Blas_scal;                       \
    static constexpr auto copy = &TH##Name##Blas_copy;                       \
    static constexpr auto axpy = &TH##Name##Blas_axpy;                       \
    static constexpr auto dot = &TH##Name##Blas_dot;                         \
    static constexpr auto gemv = &TH##Name##Blas_gemv;                       \
    static constexpr auto ger = &TH##Name##Blas_ger;                         \
    static constexpr auto gemm = &TH##Name##Blas_gemm;                       \
    static constexpr const char* name = "TH" #Name "Blas_";                  \
  };
EMBER_THBLAS_OF(Byte, uint8_t, unsigned char)
EMBER_THBLAS_OF(Char, int8_t, char)
EMBER_THBLAS_OF(Short, int16_t, short)
EMBER_THBLAS_OF(Int, int32_t, int)
EMBER_THBLAS_OF(Long, int64_t, long)
EMBER_THBLAS_OF(Float, float, float)
EMBER_THBLAS_OF(Double, double, double)
EMBER_THBLAS_OF(Half, Half, THHalf)
EMBER_THBLAS_OF(BFloat16, BFloat16, THBFloat16)
#undef EMBER_THBLAS_OF

// A value of the library's type as the C type (Half <-> THHalf bit for bit).
template <class T>
typename THBlasOf<T>::R c_value(T v) {
  typename THBlasOf<T>::R r;
  static_assert(sizeof(r) == sizeof(v));
  std::memcpy(&r, &v, sizeof(v));
  return r;
}
template <class T>
T from_c_value(typename THBlasOf<T>::R r) {
  T v;
  std::memcpy(&v, &r, sizeof(v));
  return v;
}
template <class T>
typename THBlasOf<T>::R* c_ptr(std::vector<T>& v) {
  return reinterpret_cast<typename THBlasOf<T>::R*>(v.data());
}
template <class T>
T of(double v) {
  if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<int64_t>(v));
  else return T(static_cast<float>(v));
}

template <class T>
class THBlas : public ::testing::Test {};
using ElementTypes = ::testing::Types<uint8_t, int8_t, int16_t, int32_t, int64_t, float, double, Half, BFloat16>;
TYPED_TEST_SUITE(THBlas, ElementTypes);

TYPED_TEST(THBlas, Gemm) {
  using T = TypeParam;
  using F = THBlasOf<T>;
  const double alpha = std::is_integral_v<T> ? -3 : 1.5, beta = std::is_integral_v<T> ? 2 : -0.5;
  struct Case {
    int64_t m, n, k;
  };
  for (const Case s : {Case{4, 5, 6}, Case{33, 20, 70}, Case{1, 7, 3}, Case{6, 1, 4}, Case{5, 3, 1}})
    for (char ta : {'n', 'T'})
      for (char tb : {'N', 't', 'c'}) {
        const bool at = ta != 'n' && ta != 'N', bt = tb != 'n' && tb != 'N';
        const int64_t lda = (at ? s.k : s.m) + 1, ldb = (bt ? s.n : s.k) + 2, ldc = s.m + 3;
        std::vector<T> a = random_values<T>(lda * (at ? s.m : s.k), 1), b = random_values<T>(ldb * (bt ? s.k : s.n), 2);
        const std::vector<T> c0 = random_values<T>(ldc * s.n, 3);
        std::vector<T> c = c0;
        // Leading dims a size of 1 makes irrelevant may be anything (TH fixes them up).
        const long lda_c = (at ? s.m == 1 : s.k == 1) ? 0 : lda;
        const long ldb_c = (bt ? s.k == 1 : s.n == 1) ? 0 : ldb;
        const long ldc_c = s.n == 1 ? 0 : ldc;
        if (lda_c == 0 || ldb_c == 0 || ldc_c == 0) {
          // With a fixed-up leading dim the matrix is packed: rebuild it so.
          if (lda_c == 0) a.resize(static_cast<size_t>(at ? s.k : s.m) * (at ? s.m : s.k));
          if (ldb_c == 0) b.resize(static_cast<size_t>(bt ? s.n : s.k) * (bt ? s.k : s.n));
        }
        const int64_t la = lda_c ? lda : (at ? s.k : s.m), lb = ldb_c ? ldb : (bt ? s.n : s.k),
                      lc = ldc_c ? ldc : s.m;
        c.resize(static_cast<size_t>(lc * s.n));
        std::vector<T> cref(c.begin(), c.end());
        F::gemm(ta, tb, s.m, s.n, s.k, c_value(of<T>(alpha)), c_ptr(a), lda_c, c_ptr(b), ldb_c, c_value(of<T>(beta)),
                c_ptr(c), ldc_c);
        for (int64_t j = 0; j < s.n; ++j)
          for (int64_t i = 0; i < s.m; ++i) {
            RefNum<T> sum = 0;
            long double mass = 0;
            for (int64_t l = 0; l < s.k; ++l) {
              const T x = at ? a[l + i * la] : a[i + l * la];
              const T y = bt ? b[j + l * lb] : b[l + j * lb];
              sum += ref_of(x) * ref_of(y);
              mass += magnitude<T>(ref_of(x) * ref_of(y));
            }
            const RefNum<T> bc = ref_scalar<T>(beta) * ref_of(cref[i + j * lc]);
            ASSERT_TRUE(close(c[i + j * lc], ref_scalar<T>(alpha) * sum + bc, mass * std::fabs(alpha) + magnitude<T>(bc), s.k))
                << F::name << "gemm " << ta << tb << " " << s.m << "x" << s.n << "x" << s.k << " at " << i << "," << j;
          }
      }
}

TYPED_TEST(THBlas, Gemv) {
  using T = TypeParam;
  using F = THBlasOf<T>;
  const double alpha = std::is_integral_v<T> ? 5 : -1.5, beta = std::is_integral_v<T> ? -1 : 2;
  const int64_t m = 9, n = 6, lda = 11;
  for (char trans : {'n', 't', 'C'}) {
    const bool t = trans != 'n';
    const int64_t lenx = t ? m : n, leny = t ? n : m;
    std::vector<T> a = random_values<T>(lda * n, 4), x = random_values<T>(2 * lenx, 5);
    const std::vector<T> y0 = random_values<T>(leny, 6);
    std::vector<T> y = y0;
    F::gemv(trans, m, n, c_value(of<T>(alpha)), c_ptr(a), lda, c_ptr(x), -2, c_value(of<T>(beta)), c_ptr(y), 1);
    for (int64_t i = 0; i < leny; ++i) {
      RefNum<T> sum = 0;
      long double mass = 0;
      for (int64_t j = 0; j < lenx; ++j) {
        const RefNum<T> p = ref_of(t ? a[j + i * lda] : a[i + j * lda]) * ref_of(x[(lenx - 1 - j) * 2]);
        sum += p;
        mass += magnitude<T>(p);
      }
      const RefNum<T> by = ref_scalar<T>(beta) * ref_of(y0[i]);
      ASSERT_TRUE(close(y[i], ref_scalar<T>(alpha) * sum + by, mass * std::fabs(alpha) + magnitude<T>(by), lenx))
          << F::name << "gemv " << trans << " " << i;
    }
  }
  // n == 1: lda is taken as m.
  std::vector<T> a = random_values<T>(m, 7), x = random_values<T>(1, 8), y(m);
  F::gemv('n', m, 1, c_value(of<T>(1)), c_ptr(a), 0, c_ptr(x), 1, c_value(of<T>(0)), c_ptr(y), 1);
  for (int64_t i = 0; i < m; ++i) ASSERT_TRUE(close(y[i], ref_of(a[i]) * ref_of(x[0]), magnitude<T>(ref_of(a[i]) * ref_of(x[0])), 1));
}

TYPED_TEST(THBlas, Ger) {
  using T = TypeParam;
  using F = THBlasOf<T>;
  const double alpha = std::is_integral_v<T> ? 3 : 0.5;
  const int64_t m = 7, n = 5, lda = 9;
  std::vector<T> x = random_values<T>(m, 9), y = random_values<T>(3 * n, 10);
  const std::vector<T> a0 = random_values<T>(lda * n, 11);
  std::vector<T> a = a0;
  F::ger(m, n, c_value(of<T>(alpha)), c_ptr(x), 1, c_ptr(y), -3, c_ptr(a), lda);
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < m; ++i) {
      const RefNum<T> xy = ref_scalar<T>(alpha) * ref_of(x[i]) * ref_of(y[(n - 1 - j) * 3]);
      ASSERT_TRUE(close(a[i + j * lda], ref_of(a0[i + j * lda]) + xy, magnitude<T>(xy) + magnitude<T>(ref_of(a0[i + j * lda])), 1));
    }
}

TYPED_TEST(THBlas, Level1) {
  using T = TypeParam;
  using F = THBlasOf<T>;
  const int64_t n = 13;
  const std::vector<T> x0 = random_values<T>(2 * n, 12), y0 = random_values<T>(n, 13);
  std::vector<T> x = x0, y = y0;
  // dot: the accumulate-type sum rounded to the dtype.
  RefNum<T> want = 0;
  long double mass = 0;
  for (int64_t i = 0; i < n; ++i) {
    want += ref_of(x0[2 * i]) * ref_of(y0[n - 1 - i]);
    mass += magnitude<T>(ref_of(x0[2 * i]) * ref_of(y0[n - 1 - i]));
  }
  EXPECT_TRUE(close(from_c_value<T>(F::dot(n, c_ptr(x), 2, c_ptr(y), -1)), want, mass, n));
  EXPECT_TRUE(close(from_c_value<T>(F::dot(0, nullptr, 1, nullptr, 1)), 0, 0, 0));
  // axpy
  const double a = std::is_integral_v<T> ? 7 : -0.25;
  F::axpy(n, c_value(of<T>(a)), c_ptr(x), 2, c_ptr(y), 1);
  for (int64_t i = 0; i < n; ++i) {
    const RefNum<T> ax = ref_scalar<T>(a) * ref_of(x0[2 * i]);
    ASSERT_TRUE(close(y[i], ref_of(y0[i]) + ax, magnitude<T>(ax) + magnitude<T>(ref_of(y0[i])), 1));
  }
  // copy, swap
  y = y0;
  F::copy(n, c_ptr(x), 2, c_ptr(y), 1);
  for (int64_t i = 0; i < n; ++i) ASSERT_TRUE(close(y[i], ref_of(x0[2 * i]), 0, 0));
  y = y0;
  F::swap(n, c_ptr(x), 2, c_ptr(y), -1);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_TRUE(close(y[n - 1 - i], ref_of(x0[2 * i]), 0, 0));
    ASSERT_TRUE(close(x[2 * i], ref_of(y0[n - 1 - i]), 0, 0));
  }
  // scal; n <= 0 and (as BLAS) incx <= 0 do nothing.
  x = x0;
  const double s = std::is_integral_v<T> ? -3 : 2;
  F::scal(n, c_value(of<T>(s)), c_ptr(x), 2);
  for (int64_t i = 0; i < 2 * n; ++i)
    ASSERT_TRUE(close(x[i], i % 2 ? ref_of(x0[i]) : ref_scalar<T>(s) * ref_of(x0[i]), magnitude<T>(ref_of(x0[i])) * 2, 0));
  const std::vector<T> x1 = x;
  F::scal(n, c_value(of<T>(0)), c_ptr(x), 0);
  F::scal(0, c_value(of<T>(0)), c_ptr(x), 1);
  F::axpy(-1, c_value(of<T>(1)), nullptr, 1, nullptr, 1);
  EXPECT_EQ(std::memcmp(x.data(), x1.data(), x.size() * sizeof(T)), 0);
}

TEST(THBlas, Errors) {
  ember::test::THThrowingHandlers handlers;
  using ember::test::expect_th_error;
  std::vector<float> a(64, 1.0f), b(64, 1.0f), c(64, 0.0f);
  // gemm(transa 1, transb 2, m 3, n 4, k 5, alpha 6, a 7, lda 8, b 9, ldb 10, beta 11, c 12, ldc 13)
  expect_th_error([&] { THFloatBlas_gemm('x', 'n', 2, 2, 2, 1, a.data(), 2, b.data(), 2, 0, c.data(), 2); }, 1, "transa");
  expect_th_error([&] { THFloatBlas_gemm('n', 'q', 2, 2, 2, 1, a.data(), 2, b.data(), 2, 0, c.data(), 2); }, 2, "transb");
  expect_th_error([&] { THFloatBlas_gemm('n', 'n', -1, 2, 2, 1, a.data(), 2, b.data(), 2, 0, c.data(), 2); }, 3, "m is -1");
  expect_th_error([&] { THFloatBlas_gemm('n', 'n', 3, 2, 2, 1, a.data(), 2, b.data(), 2, 0, c.data(), 3); }, 8, "lda");
  expect_th_error([&] { THFloatBlas_gemm('n', 't', 3, 2, 2, 1, a.data(), 3, b.data(), 1, 0, c.data(), 3); }, 10, "ldb");
  expect_th_error([&] { THFloatBlas_gemm('n', 'n', 3, 2, 2, 1, a.data(), 3, b.data(), 2, 0, c.data(), 2); }, 13, "ldc");
  expect_th_error([&] { THFloatBlas_gemm('n', 'n', 3, 2, 2, 1, nullptr, 3, b.data(), 2, 0, c.data(), 3); }, 7, "NULL");
  // gemv(trans 1, m 2, n 3, alpha 4, a 5, lda 6, x 7, incx 8, beta 9, y 10, incy 11)
  expect_th_error([&] { THDoubleBlas_gemv('n', 3, 2, 1, nullptr, 2, nullptr, 1, 0, nullptr, 1); }, 6, "lda");
  std::vector<double> da(16, 1.0);
  expect_th_error([&] { THDoubleBlas_gemv('n', 3, 2, 1, da.data(), 3, da.data(), 0, 0, da.data(), 1); }, 8, "incx");
  expect_th_error([&] { THHalfBlas_gemv('z', 1, 1, THHalf{}, nullptr, 1, nullptr, 1, THHalf{}, nullptr, 1); }, 1, "trans");
  // ger(m 1, n 2, alpha 3, x 4, incx 5, y 6, incy 7, a 8, lda 9)
  expect_th_error([&] { THIntBlas_ger(4, 2, 1, nullptr, 1, nullptr, 1, nullptr, 3); }, 9, "lda");
  expect_th_error([&] { THIntBlas_ger(4, 2, 1, nullptr, 1, nullptr, 0, nullptr, 4); }, 7, "incy");
  // level 1: data needed for n > 0.
  expect_th_error([&] { THLongBlas_axpy(3, 1, nullptr, 1, nullptr, 1); }, 3, "NULL");
}

}  // namespace
}  // namespace ember::kernels::testing
