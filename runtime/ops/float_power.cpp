#include "ember/error.h"
#include "ember/ops/pow.h"
#include "ember/ops/pow_scalar.h"
#include "ember/ops/to.h"
#include "runtime/ops/pointwise_extras.h"

namespace ember::rt {

namespace {

TensorBase as_double(const TensorBase& t) {
  return t.defined() && t.dtype() != DType::Double ? base::to(t, DType::Double) : t;
}
Scalar as_double(const Scalar& s) { return Scalar(s.to<double>()); }

// PyTorch refuses a result tensor of any other dtype than float64, also
// where the value would convert.
void require_double(const TensorBase& t, const char* arg) {
  if (t.defined() && t.dtype() != DType::Double)
    fail(ErrorKind::Type, str("float_power: the ", arg, " has dtype ", dtype_name(t.dtype()),
                              " but the operation's result requires dtype float64"), arg);
}

}  // namespace

TensorBase float_power(const TensorBase& self, const TensorBase& exponent) {
  return base::pow(as_double(self), as_double(exponent));
}
TensorBase float_power(const TensorBase& self, const Scalar& exponent) {
  return base::pow(as_double(self), as_double(exponent));
}
TensorBase float_power(const Scalar& self, const TensorBase& exponent) {
  return base::pow(as_double(self), as_double(exponent));
}
void float_power_(TensorBase& self, const TensorBase& exponent) {
  require_double(self, "self");
  base::pow_(self, as_double(exponent));
}
void float_power_(TensorBase& self, const Scalar& exponent) {
  require_double(self, "self");
  base::pow_(self, as_double(exponent));
}
void float_power_out(TensorBase& out, const TensorBase& self, const TensorBase& exponent) {
  require_double(out, "out");
  base::pow_out(out, as_double(self), as_double(exponent));
}
void float_power_out(TensorBase& out, const TensorBase& self, const Scalar& exponent) {
  require_double(out, "out");
  base::pow_out(out, as_double(self), as_double(exponent));
}
void float_power_out(TensorBase& out, const Scalar& self, const TensorBase& exponent) {
  require_double(out, "out");
  base::pow_out(out, as_double(self), as_double(exponent));
}

}  // namespace ember::rt
