// nan_to_num's loop, one functor shared by the CPU (runtime/ops/nan_to_num.cpp)
// and CUDA (kernels/cuda/nan_to_num.cu): NaN, +inf and -inf replaced by
// the given numbers, by default 0 and T's largest and lowest finite values.
#pragma once

#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>

#include "ember/dtype.h"
#include "ember/half.h"
#include "ember/host_device.h"
#include "kernels/opmath.h"
#include "kernels/operands.h"

namespace ember::kernels {

// The replacements asked for (nullopt: the default).
struct NanToNumValues {
  std::optional<double> nan, posinf, neginf;
};

// The largest finite value of T: +inf's bits less one for the 16-bit floats.
template <class T>
double largest_finite() {
  if constexpr (std::is_same_v<T, Half>) return half_bits_to_float(0x7bff);
  else if constexpr (std::is_same_v<T, BFloat16>) return bits_float(0x7f7f0000u);
  else return static_cast<double>(std::numeric_limits<T>::max());
}

// In C = opmath_t<T>; integers and bool pass through.
template <class C>
struct NanToNumFn {
  C nan, pos, neg;
  EMBER_HOST_DEVICE C operator()(C x) const {
    if constexpr (std::is_floating_point_v<C>) return x != x ? nan : (std::isinf(x) ? (x > 0 ? pos : neg) : x);
    else return x;
  }
};

template <class T>
NanToNumFn<opmath_t<T>> nan_to_num_fn(const NanToNumValues& v) {
  using C = opmath_t<T>;
  if constexpr (std::is_floating_point_v<C>)
    return {static_cast<C>(v.nan.value_or(0.0)), static_cast<C>(v.posinf.value_or(largest_finite<T>())),
            static_cast<C>(v.neginf.value_or(-largest_finite<T>()))};
  else
    return {C(0), C(0), C(0)};
}

namespace cuda {
// out = nan_to_num(self) on the current device for every dtype, operands
// {out, self}; the other arguments are CudaPointwiseKernel's. Defined only
// in builds with the CUDA kernels (EMBER_CUDA).
void nan_to_num(DType compute, const Operands<2>& ops, unsigned host_values, const NanToNumValues& values);
}  // namespace cuda

}  // namespace ember::kernels
