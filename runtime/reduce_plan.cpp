#include "runtime/reduce_plan.h"

#include "ember/error.h"
#include "runtime/tensor_operands.h"

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

void prepare_out(const char* op, const Tensor& out, DType want, IntList shape, const char* arg) {
  if (!out.defined()) fail(ErrorKind::Value, str(op, ": the output is an undefined tensor"), arg);
  if (out.dtype() != want)
    fail(ErrorKind::Type, str(op, ": expected a ", dtype_name(want), " output, got ", dtype_name(out.dtype())), arg);
  if (out.sizes() != shape || (shape.empty() && !out.is_scalar())) resize(out.impl(), shape, {}, op, shape.empty());
}

DType result_dtype(const char* op, const Tensor& self, ResultRule rule) {
  const PointwiseArg arg{&self, nullptr};
  return pointwise_types(op, &arg, 1, rule).result;
}

void check_has_elements(const char* op, const Tensor& self) {
  if (self.numel() == 0)
    fail(ErrorKind::Value, str(op, ": the tensor has no elements (there is no value to return; reduce along a dim instead)"),
         "self");
}

Tensor run_reduce_dim(const char* op, const Tensor* out, const Tensor& self, int64_t dim, bool keepdim,
                      ResultRule rule, bool nonempty, ReduceDimKernel kernel) {
  const int64_t d = wrap_dim(dim, self.dim(), op);
  if (nonempty && self.dim() > 0 && self.size(d) == 0)
    fail(ErrorKind::Value, str(op, ": cannot reduce over dim ", d, " of size 0 (there is no element to pick)"), "self");
  const DType result_dtype = rt::result_dtype(op, self, rule);
  const std::vector<int64_t> shape = reduced_shape(self.impl(), d, keepdim);
  Tensor result;
  if (out) {
    result = *out;
    prepare_out(op, result, result_dtype, shape, "out");
  } else {
    result = empty(shape, result_dtype);
  }
  kernels::Operands<2> ops;
  set_reduce_operands<2>(ops, self.impl(), d, keepdim, {result.impl()});
  kernel(self.dtype(), result_dtype, ops, static_cast<int>(d));
  return result;
}

std::tuple<Tensor, Tensor> run_reduce_index(const char* op, const Tensor* values_out, const Tensor* indices_out,
                                            const Tensor& self, int64_t dim, bool keepdim, ReduceIndexKernel kernel) {
  const int64_t d = wrap_dim(dim, self.dim(), op);
  if (self.dim() > 0 && self.size(d) == 0)
    fail(ErrorKind::Value, str(op, ": cannot reduce over dim ", d, " of size 0 (there is no element to pick)"), "self");
  const std::vector<int64_t> shape = reduced_shape(self.impl(), d, keepdim);
  Tensor values, indices;
  if (values_out) {
    values = *values_out;
    indices = *indices_out;
    prepare_out(op, values, self.dtype(), shape, "values");
    prepare_out(op, indices, DType::Long, shape, "indices");
  } else {
    values = empty(shape, self.dtype());
    indices = empty(shape, DType::Long);
  }
  kernels::Operands<3> ops;
  set_reduce_operands<3>(ops, self.impl(), d, keepdim, {values.impl(), indices.impl()});
  kernel(self.dtype(), ops, static_cast<int>(d));
  return {values, indices};
}

}  // namespace ember::rt
