// Note [division through double] (kernels/scalar_ops.h): ops::div, fmod,
// floor_divide and remainder of every integer type of 32 bits or fewer
// divide in double (in float for 16 bits or fewer); int64 in double where
// |a| < 2^48 (Note [int64 division by lanes]). Checked against the
// same operations in int64_t, written out here, on the types' extreme
// values crossed with each other, on random pairs spread over every
// divisor magnitude and sign, on every pair of 8-bit values and every
// 16-bit dividend over a spread of divisors; and vectorized loops (a
// divisor per element, and one divisor for the whole loop, as `a // 7`
// runs) against one-at-a-time calls.
#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>
#include <random>
#include <vector>

#include "kernels/scalar_ops.h"

namespace ember::ops {
namespace {

// C's quotient and remainder (truncated), INT_MIN / -1 wrapping; in
// 128 bits, where no quotient of these types overflows.
using Wide = __int128;
template <class M>
M exact_div(M a, M b) {
  return b == 0 ? M(0) : static_cast<M>(Wide{a} / Wide{b});
}
template <class M>
M exact_fmod(M a, M b) {
  return b == 0 ? M(0) : static_cast<M>(Wide{a} % Wide{b});
}
// Python's floor quotient and remainder (the divisor's sign).
template <class M>
M exact_floor_divide(M a, M b) {
  if (b == 0) return M(0);
  Wide q = Wide{a} / Wide{b};
  if (q * Wide{b} != Wide{a} && ((a < 0) != (b < 0))) --q;
  return static_cast<M>(q);
}
template <class M>
M exact_remainder(M a, M b) {
  if (b == 0) return M(0);
  Wide r = Wide{a} % Wide{b};
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return static_cast<M>(r);
}

template <class M>
void expect_exact(M a, M b) {
  ASSERT_EQ(div(a, b), exact_div(a, b)) << +a << " / " << +b;
  ASSERT_EQ(fmod(a, b), exact_fmod(a, b)) << +a << " fmod " << +b;
  ASSERT_EQ(floor_divide(a, b), exact_floor_divide(a, b)) << +a << " // " << +b;
  ASSERT_EQ(remainder(a, b), exact_remainder(a, b)) << +a << " % " << +b;
}

template <class M>
class IntegerDivision : public ::testing::Test {};
using Integers = ::testing::Types<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t>;
TYPED_TEST_SUITE(IntegerDivision, Integers);

TYPED_TEST(IntegerDivision, GoesThroughDouble) {
  static_assert(divides_through_double_v<TypeParam> || std::is_same_v<TypeParam, int64_t>);
}

TYPED_TEST(IntegerDivision, ExtremesCrossed) {
  using M = TypeParam;
  using L = std::numeric_limits<M>;
  const std::vector<M> edges = {L::min(), static_cast<M>(L::min() + 1), static_cast<M>(-1), 0, 1, 2, 3,
                                static_cast<M>(-2), static_cast<M>(-3), L::max(), static_cast<M>(L::max() - 1),
                                static_cast<M>(L::max() / 2), static_cast<M>(L::max() / 2 + 1), 7, static_cast<M>(-7)};
  for (M a : edges)
    for (M b : edges) expect_exact(a, b);
}

// Random dividends against divisors of every magnitude (a random value
// shifted right by 0..width-1 bits) and both signs.
TYPED_TEST(IntegerDivision, RandomPairsOfEveryDivisorMagnitude) {
  using M = TypeParam;
  using U = std::make_unsigned_t<M>;
  constexpr int kBits = 8 * sizeof(M);
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000000; ++i) {
    const uint64_t x = rng();
    const M a = static_cast<M>(x);
    M b = static_cast<M>(static_cast<U>(x >> 32) >> ((x >> 58) % kBits));
    if ((x >> 57) & 1) b = static_cast<M>(-b);
    expect_exact(a, b);
  }
}

template <class M>
class SmallDivision : public ::testing::Test {};
using EightAndSixteenBits = ::testing::Types<int8_t, uint8_t, int16_t, uint16_t>;
TYPED_TEST_SUITE(SmallDivision, EightAndSixteenBits);

// Every dividend of the type against every divisor for 8 bits; against
// every divisor up to 300 in magnitude and every 97th beyond for 16.
TYPED_TEST(SmallDivision, EveryDividend) {
  using M = TypeParam;
  using L = std::numeric_limits<M>;
  for (int64_t b = L::min(); b <= L::max(); ++b) {
    if (sizeof(M) == 2 && (b > 300 || b < -300) && b % 97 != 0) continue;
    for (int64_t a = L::min(); a <= L::max(); ++a) expect_exact(static_cast<M>(a), static_cast<M>(b));
  }
}

// One divisor for a whole vectorized loop (GCC hoists it), every
// dividend of the type.
template <class M>
void expect_loop_by_one_divisor(M b) {
  using L = std::numeric_limits<M>;
  std::vector<M> a;
  for (int64_t v = L::min(); v <= L::max(); v += sizeof(M) <= 2 ? 1 : 65521) a.push_back(static_cast<M>(v));
  a.push_back(L::max());
  const int n = static_cast<int>(a.size());
  std::vector<M> q(n), r(n), t(n), f(n);
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    q[i] = floor_divide(a[i], b);
    r[i] = remainder(a[i], b);
    t[i] = div(a[i], b);
    f[i] = fmod(a[i], b);
  }
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(q[i], exact_floor_divide(a[i], b)) << +a[i] << " // " << +b;
    ASSERT_EQ(r[i], exact_remainder(a[i], b)) << +a[i] << " % " << +b;
    ASSERT_EQ(t[i], exact_div(a[i], b)) << +a[i] << " / " << +b;
    ASSERT_EQ(f[i], exact_fmod(a[i], b)) << +a[i] << " fmod " << +b;
  }
}

TEST(IntegerDivisionLoop, OneDivisorForTheWholeLoop) {
  for (const int b : {7, -7, 1, -1, 2, 3, 100, -128, 127}) {
    expect_loop_by_one_divisor<int8_t>(static_cast<int8_t>(b));
    expect_loop_by_one_divisor<int16_t>(static_cast<int16_t>(b));
    expect_loop_by_one_divisor<int32_t>(b);
  }
  for (const int b : {7, 1, 2, 255}) expect_loop_by_one_divisor<uint8_t>(static_cast<uint8_t>(b));
  for (const int32_t b : {-32768, 32767, 65536 + 3, std::numeric_limits<int32_t>::min(),
                          std::numeric_limits<int32_t>::max()})
    expect_loop_by_one_divisor<int32_t>(b);
  expect_loop_by_one_divisor<int16_t>(std::numeric_limits<int16_t>::min());
}

// int64 (Note [int64 division by lanes]): vectors whose lanes are all
// below 2^48 in magnitude, all above, and mixed, each lane against the
// exact result, through loops that call the vector forms with a divisor
// per element and with one divisor.
TEST(IntegerDivisionLoop, Int64LanesSmallBigAndMixed) {
  constexpr int kN = 4099;
  std::vector<int64_t> a(kN), b(kN), q(kN), r(kN), t(kN), f(kN);
  std::mt19937_64 rng(11);
  for (int i = 0; i < kN; ++i) {
    const int kind = (i / 64) % 3;  // runs of small, big, then every other lane big
    const bool big = kind == 1 || (kind == 2 && i % 2 == 0);
    a[i] = static_cast<int64_t>(rng()) >> (big ? 0 : 17 + i % 40);
    b[i] = static_cast<int64_t>(rng()) >> (1 + i % 63);
    if (b[i] == 0) b[i] = 3;
  }
  const int64_t kMin = std::numeric_limits<int64_t>::min(), kMax = std::numeric_limits<int64_t>::max();
  const int64_t edges[][2] = {{kMin, -1}, {kMin, 1}, {kMax, -1}, {(int64_t{1} << 48) - 1, 7}, {int64_t{1} << 48, 7},
                              {-(int64_t{1} << 48) + 1, -7}, {-(int64_t{1} << 48), -7}, {kMin, kMin}, {-7, kMax}};
  for (size_t e = 0; e < std::size(edges); ++e) {
    a[100 + e] = edges[e][0];
    b[100 + e] = edges[e][1];
  }
#pragma omp simd
  for (int i = 0; i < kN; ++i) {
    q[i] = floor_divide(a[i], b[i]);
    r[i] = remainder(a[i], b[i]);
    t[i] = div(a[i], b[i]);
    f[i] = fmod(a[i], b[i]);
  }
  for (int i = 0; i < kN; ++i) {
    ASSERT_EQ(q[i], exact_floor_divide(a[i], b[i])) << a[i] << " // " << b[i];
    ASSERT_EQ(r[i], exact_remainder(a[i], b[i])) << a[i] << " % " << b[i];
    ASSERT_EQ(t[i], exact_div(a[i], b[i])) << a[i] << " / " << b[i];
    ASSERT_EQ(f[i], exact_fmod(a[i], b[i])) << a[i] << " fmod " << b[i];
  }
  for (const int64_t d : {int64_t{7}, int64_t{-7}, int64_t{1}, int64_t{-1}, int64_t{1} << 40, kMax, kMin}) {
#pragma omp simd
    for (int i = 0; i < kN; ++i) {
      q[i] = floor_divide(a[i], d);
      r[i] = remainder(a[i], d);
    }
    for (int i = 0; i < kN; ++i) {
      ASSERT_EQ(q[i], exact_floor_divide(a[i], d)) << a[i] << " // " << d;
      ASSERT_EQ(r[i], exact_remainder(a[i], d)) << a[i] << " % " << d;
    }
  }
}

// The loop the pointwise kernels run vectorizes the same functions; its
// lanes must agree with the scalar calls.
TEST(IntegerDivisionLoop, VectorizedLoopMatchesScalarCalls) {
  constexpr int kN = 4099;
  std::vector<int32_t> a(kN), b(kN), got(kN);
  std::mt19937 rng(3);
  for (int i = 0; i < kN; ++i) {
    a[i] = static_cast<int32_t>(rng());
    b[i] = static_cast<int32_t>(rng()) >> (i % 31);
  }
  b[5] = -1;
  a[5] = std::numeric_limits<int32_t>::min();
#pragma omp simd
  for (int i = 0; i < kN; ++i) got[i] = remainder(a[i], b[i]);
  for (int i = 0; i < kN; ++i) ASSERT_EQ(got[i], exact_remainder(a[i], b[i])) << a[i] << " % " << b[i];
}

}  // namespace
}  // namespace ember::ops
