// softmax, log_softmax, logsumexp and nanmean (schemas/math/reduce.yaml,
// kind `custom`), composed of the reductions and pointwise ops. The
// first three subtract the slice's largest element first, so exp never
// overflows, and compute Half and BFloat16 inputs in float (as PyTorch).
#include <cmath>
#include <vector>

#include "ember/error.h"
#include "ember/ops/add.h"
#include "ember/ops/amax.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/div.h"
#include "ember/ops/eq.h"
#include "ember/ops/exp.h"
#include "ember/ops/log.h"
#include "ember/ops/nansum.h"
#include "ember/ops/sub.h"
#include "ember/ops/sum_dims.h"
#include "ember/ops/to.h"
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
  const TensorBase r = log ? base::sub(shifted, base::log(total)) : base::div(base::exp(shifted), total);
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
  // The largest element of each slice, or 0 where it is infinite (inf - inf
  // would be NaN; the sum of exps then gives the infinity itself).
  TensorBase m = base::contiguous(base::to(base::amax(a, dim, true), DType::Double));
  double* mv = m.data<double>();
  for (int64_t i = 0; i < m.numel(); ++i)
    if (std::isinf(mv[i])) mv[i] = 0;
  m = base::to(m, a.dtype());
  const TensorBase s = base::log(base::sum(base::exp(base::sub(a, m)), dim, keepdim, std::nullopt));
  return base::to(base::add(s, base::view(m, s.sizes())), result);
}

TensorBase nanmean(const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype) {
  const TensorBase x = dtype ? base::to(self, *dtype) : self;
  if (!is_floating(x.dtype())) dtype_error("nanmean", x.dtype(), dtype ? "dtype" : "self");
  // The elements that are not NaN: x == x.
  const TensorBase count = base::sum(base::eq(x, x), dim, keepdim, std::nullopt);
  return base::to(base::div(base::nansum(x, dim, keepdim, std::nullopt), count), x.dtype());
}

void nanmean_out(TensorBase& out, const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype) {
  assign_out("nanmean", out, rt::nanmean(self, dim, keepdim, dtype));
}

void logsumexp_out(TensorBase& out, const TensorBase& self, IntList dim, bool keepdim) {
  assign_out("logsumexp", out, rt::logsumexp(self, dim, keepdim));
}

}  // namespace ember::rt
