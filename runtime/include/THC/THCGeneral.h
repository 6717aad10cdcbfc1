/* THC's THCGeneral.h (cutorch lib/THC): the state every THC function
 * takes first, and the library's start and end. C header, usable from C
 * and C++; names and signatures are THC's, for the part ember provides
 * (docs/cuda.md).
 *
 * Differences from THC, on purpose:
 *  - THCState is opaque; it records the devices THCudaInit found. The
 *    functions need a state that is not NULL, but not THCudaInit itself:
 *    ember's CUDA runtime starts itself.
 *  - Errors (no device, a CPU tensor given to a THC function, out of
 *    memory) go to TH's error handlers (THSetErrorHandler), as TH's do. */
#ifndef THC_GENERAL_INC
#define THC_GENERAL_INC

#include "THAllocator.h"
#include "THGeneral.h"

#define THC_API TH_API

typedef struct THCState THCState;

/* A new state (NULL when out of memory); THCState_free releases it. */
THC_API THCState *THCState_alloc(void);
THC_API void THCState_free(THCState *state);

/* Finds the devices: an error when this build has no CUDA backend or the
 * machine no usable GPU. */
THC_API void THCudaInit(THCState *state);
/* Waits for the devices' queued work and returns their cached memory. */
THC_API void THCudaShutdown(THCState *state);

/* What THCudaInit found (0 before it). */
THC_API int THCState_getNumDevices(THCState *state);
/* The current device (cudaGetDevice), and making another one current. */
THC_API int THCState_getCurrentDevice(THCState *state);
THC_API void THCState_setDevice(THCState *state, int device);

/* Pinned (page-locked) host memory, for CPU storages that CUDA copies
 * reach directly (THFloatStorage_newWithAllocator(n, it, NULL)); its
 * allocations need a GPU and raise TH's error without one. An error in a
 * build without CUDA. */
THC_API THAllocator *THCState_getCudaHostAllocator(THCState *state);

#endif
