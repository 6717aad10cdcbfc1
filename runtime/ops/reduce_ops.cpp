#include "runtime/ops/reduce_ops.h"

#include <cmath>
#include <vector>

#include "ember/error.h"
#include "ember/ops/add.h"
#include "ember/ops/clone.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/copy.h"
#include "ember/ops/div.h"
#include "ember/ops/expand.h"
#include "ember/ops/full_like.h"
#include "ember/ops/gt.h"
#include "ember/ops/max.h"
#include "ember/ops/max_dim.h"
#include "ember/ops/min.h"
#include "ember/ops/min_dim.h"
#include "ember/ops/mul.h"
#include "ember/ops/norm.h"
#include "ember/ops/norm_dim.h"
#include "ember/ops/reshape.h"
#include "ember/ops/select.h"
#include "ember/ops/sub.h"
#include "ember/ops/sum.h"
#include "ember/ops/sum_dim.h"
#include "ember/ops/to.h"
#include "ember/ops/transpose.h"
#include "ember/ops/view.h"
#include "ember/ops/where_scalar_other.h"
#include "ember/tensor_base.h"
#include "kernels/difference_norm.h"
#include "kernels/reducers.h"
#include "runtime/ops/dtype_set.h"
#include "runtime/ops/output.h"
#include "runtime/ops/reduce_plan.h"

namespace ember::rt {

namespace {

// The dtype norms and differences are computed in: Double for Float and
// Double (TH's accreal), Float for Half and BFloat16.
DType accumulate_dtype(DType d) { return d == DType::Half || d == DType::BFloat16 ? DType::Float : DType::Double; }

void require_floating(const char* op, const TensorBase& t, const char* arg) {
  if (!is_floating(t.dtype()))
    fail(ErrorKind::Type, str(op, ": not implemented for dtype ", dtype_name(t.dtype()), " (floating dtypes only)"), arg);
}

// PyTorch's broadcast of two shapes, or a ValueError naming `arg`.
std::vector<int64_t> broadcast_shapes(const char* op, const TensorBase& a, const TensorBase& b, const char* arg) {
  const int64_t n = std::max(a.dim(), b.dim());
  std::vector<int64_t> shape(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const int64_t da = i - (n - a.dim()), db = i - (n - b.dim());
    const int64_t x = da < 0 ? 1 : a.size(da), y = db < 0 ? 1 : b.size(db);
    if (x != y && x != 1 && y != 1)
      fail(ErrorKind::Value, str(op, ": shapes ", sizes_text(a.sizes()), " and ", sizes_text(b.sizes()),
                                 " do not broadcast (dim ", i, ": ", x, " against ", y, ")"), arg);
    shape[static_cast<size_t>(i)] = x == 1 ? y : x;
  }
  return shape;
}

// argmax / argmin: the positions max / min along a dim give (the first
// of equal elements, the first NaN); without a dim, of the flattened tensor.
TensorBase arg_extreme(const char* op, const TensorBase& self, std::optional<int64_t> dim, bool keepdim, bool largest) {
  require_dtype(op, {DType::Byte, DType::Char, DType::Short, DType::Int, DType::Long, DType::Half, DType::BFloat16,
                     DType::Float, DType::Double}, self.dtype());
  if (!dim) {
    if (self.numel() == 0)
      fail(ErrorKind::Index, str(op, ": expected a dim to reduce for a tensor with no elements"), "self");
    const TensorBase flat = base::reshape(self, {-1});
    const TensorBase pos = std::get<1>(largest ? base::max(flat, 0, false) : base::min(flat, 0, false));
    return keepdim ? base::view(pos, std::vector<int64_t>(static_cast<size_t>(self.dim()), 1)) : pos;
  }
  const int64_t d = wrap_dim(*dim, self.dim(), op);
  if (self.dim() > 0 && self.size(d) == 0)
    fail(ErrorKind::Index, str(op, ": cannot reduce over dim ", d, " of size 0 (there is no element to pick)"), "self");
  return std::get<1>(largest ? base::max(self, d, keepdim) : base::min(self, d, keepdim));
}

}  // namespace

TensorBase argmax(const TensorBase& self, std::optional<int64_t> dim, bool keepdim) {
  return arg_extreme("argmax", self, dim, keepdim, true);
}

TensorBase argmin(const TensorBase& self, std::optional<int64_t> dim, bool keepdim) {
  return arg_extreme("argmin", self, dim, keepdim, false);
}

TensorBase dist_accumulated(const char* op, const TensorBase& a, const TensorBase& b, const Scalar& p) {
  require_floating(op, a, "self");
  require_floating(op, b, "other");
  broadcast_shapes(op, a, b, "other");
  const DType acc = accumulate_dtype(a.dtype() == DType::Double || b.dtype() == DType::Double ? DType::Double
                                     : a.dtype() == b.dtype() ? a.dtype() : DType::Float);
  const int64_t n = a.numel();
  if (a.dtype() == b.dtype() && (a.dtype() == DType::Float || a.dtype() == DType::Double) && a.sizes() == b.sizes() &&
      a.device().is_cpu() && b.device().is_cpu() && a.is_contiguous() && b.is_contiguous() &&
      n >= kernels::detail::kLanes<double>) {
    // Note [dist in one pass]: the same bits as the composition below.
    double value = 0;
    const auto reduce = [&](const auto* x, const auto* y) {
      kernels::Norm<double>::visit(p.to<double>(),
                                   [&](const auto& r) { value = kernels::reduce_differences(x, y, n, r); });
    };
    if (a.dtype() == DType::Float) reduce(a.data<float>(), b.data<float>());
    else reduce(a.data<double>(), b.data<double>());
    TensorBase result = empty({}, DType::Double);
    *result.data<double>() = value;
    return result;
  }
  return base::norm(base::sub(base::to(a, acc), b), p);
}

TensorBase trace(const TensorBase& self) {
  if (self.dim() != 2)
    fail(ErrorKind::Value, str("trace: expected a matrix (2-d), got a ", self.dim(), "-d tensor"), "self");
  const int64_t n = std::min(self.size(0), self.size(1));
  const int64_t step[1] = {self.stride(0) + self.stride(1)}, len[1] = {n};
  const TensorBase diagonal = TensorBase::adopt(tensor_new_with_storage(
      self.dtype(), self.impl()->storage, self.storage_offset(), IntList(len, 1), IntList(step, 1)));
  return base::sum(diagonal);
}

TensorBase dist(const TensorBase& self, const TensorBase& other, const Scalar& p) {
  const TensorBase d = dist_accumulated("dist", self, other, p);
  const PointwiseArg args[2] = {{&self, nullptr}, {&other, nullptr}};
  return base::to(d, pointwise_types("dist", args, 2, ResultRule::Same).result);
}

TensorBase renorm(const TensorBase& self, const Scalar& p, int64_t dim, const Scalar& maxnorm) {
  static const char* const op = "renorm";
  require_floating(op, self, "self");
  const double pv = p.to<double>(), maxv = maxnorm.to<double>();
  if (!(pv > 0)) fail(ErrorKind::Value, str(op, ": p must be positive, got ", pv), "p");
  if (!(maxv >= 0)) fail(ErrorKind::Value, str(op, ": maxnorm must be at least 0, got ", maxv), "maxnorm");
  const int64_t d = wrap_dim(dim, self.dim(), op);
  if (self.dim() < 2)
    fail(ErrorKind::Value, str(op, ": self needs at least 2 dims (as TH and PyTorch), got ", self.dim()), "self");
  if (self.numel() == 0) return base::clone(self);
  // One row per sub-tensor self.select(d, i); norms in the accumulate type
  // (as PyTorch), the scale factors then rounded to self's dtype.
  const int64_t rows = self.size(d), cols = self.numel() / rows;
  const TensorBase flat =
      base::view(base::contiguous(base::transpose(base::to(self, accumulate_dtype(self.dtype())), 0, d)), {rows, cols});
  // Each factor in double on self's device (so no host round trip).
  const TensorBase norms = base::to(base::norm(flat, p, 1), DType::Double);
  const TensorBase factors = base::where(base::gt(norms, maxv),
                                         base::div(base::full_like(norms, maxv), base::add(norms, 1e-7)), 1.0);
  std::vector<int64_t> shape(static_cast<size_t>(self.dim()), 1);
  shape[static_cast<size_t>(d)] = rows;
  const TensorBase scale = base::view(base::to(factors, self.dtype()), shape);
  return base::mul(self, scale);
}

TensorBase cross(const TensorBase& self, const TensorBase& other, std::optional<int64_t> dim) {
  static const char* const op = "cross";
  if (self.dtype() == DType::Bool || other.dtype() == DType::Bool)
    fail(ErrorKind::Type, str(op, ": not implemented for dtype Bool"), self.dtype() == DType::Bool ? "self" : "other");
  const std::vector<int64_t> shape = broadcast_shapes(op, self, other, "other");
  const int64_t nd = static_cast<int64_t>(shape.size());
  int64_t d = -1;
  if (dim) {
    d = wrap_dim(*dim, nd, op);
  } else {
    for (int64_t i = 0; i < nd && d < 0; ++i)
      if (shape[static_cast<size_t>(i)] == 3) d = i;
    if (d < 0) fail(ErrorKind::Value, str(op, ": no dim of size 3 in ", sizes_text(shape), " (pass dim)"), "self");
  }
  auto size_at = [&](const TensorBase& t) {
    const int64_t j = d - (nd - t.dim());
    return j < 0 ? 1 : t.size(j);
  };
  if (nd == 0 || size_at(self) != 3 || size_at(other) != 3)
    fail(ErrorKind::Value, str(op, ": dim ", d, " must have size 3 in both inputs (got ", nd ? size_at(self) : 0, " and ",
                               nd ? size_at(other) : 0, ")"), "dim");
  const TensorBase a = base::expand(self, shape), b = base::expand(other, shape);
  const PointwiseArg args[2] = {{&self, nullptr}, {&other, nullptr}};
  TensorBase result = empty(shape, pointwise_types(op, args, 2, ResultRule::Same).result);
  for (int64_t i = 0; i < 3; ++i) {
    const int64_t j = (i + 1) % 3, k = (i + 2) % 3;
    TensorBase slot = base::select(result, d, i);
    base::copy_(slot, base::sub(base::mul(base::select(a, d, j), base::select(b, d, k)),
                                base::mul(base::select(a, d, k), base::select(b, d, j))));
  }
  return result;
}

void check_histc(const char* op, const TensorBase& self, int64_t bins, double min_value, double max_value) {
  if (bins < 1) fail(ErrorKind::Value, str(op, ": bins must be at least 1, got ", bins), "bins");
  if (min_value > max_value)
    fail(ErrorKind::Value, str(op, ": max (", max_value, ") must not be less than min (", min_value, ")"), "max");
  double lo = min_value, hi = max_value;
  if (lo == hi && self.numel() > 0) {
    lo = base::min(self).item<double>();
    hi = base::max(self).item<double>();
  }
  if (!std::isfinite(lo) || !std::isfinite(hi))
    fail(ErrorKind::Value, str(op, ": the range [", lo, ", ", hi, "] is not finite"), lo == min_value ? "min" : "self");
}

// out= of an op computed into a new tensor first (its inputs may be out).
void assign_out(const char* op, const TensorBase& out, const TensorBase& result) {
  Output written(op, &out, "out");
  written.check_dtype(result.dtype());
  written.assign(result);
}

void argmax_out(TensorBase& out, const TensorBase& self, std::optional<int64_t> dim, bool keepdim) {
  assign_out("argmax", out, rt::argmax(self, dim, keepdim));
}

void argmin_out(TensorBase& out, const TensorBase& self, std::optional<int64_t> dim, bool keepdim) {
  assign_out("argmin", out, rt::argmin(self, dim, keepdim));
}

void renorm_out(TensorBase& out, const TensorBase& self, const Scalar& p, int64_t dim, const Scalar& maxnorm) {
  assign_out("renorm", out, rt::renorm(self, p, dim, maxnorm));
}

void renorm_(TensorBase& self, const Scalar& p, int64_t dim, const Scalar& maxnorm) {
  base::copy_(self, rt::renorm(self, p, dim, maxnorm));
}

void cross_out(TensorBase& out, const TensorBase& self, const TensorBase& other, std::optional<int64_t> dim) {
  assign_out("cross", out, rt::cross(self, other, dim));
}

}  // namespace ember::rt
