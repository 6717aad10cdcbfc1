#include "runtime/ops/reduce_plan.h"

#include "ember/error.h"
#include "ember/ops/permute.h"
#include "kernels/cuda/reduce_operands.h"
#include "runtime/core/device_memory.h"
#include "runtime/ops/construct_ops.h"
#include "runtime/ops/device_guard.h"
#include "runtime/ops/output.h"
#include "runtime/ops/structure_ops.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::rt {

std::vector<int64_t> reduced_shape(const TensorImpl* self, int64_t dim, bool keepdim) {
  std::vector<int64_t> shape(self->size, self->size + self->nDimension);
  if (shape.empty()) return shape;
  if (keepdim) shape[dim] = 1;
  else shape.erase(shape.begin() + dim);
  return shape;
}

template <int N>
void set_reduce_operands(kernels::Operands<N>& ops, const TensorImpl* self, int64_t dim, bool keepdim,
                         const std::array<const TensorImpl*, N - 1>& outs) {
  // A 0-dim input is reduced as a 1-element vector.
  const int n = std::max(self->nDimension, 1);
  ops.ndim = n;
  for (int d = 0; d < n; ++d) ops.shape[d] = self->nDimension ? self->size[d] : 1;
  for (int k = 0; k < N - 1; ++k) {
    const TensorImpl* out = outs[k];
    const int64_t esize = static_cast<int64_t>(element_size(dtype(out)));
    // Map loop dim d to out's dim (skipping `dim` unless keepdim).
    for (int d = 0, j = 0; d < n; ++d) {
      if (d == dim) {
        ops.strides[k][d] = 0;
        if (keepdim && out->nDimension) ++j;
        continue;
      }
      ops.strides[k][d] = out->size[j] == 1 ? 0 : out->stride[j] * esize;
      ++j;
    }
    ops.data[k] = data_bytes(out);
  }
  const int64_t esize = static_cast<int64_t>(element_size(dtype(self)));
  for (int d = 0; d < n; ++d) ops.strides[N - 1][d] = self->nDimension ? self->stride[d] * esize : 0;
  ops.data[N - 1] = data_bytes(self);
}

template void set_reduce_operands<2>(kernels::Operands<2>&, const TensorImpl*, int64_t, bool,
                                     const std::array<const TensorImpl*, 1>&);
template void set_reduce_operands<3>(kernels::Operands<3>&, const TensorImpl*, int64_t, bool,
                                     const std::array<const TensorImpl*, 2>&);

DType result_dtype(const char* op, const TensorBase& self, ResultRule rule) {
  const PointwiseArg arg{&self, nullptr};
  return pointwise_types(op, &arg, 1, rule).result;
}

void check_has_elements(const char* op, const TensorBase& self) {
  if (self.numel() == 0)
    fail(ErrorKind::Value, str(op, ": the tensor has no elements (there is no value to return; reduce along a dim instead)"),
         "self");
}

std::vector<bool> reduced_dims(const char* op, int64_t ndim, IntList dims) {
  std::vector<bool> reduced(static_cast<size_t>(std::max<int64_t>(ndim, 1)), dims.empty());
  for (int64_t d : dims) {
    const size_t w = static_cast<size_t>(wrap_dim(d, ndim, op));
    if (reduced[w]) fail(ErrorKind::Value, str(op, ": dim ", w, " appears more than once in dim"), "dim");
    reduced[w] = true;
  }
  return reduced;
}

// Note [reducing several dims]: self is permuted to (kept dims, reduced
// dims) and reshaped to (kept dims, their product), a view when the
// reduced dims merge (one dim always does) and a copy otherwise; the
// kernels then reduce that one last dim into the result viewed without
// its size-1 reduced dims. Mean and variance see every reduced element
// in one slice, so they need nothing of their own.
TensorBase run_reduce_dims(const char* op, const TensorBase* out, const TensorBase& self, IntList dims, bool keepdim,
                           std::optional<DType> dtype, ResultRule rule, bool nonempty, DTypeSet dtypes,
                           ReduceDimKernel kernel, CudaReduce cuda) {
  Output result(op, out, "out");
  const Device device = self.device();
  if (device.is_cuda() && !cuda.kernel) not_implemented_on_device(op, self, "self");
  if (out && out->device() != device)
    fail(ErrorKind::Runtime, str(op, ": expected all tensors on one device, but out is on ", out->device().str(),
                                 " and self on ", device.str()), "out");
  const int64_t nd = self.dim();
  const std::vector<bool> reduced = reduced_dims(op, nd, dims);
  for (int64_t d = 0; d < nd; ++d)
    if (nonempty && reduced[static_cast<size_t>(d)] && self.size(d) == 0)
      fail(ErrorKind::Value, str(op, ": cannot reduce over dim ", d, " of size 0 (there is no element to pick)"), "self");
  // rt::to_dtype and rt::reshape rather than base::: they run on any device.
  const TensorBase input = dtype ? to_dtype(self, *dtype, false) : self;
  require_dtype(op, dtypes, input.dtype(), dtype ? "dtype" : "self");
  if (device.is_cuda() && !cuda.dtypes.has(input.dtype()))
    fail(ErrorKind::Type, str(op, ": not implemented for CUDA tensors of dtype ", dtype_name(input.dtype())),
         dtype ? "dtype" : "self");
  const DType natural = rt::result_dtype(op, input, rule);
  const DType result_dtype = dtype ? *dtype : natural;
  result.check_dtype(result_dtype);
  if (natural != result_dtype)  // sum(int8, dtype=int32): the int64 sums, wrapped to int32 as int32 sums would wrap
    return result.assign(to_dtype(run_reduce_dims(op, nullptr, input, dims, keepdim, std::nullopt, rule, nonempty,
                                                  dtypes, kernel, cuda),
                                  result_dtype, false));
  std::vector<int64_t> shape, kept, perm;
  int64_t length = 1;
  for (int64_t d = 0; d < nd; ++d) {
    if (reduced[static_cast<size_t>(d)]) {
      length *= self.size(d);
      if (keepdim) shape.push_back(1);
    } else {
      shape.push_back(self.size(d));
      kept.push_back(self.size(d));
      perm.push_back(d);
    }
  }
  for (int64_t d = 0; d < nd; ++d)
    if (reduced[static_cast<size_t>(d)]) perm.push_back(d);
  const TensorBase& target = result.target(shape, result_dtype, {&self}, Reads::Any);
  std::vector<int64_t> folded_shape = kept, kept_strides;
  folded_shape.push_back(length);
  const TensorBase folded = reshape(nd == 0 ? input : base::permute(input, perm), folded_shape);
  for (int64_t d = 0; d < target.dim(); ++d)
    if (!keepdim || !reduced[static_cast<size_t>(d)]) kept_strides.push_back(target.stride(d));
  const TensorBase kept_target = TensorBase::adopt(tensor_new_with_storage(
      result_dtype, target.impl()->storage, target.storage_offset(), kept, kept_strides));
  const int64_t last = static_cast<int64_t>(kept.size());
  kernels::Operands<2> ops;
  set_reduce_operands<2>(ops, folded.impl(), last, false, {kept_target.impl()});
  if (device.is_cpu()) {
    kernel(folded.dtype(), result_dtype, ops, static_cast<int>(last));
  } else {
    const TensorBase scratch =
        empty({static_cast<int64_t>(kernels::cuda::kReduceScratchBytes)}, DType::Byte, device);
    CudaDeviceScope scope(device, op);
    (*cuda.kernel)(folded.dtype(), ops, static_cast<int>(last), scratch.data_ptr());
  }
  return result.finish();
}

std::tuple<TensorBase, TensorBase> run_reduce_index(const char* op, const TensorBase* values_out,
                                                    const TensorBase* indices_out, const TensorBase& self, int64_t dim,
                                                    bool keepdim, DTypeSet dtypes, ReduceIndexKernel kernel,
                                                    CudaReduceIndex cuda) {
  Output values(op, values_out, "values"), indices(op, indices_out, "indices");
  if (values_out) check_distinct_outputs(op, *values_out, *indices_out, "indices");
  const Device device = self.device();
  if (device.is_cuda() && !cuda.kernel) not_implemented_on_device(op, self, "self");
  for (const auto& [given, arg] : {std::pair{values_out, "values"}, std::pair{indices_out, "indices"}})
    if (given && given->device() != device)
      fail(ErrorKind::Runtime, str(op, ": expected all tensors on one device, but ", arg, " is on ",
                                   given->device().str(), " and self on ", device.str()), arg);
  if (device.is_cuda() && !cuda.dtypes.has(self.dtype()))
    fail(ErrorKind::Type, str(op, ": not implemented for CUDA tensors of dtype ", dtype_name(self.dtype())), "self");
  const int64_t d = wrap_dim(dim, self.dim(), op);
  if (self.dim() > 0 && self.size(d) == 0)
    fail(ErrorKind::Value, str(op, ": cannot reduce over dim ", d, " of size 0 (there is no element to pick)"), "self");
  require_dtype(op, dtypes, self.dtype());
  values.check_dtype(self.dtype());
  indices.check_dtype(DType::Long);
  const std::vector<int64_t> shape = reduced_shape(self.impl(), d, keepdim);
  const TensorBase& v = values.target(shape, self.dtype(), {&self}, Reads::Any);
  const TensorBase& i = indices.target(shape, DType::Long, {&self}, Reads::Any);
  kernels::Operands<3> ops;
  set_reduce_operands<3>(ops, self.impl(), d, keepdim, {v.impl(), i.impl()});
  if (device.is_cpu()) {
    kernel(self.dtype(), ops, static_cast<int>(d));
  } else {
    CudaDeviceScope scope(device, op);
    cuda.kernel(self.dtype(), ops, static_cast<int>(d));
  }
  return {values.finish(), indices.finish()};
}

}  // namespace ember::rt
