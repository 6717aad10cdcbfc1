#include <array>
#include <vector>

#include "ember/error.h"
#include "ember/ops/nonzero.h"
#include "ember/ops/select.h"
#include "ember/ops/to.h"
#include "ember/ops/unsqueeze.h"
#include "kernels/pointwise.h"
#include "kernels/where.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/pointwise_any_device.h"
#include "runtime/ops/shape_ops.h"

namespace ember::rt {

namespace {

#define EMBER_WHERE_DTYPE(Name, cpp, acc) DType::Name,
constexpr DTypeSet kEveryDType{EMBER_FORALL_DTYPES(EMBER_WHERE_DTYPE)};
#undef EMBER_WHERE_DTYPE
constexpr PointwiseOp where_op{"where", ResultRule::Same, kEveryDType, {"condition", "self", "other"}, -1, kEveryDType};

// PyTorch 1.13 takes a bool condition, or a uint8 one (deprecated); the
// uint8 one is read as bool so that it takes no part in promotion.
TensorBase condition_of(const TensorBase& condition) {
  if (!condition.defined()) fail(ErrorKind::Value, "where: condition is an undefined tensor", "condition");
  if (condition.dtype() == DType::Bool) return condition;
  if (condition.dtype() == DType::Byte) return base::to(condition, DType::Bool);
  fail(ErrorKind::Type, str("where: condition must be a bool tensor, got ", dtype_name(condition.dtype())),
       "condition");
}

// The condition is an input of the pointwise driver like the others:
// bool promotes with any dtype to that dtype, so it never changes the
// result's, and it arrives as 0 or 1 in the compute dtype.
TensorBase where_run(const TensorBase* out, const TensorBase& condition, PointwiseArg self, PointwiseArg other) {
  const TensorBase cond = condition_of(condition);
  const std::array<PointwiseArg, 3> args{{PointwiseArg{&cond, nullptr}, self, other}};
  const auto cpu = [](DType dtype, kernels::Operands<4>& ops) {
    visit_dtype(dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      kernels::pointwise<T, T, 3>(ops, kernels::WhereFn<kernels::opmath_t<T>>{});
    });
  };
  const auto cuda = [](DType dtype, const kernels::Operands<4>& ops, unsigned host_values) {
    kernels::cuda::where(dtype, ops, host_values);
  };
  return run_pointwise_any_device<3>(where_op, out, false, args, cpu, cuda);
}

// A value operand of where_dense: dense in the condition's shape, or one
// value (0-dim).
bool dense_or_one(const TensorBase& t, const TensorBase& condition) {
  return t.device().is_cpu() && (t.dim() == 0 || (t.sizes() == condition.sizes() && t.is_contiguous()));
}

// Note [where on dense operands]: a bool condition, dense on the CPU, with
// values of one dtype, dense in its shape or 0-dim; the result is new and
// dense, as the driver would lay it out.
bool takes_where_dense(const TensorBase& condition, const TensorBase& self, const TensorBase& other) {
  return condition.defined() && self.defined() && other.defined() && condition.dtype() == DType::Bool &&
         condition.device().is_cpu() && condition.dim() >= 1 && condition.is_contiguous() &&
         self.dtype() == other.dtype() && dense_or_one(self, condition) && dense_or_one(other, condition);
}

}  // namespace

TensorBase where(const TensorBase& condition, const TensorBase& self, const TensorBase& other) {
  if (takes_where_dense(condition, self, other)) {
    TensorBase out = empty(condition.sizes(), self.dtype());
    visit_dtype(self.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      kernels::where_dense<T>(static_cast<const uint8_t*>(condition.data_ptr()), static_cast<const T*>(self.data_ptr()),
                              self.dim() == 0, static_cast<const T*>(other.data_ptr()), other.dim() == 0,
                              static_cast<T*>(out.data_ptr()), out.numel());
    });
    return out;
  }
  return where_run(nullptr, condition, {&self, nullptr}, {&other, nullptr});
}

TensorBase where(const TensorBase& condition, const Scalar& self, const TensorBase& other) {
  return where_run(nullptr, condition, {nullptr, &self}, {&other, nullptr});
}

TensorBase where(const TensorBase& condition, const TensorBase& self, const Scalar& other) {
  return where_run(nullptr, condition, {&self, nullptr}, {nullptr, &other});
}

TensorBase where(const TensorBase& condition, const Scalar& self, const Scalar& other) {
  return where_run(nullptr, condition, {nullptr, &self}, {nullptr, &other});
}

void where_out(TensorBase& out, const TensorBase& condition, const TensorBase& self, const TensorBase& other) {
  where_run(&out, condition, {&self, nullptr}, {&other, nullptr});
}

std::vector<TensorBase> where(const TensorBase& condition) {
  // NumPy's nonzero: one index tensor per dim (a 0-dim condition counts as 1-d).
  const TensorBase c = condition.dim() == 0 ? base::unsqueeze(condition, 0) : condition;
  const TensorBase positions = base::nonzero(c);
  std::vector<TensorBase> result;
  for (int64_t d = 0; d < c.dim(); ++d) result.push_back(base::select(positions, 1, d));
  return result;
}

}  // namespace ember::rt
