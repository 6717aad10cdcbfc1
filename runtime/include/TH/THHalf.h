/* TH's THHalf.h: IEEE binary16 as a C struct, and its conversions
 * (round to nearest even, NaN kept quiet, overflow to infinity). ember
 * adds bfloat16's struct, the same bits as ember::BFloat16. */
#ifndef TH_HALF_H
#define TH_HALF_H

#include "THGeneral.h"

typedef struct THHalf {
  unsigned short x;
} THHalf;

typedef struct THBFloat16 {
  unsigned short x;
} THBFloat16;

TH_API void TH_float2halfbits(float *src, unsigned short *dest);
TH_API void TH_halfbits2float(unsigned short *src, float *dest);
TH_API THHalf TH_float2half(float f);
TH_API float TH_half2float(THHalf h);
/* ember's additions, for THGenerateBFloat16Type.h code. */
TH_API THBFloat16 TH_float2bfloat16(float f);
TH_API float TH_bfloat162float(THBFloat16 b);

#ifndef TH_HALF_BITS_TO_LITERAL
#define TH_HALF_BITS_TO_LITERAL(n) \
  { n }
#endif

#define TH_HALF_ZERO 0x0U
#define TH_HALF_INF 0x7C00U

/* THInf for the 16-bit float types: the largest finite values. */
#define TH_HALF_MAX 65504.0f
#define TH_BFLOAT16_MAX 3.38953139e38f

#endif
