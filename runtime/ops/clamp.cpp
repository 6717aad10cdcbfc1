#include "runtime/ops/clamp.h"

#include <array>

#include "ember/error.h"
#include "kernels/clamp.h"
#include "kernels/pointwise.h"
#include "kernels/scalar_ops.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/pointwise_any_device.h"
#include "runtime/th/api.h"
#include "runtime/th/plan.h"

namespace ember::rt {

namespace {

// PyTorch's clamp has no bool kernel (a bool tensor with number bounds
// promotes to int64 first).
constexpr DTypeSet kClampDTypes{DType::Byte,  DType::Char,   DType::Short, DType::Int,  DType::Long,
                                DType::Float, DType::Double, DType::Half,  DType::BFloat16};
constexpr PointwiseOp kClamp{"clamp", ResultRule::Same, kClampDTypes, {"self", "min", "max"}, -1, kClampDTypes};
constexpr PointwiseOp kClampMax{"clamp", ResultRule::Same, kClampDTypes, {"self", "max"}, -1, kClampDTypes};

using kernels::ClampBounds;
using kernels::ClampFn;

// The kernel for the bounds given, instantiated once per dtype.
template <int NIn>
void clamp_kernel(DType dtype, kernels::Operands<NIn + 1>& operands, ClampBounds bounds) {
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = kernels::opmath_t<T>;
    if constexpr (NIn == 3) {
      if (bounds == ClampBounds::THBoth)
        kernels::pointwise<T, T, 3>(operands, ClampFn<C, ClampBounds::THBoth>{});
      else
        kernels::pointwise<T, T, 3>(operands, ClampFn<C, ClampBounds::Both>{});
    } else if (bounds == ClampBounds::Min)
      kernels::pointwise<T, T, 2>(operands, ClampFn<C, ClampBounds::Min>{});
    else
      kernels::pointwise<T, T, 2>(operands, ClampFn<C, ClampBounds::Max>{});
  });
}

bool present(const std::optional<Scalar>& bound) { return bound.has_value(); }
bool present(const TensorBase& bound) { return bound.defined(); }
PointwiseArg arg_of(const std::optional<Scalar>& bound) { return {nullptr, &*bound}; }
PointwiseArg arg_of(const TensorBase& bound) { return {&bound, nullptr}; }

// `out` null: a new result; `out == &self` with inplace: clamp_.
template <class B>
TensorBase run(const TensorBase* out, bool inplace, const TensorBase& self, const B& min, const B& max) {
  const PointwiseArg x{&self, nullptr};
  if (present(min) && present(max)) {
    const auto cpu = [](DType d, kernels::Operands<4>& o) { clamp_kernel<3>(d, o, ClampBounds::Both); };
    const auto cuda = [](DType d, const kernels::Operands<4>& o, unsigned host_values) {
      kernels::cuda::clamp(ClampBounds::Both, d, o, host_values);
    };
    return run_pointwise_any_device<3>(kClamp, out, inplace, {{x, arg_of(min), arg_of(max)}}, cpu, cuda);
  }
  if (!present(min) && !present(max))
    fail(ErrorKind::Value, "clamp: at least one of 'min' or 'max' must not be None", "min");
  const ClampBounds one = present(min) ? ClampBounds::Min : ClampBounds::Max;
  const PointwiseOp& op = one == ClampBounds::Min ? kClamp : kClampMax;
  const std::array<PointwiseArg, 2> args{{x, arg_of(one == ClampBounds::Min ? min : max)}};
  const auto cpu = [one](DType d, kernels::Operands<3>& o) { clamp_kernel<2>(d, o, one); };
  const auto cuda = [one](DType d, const kernels::Operands<3>& o, unsigned host_values) {
    kernels::cuda::clamp(one, d, o, host_values);
  };
  return run_pointwise_any_device<2>(op, out, inplace, args, cpu, cuda);
}

// THC's clamp (THCudaTensor_clamp): TH's expression on the device, through
// the pointwise driver with out = r (resized to t's shape, as TH does). The
// bounds are converted to t's element type first, as TH's C signature does.
void th_clamp_on_device(const char* fn, TensorImpl* r, TensorImpl* t, const Scalar& min, const Scalar& max) {
  const TensorBase out = TensorBase::borrow(r), self = TensorBase::borrow(t);
  Scalar lo, hi;
  visit_dtype(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using Wide = std::conditional_t<std::is_floating_point_v<kernels::opmath_t<T>>, double, int64_t>;
    lo = Scalar(static_cast<Wide>(min.to<T>()));
    hi = Scalar(static_cast<Wide>(max.to<T>()));
  });
  const PointwiseOp op{fn, ResultRule::Same, kClampDTypes, {"self", "min", "max"}, -1, kClampDTypes};
  const auto cpu = [](DType d, kernels::Operands<4>& o) { clamp_kernel<3>(d, o, ClampBounds::THBoth); };
  const auto cuda = [](DType d, const kernels::Operands<4>& o, unsigned host_values) {
    kernels::cuda::clamp(ClampBounds::THBoth, d, o, host_values);
  };
  run_pointwise_any_device<3>(
      op, &out, false, {{PointwiseArg{&self, nullptr}, PointwiseArg{nullptr, &lo}, PointwiseArg{nullptr, &hi}}}, cpu,
      cuda);
}

}  // namespace

TensorBase clamp(const TensorBase& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  return run(nullptr, false, self, min, max);
}
void clamp_(TensorBase& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  run(&self, true, self, min, max);
}
void clamp_out(TensorBase& out, const TensorBase& self, const std::optional<Scalar>& min,
               const std::optional<Scalar>& max) {
  run(&out, false, self, min, max);
}

TensorBase clamp(const TensorBase& self, const TensorBase& min, const TensorBase& max) {
  return run(nullptr, false, self, min, max);
}
void clamp_(TensorBase& self, const TensorBase& min, const TensorBase& max) { run(&self, true, self, min, max); }
void clamp_out(TensorBase& out, const TensorBase& self, const TensorBase& min, const TensorBase& max) {
  run(&out, false, self, min, max);
}

void th_clamp(const char* fn, TensorImpl* r, TensorImpl* t, const Scalar& min, const Scalar& max) {
  if (TensorBase::borrow(t).device().is_cuda()) return th_clamp_on_device(fn, r, t, min, max);
  visit_dtype(rt::dtype(t), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = kernels::opmath_t<T>;
    const T lo = min.to<T>(), hi = max.to<T>();
    th::pointwise<T, dtype_of<T>, 3>(
        fn, r, {{th::ThInput{t, nullptr, "self"}, th::ThInput{nullptr, &lo, "min"}, th::ThInput{nullptr, &hi, "max"}}},
        true, [](auto& operands) { kernels::pointwise<T, T, 3>(operands, ClampFn<C, ClampBounds::THBoth>{}); });
  });
}

}  // namespace ember::rt
