#include "runtime/ops/construct_ops.h"

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "ember/error.h"
#include "ember/ops/fill.h"
#include "ember/ops/zero.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/construct_support.h"
#include "runtime/ops/output.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

void check_sizes(const char* op, IntList size) {
  for (int64_t s : size)
    if (s < 0) fail(ErrorKind::Value, str(op, ": sizes must not be negative, got ", sizes_text(size)), "size");
}

DType factory_dtype(const TensorBase* out, const Output& result, std::optional<DType> dtype, DType fallback) {
  if (dtype) result.check_dtype(*dtype);
  return out ? out->dtype() : dtype.value_or(fallback);
}

void check_fill_value(const char* op, const Scalar& value, DType dtype) {
  if (dtype == DType::Bool) return;
  bool fits = true;
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      const double lo = static_cast<double>(std::numeric_limits<T>::min());
      const double hi = static_cast<double>(std::numeric_limits<T>::max());
      if (value.is_floating()) {
        const double v = std::trunc(value.to<double>());
        fits = std::isfinite(v) && v >= lo && v <= hi;
      } else {
        const int64_t v = value.to<int64_t>();
        fits = v >= static_cast<int64_t>(std::numeric_limits<T>::min()) && v <= static_cast<int64_t>(std::numeric_limits<T>::max());
      }
    } else {
      const double v = value.to<double>();
      fits = !std::isfinite(v) || std::isfinite(static_cast<double>(value.to<T>()));
    }
  });
  if (!fits)
    fail(ErrorKind::Value,
         str(op, ": value ", value.is_floating() ? std::to_string(value.to<double>()) : std::to_string(value.to<int64_t>()),
             " cannot be converted to ", dtype_name(dtype), " without overflow"),
         "fill_value");
}

namespace {

// zeros, ones, full: a tensor of `size` holding `value` (out= when given).
TensorBase filled(const char* op, const TensorBase* out, IntList size, std::optional<DType> dtype, DType fallback,
                  const Scalar& value) {
  Output result(op, out, "out");
  const DType d = factory_dtype(out, result, dtype, fallback);
  check_sizes(op, size);
  check_fill_value(op, value, d);
  TensorBase target = result.target(size, d, {}, Reads::Any);
  base::fill_(target, value);
  return result.finish();
}

DType kind_dtype(const Scalar& v) {
  return v.is_bool() ? DType::Bool : v.is_floating() ? default_dtype() : DType::Long;
}

}  // namespace

TensorBase zeros(IntList size, std::optional<DType> dtype) {
  return filled("zeros", nullptr, size, dtype, default_dtype(), 0);
}
void zeros_out(TensorBase& out, IntList size, std::optional<DType> dtype) {
  filled("zeros", &out, size, dtype, default_dtype(), 0);
}
TensorBase ones(IntList size, std::optional<DType> dtype) {
  return filled("ones", nullptr, size, dtype, default_dtype(), 1);
}
void ones_out(TensorBase& out, IntList size, std::optional<DType> dtype) {
  filled("ones", &out, size, dtype, default_dtype(), 1);
}

TensorBase zeros_like(const TensorBase& self, std::optional<DType> dtype) {
  TensorBase t = empty_like_preserving(self, dtype.value_or(self.dtype()));
  base::zero_(t);
  return t;
}
TensorBase ones_like(const TensorBase& self, std::optional<DType> dtype) {
  TensorBase t = empty_like_preserving(self, dtype.value_or(self.dtype()));
  base::fill_(t, 1);
  return t;
}

TensorBase full(IntList size, const Scalar& fill_value, std::optional<DType> dtype) {
  return filled("full", nullptr, size, dtype, kind_dtype(fill_value), fill_value);
}
void full_out(TensorBase& out, IntList size, const Scalar& fill_value, std::optional<DType> dtype) {
  filled("full", &out, size, dtype, kind_dtype(fill_value), fill_value);
}
TensorBase full_like(const TensorBase& self, const Scalar& fill_value, std::optional<DType> dtype) {
  check_fill_value("full_like", fill_value, dtype.value_or(self.dtype()));
  TensorBase t = empty_like_preserving(self, dtype.value_or(self.dtype()));
  base::fill_(t, fill_value);
  return t;
}

}  // namespace ember::rt
