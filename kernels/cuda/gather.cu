// The CUDA index loops (kernels/cuda/gather.h): the checked gather, the
// scatter by fibers (Note [scatter fibers]) and the index check before
// them, one grid-stride kernel each.
#include <cuda_runtime.h>

#include "kernels/cuda/gather.h"
#include "kernels/cuda/index_loops.h"
#include "kernels/cuda/launch.cuh"

namespace ember::kernels::cuda {
namespace {

[[noreturn]] void too_many_dims(const char* op) {
  fail(ErrorKind::Value, str(op, ": the CUDA kernels take at most ", kMaxDims,
                             " dims after merging contiguous ones; make the tensors contiguous first"));
}

void check_cuda(const char* op, cudaError_t status) {
  if (status != cudaSuccess) fail(ErrorKind::Runtime, str(op, ": CUDA error: ", cudaGetErrorString(status)));
}

// The lowest element number whose value is out of range, by atomicMin.
__global__ void first_bad_kernel(DeviceOperands<1> index, int64_t n, IndexedDim dim, unsigned long long* first) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += step) {
    int64_t off[1];
    index.offsets<false>(i, off);
    if (position(dim, *reinterpret_cast<const int64_t*>(index.data[0] + off[0])) < 0)
      atomicMin(first, static_cast<unsigned long long>(i));
  }
}

template <class S>
__global__ void gather_kernel(DeviceOperands<3> ops, int64_t n, IndexedDim dim) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += step)
    gather_element<S>(ops, i, dim);
}

template <class T, class Combine>
__global__ void scatter_kernel(FiberSplit split, int64_t fibers, int64_t fiber_length, IndexedDim dim,
                               Combine combine) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t t = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; t < fibers; t += step)
    scatter_fiber<T>(split, t, fiber_length, dim, combine);
}

template <class T, class Combine>
void launch_scatter(const char* op, const FiberSplit& split, const IndexedDim& dim, const Combine& combine) {
  const int64_t fibers = split.outer.numel();
  scatter_kernel<T><<<blocks_for(fibers), kThreads>>>(split, fibers, split.fiber.numel(), dim, combine);
  check_launch(op);
}

// The modes that compute on values (every one but Assign) for element type T.
template <class T>
void scatter_values(const char* op, ScatterMode mode, const FiberSplit& split, const IndexedDim& dim,
                    const Scalar& alpha) {
  switch (mode) {
    case ScatterMode::Accumulate:
      return launch_scatter<T>(op, split, dim, AddScaled<T>{alpha.to<opmath_t<T>>()});
    case ScatterMode::Multiply: return launch_scatter<T>(op, split, dim, Multiply{});
    case ScatterMode::Max: return launch_scatter<T>(op, split, dim, Extreme<true>{});
    case ScatterMode::Min: return launch_scatter<T>(op, split, dim, Extreme<false>{});
    case ScatterMode::Assign: break;
  }
}

}  // namespace

bool find_bad_index(const char* op, const Operands<1>& index, const IndexedDim& dim, void* scratch, int64_t* raw) {
  DeviceOperands<1> ops;
  const int bytes[1] = {8};
  if (!make_device_operands(index, 0, bytes, &ops)) too_many_dims(op);
  const int64_t n = ops.numel();
  if (n == 0) return false;
  auto* first = static_cast<unsigned long long*>(scratch);
  check_cuda(op, cudaMemset(first, 0xff, sizeof *first));
  first_bad_kernel<<<blocks_for(n), kThreads>>>(ops, n, dim, first);
  check_launch(op);
  unsigned long long found = 0;
  check_cuda(op, cudaMemcpy(&found, first, sizeof found, cudaMemcpyDeviceToHost));
  if (found >= static_cast<unsigned long long>(n)) return false;
  int64_t off[1];
  ops.offsets<false>(static_cast<int64_t>(found), off);
  check_cuda(op, cudaMemcpy(raw, ops.data[0] + off[0], sizeof *raw, cudaMemcpyDeviceToHost));
  return true;
}

void gather(const char* op, size_t element_size, const Operands<3>& operands, const IndexedDim& dim) {
  DeviceOperands<3> ops;
  const int bytes[3] = {0, 0, 0};
  if (!make_device_operands(operands, 0, bytes, &ops)) too_many_dims(op);
  const int64_t n = ops.numel();
  if (n == 0) return;
  switch (element_size) {
    case 1: gather_kernel<uint8_t><<<blocks_for(n), kThreads>>>(ops, n, dim); break;
    case 2: gather_kernel<uint16_t><<<blocks_for(n), kThreads>>>(ops, n, dim); break;
    case 4: gather_kernel<uint32_t><<<blocks_for(n), kThreads>>>(ops, n, dim); break;
    case 8: gather_kernel<uint64_t><<<blocks_for(n), kThreads>>>(ops, n, dim); break;
    default: fail(ErrorKind::Runtime, str(op, ": no gather for ", element_size, "-byte elements"));
  }
  check_launch(op);
}

void scatter(const char* op, DType dtype, ScatterMode mode, const Operands<3>& ops, const IndexedDim& dim,
             bool value_on_host, const Scalar& alpha) {
  if (ops.numel() == 0) return;
  const int esize = static_cast<int>(element_size(dtype));
  FiberSplit split;
  if (!split_fibers(ops, value_on_host ? 2u : 0u, esize, &split)) too_many_dims(op);
  if (mode == ScatterMode::Assign) {
    switch (esize) {
      case 1: return launch_scatter<uint8_t>(op, split, dim, Assign{});
      case 2: return launch_scatter<uint16_t>(op, split, dim, Assign{});
      case 4: return launch_scatter<uint32_t>(op, split, dim, Assign{});
      case 8: return launch_scatter<uint64_t>(op, split, dim, Assign{});
    }
  }
  switch (dtype) {
#define EMBER_SCATTER_CASE(Name, cpp, acc) \
  case DType::Name:                        \
    return scatter_values<cpp>(op, mode, split, dim, alpha);
    EMBER_FORALL_DTYPES(EMBER_SCATTER_CASE)
#undef EMBER_SCATTER_CASE
  }
}

}  // namespace ember::kernels::cuda
