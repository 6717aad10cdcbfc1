#include "runtime/ops/pointwise_plan.h"

#include <cstring>
#include <optional>
#include <vector>

#include "ember/error.h"
#include "ember/ops/to.h"
#include "ember/views.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/nonzero_check.h"
#include "runtime/ops/output.h"
#include "runtime/ops/result_layout.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::rt {

namespace {

std::optional<DType> promote_opt(std::optional<DType> a, DType b) { return a ? promote_types(*a, b) : b; }

// PyTorch's rule for letting a less important tier (0-dim tensors, then
// wrapped numbers) change the result: only by raising its category.
std::optional<DType> combine_tiers(std::optional<DType> higher, std::optional<DType> lower) {
  if (!higher) return lower;
  if (!lower) return higher;
  if (is_floating(*higher)) return higher;
  if (is_bool(*higher) || is_floating(*lower)) return promote_types(*higher, *lower);
  return higher;
}

DType wrapped_dtype(const Scalar& s) {
  switch (s.kind()) {
    case Scalar::Kind::Bool: return DType::Bool;
    case Scalar::Kind::Integral: return DType::Long;
    case Scalar::Kind::Floating: return default_dtype();
  }
  return DType::Long;
}

// An integral divisor (PointwiseOp::nonzero) must hold no zero where the
// loop over `shape` reads it (runtime/ops/nonzero_check.h).
template <int NIn>
void check_divisor(const PointwiseOp& op, const std::array<PointwiseArg, NIn>& args, DType compute, IntList shape) {
  if (op.nonzero < 0 || !is_integral(compute)) return;
  for (int64_t s : shape)
    if (s == 0) return;
  const PointwiseArg& divisor = args[op.nonzero];
  const char* arg = op.inputs[static_cast<size_t>(op.nonzero)];
  if (divisor.tensor) require_nonzero(op.name, divisor.tensor->impl(), arg);
  else require_nonzero(op.name, *divisor.scalar, arg);
}

// The input an unsupported compute dtype came from, for the error: the
// first whose own dtype it is, else the first input.
template <int NIn>
const char* dtype_source(const PointwiseOp& op, const std::array<PointwiseArg, NIn>& args, DType compute) {
  for (size_t i = 0; i < static_cast<size_t>(NIn); ++i) {
    const DType d = args[i].tensor ? args[i].tensor->dtype() : wrapped_dtype(*args[i].scalar);
    if (d == compute && op.inputs[i]) return op.inputs[i];
  }
  return op.inputs[0] ? op.inputs[0] : "self";
}

template <int NIn>
std::array<const TensorBase*, NIn> tensor_args(const std::array<PointwiseArg, NIn>& args) {
  std::array<const TensorBase*, NIn> tensors{};
  for (size_t i = 0; i < tensors.size(); ++i) tensors[i] = args[i].tensor;
  return tensors;
}

// A number converted to `d`, stored where a stride-0 operand can read it.
struct ScalarSlot {
  alignas(8) unsigned char bytes[8];
  void store(const Scalar& s, DType d) {
    visit_dtype(d, [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T v = s.to<T>();
      static_assert(sizeof(T) <= sizeof(bytes), "slot too small");
      std::memcpy(bytes, &v, sizeof(T));
    });
  }
};

// Note [small pointwise]: the functional form (no out=, no in-place) when
// every tensor input already has the compute dtype and the result's exact
// sizes and the result dtype is the compute dtype (`a + b`, `a * 2`): no
// broadcasting, no conversion, and a fresh result cannot overlap an input,
// so the general path's copies, shape vectors and checks are skipped and
// numbers are read from a stack slot instead of a 0-dim tensor. Results
// are the same as the general path's (same kernel, same operands).
template <int NIn>
bool try_small_pointwise(const PointwiseOp& op, const std::array<PointwiseArg, NIn>& args, const PointwiseTypes& types,
                         PointwiseKernel<NIn + 1> kernel, TensorBase* result) {
  if (types.result != types.compute) return false;
  const TensorBase* shape_of = nullptr;
  for (const PointwiseArg& a : args) {
    if (!a.tensor) continue;
    if (a.tensor->dtype() != types.compute) return false;
    if (!shape_of) {
      shape_of = a.tensor;
    } else if (a.tensor->sizes() != shape_of->sizes() || a.tensor->dim() != shape_of->dim()) {
      return false;
    }
  }
  if (!shape_of) return false;
  check_divisor<NIn>(op, args, types.compute, shape_of->sizes());
  const std::array<const TensorBase*, NIn> tensors = tensor_args<NIn>(args);
  *result = empty_in_input_order(shape_of->sizes(), types.result, tensors.data(), NIn);
  ScalarSlot slots[NIn > 0 ? NIn : 1];
  kernels::Operands<NIn + 1> ops;
  set_loop_shape(ops, shape_of->sizes());
  set_operand(ops, 0, result->impl());
  for (int i = 0; i < NIn; ++i) {
    if (args[i].tensor) {
      set_operand(ops, i + 1, args[i].tensor->impl());
    } else {
      slots[i].store(*args[i].scalar, types.compute);
      set_scalar_operand(ops, i + 1, slots[i].bytes);
    }
  }
  kernel(types.compute, ops);
  return true;
}

}  // namespace

bool can_cast(DType from, DType to) {
  if (is_floating(from) && !is_floating(to)) return false;
  if (!is_bool(from) && is_bool(to)) return false;
  return true;
}

void require_nonnegative_power(const char* op, const TensorBase& self, const Scalar& exponent, const char* arg) {
  if (self.defined() && !is_floating(self.dtype()) && exponent.kind() == Scalar::Kind::Integral &&
      exponent.to<int64_t>() < 0)
    fail(ErrorKind::Value, str(op, ": integers to negative integer powers are not allowed (", arg, " is ",
                               exponent.to<int64_t>(), ")"), arg);
}

PointwiseTypes pointwise_types(const char* op, const PointwiseArg* args, int n, ResultRule rule) {
  std::optional<DType> dims, zero_dim, wrapped;
  for (int i = 0; i < n; ++i) {
    if (args[i].tensor) {
      const TensorBase& t = *args[i].tensor;
      if (!t.defined()) fail(ErrorKind::Value, str(op, ": input ", i, " is an undefined tensor"));
      (t.dim() > 0 ? dims : zero_dim) = promote_opt(t.dim() > 0 ? dims : zero_dim, t.dtype());
    } else {
      wrapped = promote_opt(wrapped, wrapped_dtype(*args[i].scalar));
    }
  }
  const DType promoted = *combine_tiers(dims, combine_tiers(zero_dim, wrapped));
  switch (rule) {
    case ResultRule::Same: return {promoted, promoted};
    case ResultRule::Bool: return {promoted, DType::Bool};
    case ResultRule::Long: return {promoted, DType::Long};
    case ResultRule::IntegralToLong: return {promoted, is_floating(promoted) ? promoted : DType::Long};
    case ResultRule::Floating: {
      const DType f = is_floating(promoted) ? promoted : default_dtype();
      return {f, f};
    }
  }
  return {promoted, promoted};
}

template <int NIn>
TensorBase run_pointwise(const PointwiseOp& pointwise, const TensorBase* out, bool inplace,
                         const std::array<PointwiseArg, NIn>& args, PointwiseKernel<NIn + 1> kernel) {
  const char* op = pointwise.name;
  const char* out_arg = inplace ? "self" : "out";
  if (out && !out->defined()) fail(ErrorKind::Value, str(op, ": ", out_arg, " is an undefined tensor"), out_arg);
  PointwiseTypes types{};
  std::vector<int64_t> shape;
  if constexpr (NIn == 0) {
    types = {out->dtype(), out->dtype()};
    require_dtype(op, pointwise.dtypes, types.compute, out_arg);
    shape = out->sizes().vec();
  } else {
    types = pointwise_types(op, args.data(), NIn, pointwise.rule);
    require_dtype(op, pointwise.dtypes, types.compute, dtype_source<NIn>(pointwise, args, types.compute));
    if (!out) {
      TensorBase small;
      if (try_small_pointwise<NIn>(pointwise, args, types, kernel, &small)) return small;
    }
    for (const PointwiseArg& a : args)
      if (a.tensor) shape = broadcast_shapes(shape, a.tensor->sizes(), op);
  }
  check_divisor<NIn>(pointwise, args, types.compute, shape);
  if (inplace && out->sizes() != IntList(shape))
    fail(ErrorKind::Value, str(op, ": in-place output of shape ", sizes_text(out->sizes()),
                               " does not match the broadcast shape ", sizes_text(shape)), "self");
  if (out && !can_cast(types.result, out->dtype()))
    fail(ErrorKind::Type, str(op, ": result of dtype ", dtype_name(types.result), " cannot be written to a ",
                              dtype_name(out->dtype()), " tensor"), out_arg);
  Output result(op, out, out_arg);

  // Inputs in the compute dtype, numbers as 0-dim tensors.
  std::array<TensorBase, NIn> inputs;
  std::array<const TensorBase*, NIn> reads{};
  for (int i = 0; i < NIn; ++i) {
    if (args[i].tensor) {
      const TensorBase& t = *args[i].tensor;
      inputs[i] = t.dtype() == types.compute ? t : base::to(t, types.compute);
    } else {
      inputs[i] = scalar_tensor(*args[i].scalar, types.compute);
    }
    reads[i] = &inputs[i];
  }
  // A new result takes the inputs' layout (Note [result layout]), decided
  // on the arguments: a converted input has lost its order.
  const std::array<const TensorBase*, NIn> tensors = tensor_args<NIn>(args);
  TensorBase fresh;
  const TensorBase& target = out ? result.target(shape, types.result, reads.data(), NIn, Reads::Elementwise)
                                 : (fresh = empty_in_input_order(shape, types.result, tensors.data(), NIn));
  kernels::Operands<NIn + 1> ops;
  set_loop_shape(ops, shape);
  set_operand(ops, 0, target.impl());
  for (int i = 0; i < NIn; ++i) set_operand(ops, i + 1, inputs[i].impl());
  kernel(types.compute, ops);
  return out ? result.finish() : fresh;
}

template TensorBase run_pointwise<0>(const PointwiseOp&, const TensorBase*, bool, const std::array<PointwiseArg, 0>&,
                                     PointwiseKernel<1>);
template TensorBase run_pointwise<1>(const PointwiseOp&, const TensorBase*, bool, const std::array<PointwiseArg, 1>&,
                                     PointwiseKernel<2>);
template TensorBase run_pointwise<2>(const PointwiseOp&, const TensorBase*, bool, const std::array<PointwiseArg, 2>&,
                                     PointwiseKernel<3>);
template TensorBase run_pointwise<3>(const PointwiseOp&, const TensorBase*, bool, const std::array<PointwiseArg, 3>&,
                                     PointwiseKernel<4>);

}  // namespace ember::rt
