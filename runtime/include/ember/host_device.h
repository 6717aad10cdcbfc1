// EMBER_HOST_DEVICE marks a function that CUDA kernels call as well as
// CPU code: the element conversions and the scalar math that schema
// kernel expressions use, so that one expression compiles for both
// backends. Without nvcc it expands to nothing.
#pragma once

#ifdef __CUDACC__
#define EMBER_HOST_DEVICE __host__ __device__
#else
#define EMBER_HOST_DEVICE
#endif
