/* TH's storage API: THFloatStorage_* and friends for every dtype, and the
 * generic names (THStorage, THStorage_(NAME)) for code expanded through
 * THGenerate*Type.h. */
#ifndef TH_STORAGE_INC
#define TH_STORAGE_INC

#include "THGeneral.h"
#include "THAllocator.h"
#include "THHalf.h"
#include "THTensorTypes.h"
#include "THStorageFunctions.h"

#define THStorage TH_CONCAT_3(TH, Real, Storage)
#define THStorage_(NAME) TH_CONCAT_4(TH, Real, Storage_, NAME)

#endif
