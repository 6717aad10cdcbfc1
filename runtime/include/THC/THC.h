/* Everything of THC's C API that ember provides (docs/cuda.md). Code
 * written against cutorch's lib/THC includes this and links -lember:
 * see `pkg-config --cflags --libs ember-th`. */
#ifndef THC_INC
#define THC_INC

#include "THCGeneral.h"
#include "THCTensorTypes.h"
#include "THCStorageFunctions.h"
#include "THCTensorFunctions.h"
#include "THCTensorCopy.h"

#endif
