// THC's copies between the host and CUDA devices (generated/src/thc/
// copies.cpp calls this once per function and pair of dtypes).
#pragma once

#include "THC/THCGeneral.h"
#include "ember/dtype.h"

namespace ember::thc {

// One side of a copy: a typed TH or THC tensor, its dtype, and whether the
// function's C type says it is on a CUDA device.
struct Side {
  const void* tensor;
  DType dtype;
  bool on_cuda;
};

// TH's copy (equal element counts, each in its own row-major order), the
// values converted to dst's dtype; errors go to TH's handlers, naming
// `fn` and the argument (state, self or src).
void copy(const char* fn, THCState* state, Side dst, Side src);

}  // namespace ember::thc
