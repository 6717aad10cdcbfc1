// The CUDA API of a build without the CUDA backend (meson -Dcuda=disabled,
// or no nvcc found): no devices, and a clear error wherever one is needed.
#include "ember/cuda.h"
#include "ember/error.h"
#include "runtime/core/device_memory.h"
#include "runtime/ops/cuda_gemm.h"

namespace ember {

namespace {

[[noreturn]] void not_built(const char* op) {
  fail(ErrorKind::Runtime, str(op, ": ember was built without CUDA (configure with meson -Dcuda=enabled "
                                   "where nvcc is installed)"), "device");
}

}  // namespace

namespace cuda {

bool is_built() { return false; }
bool is_available() { return false; }
int device_count() { return 0; }
int current_device() { not_built("current_device"); }
void set_device(int) { not_built("set_device"); }
void synchronize(int) { not_built("synchronize"); }
void empty_cache() {}
int64_t memory_allocated(int) { return 0; }
int64_t memory_reserved(int) { return 0; }

}  // namespace cuda

namespace rt::cuda_backend {

void require(int, const char* op) { not_built(op); }
THAllocator* allocator() { not_built("allocator"); }
void copy(void*, const void*, size_t) { not_built("copy"); }
void zero(void*, int, size_t) { not_built("zero"); }
int exchange_device(int, const char* op) { not_built(op); }
void restore_device(int) noexcept {}
THAllocator* pinned_allocator() { not_built("pin_memory"); }
bool is_pinned_allocator(const THAllocator*) { return false; }

}  // namespace rt::cuda_backend

namespace rt {

bool cuda_gemm_supports(DType) { return false; }
void cuda_gemm(const char* op, DType, const GemmCall&, int) { not_built(op); }

}  // namespace rt
}  // namespace ember
