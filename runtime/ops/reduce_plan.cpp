#include "runtime/ops/reduce_plan.h"

#include "ember/error.h"
#include "runtime/ops/output.h"
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

TensorBase run_reduce_dim(const char* op, const TensorBase* out, const TensorBase& self, int64_t dim, bool keepdim,
                          ResultRule rule, bool nonempty, DTypeSet dtypes, ReduceDimKernel kernel) {
  Output result(op, out, "out");
  const int64_t d = wrap_dim(dim, self.dim(), op);
  if (nonempty && self.dim() > 0 && self.size(d) == 0)
    fail(ErrorKind::Value, str(op, ": cannot reduce over dim ", d, " of size 0 (there is no element to pick)"), "self");
  require_dtype(op, dtypes, self.dtype());
  const DType result_dtype = rt::result_dtype(op, self, rule);
  result.check_dtype(result_dtype);
  const std::vector<int64_t> shape = reduced_shape(self.impl(), d, keepdim);
  const TensorBase& target = result.target(shape, result_dtype, {&self}, Reads::Any);
  kernels::Operands<2> ops;
  set_reduce_operands<2>(ops, self.impl(), d, keepdim, {target.impl()});
  kernel(self.dtype(), result_dtype, ops, static_cast<int>(d));
  return result.finish();
}

std::tuple<TensorBase, TensorBase> run_reduce_index(const char* op, const TensorBase* values_out,
                                                    const TensorBase* indices_out, const TensorBase& self, int64_t dim,
                                                    bool keepdim, DTypeSet dtypes, ReduceIndexKernel kernel) {
  Output values(op, values_out, "values"), indices(op, indices_out, "indices");
  if (values_out) check_distinct_outputs(op, *values_out, *indices_out, "indices");
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
  kernel(self.dtype(), ops, static_cast<int>(d));
  return {values.finish(), indices.finish()};
}

}  // namespace ember::rt
