// kernels/gemm.h against a naive triple loop, for every element type,
// both transposes of each operand, padded leading dims, sizes that leave
// partial register tiles and several depth blocks, and Note [gemm zeros].
#include "kernels/gemm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "kernels/parallel.h"
#include "tests/kernels/blas_reference.h"

namespace ember::kernels::testing {
namespace {

struct Case {
  int64_t m, n, k;
};

// C = alpha op(A) op(B) + beta C, checked element by element.
template <class T>
void check_gemm(bool ta, bool tb, Case s, double alpha, double beta, uint32_t seed) {
  using A = gemm_acc_t<T>;
  const int64_t lda = (ta ? s.k : s.m) + 3, ldb = (tb ? s.n : s.k) + 1, ldc = s.m + 2;
  const std::vector<T> a = random_values<T>(static_cast<size_t>(lda * (ta ? s.m : s.k)), seed);
  const std::vector<T> b = random_values<T>(static_cast<size_t>(ldb * (tb ? s.k : s.n)), seed + 1);
  const std::vector<T> c0 = random_values<T>(static_cast<size_t>(ldc * s.n), seed + 2);
  std::vector<T> c = c0;
  ASSERT_TRUE(gemm<T>(ta, tb, s.m, s.n, s.k, static_cast<A>(alpha), a.data(), lda, b.data(), ldb, static_cast<A>(beta),
                      c.data(), ldc));
  auto at = [](const std::vector<T>& x, bool t, int64_t ld, int64_t i, int64_t j) { return t ? x[j + i * ld] : x[i + j * ld]; };
  const RefNum<T> ra = ref_scalar<T>(alpha), rb = ref_scalar<T>(beta);
  for (int64_t j = 0; j < s.n; ++j) {
    for (int64_t i = 0; i < s.m; ++i) {
      RefNum<T> sum = 0;
      long double mass = 0;
      for (int64_t l = 0; l < s.k; ++l) {
        const RefNum<T> p = ref_of(at(a, ta, lda, i, l)) * ref_of(at(b, tb, ldb, l, j));
        sum += p;
        mass += magnitude<T>(p);
      }
      RefNum<T> want = ra * sum;
      mass *= magnitude<T>(ra);
      if (beta != 0) {
        want += rb * ref_of(c0[i + j * ldc]);
        mass += magnitude<T>(rb * ref_of(c0[i + j * ldc]));
      }
      ASSERT_TRUE(close(c[i + j * ldc], want, mass, s.k)) << "at (" << i << ", " << j << "), ta " << ta << " tb " << tb
                                                          << " m " << s.m << " n " << s.n << " k " << s.k;
    }
    // Padding rows of C are never written.
    for (int64_t i = s.m; i < ldc; ++i) ASSERT_EQ(std::memcmp(&c[i + j * ldc], &c0[i + j * ldc], sizeof(T)), 0);
  }
}

template <class T>
class GemmTest : public ::testing::Test {};
using ElementTypes = ::testing::Types<uint8_t, int8_t, int16_t, int32_t, int64_t, float, double, Half, BFloat16>;
TYPED_TEST_SUITE(GemmTest, ElementTypes);

TYPED_TEST(GemmTest, MatchesNaiveLoop) {
  // Partial tiles, one-element dims, several depth (kc) and row (mc) blocks.
  const Case cases[] = {{1, 1, 1}, {7, 5, 3}, {33, 17, 65}, {70, 13, 300}, {5, 200, 9}, {300, 7, 600}};
  uint32_t seed = 1;
  for (const Case& s : cases)
    for (bool ta : {false, true})
      for (bool tb : {false, true}) check_gemm<TypeParam>(ta, tb, s, 1, 0, seed++);
}

TYPED_TEST(GemmTest, AlphaAndBeta) {
  const double scalars[][2] = {{2, 1}, {-1.5, 0.5}, {1, -2}, {0.5, 3}};
  uint32_t seed = 100;
  for (const auto& ab : scalars) {
    const double alpha = std::is_integral_v<TypeParam> ? std::round(ab[0] * 3) : ab[0];
    const double beta = std::is_integral_v<TypeParam> ? std::round(ab[1] * 3) : ab[1];
    check_gemm<TypeParam>(false, true, {19, 23, 31}, alpha, beta, seed++);
    check_gemm<TypeParam>(true, false, {40, 3, 270}, alpha, beta, seed++);
  }
}

// Note [gemm zeros]: beta == 0 never reads C; alpha == 0 and k == 0 never
// read A or B and scale C by beta.
TEST(Gemm, ZerosDoNotRead) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> a(12, 1.0f), b(12, 2.0f), c(9, nan);
  ASSERT_TRUE(gemm<float>(false, false, 3, 3, 4, 1.0f, a.data(), 3, b.data(), 4, 0.0f, c.data(), 3));
  for (float v : c) EXPECT_EQ(v, 8.0f);
  std::vector<float> an(12, nan), cz(9, 5.0f);
  ASSERT_TRUE(gemm<float>(false, false, 3, 3, 4, 0.0f, an.data(), 3, an.data(), 4, 2.0f, cz.data(), 3));
  for (float v : cz) EXPECT_EQ(v, 10.0f);
  ASSERT_TRUE(gemm<float>(false, false, 3, 3, 0, 1.0f, nullptr, 3, nullptr, 1, 0.0f, c.data(), 3));
  for (float v : c) EXPECT_EQ(v, 0.0f);
  std::vector<Half> h(4, Half(std::numeric_limits<float>::infinity()));
  ASSERT_TRUE(gemm<Half>(false, false, 2, 2, 0, 1.0f, nullptr, 2, nullptr, 1, 0.0f, h.data(), 2));
  for (Half v : h) EXPECT_EQ(static_cast<float>(v), 0.0f);
}

TEST(Gemm, EmptyResultTouchesNothing) {
  std::vector<int32_t> c(4, 7);
  ASSERT_TRUE(gemm<int32_t>(false, false, 0, 2, 3, 1, nullptr, 1, nullptr, 3, 0, c.data(), 1));
  ASSERT_TRUE(gemm<int32_t>(false, false, 2, 0, 3, 1, nullptr, 2, nullptr, 3, 0, c.data(), 2));
  for (int32_t v : c) EXPECT_EQ(v, 7);
}

// Note [int32 gemm by halves]: values whose halves sit at the ends of
// int16 (low halves of +-2^15, a high half that is 2^15 only modulo
// 2^16) and products that wrap, against a loop wrapping in uint32.
TEST(Gemm, Int32ExtremesWrapLikeInt32) {
  const int32_t edges[] = {INT32_MIN, INT32_MAX, -1, 0, 1, 0x7fff, 0x8000, -0x8000, 0x7fff8000, 0x7fffffff - 0x7fff,
                           -0x7fff8000, 0x10000, 0x12345678, -0x12345678, 0xffff, -0xffff};
  const int64_t m = 37, n = 13, k = 33;  // partial tiles, an odd depth
  std::vector<int32_t> a(m * k), b(k * n), c(m * n, 99);
  for (size_t i = 0; i < a.size(); ++i) a[i] = edges[(i * 7 + i / 5) % 16];
  for (size_t i = 0; i < b.size(); ++i) b[i] = edges[(i * 11 + i / 3) % 16];
  ASSERT_TRUE(gemm<int32_t>(false, false, m, n, k, 1, a.data(), m, b.data(), k, 0, c.data(), m));
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < m; ++i) {
      uint32_t want = 0;
      for (int64_t l = 0; l < k; ++l) want += static_cast<uint32_t>(a[i + l * m]) * static_cast<uint32_t>(b[l + j * k]);
      ASSERT_EQ(static_cast<uint32_t>(c[i + j * m]), want) << "at (" << i << ", " << j << ")";
    }
}

// Note [deterministic parallelism]: each element of C is summed by one
// thread in an order fixed by k.
TEST(Gemm, ThreadCountDoesNotChangeResults) {
  const int64_t m = 130, n = 150, k = 700;
  const std::vector<float> a = random_values<float>(m * k, 7), b = random_values<float>(k * n, 8);
  const std::vector<Half> ha = random_values<Half>(m * k, 9), hb = random_values<Half>(k * n, 10);
  const int before = get_num_threads();
  std::vector<float> c1(m * n), c2(m * n);
  std::vector<Half> h1(m * n), h2(m * n);
  set_num_threads(1);
  gemm<float>(false, true, m, n, k, 1.0f, a.data(), m, b.data(), n, 0.0f, c1.data(), m);
  gemm<Half>(true, false, m, n, k, 1.0f, ha.data(), k, hb.data(), k, 0.0f, h1.data(), m);
  set_num_threads(2);
  gemm<float>(false, true, m, n, k, 1.0f, a.data(), m, b.data(), n, 0.0f, c2.data(), m);
  gemm<Half>(true, false, m, n, k, 1.0f, ha.data(), k, hb.data(), k, 0.0f, h2.data(), m);
  set_num_threads(before);
  EXPECT_EQ(std::memcmp(c1.data(), c2.data(), c1.size() * sizeof(float)), 0);
  EXPECT_EQ(std::memcmp(h1.data(), h2.data(), h1.size() * sizeof(Half)), 0);
}

}  // namespace
}  // namespace ember::kernels::testing
