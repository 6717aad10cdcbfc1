/* TH's vector-kernel family: only THFloatVector_vectorDispatchInit and
 * friends were exported by Torch7 (its SIMD dispatch set-up); ember's
 * kernels need none, so they are no-ops kept for code that calls them. */
#ifndef TH_VECTOR_INC
#define TH_VECTOR_INC

#include "THGeneral.h"
#include "THVectorFunctions.h"

#define THVector_(NAME) TH_CONCAT_4(TH, Real, Vector_, NAME)

#endif
