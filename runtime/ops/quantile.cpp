// quantile and nanquantile (PyTorch 1.13's): each slice sorted (NaN
// last, Note [sort order]), then the q-th quantile read at rank
// q * (k - 1) of its k elements, all of them for quantile (a slice holding
// NaN gives NaN) or those not NaN for nanquantile (none: NaN). Ranks and
// interpolation are computed in double and the result rounded once to
// self's dtype; the interpolation is PyTorch's lerp, so two equal
// infinities interpolate to NaN as they do there.
#include <cmath>
#include <string_view>
#include <vector>

#include "ember/error.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/movedim.h"
#include "ember/ops/reshape.h"
#include "ember/ops/to.h"
#include "ember/ops/view.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/statistics.h"

namespace ember::rt {

namespace {

enum class Interpolation { Linear, Lower, Higher, Midpoint, Nearest };

Interpolation interpolation_of(const char* op, std::string_view word) {
  if (word == "linear") return Interpolation::Linear;
  if (word == "lower") return Interpolation::Lower;
  if (word == "higher") return Interpolation::Higher;
  if (word == "midpoint") return Interpolation::Midpoint;
  if (word == "nearest") return Interpolation::Nearest;
  fail(ErrorKind::Value, str(op, ": interpolation must be one of linear, lower, higher, midpoint or nearest, got '",
                             word, "'"), "interpolation");
}

// PyTorch's lerp: exact at both ends.
double lerp(double a, double b, double w) { return w < 0.5 ? a + w * (b - a) : b - (b - a) * (1 - w); }

double pick(const double* sorted, int64_t k, double q, Interpolation how) {
  const double rank = q * static_cast<double>(k - 1);
  const auto lo = static_cast<int64_t>(std::floor(rank)), hi = static_cast<int64_t>(std::ceil(rank));
  switch (how) {
    case Interpolation::Lower: return sorted[lo];
    case Interpolation::Higher: return sorted[hi];
    case Interpolation::Nearest: return sorted[static_cast<int64_t>(std::nearbyint(rank))];  // ties to even, as PyTorch
    case Interpolation::Midpoint: return lerp(sorted[lo], sorted[hi], 0.5);
    case Interpolation::Linear: break;
  }
  return lerp(sorted[lo], sorted[hi], rank - static_cast<double>(lo));
}

// `qs` holds the q values (a 1-d q: `q_dim` true, its length leads the
// result's shape). Every argument is checked before anything is computed.
TensorBase run_quantile(const char* op, const TensorBase& self, const std::vector<double>& qs, bool q_dim,
                        std::optional<int64_t> dim, bool keepdim, std::string_view interpolation, bool ignore_nan) {
  if (self.numel() == 0) fail(ErrorKind::Value, str(op, ": self must hold at least one element"), "self");
  const Interpolation how = interpolation_of(op, interpolation);
  const int64_t nd = self.dim();
  const int64_t d = dim ? wrap_dim(*dim, nd, op) : -1;  // -1: every element, flattened
  for (double q : qs)
    if (!(q >= 0 && q <= 1)) fail(ErrorKind::Value, str(op, ": q must be in [0, 1], got ", q), "q");

  std::vector<int64_t> shape;
  if (q_dim) shape.push_back(static_cast<int64_t>(qs.size()));
  for (int64_t i = 0; i < nd; ++i) {
    if (d < 0 || i == d) {
      if (keepdim) shape.push_back(1);
    } else {
      shape.push_back(self.size(i));
    }
  }
  const bool along_dim = d >= 0 && nd > 0;
  const TensorBase x = along_dim ? self : base::reshape(self, {-1});
  const int64_t along = along_dim ? d : 0;
  const TensorBase sorted = base::contiguous(
      base::to(base::movedim(sort_values(op, nullptr, x, along, false), {along}, {-1}), DType::Double));
  const int64_t n = sorted.size(-1), rows = sorted.numel() / n, m = static_cast<int64_t>(qs.size());
  const TensorBase result = empty({m * rows}, DType::Double);
  const double* in = sorted.data<double>();
  double* out = result.data<double>();
  for (int64_t r = 0; r < rows; ++r) {
    const double* slice = in + r * n;
    // NaN sorts last: the slice's k numbers come first.
    int64_t k = n;
    while (k > 0 && std::isnan(slice[k - 1])) --k;
    const bool nan = ignore_nan ? k == 0 : k < n;
    for (int64_t j = 0; j < m; ++j) out[j * rows + r] = nan ? std::nan("") : pick(slice, k, qs[static_cast<size_t>(j)], how);
  }
  return base::to(base::view(result, shape), self.dtype());
}

void check_self(const char* op, const TensorBase& self) {
  if (self.dtype() != DType::Float && self.dtype() != DType::Double)
    fail(ErrorKind::Type, str(op, ": self must be float32 or float64, got ", dtype_name(self.dtype())), "self");
}

TensorBase tensor_q(const char* op, const TensorBase& self, const TensorBase& q, std::optional<int64_t> dim,
                    bool keepdim, std::string_view interpolation, bool ignore_nan) {
  check_self(op, self);
  if (q.dim() > 1) fail(ErrorKind::Value, str(op, ": q must be a number or a 0-d or 1-d tensor, got ", q.dim(), " dims"), "q");
  if (q.dtype() != self.dtype())
    fail(ErrorKind::Type, str(op, ": q must have self's dtype ", dtype_name(self.dtype()), ", got ", dtype_name(q.dtype())),
         "q");
  const TensorBase qd = base::contiguous(base::to(q, DType::Double));
  const double* qv = qd.numel() ? qd.data<double>() : nullptr;
  return run_quantile(op, self, std::vector<double>(qv, qv + qd.numel()), q.dim() == 1, dim, keepdim, interpolation,
                      ignore_nan);
}

TensorBase number_q(const char* op, const TensorBase& self, double q, std::optional<int64_t> dim, bool keepdim,
                    std::string_view interpolation, bool ignore_nan) {
  check_self(op, self);
  return run_quantile(op, self, {q}, false, dim, keepdim, interpolation, ignore_nan);
}

}  // namespace

TensorBase quantile(const TensorBase& self, const TensorBase& q, std::optional<int64_t> dim, bool keepdim,
                    std::string_view interpolation) {
  return tensor_q("quantile", self, q, dim, keepdim, interpolation, false);
}

TensorBase quantile(const TensorBase& self, double q, std::optional<int64_t> dim, bool keepdim,
                    std::string_view interpolation) {
  return number_q("quantile", self, q, dim, keepdim, interpolation, false);
}

TensorBase nanquantile(const TensorBase& self, const TensorBase& q, std::optional<int64_t> dim, bool keepdim,
                       std::string_view interpolation) {
  return tensor_q("nanquantile", self, q, dim, keepdim, interpolation, true);
}

TensorBase nanquantile(const TensorBase& self, double q, std::optional<int64_t> dim, bool keepdim,
                       std::string_view interpolation) {
  return number_q("nanquantile", self, q, dim, keepdim, interpolation, true);
}

void quantile_out(TensorBase& out, const TensorBase& self, const TensorBase& q, std::optional<int64_t> dim,
                  bool keepdim, std::string_view interpolation) {
  assign_out("quantile", out, rt::quantile(self, q, dim, keepdim, interpolation));
}

void quantile_out(TensorBase& out, const TensorBase& self, double q, std::optional<int64_t> dim, bool keepdim,
                  std::string_view interpolation) {
  assign_out("quantile", out, rt::quantile(self, q, dim, keepdim, interpolation));
}

void nanquantile_out(TensorBase& out, const TensorBase& self, const TensorBase& q, std::optional<int64_t> dim,
                     bool keepdim, std::string_view interpolation) {
  assign_out("nanquantile", out, rt::nanquantile(self, q, dim, keepdim, interpolation));
}

void nanquantile_out(TensorBase& out, const TensorBase& self, double q, std::optional<int64_t> dim, bool keepdim,
                     std::string_view interpolation) {
  assign_out("nanquantile", out, rt::nanquantile(self, q, dim, keepdim, interpolation));
}

}  // namespace ember::rt
