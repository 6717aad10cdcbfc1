#include "runtime/ops/index_plan.h"

#include <algorithm>
#include <cstring>

#include "ember/error.h"
#include "ember/ops/clone.h"
#include "kernels/cuda/gather.h"
#include "runtime/core/device_memory.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/without_cuda.h"

namespace ember::rt {

namespace {

kernels::Operands<1> index_operand(const kernels::Operands<3>& ops) {
  kernels::Operands<1> one;
  one.ndim = ops.ndim;
  for (int d = 0; d < ops.ndim; ++d) {
    one.shape[d] = ops.shape[d];
    one.strides[0][d] = ops.strides[2][d];
  }
  one.data[0] = ops.data[2];
  return one;
}

void accumulate(DType dtype, const kernels::Operands<3>& ops, const kernels::IndexedDim& dim, const Scalar& alpha) {
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    kernels::scatter<T>(ops, dim, kernels::AddScaled<T>{alpha.to<kernels::opmath_t<T>>()});
  });
}


}  // namespace

void check_index_dtype(const char* op, const char* arg, const TensorBase& index) {
  if (index.dtype() != DType::Long)
    fail(ErrorKind::Type, str(op, ": ", arg, " must be an int64 tensor, got ", dtype_name(index.dtype())), arg);
}

void check_same_dtype(const char* op, const char* arg, const TensorBase& t, const TensorBase& self) {
  if (t.dtype() != self.dtype())
    fail(ErrorKind::Type, str(op, ": ", arg, " holds ", dtype_name(t.dtype()), " but self holds ",
                              dtype_name(self.dtype()), " (they must match)"), arg);
}

void check_writable(const char* op, const char* arg, const TensorBase& t) {
  if (has_internal_overlap(t.impl()))
    fail(ErrorKind::Value, str(op, ": ", arg, " has dims of stride 0 (it is expanded): several of its elements "
                                              "are one memory location"), arg);
}

void check_out_dtype(const char* op, const TensorBase& out, DType dtype) {
  if (!out.defined()) fail(ErrorKind::Value, str(op, ": the output is an undefined tensor"), "out");
  if (out.dtype() != dtype)
    fail(ErrorKind::Type, str(op, ": out holds ", dtype_name(out.dtype()), ", the result is ", dtype_name(dtype)), "out");
}

bool shares_storage(const TensorBase& a, const TensorBase& b) {
  return a.impl()->storage && a.impl()->storage == b.impl()->storage;
}

TensorBase unaliased(const TensorBase& t, const TensorBase& written) {
  return shares_storage(t, written) ? base::clone(t) : t;
}

void resize_out(const TensorBase& out, IntList shape, const char* op) {
  if (out.sizes() == shape && (!shape.empty() || out.is_scalar())) return;
  resize(out.impl(), shape, {}, op, shape.empty());
}

kernels::IndexedDim indexed_dim(const TensorBase& t, int64_t d, IndexRule rule) {
  return {size_at(t, d), stride_at(t, d) * static_cast<int64_t>(t.element_size()), rule.base, rule.wrap};
}

void set_aligned(kernels::Operands<3>& ops, int k, const TensorBase& t, int64_t skip) {
  const int64_t esize = static_cast<int64_t>(t.element_size());
  for (int d = 0; d < ops.ndim; ++d) ops.strides[k][d] = d == skip ? 0 : stride_at(t, d) * esize;
  ops.data[k] = static_cast<char*>(t.data_ptr());
}

void set_along(kernels::Operands<3>& ops, int k, const TensorBase& index, int64_t dim) {
  for (int d = 0; d < ops.ndim; ++d) ops.strides[k][d] = 0;
  if (index.dim() == 1 && dim < ops.ndim) ops.strides[k][dim] = index.stride(0) * static_cast<int64_t>(sizeof(int64_t));
  ops.data[k] = static_cast<char*>(index.data_ptr());
}

void index_out_of_range(const char* op, const char* arg, int64_t raw, int64_t dim_number, int64_t size,
                        IndexRule rule) {
  std::string range;
  if (size == 0) range = "it has no elements";
  else if (rule.base == 1) range = str("valid values are 1 .. ", size, ": TH's index tensors are 1-based");
  else if (rule.wrap) range = str("valid values are ", -size, " .. ", size - 1);
  else range = str("valid values are 0 .. ", size - 1);
  fail(ErrorKind::Index, str(op, ": index ", raw, " is out of range for dim ", dim_number, " of size ", size, " (",
                             range, ")"), arg);
}

namespace {

// Whether some value of operand 2 of `ops` (the index) is out of range for
// `dim`; the first one the loop met in `raw` if so.
bool find_bad(Device device, const char* op, const kernels::Operands<3>& ops, const kernels::IndexedDim& dim,
              int64_t* raw) {
  if (device.is_cuda()) {
#ifdef EMBER_CUDA
    const TensorBase scratch = empty({1}, DType::Long, device);
    CudaDeviceScope scope(device, op);
    return kernels::cuda::find_bad_index(op, index_operand(ops), dim, scratch.data_ptr(), raw);
#else
    without_cuda(op, device);
#endif
  }
  kernels::BadIndex bad;
  kernels::check_indices(index_operand(ops), dim, bad);
  *raw = bad.value();
  return bad.seen();
}

}  // namespace

void check_index_values(Device device, const char* op, const char* index_arg, const kernels::Operands<3>& ops,
                        const kernels::IndexedDim& dim, int64_t dim_number) {
  int64_t raw = 0;
  if (find_bad(device, op, ops, dim, &raw))
    index_out_of_range(op, index_arg, raw, dim_number, dim.size, {dim.base, dim.wrap});
}

bool first_bad_index(const char* op, const TensorBase& index, const kernels::IndexedDim& dim, int64_t* raw) {
  kernels::Operands<3> ops;
  ops.ndim = index.dim() == 0 ? 1 : static_cast<int>(index.dim());
  ops.shape[0] = 1;
  for (int64_t d = 0; d < index.dim(); ++d) ops.shape[d] = index.size(d);
  set_aligned(ops, 2, index, -1);
  return find_bad(index.device(), op, ops, dim, raw);
}

void run_gather(Device device, const char* op, const char* index_arg, DType dtype, const kernels::Operands<3>& ops,
                const kernels::IndexedDim& dim, int64_t dim_number) {
  if (device.is_cuda()) {
#ifdef EMBER_CUDA
    check_index_values(device, op, index_arg, ops, dim, dim_number);
    CudaDeviceScope scope(device, op);
    return kernels::cuda::gather(op, element_size(dtype), ops, dim);
#else
    without_cuda(op, device);
#endif
  }
  kernels::BadIndex bad;
  by_element_size(element_size(dtype), [&](auto s) { kernels::gather<decltype(s)>(ops, dim, bad); });
  if (bad.seen()) index_out_of_range(op, index_arg, bad.value(), dim_number, dim.size, {dim.base, dim.wrap});
}

void run_scatter(Device device, const char* op, const char* index_arg, DType dtype, const kernels::Operands<3>& ops,
                 const kernels::IndexedDim& dim, int64_t dim_number, ScatterMode mode, const Scalar& alpha,
                 bool value_operand) {
  check_index_values(device, op, index_arg, ops, dim, dim_number);
  if (device.is_cuda()) {
#ifdef EMBER_CUDA
    CudaDeviceScope scope(device, op);
    return kernels::cuda::scatter(op, dtype, mode, kernels::in_order(ops), dim, value_operand, alpha);
#else
    without_cuda(op, device);
#endif
  }
  if (mode == ScatterMode::Accumulate) return accumulate(dtype, ops, dim, alpha);
  if (mode != ScatterMode::Assign)
    return visit_dtype(dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if (mode == ScatterMode::Multiply) kernels::scatter<T>(ops, dim, kernels::Multiply{});
      if (mode == ScatterMode::Max) kernels::scatter<T>(ops, dim, kernels::Extreme<true>{});
      if (mode == ScatterMode::Min) kernels::scatter<T>(ops, dim, kernels::Extreme<false>{});
    });
  by_element_size(element_size(dtype), [&](auto s) { kernels::scatter<decltype(s)>(ops, dim, kernels::Assign{}); });
}

std::vector<int64_t> broadcast_shape(const char* op, const char* arg, IntList a, IntList b) {
  const size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    const int64_t x = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const int64_t y = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (x != y && x != 1 && y != 1)
      fail(ErrorKind::Value, str(op, ": ", arg, " of shape ", sizes_text(b), " does not broadcast with shape ",
                                 sizes_text(a)), arg);
    out[i] = x == 1 ? y : x;
  }
  return out;
}

void store_value(const Scalar& value, DType dtype, void* bytes) {
  TensorBase t = scalar_tensor(value, dtype);
  std::memcpy(bytes, t.data_ptr(), t.element_size());
}

}  // namespace ember::rt
