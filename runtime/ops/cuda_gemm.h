// Matrix products of CUDA tensors: the GemmCall the CPU path prepares
// (runtime/ops/blas_plan.cpp, column-major as BLAS), run by cuBLAS on the
// tensors' device. cuBLAS is loaded when first needed (dlopen, as
// OpenBLAS is), so libember depends on no CUDA library where there is no
// GPU; a machine with a GPU but no cuBLAS gets a RuntimeError saying so.
#pragma once

#include "ember/dtype.h"
#include "runtime/ops/blas_routines.h"

namespace ember::rt {

// Float, Double, Half and BFloat16 (Half and BFloat16 accumulate in float,
// float in float without TF32, as PyTorch's defaults).
bool cuda_gemm_supports(DType dtype);

// g on CUDA device `device`; errors name `op`.
void cuda_gemm(const char* op, DType dtype, const GemmCall& g, int device);

}  // namespace ember::rt
