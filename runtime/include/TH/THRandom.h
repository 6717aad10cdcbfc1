/* TH's random number generator (Torch7's THRandom.h): a Mersenne Twister
 * (MT19937) stream per THGenerator, seeded as Torch7 seeds it, so that
 * THRandom_manualSeed(g, s) gives Torch7's sequence of THRandom_random
 * values. This is the part randperm needs; the sampling functions and the
 * state get/set come with the random issue.
 *
 * Difference from TH, on purpose: an unseeded generator seeds itself on
 * first use from std::random_device (TH used time(0), so generators made
 * in the same second repeated each other). */
#ifndef TH_RANDOM_INC
#define TH_RANDOM_INC

#include "THGeneral.h"
#include "ember/structs.h"

/* A new generator, not yet seeded; free it with THGenerator_free. */
TH_API THGenerator *THGenerator_new(void);
/* Copies from's whole state into self; returns self. */
TH_API THGenerator *THGenerator_copy(THGenerator *self, THGenerator *from);
TH_API void THGenerator_free(THGenerator *gen);
/* 1 when gen's state is one MT19937 can reach (a NULL gen is not valid). */
TH_API int THGenerator_isValid(THGenerator *gen);

/* Seeds from std::random_device; returns the seed. */
TH_API unsigned long THRandom_seed(THGenerator *_generator);
/* Seeds with the low 32 bits of the_seed_ (MT19937's init_genrand). */
TH_API void THRandom_manualSeed(THGenerator *_generator, unsigned long the_seed_);
/* The seed of the last THRandom_seed / THRandom_manualSeed. */
TH_API unsigned long THRandom_initialSeed(THGenerator *_generator);
/* The next 32-bit value of the stream (0 .. 2^32 - 1). */
TH_API unsigned long THRandom_random(THGenerator *_generator);

#endif
