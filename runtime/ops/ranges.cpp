#include "runtime/ops/construct_ops.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "ember/error.h"
#include "kernels/opmath.h"
#include "kernels/ranges.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/construct_support.h"
#include "runtime/ops/dtype_set.h"
#include "runtime/ops/output.h"

namespace ember::rt {

void no_bool(const char* op, DType dtype) {
  if (dtype == DType::Bool) dtype_error(op, dtype, "dtype");
}

TensorBase range_into(const char* op, Output& result, DType dtype, const Scalar& start, const Scalar& end,
                      const Scalar& step, bool inclusive) {
  no_bool(op, dtype);
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using A = kernels::acc_t<T>;
    const A xstart = start.to<A>(), xend = end.to<A>(), xstep = step.to<A>();
    if (!(xstep > 0 || xstep < 0)) fail(ErrorKind::Value, str(op, ": step must be nonzero"), "step");
    if (!std::isfinite(static_cast<double>(xstart)) || !std::isfinite(static_cast<double>(xend)))
      fail(ErrorKind::Value, str(op, ": unsupported range ", static_cast<double>(xstart), " -> ",
                                 static_cast<double>(xend)), "end");
    if (!((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart)))
      fail(ErrorKind::Value, str(op, ": the range ", static_cast<double>(xstart), " -> ", static_cast<double>(xend),
                                 " goes against the sign of step ", static_cast<double>(xstep)), "step");
    double size_d;
    if (inclusive) {
      size_d = std::floor((end.to<double>() - start.to<double>()) / step.to<double>()) + 1;
    } else if constexpr (std::is_same_v<T, int64_t>) {
      // ceil((end - start) / step), exact in 128 bits: end - start has
      // step's sign, so truncating (end - start + step -/+ 1) / step rounds up.
      const __int128 span = static_cast<__int128>(xend) - xstart, sgn = xstep > 0 ? 1 : -1;
      size_d = static_cast<double>((span + xstep - sgn) / xstep);
    } else {
      size_d = std::ceil((end.to<double>() - start.to<double>()) / step.to<double>());
    }
    if (!(size_d >= 0 && size_d <= static_cast<double>(std::numeric_limits<int64_t>::max())))
      fail(ErrorKind::Value, str(op, ": the range has an invalid size (", size_d, ")"), "end");
    const int64_t n = static_cast<int64_t>(size_d);
    const TensorBase& out = result.target({n}, dtype, {}, Reads::Any);
    kernels::fill_positions<T>(static_cast<char*>(out.data_ptr()), n, out.stride(0) * static_cast<int64_t>(sizeof(T)),
                               [&](int64_t i) { return static_cast<T>(xstart + static_cast<A>(i) * xstep); });
  });
  return result.finish();
}

TensorBase linspace_into(const char* op, Output& result, DType dtype, const Scalar& start, const Scalar& end,
                         int64_t steps, const double* log_base) {
  no_bool(op, dtype);
  if (steps < 0) fail(ErrorKind::Value, str(op, ": steps must not be negative, got ", steps), "steps");
  const TensorBase& out = result.target({steps}, dtype, {}, Reads::Any);
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    // Integers compute in double, floating dtypes in their opmath type;
    // the ends are first made elements of the dtype, as PyTorch does.
    using C = std::conditional_t<std::is_integral_v<T>, double, kernels::opmath_t<T>>;
    const C a = static_cast<C>(start.to<T>()), b = static_cast<C>(end.to<T>());
    const C step = steps > 1 ? (b - a) / static_cast<C>(steps - 1) : C(0);
    char* data = static_cast<char*>(out.data_ptr());
    const int64_t stride = out.stride(0) * static_cast<int64_t>(sizeof(T));
    if (log_base) {
      const C base = static_cast<C>(*log_base);
      kernels::fill_positions<T>(data, steps, stride, [&](int64_t i) {
        return static_cast<T>(std::pow(base, kernels::linspace_at<C>(a, b, step, steps, i)));
      });
    } else {
      kernels::fill_positions<T>(data, steps, stride,
                                 [&](int64_t i) { return static_cast<T>(kernels::linspace_at<C>(a, b, step, steps, i)); });
    }
  });
  return result.finish();
}

namespace {

DType arange_dtype(const Scalar& start, const Scalar& end, const Scalar& step) {
  return start.is_floating() || end.is_floating() || step.is_floating() ? default_dtype() : DType::Long;
}

// arange and range (inclusive): out= when given.
TensorBase range_result(const char* op, const TensorBase* out, const Scalar& start, const Scalar& end,
                        const Scalar& step, std::optional<DType> dtype, DType fallback, bool inclusive) {
  Output result(op, out, "out");
  return range_into(op, result, factory_dtype(out, result, dtype, fallback), start, end, step, inclusive);
}

// linspace and logspace (log_base): out= when given.
TensorBase linspace_result(const char* op, const TensorBase* out, const Scalar& start, const Scalar& end, int64_t steps,
                           const double* log_base, std::optional<DType> dtype) {
  Output result(op, out, "out");
  return linspace_into(op, result, factory_dtype(out, result, dtype, default_dtype()), start, end, steps, log_base);
}

}  // namespace

TensorBase arange(const Scalar& end, std::optional<DType> dtype) { return rt::arange(0, end, 1, dtype); }
void arange_out(TensorBase& out, const Scalar& end, std::optional<DType> dtype) {
  rt::arange_out(out, 0, end, 1, dtype);
}
TensorBase arange(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype) {
  return range_result("arange", nullptr, start, end, step, dtype, arange_dtype(start, end, step), false);
}
void arange_out(TensorBase& out, const Scalar& start, const Scalar& end, const Scalar& step,
                std::optional<DType> dtype) {
  range_result("arange", &out, start, end, step, dtype, arange_dtype(start, end, step), false);
}
TensorBase range(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype) {
  return range_result("range", nullptr, start, end, step, dtype, default_dtype(), true);
}
void range_out(TensorBase& out, const Scalar& start, const Scalar& end, const Scalar& step,
               std::optional<DType> dtype) {
  range_result("range", &out, start, end, step, dtype, default_dtype(), true);
}
TensorBase linspace(const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype) {
  return linspace_result("linspace", nullptr, start, end, steps, nullptr, dtype);
}
void linspace_out(TensorBase& out, const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype) {
  linspace_result("linspace", &out, start, end, steps, nullptr, dtype);
}
TensorBase logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, std::optional<DType> dtype) {
  return linspace_result("logspace", nullptr, start, end, steps, &base, dtype);
}
void logspace_out(TensorBase& out, const Scalar& start, const Scalar& end, int64_t steps, double base,
                  std::optional<DType> dtype) {
  linspace_result("logspace", &out, start, end, steps, &base, dtype);
}

}  // namespace ember::rt
