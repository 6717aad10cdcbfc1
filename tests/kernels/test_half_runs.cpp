// Runs of Half and BFloat16 (kernels/half_runs.h) against ember/half.h's
// element conversions, bit for bit: every 16-bit pattern widened, and
// narrowed from every float that decides a rounding (each Half's value,
// the midpoints between neighbours and the floats one step either side
// of them), NaNs with payloads, overflow, subnormals, and a spread of
// other bit patterns; at every run length around the vector width.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "ember/half.h"
#include "kernels/half_runs.h"

namespace ember::kernels {
namespace {

// Floats whose rounding to 16 bits is worth checking, for a type whose
// float values are value(bits).
template <class T>
std::vector<float> rounding_cases() {
  std::vector<float> v;
  for (uint32_t b = 0; b < 0x10000u; ++b) {
    const float x = T::from_bits(static_cast<uint16_t>(b));
    const float next = T::from_bits(static_cast<uint16_t>(b + 1));
    v.push_back(x);
    if (x == x && next == next && (b & 0x7fffu) != 0x7fffu) {
      const uint32_t mid = float_bits(x + (next - x) / 2);  // exact: the step is a power of two
      for (uint32_t m : {mid - 1, mid, mid + 1}) v.push_back(bits_float(m));
    }
  }
  for (uint32_t b = 0; b < 0xffffff00u; b += 0x10001u * 7) v.push_back(bits_float(b));
  for (uint32_t nan : {0x7f800001u, 0x7fc00000u, 0xffbfffffu, 0x7fffe000u, 0x7f802000u, 0x7fa00000u})
    v.push_back(bits_float(nan));
  for (uint32_t big : {0x477fefffu, 0x477ff000u, 0x477fffffu, 0x7f7fffffu, 0x7f800000u, 0xff800000u})
    v.push_back(bits_float(big));
  return v;
}

template <class T>
void expect_runs_match_elements() {
  std::vector<T> all(0x10000);
  for (uint32_t b = 0; b < 0x10000u; ++b) all[b] = T::from_bits(static_cast<uint16_t>(b));
  std::vector<float> wide(all.size());
  widen(all.data(), wide.data(), static_cast<int64_t>(all.size()));
  for (uint32_t b = 0; b < 0x10000u; ++b)
    ASSERT_EQ(float_bits(wide[b]), float_bits(static_cast<float>(all[b]))) << "widening bits 0x" << std::hex << b;

  const std::vector<float> cases = rounding_cases<T>();
  std::vector<T> narrowed(cases.size());
  narrow(cases.data(), narrowed.data(), static_cast<int64_t>(cases.size()));
  for (size_t i = 0; i < cases.size(); ++i)
    ASSERT_EQ(narrowed[i].x, T(cases[i]).x) << "narrowing float bits 0x" << std::hex << float_bits(cases[i]);
}

TEST(HalfRuns, HalfMatchesElementConversions) { expect_runs_match_elements<Half>(); }
TEST(HalfRuns, BFloat16MatchesElementConversions) { expect_runs_match_elements<BFloat16>(); }

// Lengths around the vector width: the vector part and the tail together
// write exactly [0, n), and nothing past it.
TEST(HalfRuns, EveryLengthWritesExactlyItsRun) {
  for (int64_t n = 0; n <= 40; ++n) {
    SCOPED_TRACE("length " + std::to_string(n));
    std::vector<Half> h(48, Half::from_bits(0x7bffu));
    for (int64_t i = 0; i < n; ++i) h[i] = Half(static_cast<float>(i) * 0.5f - 3.0f);
    std::vector<float> f(48, -7.0f);
    widen(h.data(), f.data(), n);
    for (int64_t i = 0; i < 48; ++i) ASSERT_EQ(f[i], i < n ? static_cast<float>(i) * 0.5f - 3.0f : -7.0f) << i;
    std::vector<Half> back(48, Half::from_bits(0x1234u));
    narrow(f.data(), back.data(), n);
    for (int64_t i = 0; i < 48; ++i) ASSERT_EQ(back[i].x, i < n ? h[i].x : 0x1234u) << i;
  }
}

}  // namespace
}  // namespace ember::kernels
