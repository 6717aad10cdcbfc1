/* TH's BLAS wrappers: THFloatBlas_gemm and friends (column-major, BLAS's
 * argument order) for every dtype that has them, and the generic name
 * THBlas_(NAME) for code expanded through THGenerate*Type.h. */
#ifndef TH_BLAS_INC
#define TH_BLAS_INC

#include "THGeneral.h"
#include "THHalf.h"
#include "THBlasFunctions.h"

#define THBlas_(NAME) TH_CONCAT_4(TH, Real, Blas_, NAME)

#endif
