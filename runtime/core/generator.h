// THGenerator's stream: Torch7's MT19937 (init_genrand seeding, the state
// refilled whole when `left` runs out, tempered output) over the fields of
// TH/THRandom.h, and the lock every draw holds. The sampling formulas over
// it are runtime/core/distributions.h.
#pragma once

#include <cstdint>
#include <mutex>

#include "TH/THRandom.h"

namespace ember::rt {

constexpr int kMtStateSize = _MERSENNE_STATE_N;

// init_genrand with the low 32 bits of `seed` (Torch7 kept the whole seed
// as the initial seed), after resetting every other field as a new
// generator has them: left = 1 (refill on the next draw), no pending
// normal value.
void manual_seed(THGenerator& g, uint64_t seed);
// Seeds from std::random_device; returns the seed.
uint64_t seed_randomly(THGenerator& g);
// Regenerates all 624 words (MT19937's twist); left = 624, next = 0.
void refill(THGenerator& g);
// Whether g's fields are a state the stream can continue from: seeded,
// 0 < left <= 624, next <= 624 (Torch7's check), and 32-bit words (ours:
// a wider word would leak bits into the tempered output).
bool state_is_valid(const THGenerator& g);

// The next 32-bit value (THRandom_random). `left` counts down to the
// refill, so a state saved at any point continues where it stopped.
inline uint32_t next_u32(THGenerator& g) {
  if (--g.left == 0) refill(g);
  uint32_t y = static_cast<uint32_t>(g.state[g.next++]);
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

// Two draws, the first as the high half (THRandom_random64).
inline uint64_t next_u64(THGenerator& g) {
  const uint64_t hi = next_u32(g);
  return (hi << 32) | next_u32(g);
}

// The generator of the C++ and Python APIs when a call names none
// (PyTorch's default CPU generator), seeded at first use of this function.
THGenerator& default_generator();

// The lock every draw from `g` holds. THGenerator is a plain C struct that
// TH code copies by value, so it cannot hold its lock: the lock is one of
// a fixed set, chosen by the generator's address.
std::mutex& generator_mutex(const THGenerator* g);
inline std::mutex& default_generator_mutex() { return generator_mutex(&default_generator()); }

}  // namespace ember::rt
