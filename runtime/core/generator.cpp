#include "runtime/core/generator.h"

#include <array>
#include <cstddef>
#include <cstring>
#include <functional>
#include <random>

// Torch7's layout on LP64, which getRNGState's bytes and TH code's
// sizeof(THGenerator) depend on.
static_assert(sizeof(long) != 8 || (offsetof(THGenerator, next) == 16 && offsetof(THGenerator, state) == 24 &&
                                    offsetof(THGenerator, normal_x) == 5016 && sizeof(THGenerator) == 5048),
              "THGenerator must keep Torch7's field layout");

namespace ember::rt {

namespace {

constexpr int kM = _MERSENNE_STATE_M;
constexpr uint32_t kMatrixA = 0x9908b0dfu;

// MT19937's recurrence for one word: the top bit of `u`, the low 31 of `v`.
inline unsigned long twist(unsigned long u, unsigned long v) {
  const uint32_t mixed = (static_cast<uint32_t>(u) & 0x80000000u) | (static_cast<uint32_t>(v) & 0x7fffffffu);
  return (mixed >> 1) ^ ((v & 1u) ? kMatrixA : 0u);
}

}  // namespace

void manual_seed(THGenerator& g, uint64_t seed) {
  std::memset(&g, 0, sizeof g);
  g.the_initial_seed = static_cast<unsigned long>(seed);
  g.state[0] = seed & 0xffffffffu;
  for (int j = 1; j < kMtStateSize; ++j) {
    const uint32_t prev = static_cast<uint32_t>(g.state[j - 1]);
    // Knuth's multiplier (TAOCP vol. 2, 3rd ed., p. 106), modulo 2^32.
    g.state[j] = static_cast<uint32_t>(1812433253u * (prev ^ (prev >> 30)) + static_cast<uint32_t>(j));
  }
  g.left = 1;
  g.next = 0;
  g.seeded = 1;
}

uint64_t seed_randomly(THGenerator& g) {
  std::random_device device;
  const uint64_t seed = (static_cast<uint64_t>(device()) << 32) | device();
  manual_seed(g, seed);
  return seed;
}

void refill(THGenerator& g) {
  unsigned long* s = g.state;
  int j = 0;
  for (; j < kMtStateSize - kM; ++j) s[j] = s[j + kM] ^ twist(s[j], s[j + 1]);
  for (; j < kMtStateSize - 1; ++j) s[j] = s[j + kM - kMtStateSize] ^ twist(s[j], s[j + 1]);
  s[j] = s[kM - 1] ^ twist(s[j], s[0]);
  g.left = kMtStateSize;
  g.next = 0;
}

bool state_is_valid(const THGenerator& g) {
  if (g.seeded != 1 || g.left <= 0 || g.left > kMtStateSize || g.next > static_cast<unsigned long>(kMtStateSize))
    return false;
  // left and next move together (left + next == 625 between refills),
  // except in a freshly seeded state (left 1, next 0).
  if (!(g.left == 1 && g.next == 0) && g.left + static_cast<long>(g.next) != kMtStateSize + 1) return false;
  if (g.normal_is_valid != 0 && g.normal_is_valid != 1) return false;
  for (unsigned long w : g.state)
    if (w > 0xffffffffu) return false;
  return true;
}

THGenerator& default_generator() {
  static THGenerator g = [] {
    THGenerator fresh;
    seed_randomly(fresh);
    return fresh;
  }();
  return g;
}

std::mutex& generator_mutex(const THGenerator* g) {
  static std::array<std::mutex, 64> locks;
  return locks[std::hash<const void*>{}(g) / alignof(THGenerator) % locks.size()];
}

}  // namespace ember::rt
