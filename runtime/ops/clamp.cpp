#include "runtime/ops/clamp.h"

#include <array>

#include "ember/error.h"
#include "kernels/pointwise.h"
#include "kernels/scalar_ops.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/pointwise_plan.h"
#include "runtime/th/api.h"
#include "runtime/th/plan.h"

namespace ember::rt {

namespace {

// PyTorch's clamp has no bool kernel (a bool tensor with number bounds
// promotes to int64 first).
constexpr DTypeSet kClampDTypes{DType::Byte,  DType::Char,   DType::Short, DType::Int,  DType::Long,
                                DType::Float, DType::Double, DType::Half,  DType::BFloat16};
constexpr PointwiseOp kClamp{"clamp", ResultRule::Same, kClampDTypes, {"self", "min", "max"}};
constexpr PointwiseOp kClampMax{"clamp", ResultRule::Same, kClampDTypes, {"self", "max"}};

enum class Bound { Min, Max };

// The kernel for the bounds given, instantiated once per dtype.
template <int NIn>
void clamp_kernel(DType dtype, kernels::Operands<NIn + 1>& operands, Bound one) {
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = kernels::opmath_t<T>;
    if constexpr (NIn == 3)
      kernels::pointwise<T, T, 3>(operands, [](C x, C lo, C hi) { return ops::clamp(x, lo, hi); });
    else if (one == Bound::Min)
      kernels::pointwise<T, T, 2>(operands, [](C x, C lo) { return ops::maximum(x, lo); });
    else
      kernels::pointwise<T, T, 2>(operands, [](C x, C hi) { return ops::minimum(x, hi); });
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
    return run_pointwise<3>(kClamp, out, inplace, {{x, arg_of(min), arg_of(max)}},
                            [](DType d, kernels::Operands<4>& o) { clamp_kernel<3>(d, o, Bound::Min); });
  }
  if (!present(min) && !present(max))
    fail(ErrorKind::Value, "clamp: at least one of 'min' or 'max' must not be None", "min");
  const Bound one = present(min) ? Bound::Min : Bound::Max;
  return run_pointwise<2>(one == Bound::Min ? kClamp : kClampMax, out, inplace, {{x, arg_of(one == Bound::Min ? min : max)}},
                          [one](DType d, kernels::Operands<3>& o) { clamp_kernel<2>(d, o, one); });
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
  visit_dtype(rt::dtype(t), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = kernels::opmath_t<T>;
    const T lo = min.to<T>(), hi = max.to<T>();
    th::pointwise<T, dtype_of<T>, 3>(
        fn, r, {{th::ThInput{t, nullptr, "self"}, th::ThInput{nullptr, &lo, "min"}, th::ThInput{nullptr, &hi, "max"}}},
        true, [](auto& operands) {
          kernels::pointwise<T, T, 3>(operands, [](C x, C a, C b) { return x < a ? a : (x > b ? b : x); });
        });
  });
}

}  // namespace ember::rt
