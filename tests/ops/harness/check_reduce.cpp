// check_reduce, check_reduce_index, check_along_dim: every C++ variant of
// a reduction, sort or scan on one dtype and layout, over every config
// (reduce_config.h), against expected_case. A scan in place (cumsum_)
// keeps self's dtype: its expected values are those of that dtype, and a
// dtype= of another is a TypeError.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "tests/ops/harness.h"
#include "tests/ops/harness/call_args.h"
#include "tests/ops/harness/comparison.h"
#include "tests/ops/harness/dtype_rules.h"
#include "tests/ops/harness/inputs.h"
#include "tests/ops/harness/reduce_config.h"
#include "tests/ops/harness/reduce_reference.h"

namespace ember::optest {

using namespace detail;

namespace {

// The dtype of an entry's (values) result for input dtype d.
DType result_dtype_of(const OpSpec& op, DType d, const Config& c) {
  if (c.dtype) return *c.dtype;
  return result_of(op.rule, d);
}

// An in-place scan on a fresh self of the layout (base's inputs are
// shared by every config), against the values of self's dtype.
void check_inplace(const OpSpec& op, const Variant& v, DType d, Layout layout, uint64_t seed, const Positions& at,
                   const Config& c, const std::string& what) {
  Args a = make_args(op, d, layout, false, seed, true);
  if (has_stride_zero(a.t(0))) a.w(0) = a.t(0).clone();
  apply_config(at, c, a);
  if (c.dtype && *c.dtype != d) {
    expect_type_error(what, v.call, a);
    return;
  }
  const ReduceCase e = expected_case(op, op.reducer, a.t(0).clone(), at.dim < 0, c, d, false);
  if (e.skip) return;
  Tensor r;
  if (!run_call(what, [&] { r = v.call(a); })) return;
  EXPECT_TRUE(r.is_same(a.t(0))) << what << ": does not return self";
  compare(r, e.values, what);
}

// Every variant on every config of one dtype and layout.
template <class V>
void check_all(const OpSpec& op, const std::vector<V>& variants, DType d, Layout layout) {
  const Positions at = positions_of(op);
  const uint64_t seed = seed_of(op.name, static_cast<int>(d), static_cast<int>(layout));
  Args base = make_args(op, d, layout, false, seed, true);
  const Tensor self = base.t(0);
  for (const Config& c : configs_of(at, self.shape(), op.reducer)) {
    const DType result = result_dtype_of(op, d, c);
    const ReduceCase e = expected_case(op, op.reducer, self, at.dim < 0, c, result, false);
    if (e.skip) continue;
    for (const V& v : variants) {
      const std::string what = std::string(op.name) + " " + dtype_name(d) + " " + layout_name(layout) + ": " + v.text +
                               config_text(at, c);
      if constexpr (std::is_same_v<V, Variant>) {
        if (v.form == Form::Inplace) {
          check_inplace(op, v, d, layout, seed, at, c, what);
          continue;
        }
      }
      Args a = base;
      apply_config(at, c, a);
      if (v.form == Form::Out) {
        a.out = fresh_out(result, e.shape, layout);
        a.out2 = fresh_out(DType::Long, e.shape, layout);
      }
      const std::vector<Tensor> before = snapshot(a);
      if constexpr (std::is_same_v<V, Variant2>) {
        std::tuple<Tensor, Tensor> r;
        if (!run_call(what, [&] { r = v.call(a); })) continue;
        if (v.form == Form::Out) {
          EXPECT_TRUE(std::get<0>(r).is_same(a.out)) << what << ": does not return values";
          EXPECT_TRUE(std::get<1>(r).is_same(a.out2)) << what << ": does not return indices";
        }
        compare(std::get<0>(r), e.values, what + " (values)");
        compare(std::get<1>(r), e.indices, what + " (indices)");
      } else {
        Tensor r;
        if (!run_call(what, [&] { r = v.call(a); })) continue;
        EXPECT_TRUE(v.form != Form::Out || r.is_same(a.out)) << what << ": does not return out";
        compare(r, e.values, what);
      }
      check_unchanged(a, before, what);
    }
  }
}

}  // namespace

void check_reduce(const OpSpec& op, const std::vector<Variant>& variants, DType d, Layout layout) {
  check_all(op, variants, d, layout);
}

void check_reduce_index(const OpSpec& op, const std::vector<Variant2>& variants, DType d, Layout layout) {
  check_all(op, variants, d, layout);
}

void check_along_dim(const OpSpec& op, const std::vector<Variant>& variants, DType d, Layout layout) {
  check_all(op, variants, d, layout);
}

void check_along_dim(const OpSpec& op, const std::vector<Variant2>& variants, DType d, Layout layout) {
  check_all(op, variants, d, layout);
}

}  // namespace ember::optest
