#include <array>

#include "ember/error.h"
#include "ember/ops/all.h"
#include "kernels/isclose.h"
#include "kernels/pointwise.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/as_op.h"
#include "runtime/ops/pointwise_extras.h"
#include "runtime/ops/pointwise_any_device.h"

namespace ember::rt {

namespace {

constexpr DTypeSet kAll{DType::Byte,  DType::Char,   DType::Short, DType::Int,  DType::Long,    DType::Float,
                        DType::Double, DType::Half, DType::Bool,  DType::BFloat16};
constexpr PointwiseOp kIsclose{"isclose", ResultRule::Bool, kAll, {"self", "other"}, -1, kAll};

void check(const TensorBase& self, const TensorBase& other, double rtol, double atol) {
  if (self.defined() && other.defined() && self.dtype() != other.dtype())
    fail(ErrorKind::Type, str("isclose: other has dtype ", dtype_name(other.dtype()), " but self has ",
                              dtype_name(self.dtype()), " (they must match)"), "other");
  if (!(rtol >= 0)) fail(ErrorKind::Value, str("isclose: rtol must be greater than or equal to zero, but got ", rtol), "rtol");
  if (!(atol >= 0)) fail(ErrorKind::Value, str("isclose: atol must be greater than or equal to zero, but got ", atol), "atol");
}

}  // namespace

TensorBase isclose(const TensorBase& self, const TensorBase& other, double rtol, double atol, bool equal_nan) {
  check(self, other, rtol, atol);
  const std::array<PointwiseArg, 2> args{{PointwiseArg{&self, nullptr}, PointwiseArg{&other, nullptr}}};
  const auto cpu = [=](DType d, kernels::Operands<3>& o) {
    visit_dtype(d, [&](auto tag) {
      using T = typename decltype(tag)::type;
      kernels::pointwise<bool, T, 2>(o, kernels::IscloseFn<kernels::opmath_t<T>>{rtol, atol, equal_nan});
    });
  };
  const auto cuda = [=](DType d, const kernels::Operands<3>& o, unsigned host_values) {
    kernels::cuda::isclose(d, o, host_values, rtol, atol, equal_nan);
  };
  return run_pointwise_any_device<2>(kIsclose, nullptr, false, args, cpu, cuda);
}

bool allclose(const TensorBase& self, const TensorBase& other, double rtol, double atol, bool equal_nan) {
  return as_op("allclose", "isclose",
               [&] { return base::all(isclose(self, other, rtol, atol, equal_nan)).item().to<bool>(); });
}

}  // namespace ember::rt
