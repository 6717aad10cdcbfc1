// where on a CUDA device (kernels/where.h), one kernel per dtype: where is a
// hand-written op (its condition takes no part in promotion), so its
// kernels are written here rather than generated.
#include "kernels/cuda/pointwise.cuh"
#include "kernels/where.h"

namespace ember::kernels::cuda {

void where(DType compute, const Operands<4>& ops, unsigned host_values) {
  switch (compute) {
#define EMBER_WHERE_CASE(Name, cpp, acc)                                                  \
  case DType::Name:                                                                       \
    return pointwise<cpp, cpp, 3>("where", ops, host_values, WhereFn<opmath_t<cpp>>{});
    EMBER_FORALL_DTYPES(EMBER_WHERE_CASE)
#undef EMBER_WHERE_CASE
  }
}

}  // namespace ember::kernels::cuda
