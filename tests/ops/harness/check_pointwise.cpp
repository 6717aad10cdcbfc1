// check_pointwise: every C++ variant of a pointwise op on one dtype and
// layout, against pointwise_reference. An in-place call needs a self it
// can write (Note [layouts]); one whose result dtype differs from self's
// must be refused.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/ops/harness.h"
#include "tests/ops/harness/call_args.h"
#include "tests/ops/harness/comparison.h"
#include "tests/ops/harness/dtype_rules.h"
#include "tests/ops/harness/inputs.h"
#include "tests/ops/harness/pointwise_reference.h"

namespace ember::optest {

using namespace detail;

namespace {

std::string case_text(const OpSpec& op, DType d, const char* layout, const char* variant) {
  std::ostringstream out;
  out << op.name << " " << dtype_name(d) << " " << layout << ": " << variant;
  return out.str();
}

}  // namespace

void check_pointwise(const OpSpec& op, const std::vector<Variant>& variants, DType d, Layout layout) {
  const uint64_t seed = seed_of(op.name, static_cast<int>(d), static_cast<int>(layout));
  const DType compute = compute_of(op.rule, d), result = result_of(op.rule, d);
  for (const Variant& v : variants) {
    const std::string what = case_text(op, d, layout_name(layout), v.text);
    Args a = make_args(op, d, layout, v.scalar, seed, false);
    if (v.form == Form::Inplace) {
      if (result != d) {
        // A bool result may be written into any dtype (logical_and_ keeps
        // self's dtype, as PyTorch): only other results must be refused.
        if (result != DType::Bool) expect_type_error(what, v.call, a);
        continue;
      }
      if (has_stride_zero(a.t(0))) a.w(0) = a.t(0).clone();
    }
    // The reference reads copies of what an in-place call overwrites.
    Args ref_args = a;
    if (v.form == Form::Inplace) ref_args.w(0) = a.t(0).clone();
    PointwiseCase c = pointwise_reference(op, ref_args, compute, result);  // not const: describe_pointwise reloads its inputs
    const std::vector<Tensor> before = v.form == Form::Inplace ? std::vector<Tensor>() : snapshot(a);
    if (v.form == Form::Out) a.out = fresh_out(result, c.expected.shape, layout);
    Tensor r;
    if (!run_call(what, [&] { r = v.call(a); })) continue;
    EXPECT_TRUE(v.form != Form::Inplace || r.is_same(a.t(0))) << what << ": does not return self";
    EXPECT_TRUE(v.form != Form::Out || r.is_same(a.out)) << what << ": does not return out";
    compare(r, c.expected, what, describe_pointwise, &c);
    check_unchanged(a, before, what);
  }
}

}  // namespace ember::optest
