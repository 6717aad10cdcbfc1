// The CUDA backend's host side (compiled with -Dcuda): devices, the
// caching allocator of each device, copies. Every call checks CUDA's
// status and turns a failure into ember::Error naming the op.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "ember/cuda.h"
#include "ember/error.h"
#include "runtime/core/caching_allocator.h"
#include "runtime/core/device_memory.h"

namespace ember {

namespace {

void check(cudaError_t status, const char* op) {
  if (status == cudaSuccess) return;
  cudaGetLastError();  // clears the sticky error of a failed call
  fail(status == cudaErrorMemoryAllocation ? ErrorKind::Memory : ErrorKind::Runtime,
       str(op, ": CUDA error: ", cudaGetErrorString(status)));
}

// Devices the driver reports; 0 when there is no driver or no GPU.
int count_devices() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return n;
}

int devices() {
  static const int n = count_devices();
  return n;
}

int device_of(void* ctx) { return static_cast<int>(reinterpret_cast<intptr_t>(ctx)); }

void* raw_allocate(void* ctx, size_t nbytes) {
  rt::CudaDeviceScope scope(Device(kCUDA, device_of(ctx)), "cudaMalloc");
  void* ptr = nullptr;
  if (cudaMalloc(&ptr, nbytes) != cudaSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  return ptr;
}

void raw_release(void* ctx, void* ptr) {
  rt::CudaDeviceScope scope(Device(kCUDA, device_of(ctx)), "cudaFree");
  cudaFree(ptr);
}

// One cache per device, made on first use and never destroyed: at exit the
// CUDA runtime may already be torn down, and the driver frees it all.
rt::CachingAllocator& cache(int device) {
  static std::vector<rt::CachingAllocator*>* caches = [] {
    auto* v = new std::vector<rt::CachingAllocator*>();
    for (int d = 0; d < devices(); ++d)
      v->push_back(new rt::CachingAllocator({raw_allocate, raw_release, reinterpret_cast<void*>(intptr_t{d})}));
    return v;
  }();
  return *(*caches)[static_cast<size_t>(device)];
}

int resolve(int device, const char* op) {
  if (device < 0) device = cuda::current_device();
  rt::cuda_backend::require(device, op);
  return device;
}

void* th_malloc(void* ctx, ptrdiff_t size) {
  if (size <= 0) return nullptr;
  void* ptr = cache(device_of(ctx)).allocate(static_cast<size_t>(size));
  if (!ptr)
    fail(ErrorKind::Memory, str("CUDA out of memory: cannot allocate ", size, " bytes on cuda:", device_of(ctx),
                                " (", cuda::memory_allocated(device_of(ctx)), " bytes in use)"));
  return ptr;
}

void th_free(void* ctx, void* ptr) { cache(device_of(ctx)).release(ptr); }

// Storages resize through realloc: a new block holding the old bytes that fit.
void* th_realloc(void* ctx, void* ptr, ptrdiff_t size) {
  if (!ptr) return th_malloc(ctx, size);
  if (size <= 0) {
    th_free(ctx, ptr);
    return nullptr;
  }
  void* fresh = th_malloc(ctx, size);
  const size_t keep = std::min(cache(device_of(ctx)).block_size(ptr), static_cast<size_t>(size));
  try {
    check(cudaMemcpy(fresh, ptr, keep, cudaMemcpyDeviceToDevice), "resize");
  } catch (...) {
    th_free(ctx, fresh);
    throw;
  }
  th_free(ctx, ptr);
  return fresh;
}

THAllocator g_allocator = {th_malloc, th_realloc, th_free};

}  // namespace

namespace cuda {

bool is_built() { return true; }
bool is_available() { return devices() > 0; }
int device_count() { return devices(); }

int current_device() {
  if (devices() == 0) rt::cuda_backend::require(0, "current_device");
  int device = 0;
  check(cudaGetDevice(&device), "current_device");
  return device;
}

void set_device(int device) {
  rt::cuda_backend::require(device, "set_device");
  check(cudaSetDevice(device), "set_device");
}

void synchronize(int device) {
  rt::CudaDeviceScope scope(Device(kCUDA, resolve(device, "synchronize")), "synchronize");
  check(cudaDeviceSynchronize(), "synchronize");
}

void empty_cache() {
  for (int d = 0; d < devices(); ++d) cache(d).empty_cache();
}

// Without a device nothing is allocated (PyTorch answers 0 too).
int64_t memory_allocated(int device) {
  return devices() == 0 ? 0 : cache(resolve(device, "memory_allocated")).stats().allocated;
}
int64_t memory_reserved(int device) {
  return devices() == 0 ? 0 : cache(resolve(device, "memory_reserved")).stats().reserved;
}

}  // namespace cuda

namespace rt::cuda_backend {

void require(int device, const char* op) {
  if (devices() == 0)
    fail(ErrorKind::Runtime, str(op, ": no CUDA device is available (the driver reports none)"), "device");
  if (device < 0 || device >= devices())
    fail(ErrorKind::Index, str(op, ": CUDA device ", device, " does not exist (", devices(), " device",
                               devices() == 1 ? "" : "s", ")"), "device");
}

THAllocator* allocator() { return &g_allocator; }

// cudaMemcpyDefault: unified addressing tells the direction from the pointers.
void copy(void* dst, const void* src, size_t nbytes) {
  check(cudaMemcpy(dst, src, nbytes, cudaMemcpyDefault), "copy");
}

void zero(void* ptr, int device, size_t nbytes) {
  rt::CudaDeviceScope scope(Device(kCUDA, device), "zero");
  check(cudaMemset(ptr, 0, nbytes), "zero");
}

int exchange_device(int device, const char* op) {
  require(device, op);  // the driver's own words for "no GPU" are obscure
  int previous = 0;
  check(cudaGetDevice(&previous), op);
  if (previous != device) check(cudaSetDevice(device), op);
  return previous;
}

void restore_device(int device) noexcept {
  int now = device;
  if (cudaGetDevice(&now) == cudaSuccess && now != device) cudaSetDevice(device);
}

}  // namespace rt::cuda_backend
}  // namespace ember
