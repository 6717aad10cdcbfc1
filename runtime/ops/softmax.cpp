// softmax, log_softmax, logsumexp and nanmean (schemas/math/reduce.yaml,
// kind `custom`), composed of the reductions and pointwise ops, so they
// run on every device those ops do (nothing here reads elements on the
// host). The first three subtract the slice's largest element first, so
// exp never overflows, and compute Half and BFloat16 inputs in float (as
// PyTorch). On the host, a contiguous tensor reduced over its innermost
// dims goes through kernels/softmax_rows.h instead, which does the same
// arithmetic a row at a time (Note [softmax by rows]), and one reduced
// over dims with others after them through kernels/softmax_columns.h,
// down the columns (Note [softmax by columns]).
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

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
#include "kernels/softmax_columns.h"
#include "kernels/softmax_rows.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/dtype_set.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/reduce_plan.h"

namespace ember::rt {

namespace {

DType compute_dtype(DType d) { return d == DType::Half || d == DType::BFloat16 ? DType::Float : d; }

// a as rows x n, its reduced dims the n: for a contiguous float or double
// host tensor whose reduced dims are its innermost ones (Note [softmax by
// rows]); nothing otherwise.
struct Rows {
  int64_t rows = 1, n = 1;
};
std::optional<Rows> host_rows(const TensorBase& a, const std::vector<bool>& reduced) {
  if (a.is_cuda() || !a.is_contiguous() || a.dim() == 0) return std::nullopt;
  if (a.dtype() != DType::Float && a.dtype() != DType::Double) return std::nullopt;
  int64_t first = a.dim();
  while (first > 0 && reduced[static_cast<size_t>(first - 1)]) --first;
  if (first == a.dim()) return std::nullopt;
  Rows r;
  for (int64_t d = 0; d < a.dim(); ++d) {
    if (d < first && reduced[static_cast<size_t>(d)]) return std::nullopt;
    (d < first ? r.rows : r.n) *= a.size(d);
  }
  return r;
}

// a as outer x n x inner, the n its reduced dims, for a contiguous float
// or double host tensor whose reduced dims are adjacent and followed by
// kept ones, at least two elements of them (Note [softmax by columns]);
// nothing otherwise.
struct Columns {
  int64_t outer = 1, n = 1, inner = 1;
};
std::optional<Columns> host_columns(const TensorBase& a, const std::vector<bool>& reduced) {
  if (a.is_cuda() || !a.is_contiguous() || a.dim() == 0) return std::nullopt;
  if (a.dtype() != DType::Float && a.dtype() != DType::Double) return std::nullopt;
  const auto is_reduced = [&](int64_t d) { return reduced[static_cast<size_t>(d)]; };
  int64_t first = 0;
  while (first < a.dim() && !is_reduced(first)) ++first;
  int64_t last = first;
  while (last < a.dim() && is_reduced(last)) ++last;
  if (first == a.dim() || last == a.dim()) return std::nullopt;
  Columns c;
  for (int64_t d = 0; d < a.dim(); ++d) {
    if (d >= last && is_reduced(d)) return std::nullopt;
    (d < first ? c.outer : d < last ? c.n : c.inner) *= a.size(d);
  }
  if (c.inner < 2) return std::nullopt;
  return c;
}

// a's sizes less its reduced dims (kept as 1 with keepdim).
std::vector<int64_t> kept_sizes(const TensorBase& a, const std::vector<bool>& reduced, bool keepdim) {
  std::vector<int64_t> sizes;
  for (int64_t d = 0; d < a.dim(); ++d) {
    if (!reduced[static_cast<size_t>(d)]) sizes.push_back(a.size(d));
    else if (keepdim) sizes.push_back(1);
  }
  return sizes;
}

TensorBase soft(const char* op, const TensorBase& self, int64_t dim, std::optional<DType> dtype, bool log) {
  const TensorBase x = dtype ? base::to(self, *dtype) : self;
  if (!is_floating(x.dtype())) dtype_error(op, x.dtype(), dtype ? "dtype" : "self");
  const int64_t d = wrap_dim(dim, x.dim(), op);
  const TensorBase a = base::to(x, compute_dtype(x.dtype()));
  if (a.numel() == 0) return base::to(a, x.dtype());
  std::vector<bool> along(static_cast<size_t>(a.dim()), false);
  if (a.dim() > 0) along[static_cast<size_t>(d)] = true;
  if (const auto rows = host_rows(a, along)) {
    TensorBase r = empty(a.sizes(), a.dtype(), a.device());
    visit_dtype(a.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T>)  // host_rows took float and double only
        kernels::softmax_rows<T>(a.data<T>(), r.data<T>(), rows->rows, rows->n,
                                 log ? kernels::SoftmaxForm::LogSoftmax : kernels::SoftmaxForm::Softmax);
    });
    return base::to(r, x.dtype());
  }
  if (const auto columns = host_columns(a, along)) {
    TensorBase r = empty(a.sizes(), a.dtype(), a.device());
    visit_dtype(a.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T>)  // host_columns took float and double only
        kernels::softmax_columns<T>(a.data<T>(), r.data<T>(), columns->outer, columns->n, columns->inner,
                                    log ? kernels::SoftmaxForm::LogSoftmax : kernels::SoftmaxForm::Softmax);
    });
    return base::to(r, x.dtype());
  }
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
  const std::vector<bool> reduced = reduced_dims("logsumexp", self.dim(), dim);
  const DType result = is_floating(self.dtype()) ? self.dtype() : default_dtype();
  const TensorBase a = base::to(self, compute_dtype(result));
  if (a.numel() == 0) return base::to(base::log(base::sum(a, dim, keepdim, std::nullopt)), result);
  if (const auto rows = host_rows(a, reduced)) {
    TensorBase r = empty(kept_sizes(a, reduced, keepdim), a.dtype(), a.device());
    visit_dtype(a.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T>) kernels::logsumexp_rows<T>(a.data<T>(), r.data<T>(), rows->rows, rows->n);
    });
    return base::to(r, result);
  }
  if (const auto columns = host_columns(a, reduced)) {
    TensorBase r = empty(kept_sizes(a, reduced, keepdim), a.dtype(), a.device());
    visit_dtype(a.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T>)  // host_columns took float and double only
        kernels::logsumexp_columns<T>(a.data<T>(), r.data<T>(), columns->outer, columns->n, columns->inner);
    });
    return base::to(r, result);
  }
  // The largest element of each slice, clamped to the finite range: an
  // infinite one would give inf - inf = NaN. With the clamp, a slice
  // holding +inf sums to +inf, one of -inf only to 0 (log: -inf), and
  // adding the clamped maximum back keeps those infinities.
  const double big = a.dtype() == DType::Double ? std::numeric_limits<double>::max()
                                                : static_cast<double>(std::numeric_limits<float>::max());
  const TensorBase m = base::clamp_max(base::clamp_min(base::amax(a, dim, true), -big), big);
  // e^(a - m) in the difference's own storage: one slice-sized temporary.
  TensorBase e = base::sub(a, m);
  base::exp_(e);
  const TensorBase s = base::log(base::sum(e, dim, keepdim, std::nullopt));
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
