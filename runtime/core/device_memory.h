// Memory on a Device, for the runtime: the allocator new storages there
// take, and byte copies between any two devices. The CPU cases are here;
// the CUDA cases go to the backend (runtime/cuda/backend.cpp, or
// runtime/core/cuda_absent.cpp in a build without CUDA).
#pragma once

#include <cstddef>

#include "ember/allocator.h"
#include "ember/device.h"

namespace ember::rt {

struct DeviceAllocator {
  THAllocator* allocator;
  void* context;
};

// `device` with its index resolved, once it is known to be usable: a
// Runtime error naming `op` otherwise (no CUDA build, no GPU, no such index).
Device usable_device(Device device, const char* op);
// The allocator of `device` (resolved: a CUDA index >= 0). A Runtime
// error naming `op` when the device cannot be used.
DeviceAllocator device_allocator(Device device, const char* op);
// Copies nbytes from src on src_device to dst on dst_device, complete on return.
void copy_bytes(void* dst, Device dst_device, const void* src, Device src_device, size_t nbytes);
// Sets nbytes at ptr on `device` to zero.
void zero_bytes(void* ptr, Device device, size_t nbytes);

// What the CUDA backend provides (the device is a resolved CUDA device).
namespace cuda_backend {
void require(int device, const char* op);  // the device exists; a Runtime/Index error otherwise
THAllocator* allocator();                   // context: the device index, as intptr_t
void copy(void* dst, const void* src, size_t nbytes);
void zero(void* ptr, int device, size_t nbytes);
int exchange_device(int device, const char* op);  // makes `device` current; returns the one that was
void restore_device(int device) noexcept;         // exchange_device's undo, for destructors
// Pinned host memory (runtime/cuda/pinned_allocator.cpp): allocating
// needs a CUDA device (a Runtime error otherwise).
THAllocator* pinned_allocator();
bool is_pinned_allocator(const THAllocator* allocator);
}  // namespace cuda_backend

// Makes the CUDA device of `device` current for the scope (kernels launch
// on the current device); a CPU device changes nothing.
class CudaDeviceScope {
 public:
  CudaDeviceScope(Device device, const char* op)
      : previous_(device.is_cuda() ? cuda_backend::exchange_device(device.index, op) : -1) {}
  ~CudaDeviceScope() {
    if (previous_ >= 0) cuda_backend::restore_device(previous_);
  }
  CudaDeviceScope(const CudaDeviceScope&) = delete;
  CudaDeviceScope& operator=(const CudaDeviceScope&) = delete;

 private:
  int previous_;
};

}  // namespace ember::rt
