#include "runtime/core/generator.h"

namespace ember::rt {

void manual_seed(THGenerator& g, uint64_t seed) {
  g.engine.seed(static_cast<uint32_t>(seed & 0xffffffffu));
  g.initial_seed = seed;
  g.seeded = true;
}

uint64_t seed_randomly(THGenerator& g) {
  std::random_device device;
  const uint64_t seed = (static_cast<uint64_t>(device()) << 32) | device();
  manual_seed(g, seed);
  return seed;
}

uint32_t next_u32(THGenerator& g) {
  if (!g.seeded) seed_randomly(g);
  return static_cast<uint32_t>(g.engine());
}

THGenerator& default_generator() {
  static THGenerator g;
  return g;
}

std::mutex& default_generator_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace ember::rt
