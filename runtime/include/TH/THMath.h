/* Torch7's THMath.h: the scalar helpers TH's C code (and Torch7's Lua
 * binding) call by name, in double and, with an f suffix, in float.
 * Header-only, as in Torch7, and like Torch7's not part of TH.h: code
 * includes it by name (the guard is Torch7's, so a copy of its own is
 * not defined twice). */
#ifndef _THMATH_H
#define _THMATH_H

#include <math.h>

/* 1 / (1 + e^-x) */
static inline double TH_sigmoid(double value) { return 1.0 / (1.0 + exp(-value)); }
/* x without its integral part, keeping x's sign: TH_frac(-1.25) is -0.25 */
static inline double TH_frac(double x) { return x - trunc(x); }
/* 1 / sqrt(x) */
static inline double TH_rsqrt(double x) { return 1.0 / sqrt(x); }
/* a + weight * (b - a) */
static inline double TH_lerp(double a, double b, double weight) { return a + weight * (b - a); }

static inline float TH_sigmoidf(float value) { return 1.0f / (1.0f + expf(-value)); }
static inline float TH_fracf(float x) { return x - truncf(x); }
static inline float TH_rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline float TH_lerpf(float a, float b, float weight) { return a + weight * (b - a); }

#endif
