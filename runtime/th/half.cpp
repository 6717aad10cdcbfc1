// TH's half <-> float exports, over ember/half.h's conversions.
#include "TH/THHalf.h"
#include "ember/half.h"

static_assert(sizeof(THHalf) == sizeof(ember::Half) && sizeof(THBFloat16) == sizeof(ember::BFloat16),
              "the C structs and ember's types share their bits");

void TH_float2halfbits(float* src, unsigned short* dest) {
  if (!src || !dest) {
    THArgCheck(0, src ? 2 : 1, "TH_float2halfbits: %s is NULL", src ? "dest" : "src");
    return;
  }
  *dest = ember::float_to_half_bits(*src);
}

void TH_halfbits2float(unsigned short* src, float* dest) {
  if (!src || !dest) {
    THArgCheck(0, src ? 2 : 1, "TH_halfbits2float: %s is NULL", src ? "dest" : "src");
    return;
  }
  *dest = ember::half_bits_to_float(*src);
}

THHalf TH_float2half(float f) { return THHalf{ember::float_to_half_bits(f)}; }

float TH_half2float(THHalf h) { return ember::half_bits_to_float(h.x); }

THBFloat16 TH_float2bfloat16(float f) { return THBFloat16{ember::float_to_bfloat16_bits(f)}; }

float TH_bfloat162float(THBFloat16 b) { return ember::bfloat16_bits_to_float(b.x); }
