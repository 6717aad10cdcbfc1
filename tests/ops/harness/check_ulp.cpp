// Note [ulp bounds]: a schema entry's `test.ulp` promises, per floating
// dtype, how far the op's result may lie from the exact one, in units in
// the last place of the result dtype (the spacing of that dtype's values
// at the exact result; the subnormal spacing below the normal range).
// "Exact" is the entry's `ref` evaluated in long double on the inputs as
// stored in the dtype: its own error (glibc's long double functions are
// good to a few units of 2^-64) is far below a double ulp.
//
// Inputs sweep the argument's domain (Note [domains]) two ways, 2^15
// values each: uniformly, and spread over binades (a random exponent down
// to 2^-24 of the domain's extent, for the small arguments a uniform draw
// misses). Results the dtype cannot hold (the exact value beyond its
// largest finite one) and exact values that are NaN or infinite are left
// to the special-value tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "tests/ops/harness.h"
#include "tests/ops/harness/inputs.h"

namespace ember::optest {

namespace {

using detail::Range;
using detail::Rng;

struct FloatFormat {
  int mantissa_bits;  // explicit bits after the point
  int min_exponent;   // of the smallest normal value
  double max_finite;
};

FloatFormat format_of(DType d) {
  switch (d) {
    case DType::Float: return {23, -126, 3.4028234663852886e38};
    case DType::Double: return {52, -1022, 1.7976931348623157e308};
    case DType::Half: return {10, -14, 65504.0};
    case DType::BFloat16: return {7, -126, 3.3895313892515355e38};
    default: ADD_FAILURE() << "ulp bounds apply to floating dtypes, not " << dtype_name(d); return {52, -1022, 0};
  }
}

long double ulp_at(long double exact, const FloatFormat& f) {
  int e = 0;
  std::frexp(exact, &e);  // exact = m * 2^e, 0.5 <= |m| < 1
  return std::ldexp(1.0L, std::max(e - 1, f.min_exponent) - f.mantissa_bits);
}

double uniform01(Rng& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

// A value of r spread over binades: a random sign that r allows, and a
// magnitude of the larger end times 2^-(0..24).
double binade_value(Range r, Rng& rng) {
  const double big = std::max(std::fabs(r.lo), std::fabs(r.hi));
  double v = big * std::exp2(-24.0 * uniform01(rng));
  if ((rng.next() & 1) ? r.lo < 0 : r.hi <= 0) v = -v;
  return std::clamp(v, r.lo, r.hi);
}

Tensor sweep(DType d, Range r, int64_t n, Rng& rng) {
  Tensor t = empty({n}, DType::Double);
  double* p = t.data<double>();
  for (int64_t i = 0; i < n; ++i) p[i] = i % 2 == 0 ? r.lo + (r.hi - r.lo) * uniform01(rng) : binade_value(r, rng);
  return t.to(d);
}

}  // namespace

void check_ulp(const OpSpec& op, const std::vector<Variant>& variants, DType dtype, double bound, RefL ref) {
  constexpr int64_t kN = int64_t{1} << 16;
  const auto functional =
      std::find_if(variants.begin(), variants.end(), [](const Variant& v) { return v.form == Form::Functional && !v.scalar; });
  ASSERT_NE(functional, variants.end()) << op.name << ": no functional variant to measure";
  Rng rng(detail::seed_of(op.name, static_cast<int>(dtype), 99));
  const size_t n_args = op.args.size();
  Args a(n_args);
  std::vector<Tensor> as_double;
  for (size_t k = 0; k < n_args; ++k) {
    const ArgSpec& spec = op.args[k];
    ASSERT_TRUE(spec.kind == ArgKind::Tensor || spec.kind == ArgKind::TensorOrScalar)
        << op.name << ": argument " << spec.name << " is not a tensor";
    a.tensors[k] = sweep(dtype, detail::domain_of(spec, dtype), kN, rng);
    as_double.push_back(a.tensors[k].to(DType::Double).contiguous());
  }
  const Tensor got = functional->call(a).to(DType::Double).contiguous();
  ASSERT_EQ(got.numel(), kN);
  const FloatFormat f = format_of(dtype);
  double worst = 0;
  std::vector<long double> worst_at(n_args), v(n_args);
  long double worst_exact = 0;
  double worst_got = 0;
  for (int64_t i = 0; i < kN; ++i) {
    for (size_t k = 0; k < n_args; ++k) v[k] = as_double[k].data<double>()[i];
    const long double exact = ref(v.data());
    if (!std::isfinite(exact) || std::fabs(exact) > f.max_finite) continue;
    const double g = got.data<double>()[i];
    const double err = std::isfinite(g) ? static_cast<double>(std::fabs(g - exact) / ulp_at(exact, f)) : HUGE_VAL;
    if (err > worst) {
      worst = err;
      worst_at = v;
      worst_exact = exact;
      worst_got = g;
    }
  }
  std::ostringstream where;
  where.precision(17);
  for (size_t k = 0; k < n_args; ++k) where << (k ? ", " : "") << op.args[k].name << " = " << static_cast<double>(worst_at[k]);
  EXPECT_LE(worst, bound) << op.name << " (" << dtype_name(dtype) << ") is " << worst << " ulp from exact at " << where.str()
                          << ": got " << worst_got << ", exact " << static_cast<double>(worst_exact) << " (Note [ulp bounds])";
  ::testing::Test::RecordProperty("worst_ulp", std::to_string(worst));
}

}  // namespace ember::optest
