/* Everything of TH's C API that ember provides. Code written against
 * Torch7's lib/TH includes this (or the individual headers) and links
 * -lember instead of -lTH: see `pkg-config --cflags --libs ember-th`. */
#ifndef TH_INC
#define TH_INC

#include "THGeneral.h"
#include "THAllocator.h"
#include "THHalf.h"
#include "THRandom.h"
#include "THBlas.h"
#include "THLapack.h"
#include "THVector.h"
#include "THStorage.h"
#include "THTensor.h"
#include "THFile.h"
#include "THDiskFile.h"
#include "THMemoryFile.h"

#endif
