// softmax, log_softmax, logsumexp and nanmean (schemas/math/reduce.yaml,
// kind `custom`), composed of the reductions and pointwise ops, so they
// run on every device those ops do (nothing here reads elements on the
// host). The first three subtract the slice's largest element first, so
// exp never overflows, and compute Half and BFloat16 inputs in float (as
// PyTorch).
#include <limits>

#include "ember/error.h"
#include "ember/ops/add.h"
#include "ember/ops/amax.h"
#include "ember/ops/clamp_max.h"
#include "ember/ops/clamp_min.h"
#include "ember/ops/eq.h"
#include "ember/ops/exp.h"
#include "ember/ops/log.h"
#include "ember/ops/nansum.h"
#include "ember/ops/sub.h"
#include "ember/ops/sum_dims.h"
#include "ember/ops/to.h"
#include "ember/ops/true_divide.h"
#include "ember/ops/view.h"
#include "runtime/ops/dtype_set.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/reduce_plan.h"

namespace ember::rt {

namespace {

DType compute_dtype(DType d) { return d == DType::Half || d == DType::BFloat16 ? DType::Float : d; }

TensorBase soft(const char* op, const TensorBase& self, int64_t dim, std::optional<DType> dtype, bool log) {
  const TensorBase x = dtype ? base::to(self, *dtype) : self;
  if (!is_floating(x.dtype())) dtype_error(op, x.dtype(), dtype ? "dtype" : "self");
  const int64_t d = wrap_dim(dim, x.dim(), op);
  const TensorBase a = base::to(x, compute_dtype(x.dtype()));
  if (a.numel() == 0) return base::to(a, x.dtype());
  // A slice of -inf only gives NaN, as PyTorch (-inf - -inf).
  const TensorBase shifted = base::sub(a, base::amax(a, {d}, true));
  const TensorBase total = base::sum(base::exp(shifted), {d}, true);
  const TensorBase r = log ? base::sub(shifted, base::log(total)) : base::true_divide(base::exp(shifted), total);
  return base::to(r, x.dtype());
}

}  // namespace

TensorBase softmax(const TensorBase& self, int64_t dim, std::optional<DType> dtype) {
  return soft("softmax", self, dim, dtype, false);
}

TensorBase log_softmax(const TensorBase& self, int64_t dim, std::optional<DType> dtype) {
  return soft("log_softmax", self, dim, dtype, true);
}

TensorBase logsumexp(const TensorBase& self, IntList dim, bool keepdim) {
  reduced_dims("logsumexp", self.dim(), dim);
  const DType result = is_floating(self.dtype()) ? self.dtype() : default_dtype();
  const TensorBase a = base::to(self, compute_dtype(result));
  if (a.numel() == 0) return base::to(base::log(base::sum(a, dim, keepdim, std::nullopt)), result);
  // The largest element of each slice, clamped to the finite range: an
  // infinite one would give inf - inf = NaN. With the clamp, a slice
  // holding +inf sums to +inf, one of -inf only to 0 (log: -inf), and
  // adding the clamped maximum back keeps those infinities.
  const double big = a.dtype() == DType::Double ? std::numeric_limits<double>::max()
                                                : static_cast<double>(std::numeric_limits<float>::max());
  const TensorBase m = base::clamp_max(base::clamp_min(base::amax(a, dim, true), -big), big);
  const TensorBase s = base::log(base::sum(base::exp(base::sub(a, m)), dim, keepdim, std::nullopt));
  return base::to(base::add(s, base::view(m, s.sizes())), result);
}

TensorBase nanmean(const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype) {
  const TensorBase x = dtype ? base::to(self, *dtype) : self;
  if (!is_floating(x.dtype())) dtype_error("nanmean", x.dtype(), dtype ? "dtype" : "self");
  // The elements that are not NaN: x == x.
  const TensorBase count = base::sum(base::eq(x, x), dim, keepdim, std::nullopt);
  return base::to(base::true_divide(base::nansum(x, dim, keepdim, std::nullopt), count), x.dtype());
}

void nanmean_out(TensorBase& out, const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype) {
  assign_out("nanmean", out, rt::nanmean(self, dim, keepdim, dtype));
}

void logsumexp_out(TensorBase& out, const TensorBase& self, IntList dim, bool keepdim) {
  assign_out("logsumexp", out, rt::logsumexp(self, dim, keepdim));
}

}  // namespace ember::rt
