// Note [tolerance]: `tol` is relative. An element passes when
// |actual - expected| <= tol * |expected| + floor, where floor is the
// smallest normal value of the result dtype (so results that underflow
// compare sensibly). Sums allow tol * (|expected| + sum|x| / sqrt(n)): the
// second term is the size of a typical partial sum, which stands in for
// |expected| when the terms cancel; pointwise ops with
// `test.magnitude_tol` (logaddexp: the larger input plus a log1p term,
// which cancel near 0) allow tol * max(|expected|, |inputs|) likewise.
// NaN must meet NaN and an infinity the same infinity; without a
// tolerance, values must be equal (-0 == 0).
#include "tests/ops/harness/comparison.h"

#include <cmath>
#include <sstream>
#include <utility>

namespace ember::optest::detail {

namespace {

std::string shape_text(const Shape& s) {
  std::ostringstream out;
  out << "[";
  for (size_t i = 0; i < s.size(); ++i) out << (i ? ", " : "") << s[i];
  out << "]";
  return out.str();
}

bool close(double a, double e, double bound) {
  if (std::isnan(e)) return std::isnan(a);
  if (std::isinf(e) || bound == 0) return a == e;
  return std::fabs(a - e) <= bound;
}

}  // namespace

double tol_of(const OpSpec& op, DType compute) {
  for (const Tol& t : op.tol)
    if (t.dtype == compute) return t.tol;
  return 0;
}

Expected expect_like(DType dtype, Shape shape) {
  Expected e{dtype, std::move(shape), {}, {}, {}};
  const size_t n = static_cast<size_t>(numel_of(e.shape));
  if (is_floating(dtype)) {
    e.f.reserve(n);
    e.bound.reserve(n);
  } else {
    e.i.reserve(n);
  }
  return e;
}

void push_f(Expected& e, double v, double tol, double scale) {
  e.f.push_back(v);
  e.bound.push_back(tol == 0 ? 0 : tol * scale + min_normal(e.dtype));
}

void compare(const Tensor& actual, const Expected& e, const std::string& what, Describe describe, const void* ctx) {
  if (!actual.defined()) {
    ADD_FAILURE() << what << ": undefined result";
    return;
  }
  if (actual.dtype() != e.dtype) {
    ADD_FAILURE() << what << ": result dtype " << dtype_name(actual.dtype()) << ", expected " << dtype_name(e.dtype);
    return;
  }
  if (actual.shape() != e.shape || actual.is_scalar() != (e.shape.empty())) {
    ADD_FAILURE() << what << ": result shape " << shape_text(actual.shape()) << (actual.is_scalar() ? " (0-dim)" : "")
                  << ", expected " << shape_text(e.shape);
    return;
  }
  const Reader r(actual, e.shape);
  int64_t k = 0, bad = 0;
  std::ostringstream msg;
  msg.precision(17);
  for_each_index(e.shape, [&](const Shape& idx) {
    const bool floating = is_floating(e.dtype);
    const bool ok = floating ? close(r.f(idx), e.f[k], e.bound[k]) : r.i(idx) == e.i[k];
    if (!ok && ++bad <= 5) {
      msg << "\n  at " << shape_text(idx) << ": got ";
      if (floating) msg << r.f(idx) << ", expected " << e.f[k] << " (within " << e.bound[k] << ")";
      else msg << r.i(idx) << ", expected " << e.i[k];
      if (describe) msg << " for " << describe(ctx, k);
    }
    ++k;
  });
  if (bad) ADD_FAILURE() << what << ": " << bad << " of " << k << " elements differ" << msg.str();
}

}  // namespace ember::optest::detail
