// cuBLAS for runtime/ops/cuda_gemm.h: the library opened at first use, one
// handle per device (kept for the process, as the allocator caches are),
// every product one cublasGemmStridedBatchedEx on the legacy default
// stream, where ember queues all of a device's work.
#include <cublas_api.h>
#include <dlfcn.h>

#include <climits>
#include <mutex>
#include <string>
#include <vector>

#include "ember/cuda.h"
#include "ember/error.h"
#include "runtime/core/device_memory.h"
#include "runtime/ops/cuda_gemm.h"

namespace ember::rt {

namespace {

// The C function (the header overloads the name for C++).
using GemmStridedBatchedEx = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                                const void*, const void*, cudaDataType, int, long long, const void*,
                                                cudaDataType, int, long long, const void*, void*, cudaDataType, int,
                                                long long, int, cublasComputeType_t, cublasGemmAlgo_t);

struct Cublas {
  decltype(&cublasCreate_v2) create = nullptr;
  GemmStridedBatchedEx gemm = nullptr;
  decltype(&cublasGetStatusString) status_string = nullptr;
  std::string error;  // why it is not loaded
};

template <class F>
bool bind(void* handle, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(handle, name));
  return f != nullptr;
}

const Cublas& cublas() {
  static const Cublas lib = [] {
    Cublas c;
    void* handle = nullptr;
    for (const char* path : {"libcublas.so.13", EMBER_CUDA_HOME "/lib64/libcublas.so.13", "libcublas.so",
                             EMBER_CUDA_HOME "/lib64/libcublas.so"}) {
      handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
      if (handle) break;
      c.error += str(c.error.empty() ? "" : "; ", dlerror());
    }
    if (!handle) return c;
    c.error.clear();
    if (!bind(handle, "cublasCreate_v2", c.create) || !bind(handle, "cublasGemmStridedBatchedEx", c.gemm) ||
        !bind(handle, "cublasGetStatusString", c.status_string)) {
      c.error = "libcublas lacks cublasCreate_v2, cublasGemmStridedBatchedEx or cublasGetStatusString";
      c.gemm = nullptr;
    }
    return c;
  }();
  return lib;
}

void check(const Cublas& lib, cublasStatus_t status, const char* op) {
  if (status != CUBLAS_STATUS_SUCCESS)
    fail(status == CUBLAS_STATUS_ALLOC_FAILED ? ErrorKind::Memory : ErrorKind::Runtime,
         str(op, ": cuBLAS error: ", lib.status_string(status)));
}

// The device's handle, created with the device current.
cublasHandle_t handle_of(const Cublas& lib, int device, const char* op) {
  static std::mutex mutex;
  static std::vector<cublasHandle_t> handles;
  const std::lock_guard<std::mutex> lock(mutex);
  if (handles.size() <= static_cast<size_t>(device)) handles.resize(static_cast<size_t>(device) + 1, nullptr);
  if (!handles[static_cast<size_t>(device)]) check(lib, lib.create(&handles[static_cast<size_t>(device)]), op);
  return handles[static_cast<size_t>(device)];
}

int as_int(int64_t v, const char* op) {
  if (v > INT_MAX)
    fail(ErrorKind::Value, str(op, ": a matrix dim of ", v, " is beyond cuBLAS's 32-bit sizes"), "self");
  return static_cast<int>(v);
}

cudaDataType data_type(DType dtype) {
  switch (dtype) {
    case DType::Double: return CUDA_R_64F;
    case DType::Half: return CUDA_R_16F;
    case DType::BFloat16: return CUDA_R_16BF;
    default: return CUDA_R_32F;
  }
}

}  // namespace

bool cuda_gemm_supports(DType dtype) {
  return dtype == DType::Float || dtype == DType::Double || dtype == DType::Half || dtype == DType::BFloat16;
}

void cuda_gemm(const char* op, DType dtype, const GemmCall& g, int device) {
  if (!cuda_gemm_supports(dtype))
    fail(ErrorKind::Type, str(op, ": not implemented for CUDA tensors of dtype ", dtype_name(dtype)), "self");
  const Cublas& lib = cublas();
  if (!lib.gemm) fail(ErrorKind::Runtime, str(op, ": cuBLAS could not be loaded (", lib.error, ")"));
  const int m = as_int(g.m, op), n = as_int(g.n, op), k = as_int(g.k, op);
  const int lda = as_int(g.lda, op), ldb = as_int(g.ldb, op), ldc = as_int(g.ldc, op);
  CudaDeviceScope scope(Device(kCUDA, device), op);
  cublasHandle_t handle = handle_of(lib, device, op);
  const cudaDataType type = data_type(dtype);
  const bool wide = dtype == DType::Double;
  const cublasComputeType_t compute = wide ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F;
  // alpha and beta in the compute type, on the host.
  const double alpha_d = g.alpha.to<double>(), beta_d = g.beta.to<double>(), one_d = 1;
  const float alpha_f = g.alpha.to<float>(), beta_f = g.beta.to<float>(), one_f = 1;
  const void* alpha = wide ? static_cast<const void*>(&alpha_d) : &alpha_f;
  const void* beta = wide ? static_cast<const void*>(&beta_d) : &beta_f;
  const void* one = wide ? static_cast<const void*>(&one_d) : &one_f;
  const cublasOperation_t ta = g.transa ? CUBLAS_OP_T : CUBLAS_OP_N, tb = g.transb ? CUBLAS_OP_T : CUBLAS_OP_N;
  const auto run = [&](const void* a, const void* b, const void* scale_c, int depth, int batch) {
    check(lib, lib.gemm(handle, ta, tb, m, n, depth, alpha, a, type, lda, g.stride_a, b, type, ldb, g.stride_b, scale_c, g.c,
                        type, ldc, g.stride_c, batch, compute, CUBLAS_GEMM_DEFAULT),
          op);
  };
  if (!g.accumulate) return run(g.a, g.b, beta, k, as_int(g.batch, op));
  // addbmm: every product into one C, beta applying to the first; no products: C = beta * C.
  if (g.batch == 0) return run(g.a, g.b, beta, 0, 1);
  const size_t esize = element_size(dtype);
  for (int64_t i = 0; i < g.batch; ++i)
    run(static_cast<const char*>(g.a) + i * g.stride_a * static_cast<int64_t>(esize),
        static_cast<const char*>(g.b) + i * g.stride_b * static_cast<int64_t>(esize), i == 0 ? beta : one, k, 1);
}

}  // namespace ember::rt
