#include <array>

#include "kernels/nan_to_num.h"
#include "kernels/pointwise.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/pointwise_extras.h"
#include "runtime/ops/pointwise_any_device.h"

namespace ember::rt {

namespace {

constexpr DTypeSet kAll{DType::Byte,  DType::Char,   DType::Short, DType::Int,  DType::Long,    DType::Float,
                        DType::Double, DType::Half, DType::Bool,  DType::BFloat16};
constexpr PointwiseOp kNanToNum{"nan_to_num", ResultRule::Same, kAll, {"self"}, -1, kAll};

using kernels::NanToNumValues;

TensorBase run(const TensorBase* out, bool inplace, const TensorBase& self, const NanToNumValues& r) {
  const std::array<PointwiseArg, 1> args{{PointwiseArg{&self, nullptr}}};
  const auto cpu = [&r](DType d, kernels::Operands<2>& o) {
    visit_dtype(d, [&](auto tag) {
      using T = typename decltype(tag)::type;
      kernels::pointwise<T, T, 1>(o, kernels::nan_to_num_fn<T>(r));
    });
  };
  const auto cuda = [&r](DType d, const kernels::Operands<2>& o, unsigned host_values) {
    kernels::cuda::nan_to_num(d, o, host_values, r);
  };
  return run_pointwise_any_device<1>(kNanToNum, out, inplace, args, cpu, cuda);
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
