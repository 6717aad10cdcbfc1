// nan_to_num on a CUDA device (kernels/nan_to_num.h): a hand-written op
// whose replacements depend on the dtype, so its kernels are written here.
#include "kernels/cuda/pointwise.cuh"
#include "kernels/nan_to_num.h"

namespace ember::kernels::cuda {

void nan_to_num(DType compute, const Operands<2>& ops, unsigned host_values, const NanToNumValues& values) {
  switch (compute) {
#define EMBER_NAN_TO_NUM_CASE(Name, cpp, acc) \
  case DType::Name:                           \
    return pointwise<cpp, cpp, 1>("nan_to_num", ops, host_values, nan_to_num_fn<cpp>(values));
    EMBER_FORALL_DTYPES(EMBER_NAN_TO_NUM_CASE)
#undef EMBER_NAN_TO_NUM_CASE
  }
}

}  // namespace ember::kernels::cuda
