// kernels/gemm.h against a naive triple loop, for every element type,
// both transposes of each operand, padded leading dims, sizes that leave
// partial register tiles and several depth blocks, and Note [gemm zeros].
#include "kernels/gemm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernels/parallel.h"
#include "tests/kernels/blas_reference.h"

namespace ember::kernels::testing {
namespace {

struct Case {
  int64_t m, n, k;
};

// gemm<T> itself, or one of its paths: gemm_blocked<T, Amx>.
enum class Path { kChosen, kRegisterTile, kAmx };

// gemm<T>'s path where it has work to do: AMX where it runs, else the
// register tile.
template <class T>
GemmRan expected_path() {
  return gemm_amx_v<T> && gemm_amx::usable() ? GemmRan::kAmxTiles : GemmRan::kRegisterTiles;
}

// True when the product ran (gemm<T> also on the path expected_path names).
template <class T>
bool run_gemm(Path path, bool ta, bool tb, Case s, gemm_acc_t<T> alpha, const T* a, int64_t lda, const T* b,
              int64_t ldb, gemm_acc_t<T> beta, T* c, int64_t ldc) {
  if (path == Path::kChosen)
    return gemm<T>(ta, tb, s.m, s.n, s.k, alpha, a, lda, b, ldb, beta, c, ldc) == expected_path<T>();
  if constexpr (gemm_amx_v<T>)
    if (path == Path::kAmx)
      return gemm_detail::gemm_blocked<T, true>(ta, tb, s.m, s.n, s.k, alpha, a, lda, b, ldb, beta, c, ldc);
  return gemm_detail::gemm_blocked<T, false>(ta, tb, s.m, s.n, s.k, alpha, a, lda, b, ldb, beta, c, ldc);
}

// C = alpha op(A) op(B) + beta C, checked element by element.
template <class T>
void check_gemm(bool ta, bool tb, Case s, double alpha, double beta, uint32_t seed, Path path = Path::kChosen) {
  using A = gemm_acc_t<T>;
  const int64_t lda = (ta ? s.k : s.m) + 3, ldb = (tb ? s.n : s.k) + 1, ldc = s.m + 2;
  const std::vector<T> a = random_values<T>(static_cast<size_t>(lda * (ta ? s.m : s.k)), seed);
  const std::vector<T> b = random_values<T>(static_cast<size_t>(ldb * (tb ? s.k : s.n)), seed + 1);
  const std::vector<T> c0 = random_values<T>(static_cast<size_t>(ldc * s.n), seed + 2);
  std::vector<T> c = c0;
  ASSERT_TRUE(run_gemm<T>(path, ta, tb, s, static_cast<A>(alpha), a.data(), lda, b.data(), ldb, static_cast<A>(beta),
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
                                                          << " m " << s.m << " n " << s.n << " k " << s.k
                                                          << " path " << static_cast<int>(path);
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
  ASSERT_EQ(gemm<float>(false, false, 3, 3, 4, 1.0f, a.data(), 3, b.data(), 4, 0.0f, c.data(), 3),
            GemmRan::kRegisterTiles);
  for (float v : c) EXPECT_EQ(v, 8.0f);
  std::vector<float> an(12, nan), cz(9, 5.0f);
  ASSERT_EQ(gemm<float>(false, false, 3, 3, 4, 0.0f, an.data(), 3, an.data(), 4, 2.0f, cz.data(), 3),
            GemmRan::kScaleOnly);
  for (float v : cz) EXPECT_EQ(v, 10.0f);
  ASSERT_EQ(gemm<float>(false, false, 3, 3, 0, 1.0f, nullptr, 3, nullptr, 1, 0.0f, c.data(), 3), GemmRan::kScaleOnly);
  for (float v : c) EXPECT_EQ(v, 0.0f);
  std::vector<Half> h(4, Half(std::numeric_limits<float>::infinity()));
  ASSERT_EQ(gemm<Half>(false, false, 2, 2, 0, 1.0f, nullptr, 2, nullptr, 1, 0.0f, h.data(), 2), GemmRan::kScaleOnly);
  for (Half v : h) EXPECT_EQ(static_cast<float>(v), 0.0f);
}

TEST(Gemm, EmptyResultTouchesNothing) {
  std::vector<int32_t> c(4, 7);
  ASSERT_EQ(gemm<int32_t>(false, false, 0, 2, 3, 1, nullptr, 1, nullptr, 3, 0, c.data(), 1), GemmRan::kScaleOnly);
  ASSERT_EQ(gemm<int32_t>(false, false, 2, 0, 3, 1, nullptr, 2, nullptr, 3, 0, c.data(), 2), GemmRan::kScaleOnly);
  for (int32_t v : c) EXPECT_EQ(v, 7);
}

// The paths gemm chooses between where it has both (AMX where Linux
// grants its tiles, Note [integer gemm by bytes]; the register tile,
// VNNI's where the build has it), each against the naive loop: partial
// tiles, a k step cut short (64 bytes of k a step), several depth blocks
// (kDepth: 128 int32 values, 2048 int8; BFloat16 sums the whole depth),
// transposes and alpha, beta.
template <class T>
class GemmPathTest : public ::testing::Test {};
using PathTypes = ::testing::Types<uint8_t, int8_t, int16_t, int32_t, BFloat16>;
TYPED_TEST_SUITE(GemmPathTest, PathTypes);
template <class T>
class IntegerGemmPathTest : public ::testing::Test {};
using IntegerPathTypes = ::testing::Types<uint8_t, int8_t, int16_t, int32_t>;
TYPED_TEST_SUITE(IntegerGemmPathTest, IntegerPathTypes);

template <class T>
std::vector<Path> paths_here() {
  std::vector<Path> paths = {Path::kRegisterTile};
  if (gemm_amx_v<T> && gemm_amx::usable()) paths.push_back(Path::kAmx);
  return paths;
}

TYPED_TEST(GemmPathTest, EachPathMatchesNaiveLoop) {
  const Case cases[] = {{1, 1, 1}, {17, 33, 5}, {33, 17, 65}, {16, 16, 129}, {20, 35, 300}, {9, 40, 2100}, {3, 5, 4200}};
  uint32_t seed = 500;
  for (Path path : paths_here<TypeParam>()) {
    for (const Case& s : cases)
      for (bool ta : {false, true})
        for (bool tb : {false, true}) check_gemm<TypeParam>(ta, tb, s, 1, 0, seed++, path);
    check_gemm<TypeParam>(false, true, {19, 23, 31}, 3, -2, seed++, path);
    check_gemm<TypeParam>(true, false, {40, 3, 270}, -5, 2, seed++, path);
  }
}

// Values at the ends of the type (every byte 0x00, 0x7f, 0x80 or 0xff;
// halves at the ends of int16 for int32 by halves) and products that
// wrap, against a loop wrapping in uint32, on each path.
TYPED_TEST(IntegerGemmPathTest, ExtremesWrapLikeTheType) {
  using T = TypeParam;
  using U = std::make_unsigned_t<T>;
  const int64_t edges[] = {INT32_MIN, INT32_MAX, -1, 0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, -0x8000, 0x7fff8000,
                           0x7fffffff - 0x7fff, -0x7fff8000, 0x10000, 0x12345678, -0x12345678, 0xffff, -0xffff,
                           0x7f7f7f7f, -0x7f7f7f80, 0x80808080};
  constexpr size_t kEdges = sizeof(edges) / sizeof(edges[0]);
  const int64_t m = 37, n = 21, k = 133;  // partial tiles and steps, two int32 depth blocks
  std::vector<T> a(m * k), b(k * n);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<T>(static_cast<U>(edges[(i * 7 + i / 5) % kEdges]));
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<T>(static_cast<U>(edges[(i * 11 + i / 3) % kEdges]));
  for (Path path : paths_here<T>()) {
    std::vector<T> c(m * n, T(99));
    ASSERT_TRUE(run_gemm<T>(path, false, false, {m, n, k}, 1, a.data(), m, b.data(), k, 0, c.data(), m));
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < m; ++i) {
        uint32_t want = 0;
        for (int64_t l = 0; l < k; ++l)
          want += static_cast<uint32_t>(static_cast<int64_t>(a[i + l * m])) *
                  static_cast<uint32_t>(static_cast<int64_t>(b[l + j * k]));
        ASSERT_EQ(static_cast<U>(c[i + j * m]), static_cast<U>(want))
            << "at (" << i << ", " << j << ") path " << static_cast<int>(path);
      }
  }
}

// Note [integer gemm by bytes]: AMX's bfloat16 products take subnormal
// inputs as zero; the register tile multiplies them.
TEST(Gemm, AmxTakesSubnormalBFloat16AsZero) {
  if (!gemm_amx_v<BFloat16> || !gemm_amx::usable()) GTEST_SKIP() << "no AMX bfloat16 here";
  const BFloat16 a[1] = {BFloat16(0x1p-130f)}, b[1] = {BFloat16(0x1p10f)};
  BFloat16 c[1] = {BFloat16(0.0f)};
  ASSERT_TRUE(run_gemm<BFloat16>(Path::kRegisterTile, false, false, {1, 1, 1}, 1.0f, a, 1, b, 1, 0.0f, c, 1));
  EXPECT_EQ(static_cast<float>(c[0]), 0x1p-120f);
  ASSERT_TRUE(run_gemm<BFloat16>(Path::kAmx, false, false, {1, 1, 1}, 1.0f, a, 1, b, 1, 0.0f, c, 1));
  EXPECT_EQ(static_cast<float>(c[0]), 0.0f);
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
