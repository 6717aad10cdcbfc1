#include "runtime/ops/dim_plan.h"

#include "ember/error.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/view.h"
#include "runtime/core/empty_tensor.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::rt {

namespace {

constexpr int64_t kMaxPositions = int64_t{1} << 32;  // Note [slice length]

}  // namespace

DimPlan::DimPlan(const char* op, const TensorBase& self, std::optional<int64_t> dim, const SliceOutputs& s)
    : op_(op), s_(s), whole_(!dim) {
  if (whole_) {
    input_ = self.dim() == 1 ? self : base::view(base::contiguous(self), {self.numel()});
    dim_ = 0;
  } else {
    input_ = dimmed(self);
    dim_ = wrap_dim(*dim, input_.dim(), op);
  }
  n_ = input_.dim() == 0 ? 1 : input_.size(dim_);
  if (s_.indices && n_ >= kMaxPositions)
    fail(ErrorKind::Value, str(op, ": slices of 2^32 or more elements are not supported (dim ", dim_, " has ", n_, ")"),
         "self");
  // The outputs' shape: the input's, with the dim's length replaced.
  shape_ = input_.shape();
  if (whole_ && s_.reduce) {
    shape_.clear();
  } else if (!shape_.empty()) {
    if (s_.reduce && !s_.keepdim) shape_.erase(shape_.begin() + dim_);
    else if (s_.reduce) shape_[dim_] = 1;
    else if (s_.length != SliceOutputs::kSame) shape_[dim_] = s_.length;
  } else if (s_.length != SliceOutputs::kSame && s_.length != 1 && !s_.reduce) {
    shape_ = {s_.length};  // a 0-dim input's slice grows a dim (topk with k = 0)
  }
}

void DimPlan::set_targets(const TensorBase* values_out, DType values_dtype, const TensorBase* indices_out,
                          const char* values_arg) {
  values_out_.emplace(op_, values_out, values_arg);
  if (s_.indices) {
    indices_out_.emplace(op_, indices_out, "indices");
    if (values_out && indices_out) check_distinct_outputs(op_, *values_out, *indices_out, "indices");
    indices_out_->check_dtype(DType::Long);
  }
  std::vector<int64_t> shape = shape_;
  if (th_ && shape.empty()) shape = {1};  // TH has no 0-dim tensors
  values_ = values_out_->target(shape, values_dtype, {&input_}, Reads::Any);
  if (s_.indices) indices_ = indices_out_->target(shape, DType::Long, {&input_}, Reads::Any);
  set_operands();
}

void DimPlan::make_outputs(const TensorBase* values_out, DType values_dtype, DType out_dtype,
                           const TensorBase* indices_out, DTypeSet dtypes, const char* values_arg) {
  require_dtype(op_, dtypes, input_.dtype());
  const char* arg = values_arg ? values_arg : s_.indices ? "values" : "out";
  if (values_out && values_out->defined() && values_out->dtype() != out_dtype)
    fail(ErrorKind::Type, str(op_, ": ", arg, " has dtype ", dtype_name(values_out->dtype()), " but the result is ",
                              dtype_name(out_dtype)), arg);
  set_targets(values_out, values_dtype, indices_out, arg);
}

void DimPlan::th_outputs(TensorImpl* values, TensorImpl* indices) {
  th_ = true;
  if (values) th_given_[0] = TensorBase::borrow(values);
  if (indices) th_given_[1] = TensorBase::borrow(indices);
  set_targets(values ? &th_given_[0] : nullptr, input_.dtype(), indices ? &th_given_[1] : nullptr, "values");
}

TensorBase DimPlan::finish() { return values_out_->finish(); }

std::tuple<TensorBase, TensorBase> DimPlan::finish_pair() { return {values_out_->finish(), indices_out_->finish()}; }

void DimPlan::set_operands() {
  const TensorImpl* in = input_.impl();
  const int nd = std::max<int>(in->nDimension, 1);
  // Whether an output has a dim of its own for the input's `dim_`.
  const bool keeps_dim = !(s_.reduce && !s_.keepdim) && !(whole_ && s_.reduce);
  auto fill = [&](auto& ops, int k, const TensorImpl* out) {
    const int64_t esize = static_cast<int64_t>(element_size(dtype(out)));
    for (int d = 0, j = 0; d < nd; ++d) {
      if (d == dim_) {
        ops.strides[k][d] = 0;
        if (keeps_dim && out->nDimension > j) {
          if (out->size[j] > 1) ops.strides[k][d] = out->stride[j] * esize;
          ++j;
        }
        continue;
      }
      ops.strides[k][d] = out->size[j] == 1 ? 0 : out->stride[j] * esize;
      ++j;
    }
    ops.data[k] = data_bytes(out);
  };
  auto input = [&](auto& ops, int k) {
    ops.ndim = nd;
    const int64_t esize = static_cast<int64_t>(element_size(dtype(in)));
    for (int d = 0; d < nd; ++d) {
      ops.shape[d] = in->nDimension ? in->size[d] : 1;
      ops.strides[k][d] = in->nDimension ? in->stride[d] * esize : 0;
    }
    ops.data[k] = data_bytes(in);
  };
  input(ops2_, 1);
  fill(ops2_, 0, values_.impl());
  if (s_.indices) {
    input(ops3_, 2);
    fill(ops3_, 0, values_.impl());
    fill(ops3_, 1, indices_.impl());
  }
}

kernels::Operands<2>& DimPlan::operands2() { return ops2_; }

kernels::Operands<3>& DimPlan::operands3() {
  if (!s_.indices) fail(ErrorKind::Runtime, str(op_, ": internal error: no indices output planned"));
  return ops3_;
}

void check_range(const char* op, const char* name, int64_t value, int64_t lo, int64_t hi) {
  if (value >= lo && value <= hi) return;
  if (hi == kUnbounded) fail(ErrorKind::Value, str(op, ": ", name, " = ", value, " must be at least ", lo), name);
  fail(ErrorKind::Index, str(op, ": ", name, " = ", value, " is out of range (expected in [", lo, ", ", hi, "])"), name);
}

void check_nonempty_dim(const char* op, const DimPlan& plan) {
  if (plan.n() == 0)
    fail(ErrorKind::Value, str(op, ": cannot reduce over dim ", plan.dim(), " of size 0 (there is no element to pick)"),
         "self");
}

}  // namespace ember::rt
