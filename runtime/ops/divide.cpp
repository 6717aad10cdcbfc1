#include "runtime/ops/divide.h"

#include <array>
#include <type_traits>

#include "ember/error.h"
#include "kernels/divide.h"
#include "kernels/floor_divide_by_number.h"
#include "kernels/pointwise.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/pointwise_any_device.h"

namespace ember::rt {

namespace {

// PyTorch's div kernels have no bool form (true division promotes bool
// to float first).
constexpr DTypeSet kDivDTypes{DType::Byte,  DType::Char,   DType::Short, DType::Int,  DType::Long,
                              DType::Float, DType::Double, DType::Half,  DType::BFloat16};
constexpr PointwiseOp kTrueDiv{"div", ResultRule::Floating, kDivDTypes, {"self", "other"}, 1, kDivDTypes};
constexpr PointwiseOp kRoundedDiv{"div", ResultRule::Same, kDivDTypes, {"self", "other"}, 1, kDivDTypes};

using kernels::DivideFn;
using kernels::DivMode;

DivMode mode_of(RoundingMode word) {
  if (!word) return DivMode::True;
  if (*word == "trunc") return DivMode::Trunc;
  if (*word == "floor") return DivMode::Floor;
  fail(ErrorKind::Value,
       str("div: expected rounding_mode to be one of None, 'trunc', or 'floor' but found '", *word, "'"),
       "rounding_mode");
}

template <class T>
void div_kernel(DivMode mode, kernels::Operands<3>& operands) {
  using C = kernels::opmath_t<T>;
  switch (mode) {
    case DivMode::True: return kernels::pointwise<T, T, 2>(operands, DivideFn<C, DivMode::True>{});
    case DivMode::Trunc:
      // Unsigned quotients truncate as they floor (Note [8-bit floor division by a number]).
      if constexpr (std::is_unsigned_v<T>)
        if (kernels::floor_divide_by_number<T, T>(operands)) return;
      return kernels::pointwise<T, T, 2>(operands, DivideFn<C, DivMode::Trunc>{});
    case DivMode::Floor:
      if (kernels::floor_divide_by_number<T, T>(operands)) return;
      return kernels::pointwise<T, T, 2>(operands, DivideFn<C, DivMode::Floor>{});
  }
}

// The mode is checked before anything else, so a bad word leaves out= as it was.
TensorBase run(const TensorBase* out, bool inplace, const TensorBase& self, PointwiseArg other, RoundingMode word) {
  const DivMode mode = mode_of(word);
  const PointwiseOp& op = mode == DivMode::True ? kTrueDiv : kRoundedDiv;
  const std::array<PointwiseArg, 2> args{{PointwiseArg{&self, nullptr}, other}};
  const auto cpu = [mode](DType d, kernels::Operands<3>& o) {
    visit_dtype(d, [&](auto tag) { div_kernel<typename decltype(tag)::type>(mode, o); });
  };
  const auto cuda = [mode](DType d, const kernels::Operands<3>& o, unsigned host_values) {
    kernels::cuda::divide(mode, d, o, host_values);
  };
  return run_pointwise_any_device<2>(op, out, inplace, args, cpu, cuda);
}

}  // namespace

TensorBase div(const TensorBase& self, const TensorBase& other, RoundingMode rounding_mode) {
  return run(nullptr, false, self, {&other, nullptr}, rounding_mode);
}
TensorBase div(const TensorBase& self, const Scalar& other, RoundingMode rounding_mode) {
  return run(nullptr, false, self, {nullptr, &other}, rounding_mode);
}
void div_(TensorBase& self, const TensorBase& other, RoundingMode rounding_mode) {
  run(&self, true, self, {&other, nullptr}, rounding_mode);
}
void div_(TensorBase& self, const Scalar& other, RoundingMode rounding_mode) {
  run(&self, true, self, {nullptr, &other}, rounding_mode);
}
void div_out(TensorBase& out, const TensorBase& self, const TensorBase& other, RoundingMode rounding_mode) {
  run(&out, false, self, {&other, nullptr}, rounding_mode);
}
void div_out(TensorBase& out, const TensorBase& self, const Scalar& other, RoundingMode rounding_mode) {
  run(&out, false, self, {nullptr, &other}, rounding_mode);
}

}  // namespace ember::rt
