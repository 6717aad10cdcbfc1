// THGenerator and THRandom_seed/manualSeed/initialSeed/random (the part
// of TH's THRandom that randperm needs), over runtime/core/generator.h.
#include "TH/THRandom.h"
#include "ember/export.h"
#include "runtime/core/generator.h"

namespace {

// A NULL generator is TH's argument error (TH itself crashed on it).
THGenerator* need(THGenerator* g, const char* fn) {
  if (!g) THArgCheck(false, 1, "%s: the generator is NULL", fn);
  return g;
}

}  // namespace

EMBER_API THGenerator* THGenerator_new(void) { return new THGenerator(); }

EMBER_API THGenerator* THGenerator_copy(THGenerator* self, THGenerator* from) {
  if (!need(self, "THGenerator_copy") || !need(from, "THGenerator_copy")) return nullptr;
  *self = *from;
  return self;
}

EMBER_API void THGenerator_free(THGenerator* gen) { delete gen; }

EMBER_API int THGenerator_isValid(THGenerator* gen) {
  // std::mt19937 keeps its state consistent by construction; only an
  // absent generator is invalid.
  return gen != nullptr;
}

EMBER_API unsigned long THRandom_seed(THGenerator* gen) {
  if (!need(gen, "THRandom_seed")) return 0;
  return static_cast<unsigned long>(ember::rt::seed_randomly(*gen));
}

EMBER_API void THRandom_manualSeed(THGenerator* gen, unsigned long seed) {
  if (need(gen, "THRandom_manualSeed")) ember::rt::manual_seed(*gen, seed);
}

EMBER_API unsigned long THRandom_initialSeed(THGenerator* gen) {
  if (!need(gen, "THRandom_initialSeed")) return 0;
  return static_cast<unsigned long>(gen->initial_seed);
}

EMBER_API unsigned long THRandom_random(THGenerator* gen) {
  if (!need(gen, "THRandom_random")) return 0;
  return ember::rt::next_u32(*gen);
}
