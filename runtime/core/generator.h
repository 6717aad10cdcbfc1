// TH's THGenerator (TH/THRandom.h) and the process-wide generator the C++
// API draws from (PyTorch's default CPU generator).
//
// The stream is std::mt19937, whose seeding (init_genrand) and output
// (genrand_int32, tempered) are Torch7's THRandom's: a generator seeded
// with s yields Torch7's THRandom_random sequence for s.
#pragma once

#include <cstdint>
#include <mutex>
#include <random>

struct THGenerator {
  std::mt19937 engine;
  uint64_t initial_seed = 0;
  bool seeded = false;  // an unseeded generator seeds itself on first use
};

namespace ember::rt {

// Seeds `g` with the low 32 bits of `seed` (Torch7 kept the whole seed as
// the initial seed but used only those bits).
void manual_seed(THGenerator& g, uint64_t seed);
// Seeds `g` from std::random_device; returns the seed.
uint64_t seed_randomly(THGenerator& g);
// The next 32-bit value of g's stream (THRandom_random), seeding g first
// when it never was.
uint32_t next_u32(THGenerator& g);

// The generator of the C++ API, and the lock every draw from it holds.
THGenerator& default_generator();
std::mutex& default_generator_mutex();

}  // namespace ember::rt
