/* TH's tensor API: THFloatTensor_* and friends for every dtype, and the
 * generic names (THTensor, THTensor_(NAME)) for code expanded through
 * THGenerate*Type.h, and TH's apply macros (as Torch7's THTensor.h). */
#ifndef TH_TENSOR_INC
#define TH_TENSOR_INC

#include "THStorage.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THTensorMacros.h"
#include "THTensorFunctions.h"

#define THTensor TH_CONCAT_3(TH, Real, Tensor)
#define THTensor_(NAME) TH_CONCAT_4(TH, Real, Tensor_, NAME)

#endif
