// TH's half <-> float exports against the CPU's own conversions (F16C),
// which implement IEEE binary16 with round-to-nearest-even in hardware:
// every half bit pattern, and float -> half for random floats, ties,
// subnormals, overflow and NaN.
#include <gtest/gtest.h>
#include <immintrin.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

#include "TH/THGeneral.h"
#include "TH/THHalf.h"

namespace {

__attribute__((target("f16c"))) float ref_half_to_float(uint16_t h) { return _cvtsh_ss(h); }

__attribute__((target("f16c"))) uint16_t ref_float_to_half(float f) {
  return static_cast<uint16_t>(_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT));
}

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

uint16_t to_half(float f) { return TH_float2half(f).x; }

class THHalfConversions : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!__builtin_cpu_supports("f16c")) GTEST_SKIP() << "no F16C on this CPU to compare against";
  }
};

// A signalling NaN half (exponent all ones, top mantissa bit clear) is
// widened bit for bit by ember/half.h, as numpy does, while F16C quiets
// it; both give a NaN of the same sign and payload.
bool same_conversion(float got, float want, uint16_t h) {
  const bool signalling = (h & 0x7c00) == 0x7c00 && (h & 0x03ff) != 0 && !(h & 0x0200);
  if (!signalling) return bits(got) == bits(want);
  return std::isnan(got) && (bits(got) | 0x00400000u) == bits(want);
}

TEST_F(THHalfConversions, EveryHalfToFloatMatchesTheHardware) {
  int mismatches = 0;
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    const uint16_t h16 = static_cast<uint16_t>(h);
    const float got = TH_half2float(THHalf{h16});
    unsigned short hb = h16;
    float via_bits = 0;
    TH_halfbits2float(&hb, &via_bits);
    const float want = ref_half_to_float(h16);
    if (!same_conversion(got, want, h16) || bits(via_bits) != bits(got)) {
      if (++mismatches <= 5)
        ADD_FAILURE() << std::hex << "half 0x" << h << ": got 0x" << bits(got) << ", want 0x" << bits(want);
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST_F(THHalfConversions, EveryHalfRoundTripsThroughFloat) {
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    const float f = TH_half2float(THHalf{static_cast<unsigned short>(h)});
    float copy = f;
    unsigned short back = 0;
    TH_float2halfbits(&copy, &back);
    ASSERT_EQ(back, ref_float_to_half(f)) << std::hex << h;
    if (!std::isnan(f)) {
      ASSERT_EQ(back, h) << std::hex << h;
    }
  }
}

// Halfway between two adjacent halves (exact in float: a half has 11
// significant bits, a float 24), and just either side of halfway.
TEST_F(THHalfConversions, TiesRoundToEvenAndNeighboursRoundToNearest) {
  for (uint32_t h = 0; h < 0x7bff; ++h) {  // every finite positive half but the largest
    const float lo = TH_half2float(THHalf{static_cast<unsigned short>(h)});
    const float hi = TH_half2float(THHalf{static_cast<unsigned short>(h + 1)});
    const float mid = (lo + hi) / 2;
    ASSERT_EQ((lo + hi) / 2 - lo, hi - mid) << "midpoint not exact";
    const uint16_t even = (h % 2 == 0) ? static_cast<uint16_t>(h) : static_cast<uint16_t>(h + 1);
    ASSERT_EQ(to_half(mid), even) << std::hex << h;
    ASSERT_EQ(to_half(-mid), even | 0x8000) << std::hex << h;
    ASSERT_EQ(to_half(std::nextafter(mid, 0.0f)), h) << std::hex << h;
    ASSERT_EQ(to_half(std::nextafter(mid, 1e9f)), h + 1) << std::hex << h;
    ASSERT_EQ(to_half(mid), ref_float_to_half(mid));
  }
}

TEST_F(THHalfConversions, SpecialValues) {
  EXPECT_EQ(to_half(0.0f), 0x0000);
  EXPECT_EQ(to_half(-0.0f), 0x8000);
  EXPECT_EQ(to_half(1.0f), 0x3c00);
  EXPECT_EQ(to_half(-2.0f), 0xc000);
  EXPECT_EQ(to_half(65504.0f), 0x7bff);                    // largest half
  EXPECT_EQ(to_half(65519.996f), 0x7bff);                  // below the overflow midpoint
  EXPECT_EQ(to_half(65520.0f), 0x7c00);                    // the midpoint rounds to even: infinity
  EXPECT_EQ(to_half(1e10f), 0x7c00);
  EXPECT_EQ(to_half(-3.4e38f), 0xfc00);
  EXPECT_EQ(to_half(INFINITY), 0x7c00);
  EXPECT_EQ(to_half(-INFINITY), 0xfc00);
  EXPECT_EQ(to_half(std::ldexp(1.0f, -14)), 0x0400);       // smallest normal
  EXPECT_EQ(to_half(std::ldexp(1.0f, -24)), 0x0001);       // smallest subnormal
  EXPECT_EQ(to_half(std::ldexp(1.0f, -25)), 0x0000);       // half of it: a tie, to even
  EXPECT_EQ(to_half(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(to_half(-std::ldexp(1.0f, -25)), 0x8000);
  EXPECT_EQ(to_half(std::ldexp(3.0f, -25)), 0x0002);       // 1.5 ulp: a tie, to even
  EXPECT_EQ(to_half(from_bits(0x00000001)), 0x0000);       // float subnormals vanish
  EXPECT_EQ(to_half(from_bits(0x80000001)), 0x8000);
  EXPECT_EQ(to_half(std::ldexp(1023.0f, -24) + std::ldexp(1.0f, -25)), 0x0400);  // subnormal rounds up to normal
  const uint16_t qnan = to_half(NAN);
  EXPECT_EQ(qnan & 0x7c00, 0x7c00);
  EXPECT_NE(qnan & 0x03ff, 0);
  EXPECT_TRUE(std::isnan(TH_half2float(THHalf{qnan})));
  EXPECT_NE(to_half(from_bits(0x7f800001)) & 0x03ff, 0);  // a signalling NaN stays a NaN
  EXPECT_TRUE(std::isnan(TH_half2float(THHalf{0x7c01})));
  EXPECT_TRUE(std::isinf(TH_half2float(THHalf{0xfc00})));
}

TEST_F(THHalfConversions, RandomFloatsMatchTheHardware) {
  std::mt19937 gen(20240611);
  std::uniform_int_distribution<uint32_t> any_bits;
  std::uniform_real_distribution<float> in_range(-70000.0f, 70000.0f);
  std::uniform_int_distribution<int> exponent(-30, 17);
  int mismatches = 0;
  for (int i = 0; i < 3000000; ++i) {
    float f;
    switch (i % 3) {
      case 0: f = from_bits(any_bits(gen)); break;  // includes NaNs, infinities, subnormals
      case 1: f = in_range(gen); break;
      default: f = std::ldexp(in_range(gen) / 70000.0f, exponent(gen)); break;  // the subnormal and small range
    }
    const uint16_t got = to_half(f);
    const uint16_t want = ref_float_to_half(f);
    if (got != want && ++mismatches <= 5)
      ADD_FAILURE() << std::hex << "float 0x" << bits(f) << ": got 0x" << got << ", want 0x" << want;
  }
  EXPECT_EQ(mismatches, 0);
}

struct Seen {
  int arg_number = 0;
  std::string message;
  static void on_arg_error(int arg, const char* msg, void* self) {
    static_cast<Seen*>(self)->arg_number = arg;
    static_cast<Seen*>(self)->message = msg;
  }
};

TEST(THHalfPointers, NullPointersAreArgumentErrors) {
  Seen seen;
  THSetArgErrorHandler(Seen::on_arg_error, &seen);
  float f = 1.0f;
  unsigned short h = 0x3c00;
  TH_float2halfbits(nullptr, &h);
  EXPECT_EQ(seen.arg_number, 1);
  EXPECT_EQ(seen.message.rfind("TH_float2halfbits: src is NULL", 0), 0u) << seen.message;
  TH_float2halfbits(&f, nullptr);
  EXPECT_EQ(seen.arg_number, 2);
  TH_halfbits2float(&h, nullptr);
  EXPECT_EQ(seen.arg_number, 2);
  EXPECT_EQ(seen.message.rfind("TH_halfbits2float: dest is NULL", 0), 0u) << seen.message;
  TH_halfbits2float(nullptr, &f);
  EXPECT_EQ(seen.arg_number, 1);
  EXPECT_EQ(h, 0x3c00);
  EXPECT_EQ(f, 1.0f);
  THSetArgErrorHandler(nullptr, nullptr);
}

TEST(THHalfStructs, LayoutIsTwoBytes) {
  EXPECT_EQ(sizeof(THHalf), 2u);
  EXPECT_EQ(sizeof(THBFloat16), 2u);
  const THHalf h = TH_HALF_BITS_TO_LITERAL(TH_HALF_INF);
  EXPECT_TRUE(std::isinf(TH_half2float(h)));
}

}  // namespace
