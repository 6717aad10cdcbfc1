// where's loop, one functor shared by the CPU (runtime/ops/where.cpp) and
// CUDA (kernels/cuda/where.cu): the condition arrives as 0 or 1 in the
// compute type, like the picked values.
#pragma once

#include <cstdint>

#include "ember/dtype.h"
#include "ember/host_device.h"
#include "kernels/operands.h"
#include "kernels/parallel.h"

namespace ember::kernels {

template <class C>
struct WhereFn {
  EMBER_HOST_DEVICE C operator()(C condition, C self, C other) const { return condition != C(0) ? self : other; }
};

// Note [where on dense operands]: out[i] = c[i] ? a[i] : b[i] over dense
// operands on the CPU, a or b one value when its flag says so. The
// condition is read as bytes (nonzero is true) and the values are moved,
// not converted: the general driver converts the bool condition to the
// values' dtype first, a pass of its own, and where of 2048^2 float32
// with a 0-dim `self` took 5.3-7.5 ms that way, 2.1 here (NumPy 4.3-8.7).
// Both values are read before the select (a load only where the
// condition picks it kept GCC from vectorizing: a masked load), and a
// single value is a constant of the loop (a stride of 0 or 1 unknown to
// GCC made every load a gather).
template <class T, bool kAOne, bool kBOne>
void where_dense_rows(const uint8_t* c, const T* a, const T* b, T* out, int64_t n) {
  parallel_for(0, n, kGrain, [&](int64_t lo, int64_t hi) {
#pragma omp simd
    for (int64_t i = lo; i < hi; ++i) {
      const T x = a[kAOne ? 0 : i], y = b[kBOne ? 0 : i];
      out[i] = c[i] != 0 ? x : y;
    }
  });
}

template <class T>
void where_dense(const uint8_t* c, const T* a, bool a_one, const T* b, bool b_one, T* out, int64_t n) {
  if (a_one && b_one) return where_dense_rows<T, true, true>(c, a, b, out, n);
  if (a_one) return where_dense_rows<T, true, false>(c, a, b, out, n);
  if (b_one) return where_dense_rows<T, false, true>(c, a, b, out, n);
  where_dense_rows<T, false, false>(c, a, b, out, n);
}

namespace cuda {
// out = where(condition, self, other) on the current device for every
// dtype, over operands {out, condition, self, other} in the compute
// dtype; the arguments are CudaPointwiseKernel's. Defined only in builds
// with the CUDA kernels (EMBER_CUDA).
void where(DType compute, const Operands<4>& ops, unsigned host_values);
}  // namespace cuda

}  // namespace ember::kernels
