// Filling a vector from its positions: out[i] = f(i), the loop under
// arange, range, linspace and logspace. f computes in whatever type its op
// prescribes and returns the element; the loop only stores.
#pragma once

#include <cstdint>

#include "kernels/parallel.h"

namespace ember::kernels {

// out[i * stride bytes] = f(i) for i in [0, n); element-independent, so
// split over threads above kGrain.
template <class T, class F>
void fill_positions(char* out, int64_t n, int64_t stride, const F& f) {
  parallel_for(0, n, kGrain, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) *reinterpret_cast<T*>(out + i * stride) = f(i);
  });
}

// PyTorch's linspace: start + step * i for the first half and
// end - step * (steps - 1 - i) for the second, so both ends are exact and
// the values are symmetric (one step: start alone, as PyTorch fills it);
// C is the type it computes in.
template <class C>
C linspace_at(C start, C end, C step, int64_t steps, int64_t i) {
  if (steps == 1) return start;
  return i < steps / 2 ? start + step * static_cast<C>(i) : end - step * static_cast<C>(steps - 1 - i);
}

}  // namespace ember::kernels
