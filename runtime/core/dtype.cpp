#include "ember/dtype.h"

#include <atomic>

#include "ember/error.h"
#include "runtime/core/dtype_error.h"

namespace ember {

namespace {
std::atomic<DType> g_default_dtype{DType::Float};

int rank_within_kind(DType d) { return info(d).size; }
}  // namespace

DType promote_types(DType a, DType b) {
  if (a == b) return a;
  const DTypeInfo& x = info(a);
  const DTypeInfo& y = info(b);
  if (x.kind != y.kind) {
    // The higher kind wins: bool < integral < floating.
    return static_cast<int>(x.kind) > static_cast<int>(y.kind) ? a : b;
  }
  if (x.kind == DTypeKind::Floating) {
    if (x.size == y.size) return DType::Float;  // Half with BFloat16
    return rank_within_kind(a) > rank_within_kind(b) ? a : b;
  }
  // Both integral (Bool is its own kind and was handled by a == b).
  if (x.is_signed == y.is_signed) return x.size > y.size ? a : b;
  const DType sgn = x.is_signed ? a : b;
  const DType uns = x.is_signed ? b : a;
  // uint8 is the only unsigned type: a signed type wider than it holds it.
  if (info(sgn).size > info(uns).size) return sgn;
  return DType::Short;
}

DType default_dtype() { return g_default_dtype.load(std::memory_order_relaxed); }

void set_default_dtype(DType d) {
  if (!is_floating(d))
    fail(ErrorKind::Type, str("set_default_dtype: only floating dtypes can be the default, not ", dtype_name(d)),
         "dtype");
  g_default_dtype.store(d, std::memory_order_relaxed);
}

}  // namespace ember

namespace ember {

// Self's dtype selects the kernel of nearly every op; rt::dtype_error
// names another argument where one is to blame.
void unsupported_dtype(const char* op, DType d) { rt::dtype_error(op, d, "self"); }

void rt::dtype_error(const char* op, DType d, const char* arg) {
  fail(ErrorKind::Type, str(op, ": not implemented for dtype ", dtype_name(d)), arg);
}

}  // namespace ember
