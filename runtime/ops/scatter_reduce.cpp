// scatter_reduce and scatter's reduce=. scatter_reduce runs in steps
// (identity where anything lands when not include_self, the scatter, the
// mean's division) on a copy of self, so that the caller's tensor is
// written once, after every check (Note [output aliasing]).
#include "runtime/ops/scatter_reduce.h"

#include <limits>
#include <type_traits>

#include "ember/error.h"
#include "ember/ops/clamp_min.h"
#include "ember/ops/clone.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/fill.h"
#include "ember/ops/floor_divide.h"
#include "ember/ops/true_divide.h"
#include "kernels/opmath.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/device_guard.h"
#include "runtime/ops/index_plan.h"
#include "runtime/ops/output.h"

namespace ember::rt {

namespace {

struct Reduction {
  ScatterMode mode;
  bool mean;
};

Reduction reduction(const char* op, std::string_view reduce, DType dtype) {
  if (reduce == "sum") return {ScatterMode::Accumulate, false};
  if (reduce == "prod") return {ScatterMode::Multiply, false};
  if (reduce == "amax") return {ScatterMode::Max, false};
  if (reduce == "amin") return {ScatterMode::Min, false};
  if (reduce == "mean") {
    if (is_bool(dtype)) unsupported_dtype(str(op, " with reduce='mean'").c_str(), dtype);
    return {ScatterMode::Accumulate, true};
  }
  fail(ErrorKind::Value, str(op, ": reduce must be 'sum', 'prod', 'mean', 'amax' or 'amin', got '", reduce, "'"),
       "reduce");
}

// What a reduction starts from where self's own value is left out.
Scalar identity(ScatterMode mode, DType dtype) {
  if (mode == ScatterMode::Accumulate) return Scalar(0);
  if (mode == ScatterMode::Multiply) return Scalar(1);
  const bool max = mode == ScatterMode::Max;
  return visit_dtype(dtype, [&](auto tag) -> Scalar {
    using T = typename decltype(tag)::type;
    using M = kernels::opmath_t<T>;
    if constexpr (std::is_same_v<T, bool>)
      return Scalar(!max);
    else if constexpr (std::is_floating_point_v<M>)
      return Scalar(max ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity());
    else
      return Scalar(static_cast<int64_t>(max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max()));
  });
}

// sums / counts where counts > 0 (floor division for integers, as PyTorch),
// by ops that run on any device: a count of 0 divides by 1, which leaves
// the sum as it is.
TensorBase divided(const TensorBase& sums, const TensorBase& counts) {
  const TensorBase divisor = base::clamp_min(counts, Scalar(1));
  return is_floating(sums.dtype()) ? base::true_divide(sums, divisor) : base::floor_divide(sums, divisor);
}

// The result of scatter_reduce in a new contiguous tensor.
TensorBase reduced(const char* op, const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src,
                   std::string_view reduce, bool include_self) {
  common_device(op, {{&self, "self"}, {&index, "index"}, {&src, "src"}});
  const Reduction r = reduction(op, reduce, self.dtype());
  TensorBase work = base::contiguous(base::clone(self));
  if (!include_self) {
    const Scalar start = identity(r.mode, self.dtype());
    scatter_with(op, work, dim, index, nullptr, &start, ScatterMode::Assign);
  }
  scatter_with(op, work, dim, index, &src, nullptr, r.mode);
  if (r.mean) {
    // How many values each place averages: self's own (include_self) and those landing there.
    TensorBase counts = empty(self.sizes(), self.dtype(), self.device());
    base::fill_(counts, Scalar(include_self ? 1 : 0));
    const Scalar one(1);
    scatter_with(op, counts, dim, index, nullptr, &one, ScatterMode::Accumulate);
    return divided(work, counts);
  }
  return work;
}

ScatterMode add_or_multiply(std::string_view reduce) {
  if (reduce != "add" && reduce != "multiply")
    fail(ErrorKind::Value, str("scatter: reduce must be 'add' or 'multiply', got '", reduce, "'"), "reduce");
  return reduce == "add" ? ScatterMode::Accumulate : ScatterMode::Multiply;
}

}  // namespace

TensorBase scatter_reduce(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src,
                          std::string_view reduce, bool include_self) {
  return reduced("scatter_reduce", self, dim, index, src, reduce, include_self);
}

void scatter_reduce_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src,
                     std::string_view reduce, bool include_self) {
  const char* op = "scatter_reduce_";
  Output(op, &self, "self").assign(reduced(op, self, dim, index, src, reduce, include_self));
}

void scatter_reduce_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index,
                        const TensorBase& src, std::string_view reduce, bool include_self) {
  const char* op = "scatter_reduce";
  Output result(op, &out, "out");
  result.check_dtype(self.dtype());
  result.assign(reduced(op, self, dim, index, src, reduce, include_self));
}

TensorBase scatter(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src,
                   std::string_view reduce) {
  const ScatterMode mode = add_or_multiply(reduce);
  TensorBase result = base::clone(self);
  scatter_with("scatter", result, dim, index, &src, nullptr, mode);
  return result;
}

void scatter_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src, std::string_view reduce) {
  scatter_with("scatter_", self, dim, index, &src, nullptr, add_or_multiply(reduce));
}

TensorBase scatter(const TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value,
                   std::string_view reduce) {
  const ScatterMode mode = add_or_multiply(reduce);
  TensorBase result = base::clone(self);
  scatter_with("scatter", result, dim, index, nullptr, &value, mode);
  return result;
}

void scatter_(TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value, std::string_view reduce) {
  scatter_with("scatter_", self, dim, index, nullptr, &value, add_or_multiply(reduce));
}

}  // namespace ember::rt
