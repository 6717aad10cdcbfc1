// IEEE binary16 (Half) and bfloat16 (BFloat16) as storage types.
//
// Both are 16 bits of storage with no arithmetic of their own: values
// convert to float, are computed on in float, and round back with
// round-to-nearest-even. NaN stays NaN (quiet), infinities and signed
// zeros survive, values too large round to infinity, tiny ones go through
// the subnormals. The conversions are branch-light so loops over them
// vectorize.
#pragma once

#include <cstdint>
#include <cstring>

#include "ember/host_device.h"

namespace ember {

EMBER_HOST_DEVICE inline uint32_t float_bits(float f) {
#ifdef __CUDA_ARCH__
  return __float_as_uint(f);
#else
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
#endif
}

EMBER_HOST_DEVICE inline float bits_float(uint32_t u) {
#ifdef __CUDA_ARCH__
  return __uint_as_float(u);
#else
  float f;
  std::memcpy(&f, &u, 4);
  return f;
#endif
}

// float -> binary16 bits, round to nearest even.
EMBER_HOST_DEVICE inline uint16_t float_to_half_bits(float f) {
  const uint32_t u = float_bits(f);
  const uint32_t sign = (u >> 16) & 0x8000u;
  const uint32_t a = u & 0x7fffffffu;
  if (a >= 0x7f800000u)  // Inf or NaN; NaN keeps a quiet payload bit
    return static_cast<uint16_t>(sign | 0x7c00u | (a > 0x7f800000u ? 0x200u | ((a >> 13) & 0x3ffu) : 0u));
  if (a >= 0x477ff000u)  // rounds to >= 65520: overflow to Inf
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (a < 0x38800000u) {  // below the smallest normal half (2^-14)
    // Adding 0.5 aligns the value so the float adder does the rounding
    // to the half subnormal grid (2^-24) with round-to-nearest-even.
    const float r = bits_float(a) + 0.5f;
    return static_cast<uint16_t>(sign | (float_bits(r) - 0x3f000000u));
  }
  // Normal: rebias the exponent (127 -> 15) and round the 13 dropped bits.
  const uint32_t odd = (a >> 13) & 1u;
  const uint32_t r = a + 0xc8000fffu + odd;  // -(112 << 23) + 0xfff + odd
  return static_cast<uint16_t>(sign | (r >> 13));
}

// binary16 bits -> float, exact.
EMBER_HOST_DEVICE inline float half_bits_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t e = (h >> 10) & 0x1fu;
  const uint32_t m = h & 0x3ffu;
  if (e == 0x1f) return bits_float(sign | 0x7f800000u | (m << 13) | (m ? 0x400000u : 0u));  // NaN comes out quiet
  if (e == 0) {  // zero or subnormal: m * 2^-24, exact in float
    const float v = static_cast<float>(m) * 5.9604644775390625e-08f;
    return bits_float(sign | float_bits(v));
  }
  return bits_float(sign | ((e + 112u) << 23) | (m << 13));
}

// float -> bfloat16 bits: the top half of the float, rounded to nearest even.
EMBER_HOST_DEVICE inline uint16_t float_to_bfloat16_bits(float f) {
  const uint32_t u = float_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);  // quiet NaN
  return static_cast<uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

EMBER_HOST_DEVICE inline float bfloat16_bits_to_float(uint16_t b) { return bits_float(static_cast<uint32_t>(b) << 16); }

struct Half {
  uint16_t x;
  Half() = default;
  EMBER_HOST_DEVICE Half(float f) : x(float_to_half_bits(f)) {}  // NOLINT: implicit like float
  EMBER_HOST_DEVICE static Half from_bits(uint16_t bits) {
    Half h;
    h.x = bits;
    return h;
  }
  EMBER_HOST_DEVICE operator float() const { return half_bits_to_float(x); }  // NOLINT
};

struct BFloat16 {
  uint16_t x;
  BFloat16() = default;
  EMBER_HOST_DEVICE BFloat16(float f) : x(float_to_bfloat16_bits(f)) {}  // NOLINT
  EMBER_HOST_DEVICE static BFloat16 from_bits(uint16_t bits) {
    BFloat16 b;
    b.x = bits;
    return b;
  }
  EMBER_HOST_DEVICE operator float() const { return bfloat16_bits_to_float(x); }  // NOLINT
};

static_assert(sizeof(Half) == 2 && sizeof(BFloat16) == 2, "16-bit storage types");

}  // namespace ember
