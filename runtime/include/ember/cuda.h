// The CUDA devices (issue 13): what PyTorch's torch.cuda module answers.
//
// A build without the CUDA backend (meson -Dcuda=disabled, or no nvcc
// found) and a machine without a GPU both answer is_available() false and
// device_count() 0; calls that need a device then raise a Runtime error
// that says which of the two it is.
#pragma once

#include "ember/export.h"

#include <cstdint>

namespace ember::cuda {

// Whether this library was compiled with the CUDA backend.
EMBER_CPP_API bool is_built();
// Built with CUDA, and at least one device usable by the installed driver.
EMBER_CPP_API bool is_available();
EMBER_CPP_API int device_count();
// The device that Device(kCUDA) without an index means (per thread, as CUDA's).
EMBER_CPP_API int current_device();
EMBER_CPP_API void set_device(int device);
// Waits for the work queued on `device` (-1: the current one).
EMBER_CPP_API void synchronize(int device = -1);
// Returns every cached, unused block to the driver, on every device.
EMBER_CPP_API void empty_cache();
// Bytes held by live tensors' storages on `device` (-1: the current one),
// and those plus the cached blocks the allocator keeps for reuse.
EMBER_CPP_API int64_t memory_allocated(int device = -1);
EMBER_CPP_API int64_t memory_reserved(int device = -1);

}  // namespace ember::cuda
