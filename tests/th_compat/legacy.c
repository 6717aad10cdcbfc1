/* Code written against Torch7's lib/TH, compiled as C99 with warnings as
 * errors against ember's headers: TH's generic-programming idiom (one file
 * expanded per type), the struct fields TH code reads directly, TH's error
 * handlers, and the apply macros on non-contiguous tensors. Exits non-zero
 * when a result differs from what Torch7 gave. */
#include <stdio.h>
#include <string.h>

#include "TH.h"
#include "THMath.h"
#include "compat_check.h"

#define TH_GENERIC_FILE "generic/legacy.c"
#include "THGenerateAllTypes.h"

#define TH_GENERIC_FILE "generic/legacy.c"
#include "THGenerateHalfType.h"

int check_system_include(void);
int check_file(void);
int check_random(void);
int check_thc(void);

/* What the handlers saw last. */
static char last_message[512];
static int last_arg;
static int reports;

static void on_error(const char *msg, void *data) {
  (void)data;
  snprintf(last_message, sizeof last_message, "%s", msg);
  last_arg = 0;
  ++reports;
}

static void on_arg_error(int arg, const char *msg, void *data) {
  (void)data;
  snprintf(last_message, sizeof last_message, "%s", msg);
  last_arg = arg;
  ++reports;
}

static int starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static int check_errors(void) {
  int failures = 0;
  int ran = 0;
  THFloatTensor *a = THFloatTensor_newWithSize2d(2, 3);
  THFloatTensor *b = THFloatTensor_newWithSize1d(5);

  THSetErrorHandler(on_error, NULL);
  THSetArgErrorHandler(on_arg_error, NULL);

  THError("custom error %d", 42);
  CHECK(reports == 1 && starts_with(last_message, "custom error 42"));
  THArgCheck(1, 2, "never reported");
  CHECK(reports == 1);
  THArgCheck(0, 3, "bad %s", "argument");
  CHECK(reports == 2 && last_arg == 3 && starts_with(last_message, "bad argument"));

  /* ember's own functions report through the same handlers, then return. */
  CHECK(THFloatTensor_newNarrow(a, 5, 0, 1) == NULL);
  CHECK(reports == 3 && last_arg == 2);
  THFloatTensor_narrow(a, NULL, 1, 2, 5);
  CHECK(reports == 4 && last_arg == 5);
  CHECK(a->size[1] == 3); /* unchanged */

  /* The apply macros check their tensors, and then run nothing. */
  TH_TENSOR_APPLY2(float, a, float, b, ++ran;);
  CHECK(reports == 5 && last_arg == 0 && strstr(last_message, "inconsistent tensor size") != NULL);
  TH_TENSOR_DIM_APPLY(float, a, 2, ++ran;);
  CHECK(reports == 6 && strstr(last_message, "invalid dimension") != NULL);
  TH_TENSOR_DIM_APPLY2(float, a, float, b, 0, ++ran;);
  CHECK(reports == 7 && strstr(last_message, "inconsistent tensor size") != NULL);
  CHECK(ran == 0);

  THSetErrorHandler(NULL, NULL);
  THSetArgErrorHandler(NULL, NULL);
  THFloatTensor_free(b);
  THFloatTensor_free(a);
  return failures;
}

/* THMath.h's helpers, on values exact in binary. */
static int check_math(void) {
  int failures = 0;
  CHECK(TH_sigmoid(0.0) == 0.5 && TH_sigmoidf(0.0f) == 0.5f);
  CHECK(TH_frac(-1.25) == -0.25 && TH_fracf(2.75f) == 0.75f);
  CHECK(TH_rsqrt(4.0) == 0.5 && TH_rsqrtf(0.25f) == 2.0f);
  CHECK(TH_lerp(1.0, 3.0, 0.25) == 1.5 && TH_lerpf(-2.0f, 2.0f, 0.75f) == 1.0f);
  return failures;
}

/* TH's empty tensor (no dims, no storage) through value ops: nothing to do. */
static int check_empty_operands(void) {
  int failures = 0;
  THLongTensor *empty = THLongTensor_new();
  THLongTensor *r = THLongTensor_new();
  THLongTensor_add(r, empty, 3);
  THLongTensor_mul(r, empty, 3);
  CHECK(r->nDimension == 0 && THLongTensor_nElement(r) == 0);
  THLongTensor_add(empty, empty, 3);
  CHECK(empty->nDimension == 0 && empty->storage == NULL);
  THLongTensor_free(r);
  THLongTensor_free(empty);
  return failures;
}

int main(void) {
  int failures = 0;
  failures += check_math();
  failures += check_empty_operands();
  failures += THByteTensor_legacyCheck();
  failures += THCharTensor_legacyCheck();
  failures += THShortTensor_legacyCheck();
  failures += THIntTensor_legacyCheck();
  failures += THLongTensor_legacyCheck();
  failures += THFloatTensor_legacyCheck();
  failures += THDoubleTensor_legacyCheck();
  failures += THHalfTensor_legacyCheck();
  failures += check_errors();
  failures += check_system_include();
  failures += check_file();
  failures += check_random();
  failures += check_thc();
  if (failures) fprintf(stderr, "%d checks failed\n", failures);
  else printf("TH compatibility: all checks passed\n");
  return failures ? 1 : 0;
}
