// The CUDA mask loops (kernels/cuda/masked.h): masked_fill as a grid-stride
// kernel over the coalesced operands, masked_select as CUB's flagged
// selection, which keeps the elements' order.
#include <cub/device/device_select.cuh>
#include <cuda_runtime.h>
#include <thrust/iterator/counting_iterator.h>

#include "kernels/cuda/device_operands.h"
#include "kernels/cuda/launch.cuh"
#include "kernels/cuda/masked.h"

namespace ember::kernels::cuda {
namespace {

template <class S>
__global__ void masked_fill_kernel(DeviceOperands<2> ops, int64_t n, S value) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += step) {
    int64_t off[2];
    ops.offsets<false>(i, off);
    if (*reinterpret_cast<const uint8_t*>(ops.data[1] + off[1])) *reinterpret_cast<S*>(ops.data[0] + off[0]) = value;
  }
}

template <class S>
void fill_as(const DeviceOperands<2>& ops, int64_t n, const void* value) {
  S v;
  std::memcpy(&v, value, sizeof v);
  masked_fill_kernel<S><<<blocks_for(n), kThreads>>>(ops, n, v);
}

void check_cuda(const char* op, cudaError_t status) {
  if (status != cudaSuccess) fail(ErrorKind::Runtime, str(op, ": CUDA error: ", cudaGetErrorString(status)));
}

// CUB's call for elements of S: the scratch size when `scratch` is null.
template <class S>
cudaError_t select_as(void* scratch, size_t& bytes, const void* in, const void* flags, void* out, long long* count,
                      int64_t n) {
  return cub::DeviceSelect::Flagged(scratch, bytes, static_cast<const S*>(in), static_cast<const uint8_t*>(flags),
                                    static_cast<S*>(out), count, n);
}

cudaError_t select_by_size(size_t element_size, void* scratch, size_t& bytes, const void* in, const void* flags,
                           void* out, long long* count, int64_t n) {
  switch (element_size) {
    case 1: return select_as<uint8_t>(scratch, bytes, in, flags, out, count, n);
    case 2: return select_as<uint16_t>(scratch, bytes, in, flags, out, count, n);
    case 4: return select_as<uint32_t>(scratch, bytes, in, flags, out, count, n);
    case 8: return select_as<uint64_t>(scratch, bytes, in, flags, out, count, n);
  }
  return cudaErrorInvalidValue;
}

cudaError_t select_positions(void* scratch, size_t& bytes, const void* flags, int64_t* positions, long long* count,
                             int64_t n) {
  return cub::DeviceSelect::Flagged(scratch, bytes, thrust::counting_iterator<long long>(0),
                                    static_cast<const uint8_t*>(flags), reinterpret_cast<long long*>(positions), count,
                                    n);
}

struct Shape {
  int ndim;
  int64_t sizes[kMaxDims];
};

__global__ void subscripts_kernel(const int64_t* positions, int64_t count, Shape shape, char* out, int64_t row_stride,
                                  int64_t col_stride) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t k = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; k < count; k += step) {
    int64_t rest = positions[k];
    for (int d = shape.ndim - 1; d >= 0; --d) {
      const int64_t q = rest / shape.sizes[d];
      *reinterpret_cast<int64_t*>(out + k * row_stride + d * col_stride) = rest - q * shape.sizes[d];
      rest = q;
    }
  }
}

template <class S>
__global__ void scatter_at_kernel(DeviceOperands<1> self, const int64_t* positions, int64_t count, const S* source) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t k = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; k < count; k += step) {
    int64_t off[1];
    self.offsets<false>(positions[k], off);
    *reinterpret_cast<S*>(self.data[0] + off[0]) = source[k];
  }
}

[[noreturn]] void too_many_dims(const char* op) {
  fail(ErrorKind::Value, str(op, ": the CUDA kernels take at most ", kMaxDims,
                             " dims after merging contiguous ones; make the tensors contiguous first"));
}

}  // namespace

void masked_fill(const char* op, size_t element_size, const Operands<2>& operands, const void* value) {
  DeviceOperands<2> ops;
  const int bytes[2] = {0, 0};
  if (!make_device_operands(operands, 0, bytes, &ops)) too_many_dims(op);
  const int64_t n = ops.numel();
  if (n == 0) return;
  switch (element_size) {
    case 1: fill_as<uint8_t>(ops, n, value); break;
    case 2: fill_as<uint16_t>(ops, n, value); break;
    case 4: fill_as<uint32_t>(ops, n, value); break;
    case 8: fill_as<uint64_t>(ops, n, value); break;
    default: fail(ErrorKind::Runtime, str(op, ": no masked fill for ", element_size, "-byte elements"));
  }
  check_launch(op);
}

// CUB's temporary storage rounded up to 8 bytes, then the count.
size_t select_flagged_bytes(const char* op, size_t element_size, int64_t n) {
  size_t bytes = 0;
  check_cuda(op, select_by_size(element_size, nullptr, bytes, nullptr, nullptr, nullptr, nullptr, n));
  return (bytes + 7) / 8 * 8 + 8;
}

void select_flagged(const char* op, size_t element_size, const void* in, const void* flags, void* out, int64_t n,
                    void* scratch, size_t scratch_bytes) {
  if (n == 0) return;
  size_t temp_bytes = scratch_bytes - 8;
  auto* count = reinterpret_cast<long long*>(static_cast<char*>(scratch) + temp_bytes);
  check_cuda(op, select_by_size(element_size, scratch, temp_bytes, in, flags, out, count, n));
  check_launch(op);
}

// CUB's temporary storage rounded up to 8 bytes, then the count.
size_t flagged_positions_bytes(const char* op, int64_t n) {
  size_t bytes = 0;
  check_cuda(op, select_positions(nullptr, bytes, nullptr, nullptr, nullptr, n));
  return (bytes + 7) / 8 * 8 + 8;
}

void flagged_positions(const char* op, const void* flags, int64_t* positions, int64_t n, void* scratch,
                       size_t scratch_bytes) {
  if (n == 0) return;
  size_t temp_bytes = scratch_bytes - 8;
  auto* count = reinterpret_cast<long long*>(static_cast<char*>(scratch) + temp_bytes);
  check_cuda(op, select_positions(scratch, temp_bytes, flags, positions, count, n));
  check_launch(op);
}

void positions_to_subscripts(const char* op, const int64_t* positions, int64_t count, const int64_t* shape, int ndim,
                             char* out, int64_t row_stride, int64_t col_stride) {
  if (count == 0 || ndim == 0) return;
  if (ndim > kMaxDims) too_many_dims(op);
  Shape s{ndim, {}};
  for (int d = 0; d < ndim; ++d) s.sizes[d] = shape[d];
  subscripts_kernel<<<blocks_for(count), kThreads>>>(positions, count, s, out, row_stride, col_stride);
  check_launch(op);
}

void scatter_at_positions(const char* op, size_t element_size, const Operands<1>& self, const int64_t* positions,
                          int64_t count, const void* source) {
  if (count == 0) return;
  DeviceOperands<1> ops;
  const int bytes[1] = {0};
  if (!device_operands_as_laid_out(self, 0, bytes, &ops)) too_many_dims(op);
  switch (element_size) {
    case 1: scatter_at_kernel<<<blocks_for(count), kThreads>>>(ops, positions, count, static_cast<const uint8_t*>(source)); break;
    case 2: scatter_at_kernel<<<blocks_for(count), kThreads>>>(ops, positions, count, static_cast<const uint16_t*>(source)); break;
    case 4: scatter_at_kernel<<<blocks_for(count), kThreads>>>(ops, positions, count, static_cast<const uint32_t*>(source)); break;
    case 8: scatter_at_kernel<<<blocks_for(count), kThreads>>>(ops, positions, count, static_cast<const uint64_t*>(source)); break;
    default: fail(ErrorKind::Runtime, str(op, ": no masked scatter for ", element_size, "-byte elements"));
  }
  check_launch(op);
}

}  // namespace ember::kernels::cuda
