#include "runtime/ops/divide.h"

#include <array>
#include <cmath>
#include <type_traits>

#include "ember/error.h"
#include "kernels/pointwise.h"
#include "kernels/scalar_ops.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/pointwise_plan.h"

namespace ember::rt {

namespace {

// PyTorch's div kernels have no bool form (true division promotes bool
// to float first).
constexpr DTypeSet kDivDTypes{DType::Byte,  DType::Char,   DType::Short, DType::Int,  DType::Long,
                              DType::Float, DType::Double, DType::Half,  DType::BFloat16};
constexpr PointwiseOp kTrueDiv{"div", ResultRule::Floating, kDivDTypes, {"self", "other"}, 1};
constexpr PointwiseOp kRoundedDiv{"div", ResultRule::Same, kDivDTypes, {"self", "other"}, 1};

enum class Mode { True, Trunc, Floor };

Mode mode_of(RoundingMode word) {
  if (!word) return Mode::True;
  if (*word == "trunc") return Mode::Trunc;
  if (*word == "floor") return Mode::Floor;
  fail(ErrorKind::Value,
       str("div: expected rounding_mode to be one of None, 'trunc', or 'floor' but found '", *word, "'"),
       "rounding_mode");
}

// Integers: C's truncating quotient (ops::div, INT_MIN / -1 wraps).
template <class M>
M div_trunc(M a, M b) {
  if constexpr (std::is_floating_point_v<M>) return std::trunc(a / b);
  else return ops::div(a, b);
}

template <class T>
void div_kernel(Mode mode, kernels::Operands<3>& operands) {
  using C = kernels::opmath_t<T>;
  switch (mode) {
    case Mode::True: return kernels::pointwise<T, T, 2>(operands, [](C a, C b) { return ops::div(a, b); });
    case Mode::Trunc: return kernels::pointwise<T, T, 2>(operands, [](C a, C b) { return div_trunc(a, b); });
    case Mode::Floor: return kernels::pointwise<T, T, 2>(operands, [](C a, C b) { return ops::floor_divide(a, b); });
  }
}

// The mode is checked before anything else, so a bad word leaves out= as it was.
TensorBase run(const TensorBase* out, bool inplace, const TensorBase& self, PointwiseArg other, RoundingMode word) {
  const Mode mode = mode_of(word);
  return run_pointwise<2>(mode == Mode::True ? kTrueDiv : kRoundedDiv, out, inplace, {{PointwiseArg{&self, nullptr}, other}},
                          [mode](DType d, kernels::Operands<3>& o) {
                            visit_dtype(d, [&](auto tag) { div_kernel<typename decltype(tag)::type>(mode, o); });
                          });
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
