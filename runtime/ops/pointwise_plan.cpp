#include "runtime/ops/pointwise_plan.h"

#include <optional>
#include <vector>

#include "ember/error.h"
#include "ember/ops/to.h"
#include "ember/views.h"
#include "runtime/core/memory_overlap.h"
#include "runtime/ops/output.h"
#include "runtime/ops/pointwise_shared.h"
#include "runtime/ops/pointwise_table.h"
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

// Note [small pointwise]: when every tensor input already has the compute
// dtype and the result's exact sizes and the result dtype is the compute
// dtype (`a + b`, `a * 2`, `add_out(out, a, b)`): no broadcasting, no
// conversion, so the general path's copies, shape vectors and checks are
// skipped and numbers are read from a stack slot instead of a 0-dim
// tensor. A fresh result cannot overlap an input; a given one (out=,
// in-place) is taken when it has the result's dtype and sizes, is
// contiguous (no element written twice) and each input it overlaps holds
// exactly its elements (Note [output aliasing]). Results are the same as
// the general path's (same kernel, same operands).
template <int NIn>
bool try_small_pointwise(const PointwiseOp& op, const TensorBase* out, const std::array<PointwiseArg, NIn>& args,
                         const PointwiseTypes& types, PointwiseKernel<NIn + 1> kernel, TensorBase* result) {
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
  if (out) {
    if (out->dtype() != types.result || out->dim() != shape_of->dim() || out->sizes() != shape_of->sizes() ||
        !out->is_contiguous())
      return false;
    for (const PointwiseArg& a : args)
      if (a.tensor && may_overlap(out->impl(), a.tensor->impl()) && !same_elements(out->impl(), a.tensor->impl()))
        return false;
  }
  check_divisor<NIn>(op, args, types.compute, shape_of->sizes());
  const std::array<const TensorBase*, NIn> tensors = tensor_args<NIn>(args);
  const TensorImpl* target = out ? out->impl()
                                 : (*result = empty_in_input_order(shape_of->sizes(), types.result, tensors.data(), NIn)).impl();
  ScalarSlot slots[NIn > 0 ? NIn : 1];
  kernels::Operands<NIn + 1> ops;
  set_loop_shape(ops, shape_of->sizes());
  set_operand(ops, 0, target);
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
                         const std::array<PointwiseArg, NIn>& args, PointwiseKernel<NIn + 1> kernel,
                         const CudaPointwiseKernel<NIn + 1>* cuda) {
  const char* op = pointwise.name;
  const char* out_arg = inplace ? "self" : "out";
  const Device device = pointwise_device(pointwise, out, out_arg, args.data(), NIn);
  if (device.is_cuda()) return run_pointwise_cuda<NIn>(pointwise, device, out, inplace, args, cuda);
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
    TensorBase small;
    if (try_small_pointwise<NIn>(pointwise, out, args, types, kernel, &small)) return out ? *out : small;
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

  // A small-integer input of a compute-bound function goes by table, as
  // it is (Note [small integer function tables]).
  bool by_table = false;
  if constexpr (NIn == 1)
    by_table = args[0].tensor && types.result == types.compute &&
               takes_function_table(pointwise, types.compute, *args[0].tensor);

  // Inputs in the compute dtype, numbers as 0-dim tensors.
  std::array<TensorBase, NIn> inputs;
  std::array<const TensorBase*, NIn> reads{};
  for (int i = 0; i < NIn; ++i) {
    if (args[i].tensor) {
      const TensorBase& t = *args[i].tensor;
      inputs[i] = t.dtype() == types.compute || by_table ? t : base::to(t, types.compute);
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
  if constexpr (NIn == 1)
    if (by_table) {
      run_by_function_table(pointwise, types.compute, inputs[0].dtype(), ops, kernel);
      return out ? result.finish() : fresh;
    }
  kernel(types.compute, ops);
  return out ? result.finish() : fresh;
}

template TensorBase run_pointwise<0>(const PointwiseOp&, const TensorBase*, bool, const std::array<PointwiseArg, 0>&,
                                     PointwiseKernel<1>, const CudaPointwiseKernel<1>*);
template TensorBase run_pointwise<1>(const PointwiseOp&, const TensorBase*, bool, const std::array<PointwiseArg, 1>&,
                                     PointwiseKernel<2>, const CudaPointwiseKernel<2>*);
template TensorBase run_pointwise<2>(const PointwiseOp&, const TensorBase*, bool, const std::array<PointwiseArg, 2>&,
                                     PointwiseKernel<3>, const CudaPointwiseKernel<3>*);
template TensorBase run_pointwise<3>(const PointwiseOp&, const TensorBase*, bool, const std::array<PointwiseArg, 3>&,
                                     PointwiseKernel<4>, const CudaPointwiseKernel<4>*);

}  // namespace ember::rt
