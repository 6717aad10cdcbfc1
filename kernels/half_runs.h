// Runs of Half and BFloat16 widened to float and narrowed back, bit for
// bit as the element conversions of ember/half.h, a vector at a time.
//
// Half's conversions in ember/half.h are branchy bit arithmetic: in a
// loop that also calls a vectorized function (SLEEF's, Note [SLEEF
// calls]) GCC 12 leaves everything scalar, and where it does vectorize
// them they cost about ten instructions a lane each way. x86's F16C
// instructions (vcvtph2ps, vcvtps2ph with round to nearest even) do the
// same conversion in one: NaN comes out quiet with its payload's top
// bits, infinities, signed zeros and subnormals are exact, overflow
// rounds to infinity. GCC 12 does not vectorize _Float16 casts, hence
// the intrinsics (the all-ones masked forms: GCC 12's unmasked ones warn
// of an uninitialized variable of their own). BFloat16's conversions are a shift and a rounding add,
// which the compiler vectorizes as written.
#pragma once

#include <cstdint>

#if defined(__F16C__)
#include <immintrin.h>
#endif

#include "ember/half.h"

namespace ember::kernels {

inline void widen(const Half* in, float* out, int64_t n) {
  int64_t i = 0;
#if defined(__AVX512F__)
  for (; i + 16 <= n; i += 16)
    _mm512_storeu_ps(out + i, _mm512_maskz_cvtph_ps(0xffff, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i))));
#elif defined(__F16C__)
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(out + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i))));
#endif
  for (; i < n; ++i) out[i] = in[i];
}

inline void narrow(const float* in, Half* out, int64_t n) {
  int64_t i = 0;
#if defined(__AVX512F__)
  for (; i + 16 <= n; i += 16)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i),
                        _mm512_maskz_cvtps_ph(0xffff, _mm512_loadu_ps(in + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#elif defined(__F16C__)
  for (; i + 8 <= n; i += 8)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                     _mm256_cvtps_ph(_mm256_loadu_ps(in + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#endif
  for (; i < n; ++i) out[i] = Half(in[i]);
}

inline void widen(const BFloat16* in, float* out, int64_t n) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) out[i] = in[i];
}

inline void narrow(const float* in, BFloat16* out, int64_t n) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) out[i] = BFloat16(in[i]);
}

}  // namespace ember::kernels
