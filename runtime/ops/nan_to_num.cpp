#include <array>
#include <cmath>
#include <limits>
#include <type_traits>

#include "ember/half.h"
#include "kernels/pointwise.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/pointwise_extras.h"
#include "runtime/ops/pointwise_plan.h"

namespace ember::rt {

namespace {

constexpr DTypeSet kAll{DType::Byte,  DType::Char,   DType::Short, DType::Int,  DType::Long,    DType::Float,
                        DType::Double, DType::Half, DType::Bool,  DType::BFloat16};
constexpr PointwiseOp kNanToNum{"nan_to_num", ResultRule::Same, kAll, {"self"}};

// The largest finite value of T: +inf's bits less one for the 16-bit floats.
template <class T>
double largest() {
  if constexpr (std::is_same_v<T, Half>) return half_bits_to_float(0x7bff);
  else if constexpr (std::is_same_v<T, BFloat16>) return bits_float(0x7f7f0000u);
  else return static_cast<double>(std::numeric_limits<T>::max());
}

struct Replacements {
  std::optional<double> nan, posinf, neginf;
};

template <class T>
void kernel(kernels::Operands<2>& operands, const Replacements& r) {
  using C = kernels::opmath_t<T>;
  if constexpr (std::is_floating_point_v<C>) {
    const C nan = static_cast<C>(r.nan.value_or(0.0));
    const C pos = static_cast<C>(r.posinf.value_or(largest<T>()));
    const C neg = static_cast<C>(r.neginf.value_or(-largest<T>()));
    kernels::pointwise<T, T, 1>(operands, [=](C x) { return x != x ? nan : (std::isinf(x) ? (x > 0 ? pos : neg) : x); });
  } else {
    kernels::pointwise<T, T, 1>(operands, [](C x) { return x; });
  }
}

TensorBase run(const TensorBase* out, bool inplace, const TensorBase& self, const Replacements& r) {
  return run_pointwise<1>(kNanToNum, out, inplace, {{PointwiseArg{&self, nullptr}}},
                          [&r](DType d, kernels::Operands<2>& o) {
                            visit_dtype(d, [&](auto tag) { kernel<typename decltype(tag)::type>(o, r); });
                          });
}

}  // namespace

TensorBase nan_to_num(const TensorBase& self, std::optional<double> nan, std::optional<double> posinf,
                      std::optional<double> neginf) {
  return run(nullptr, false, self, {nan, posinf, neginf});
}
void nan_to_num_(TensorBase& self, std::optional<double> nan, std::optional<double> posinf,
                 std::optional<double> neginf) {
  run(&self, true, self, {nan, posinf, neginf});
}
void nan_to_num_out(TensorBase& out, const TensorBase& self, std::optional<double> nan, std::optional<double> posinf,
                    std::optional<double> neginf) {
  run(&out, false, self, {nan, posinf, neginf});
}

}  // namespace ember::rt
