/* cutorch's include style, "THC.h" beside TH's: the THC state and what
 * needs no GPU (a tensor without storage, its geometry, the error a
 * device-less machine reports through TH's handlers), and, with a GPU, a
 * host -> device -> host round trip through THC's copies. */
#include "THC.h"

#include "TH.h"
#include "compat_check.h"

int check_thc(void);

static int g_errors;

static void count_error(const char *msg, void *data) {
  (void)msg;
  (void)data;
  ++g_errors;
}

int check_thc(void) {
  int failures = 0;
  THCState *state = THCState_alloc();
  THCudaTensor *t;
  CHECK(state != NULL);
  CHECK(THCState_getNumDevices(state) == 0);
  t = THCudaTensor_new(state);
  CHECK(THCudaTensor_nDimension(state, t) == 0);
  CHECK(THCudaTensor_storage(state, t) == NULL);

  THSetErrorHandler(count_error, NULL);
  g_errors = 0;
  THCudaInit(state);
  if (g_errors == 0) {
    THFloatTensor *host = THFloatTensor_newWithSize2d(2, 3);
    THDoubleTensor *back = THDoubleTensor_newWithSize1d(6);
    long i;
    CHECK(THCState_getNumDevices(state) > 0);
    for (i = 0; i < 6; ++i) THFloatTensor_set2d(host, i / 3, i % 3, (float)i * 0.5f);
    THCudaTensor_resize2d(state, t, 3, 2);
    THCudaTensor_copyFloat(state, t, host);
    THDoubleTensor_copyCudaFloat(state, back, t);
    for (i = 0; i < 6; ++i) CHECK(THDoubleTensor_get1d(back, i) == (double)i * 0.5);
    CHECK(THCudaTensor_size(state, t, 0) == 3);
    THDoubleTensor_free(back);
    THFloatTensor_free(host);
    THCudaShutdown(state);
  } else {
    CHECK(g_errors == 1);
    CHECK(THCState_getNumDevices(state) == 0);
  }
  THSetErrorHandler(NULL, NULL);

  THCudaTensor_free(state, t);
  THCState_free(state);
  return failures;
}
