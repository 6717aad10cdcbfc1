// isclose on a CUDA device (kernels/isclose.h): a hand-written op (its
// tolerances are arguments, its result bool), so its kernels are written here.
#include "kernels/cuda/pointwise.cuh"
#include "kernels/isclose.h"

namespace ember::kernels::cuda {

void isclose(DType compute, const Operands<3>& ops, unsigned host_values, double rtol, double atol, bool equal_nan) {
  switch (compute) {
#define EMBER_ISCLOSE_CASE(Name, cpp, acc)                                  \
  case DType::Name:                                                         \
    return pointwise<bool, cpp, 2>("isclose", ops, host_values,             \
                                   IscloseFn<opmath_t<cpp>>{rtol, atol, equal_nan});
    EMBER_FORALL_DTYPES(EMBER_ISCLOSE_CASE)
#undef EMBER_ISCLOSE_CASE
  }
}

}  // namespace ember::kernels::cuda
