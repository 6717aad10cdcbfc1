// var_mean, std_mean and aminmax: two reductions of one input returned
// together, each the op of its own name (var, std, mean, amin, amax), so
// their results are those ops' exactly. The arguments are checked here
// first, so errors name the op the caller called.
#include <tuple>
#include <vector>

#include "ember/error.h"
#include "ember/ops/amax.h"
#include "ember/ops/amin.h"
#include "ember/ops/mean.h"
#include "ember/ops/mean_dims.h"
#include "ember/ops/std.h"
#include "ember/ops/std_correction.h"
#include "ember/ops/std_dims.h"
#include "ember/ops/var.h"
#include "ember/ops/var_correction.h"
#include "ember/ops/var_dims.h"
#include "runtime/ops/output.h"
#include "runtime/ops/reduce_plan.h"
#include "runtime/ops/statistics.h"

namespace ember::rt {

namespace {

void check_moments(const char* op, const TensorBase& self, IntList dim) {
  if (!is_floating(self.dtype()))
    fail(ErrorKind::Type, str(op, ": not implemented for dtype ", dtype_name(self.dtype()), " (floating dtypes only)"),
         "self");
  reduced_dims(op, self.dim(), dim);
}

}  // namespace

std::tuple<TensorBase, TensorBase> var_mean(const TensorBase& self, bool unbiased) {
  check_moments("var_mean", self, {});
  return {base::var(self, unbiased), base::mean(self)};
}

std::tuple<TensorBase, TensorBase> var_mean(const TensorBase& self, IntList dim, bool unbiased, bool keepdim) {
  check_moments("var_mean", self, dim);
  return {base::var(self, dim, unbiased, keepdim), base::mean(self, dim, keepdim)};
}

std::tuple<TensorBase, TensorBase> var_mean(const TensorBase& self, IntList dim, std::optional<int64_t> correction,
                                            bool keepdim) {
  check_moments("var_mean", self, dim);
  return {base::var(self, dim, correction, keepdim), base::mean(self, dim, keepdim)};
}

std::tuple<TensorBase, TensorBase> std_mean(const TensorBase& self, bool unbiased) {
  check_moments("std_mean", self, {});
  return {base::std(self, unbiased), base::mean(self)};
}

std::tuple<TensorBase, TensorBase> std_mean(const TensorBase& self, IntList dim, bool unbiased, bool keepdim) {
  check_moments("std_mean", self, dim);
  return {base::std(self, dim, unbiased, keepdim), base::mean(self, dim, keepdim)};
}

std::tuple<TensorBase, TensorBase> std_mean(const TensorBase& self, IntList dim, std::optional<int64_t> correction,
                                            bool keepdim) {
  check_moments("std_mean", self, dim);
  return {base::std(self, dim, correction, keepdim), base::mean(self, dim, keepdim)};
}

std::tuple<TensorBase, TensorBase> aminmax(const TensorBase& self, std::optional<int64_t> dim, bool keepdim) {
  static const char* const op = "aminmax";
  std::vector<int64_t> dims;
  if (dim) dims.push_back(wrap_dim(*dim, self.dim(), op));
  // PyTorch's kinds: an empty tensor is a RuntimeError, an empty dim an IndexError.
  if (self.numel() == 0 && !dim)
    fail(ErrorKind::Value, str(op, ": cannot reduce a tensor with no elements (there is no element to pick)"), "self");
  if (dim && self.dim() > 0 && self.size(dims[0]) == 0)
    fail(ErrorKind::Index, str(op, ": cannot reduce over dim ", dims[0], " of size 0"), "self");
  return {base::amin(self, dims, keepdim), base::amax(self, dims, keepdim)};
}

void aminmax_out(TensorBase& min, TensorBase& max, const TensorBase& self, std::optional<int64_t> dim, bool keepdim) {
  static const char* const op = "aminmax";
  check_distinct_outputs(op, min, max, "max");
  const auto [lo, hi] = rt::aminmax(self, dim, keepdim);
  Output lo_out(op, &min, "min"), hi_out(op, &max, "max");
  lo_out.check_dtype(lo.dtype());
  hi_out.check_dtype(hi.dtype());
  lo_out.assign(lo);
  hi_out.assign(hi);
}

}  // namespace ember::rt
