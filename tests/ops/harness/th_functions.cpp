#include "tests/ops/harness/th_functions.h"

#include <gtest/gtest.h>

namespace ember::optest {

void th_dtype_mismatch(DType want, const Tensor& t) {
  ADD_FAILURE() << "th<>: passing a " << dtype_name(t.dtype()) << " tensor as a " << dtype_name(want) << " one";
}

Tensor th_empty(DType dtype) { return Tensor::adopt(rt::tensor_new(dtype)); }

}  // namespace ember::optest
