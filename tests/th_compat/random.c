/* TH's random API used the way Torch7's Lua binding used it: a generator
 * made once and seeded, copied by value (sizeof(THGenerator) bytes) to
 * save and restore a stream, its state read into a THByteTensor, and the
 * tensor fills drawing from it. */
#include <string.h>

#include "TH.h"
#include "compat_check.h"

int check_random(void) {
  int failures = 0;
  THGenerator *gen = THGenerator_new();
  THGenerator saved;
  THByteTensor *state = THByteTensor_new();
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(3, 4);
  THLongTensor *idx = THLongTensor_new();
  unsigned long x = 0;
  double first, again;
  int i;

  CHECK(sizeof(THGenerator) == sizeof(unsigned long) * (3 + _MERSENNE_STATE_N) + 4 * sizeof(double));
  CHECK(THGenerator_isValid(gen));
  /* MT19937 seeded with 5489: the C++ standard fixes its 10000th value. */
  THRandom_manualSeed(gen, 5489);
  for (i = 0; i < 10000; ++i) x = THRandom_random(gen);
  CHECK(x == 4123659995ul);

  /* Save by value, draw, restore, draw again. */
  saved = *gen;
  THDoubleTensor_normal(t, gen, 0, 1);
  first = THDoubleTensor_get2d(t, 2, 3);
  *gen = saved;
  THDoubleTensor_normal(t, gen, 0, 1);
  again = THDoubleTensor_get2d(t, 2, 3);
  CHECK(first == again);

  /* The byte state is the struct itself. */
  THByteTensor_getRNGState(gen, state);
  CHECK(THByteTensor_nElement(state) == (long)sizeof(THGenerator));
  CHECK(memcmp(THByteTensor_data(state), gen, sizeof(THGenerator)) == 0);
  first = THRandom_uniform(gen, 0, 1);
  THByteTensor_setRNGState(gen, state);
  CHECK(THRandom_uniform(gen, 0, 1) == first);

  /* 0-based categories from TH's C (Torch7's Lua layer added 1). */
  THDoubleTensor_fill(t, 0);
  THDoubleTensor_set2d(t, 0, 1, 1);
  THDoubleTensor_set2d(t, 1, 3, 1);
  THDoubleTensor_set2d(t, 2, 0, 1);
  THDoubleTensor_multinomial(idx, gen, t, 2, 1);
  CHECK(THLongTensor_get2d(idx, 0, 0) == 1 && THLongTensor_get2d(idx, 1, 1) == 3 && THLongTensor_get2d(idx, 2, 0) == 0);

  THLongTensor_free(idx);
  THDoubleTensor_free(t);
  THByteTensor_free(state);
  THGenerator_free(gen);
  return failures;
}
