/* TH's random number generator (Torch7's THRandom.h): a Mersenne Twister
 * (MT19937) stream per THGenerator and Torch7's sampling formulas over it,
 * so that THRandom_manualSeed(g, s) then the same calls give Torch7's
 * numbers (docs/random.md says which draws match bit for bit, and why).
 *
 * THGenerator is complete, with Torch7's fields in Torch7's order: TH code
 * takes sizeof(THGenerator), copies generators by value and stores them
 * as bytes (THByteTensor_getRNGState), so the layout is part of the ABI.
 *
 * Differences from TH, on purpose: a NULL generator is an argument error
 * (TH crashed); THGenerator_new seeds from std::random_device (as TH's
 * /dev/urandom), so a state copied from an unused generator replays its
 * draws; the errors listed with each function below. */
#ifndef TH_RANDOM_INC
#define TH_RANDOM_INC

#include "THGeneral.h"
#include "THTensorTypes.h"
#include "ember/structs.h"

#define _MERSENNE_STATE_N 624
#define _MERSENNE_STATE_M 397

/* The typedef is ember/structs.h's (one declaration for C99, which
 * forbids a repeated typedef). */
struct THGenerator {
  unsigned long the_initial_seed;          /* as given; only the low 32 bits seed */
  int left;                                /* draws before the next refill, 1 .. 624 */
  int seeded;                              /* 1 once seeded */
  unsigned long next;                      /* index of the next state word, 0 .. 624 */
  unsigned long state[_MERSENNE_STATE_N];  /* 32-bit words */
  /* Box-Muller's pair: normal_is_valid when the second value is due. */
  double normal_x;
  double normal_y;
  double normal_rho;
  int normal_is_valid;
};

/* The Lua class name Torch7's binding registers generators under. */
#define torch_Generator "torch.Generator"

/* A new generator, seeded from the system's entropy; free it with
 * THGenerator_free. */
TH_API THGenerator *THGenerator_new(void);
/* Copies from's whole state into self; returns self. */
TH_API THGenerator *THGenerator_copy(THGenerator *self, THGenerator *from);
TH_API void THGenerator_free(THGenerator *gen);
/* 1 when gen's fields are a state the stream can continue from
 * (seeded, left and next in range, state words of 32 bits). */
TH_API int THGenerator_isValid(THGenerator *gen);

/* Seeds from the system's entropy; returns the seed. */
TH_API unsigned long THRandom_seed(THGenerator *_generator);
/* Seeds with the low 32 bits of the_seed_ (MT19937's init_genrand) and
 * forgets a pending normal value. */
TH_API void THRandom_manualSeed(THGenerator *_generator, unsigned long the_seed_);
/* The seed of the last THRandom_seed / THRandom_manualSeed. */
TH_API unsigned long THRandom_initialSeed(THGenerator *_generator);
/* The next 32-bit value of the stream (0 .. 2^32 - 1). */
TH_API unsigned long THRandom_random(THGenerator *_generator);
/* Two draws, the first as the high half. */
TH_API unsigned long long THRandom_random64(THGenerator *_generator);
/* One draw / 2^32, scaled to [a, b); needs a <= b. */
TH_API double THRandom_uniform(THGenerator *_generator, double a, double b);
/* Box-Muller with the second value of each pair kept for the next call;
 * needs stdv > 0. */
TH_API double THRandom_normal(THGenerator *_generator, double mean, double stdv);
/* -log(1 - u) / lambda; needs lambda > 0. */
TH_API double THRandom_exponential(THGenerator *_generator, double lambda);
/* median + sigma * tan(pi * (u - 1/2)); needs sigma > 0. */
TH_API double THRandom_cauchy(THGenerator *_generator, double median, double sigma);
/* A log-normal value whose own mean and standard deviation are mean and
 * stdv (TH's parameters, not the underlying normal's); needs both > 0. */
TH_API double THRandom_logNormal(THGenerator *_generator, double mean, double stdv);
/* Trials up to the first success, 1, 2, ...; needs 0 < p < 1. */
TH_API int THRandom_geometric(THGenerator *_generator, double p);
/* 1 with probability p; needs 0 <= p <= 1. */
TH_API int THRandom_bernoulli(THGenerator *_generator, double p);

/* gen's whole state as sizeof(THGenerator) bytes in the layout above
 * (self is resized to that); set checks the size, contiguity and
 * THGenerator_isValid before it copies anything. */
TH_API void THByteTensor_getRNGState(THGenerator *_generator, THByteTensor *self);
TH_API void THByteTensor_setRNGState(THGenerator *_generator, THByteTensor *self);

#endif
