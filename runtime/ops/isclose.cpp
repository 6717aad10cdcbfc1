#include <array>
#include <cmath>

#include "ember/error.h"
#include "ember/ops/all.h"
#include "kernels/pointwise.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/as_op.h"
#include "runtime/ops/pointwise_extras.h"
#include "runtime/ops/pointwise_plan.h"

namespace ember::rt {

namespace {

constexpr DTypeSet kAll{DType::Byte,  DType::Char,   DType::Short, DType::Int,  DType::Long,    DType::Float,
                        DType::Double, DType::Half, DType::Bool,  DType::BFloat16};
constexpr PointwiseOp kIsclose{"isclose", ResultRule::Bool, kAll, {"self", "other"}};

// In double, so integer differences cannot wrap; equal values (infinities
// too) are close, NaNs only to each other with equal_nan.
bool close(double a, double b, double rtol, double atol, bool equal_nan) {
  if (a == b) return true;
  if (a != a || b != b) return equal_nan && a != a && b != b;
  const double error = std::fabs(a - b);
  return std::isfinite(error) && error <= atol + rtol * std::fabs(b);
}

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
  return run_pointwise<2>(kIsclose, nullptr, false, {{PointwiseArg{&self, nullptr}, PointwiseArg{&other, nullptr}}},
                          [=](DType d, kernels::Operands<3>& o) {
                            visit_dtype(d, [&](auto tag) {
                              using T = typename decltype(tag)::type;
                              using C = kernels::opmath_t<T>;
                              kernels::pointwise<bool, T, 2>(o, [=](C a, C b) {
                                return close(static_cast<double>(a), static_cast<double>(b), rtol, atol, equal_nan);
                              });
                            });
                          });
}

bool allclose(const TensorBase& self, const TensorBase& other, double rtol, double atol, bool equal_nan) {
  return as_op("allclose", "isclose",
               [&] { return base::all(isclose(self, other, rtol, atol, equal_nan)).item().to<bool>(); });
}

}  // namespace ember::rt
