// check_promotion: a pointwise op on mixed dtypes, 0-dim tensors and
// wrapped numbers, against PyTorch's result_type rules written out case
// by case.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/ops/harness.h"
#include "tests/ops/harness/comparison.h"
#include "tests/ops/harness/dtype_rules.h"
#include "tests/ops/harness/inputs.h"
#include "tests/ops/harness/pointwise_reference.h"

namespace ember::optest {

using namespace detail;

namespace {

enum class Other : int8_t { Dims, ZeroDim, Number };

// PyTorch's result_type (torch.result_type docs): categories bool <
// integral < floating; dimensioned tensors decide unless a 0-dim tensor,
// then a number, is of a higher category, which then picks the dtype (a
// number's: int64, or the default float32). Written out case by case
// rather than computed, so the runtime's rules are checked, not mirrored.
struct MixedCase {
  DType self;
  bool self_zero_dim;
  Other other_kind;
  DType other;  // for a number: Bool, Long or Float stand for its kind
  DType promoted;
};

const MixedCase kMixed[] = {
    {DType::Int, false, Other::Dims, DType::Float, DType::Float},
    {DType::Byte, false, Other::Dims, DType::Char, DType::Short},
    {DType::Half, false, Other::Dims, DType::BFloat16, DType::Float},
    {DType::Double, false, Other::Dims, DType::Half, DType::Double},
    {DType::Byte, false, Other::Dims, DType::Bool, DType::Byte},
    {DType::Bool, false, Other::Dims, DType::Bool, DType::Bool},
    {DType::Int, false, Other::ZeroDim, DType::Long, DType::Int},
    {DType::Int, false, Other::ZeroDim, DType::Double, DType::Double},
    {DType::Float, false, Other::ZeroDim, DType::Double, DType::Float},
    {DType::Long, false, Other::ZeroDim, DType::Float, DType::Float},
    {DType::Char, true, Other::ZeroDim, DType::Short, DType::Short},
    {DType::Int, false, Other::Number, DType::Float, DType::Float},
    {DType::Byte, false, Other::Number, DType::Long, DType::Byte},
    {DType::Bool, false, Other::Number, DType::Long, DType::Long},
    {DType::Half, false, Other::Number, DType::Float, DType::Half},
    {DType::Short, false, Other::Number, DType::Bool, DType::Short},
    {DType::Bool, false, Other::Number, DType::Float, DType::Float},
};

const char* other_text(Other o) {
  switch (o) {
    case Other::Dims: return "tensor";
    case Other::ZeroDim: return "0-dim tensor";
    case Other::Number: return "number";
  }
  return "?";
}

}  // namespace

void check_promotion(const OpSpec& op, const std::vector<Variant>& variants) {
  int self_pos = -1, other_pos = -1;
  for (size_t k = 0; k < op.args.size(); ++k) {
    if (op.args[k].kind == ArgKind::Tensor && self_pos < 0) self_pos = static_cast<int>(k);
    if (op.args[k].kind == ArgKind::TensorOrScalar && other_pos < 0) other_pos = static_cast<int>(k);
  }
  ASSERT_TRUE(self_pos >= 0 && other_pos >= 0) << op.name << ": promotion needs a Tensor and a Tensor|Scalar argument";
  int run = 0;
  for (const MixedCase& m : kMixed) {
    const DType compute = compute_of(op.rule, m.promoted), result = result_of(op.rule, m.promoted);
    bool supported = false;
    for (DType d : op.dtypes) supported = supported || d == compute;
    if (!supported) continue;
    const bool number = m.other_kind == Other::Number;
    for (const Variant& v : variants) {
      if (v.form == Form::Inplace || v.scalar != number) continue;
      std::ostringstream what;
      what << op.name << " " << dtype_name(m.self) << (m.self_zero_dim ? " 0-dim" : "") << " with a "
           << dtype_name(m.other) << " " << other_text(m.other_kind) << ": " << v.text;
      Rng rng(seed_of(op.name, static_cast<int>(m.self), static_cast<int>(m.other)));
      Args a(op.args.size());
      const Layout self_layout = m.self_zero_dim ? Layout::ZeroDim : Layout::Contiguous;
      // Every plain Tensor argument is self's kind (lerp's end beside self).
      for (size_t k = 0; k < op.args.size(); ++k)
        if (op.args[k].kind == ArgKind::Tensor)
          a.tensors[k] = make_input(m.self, self_layout, static_cast<int>(k), domain_of(op.args[k], m.self), rng, false);
      // A number's value fits the compute dtype (PyTorch rejects or wraps
      // out-of-range numbers; neither is what this checks).
      // Every Tensor|Scalar argument is of the mixed kind (clamp's min and max).
      for (size_t k = static_cast<size_t>(other_pos); k < op.args.size(); ++k) {
        if (op.args[k].kind != ArgKind::TensorOrScalar) continue;
        const Range other_range = domain_of(op.args[k], number && !is_floating(m.other) ? compute : m.other);
        if (number) a.scalars[k] = scalar_for(m.other, other_range, rng);
        else a.tensors[k] = make_input(m.other, m.other_kind == Other::Dims ? Layout::Contiguous : Layout::ZeroDim,
                                       static_cast<int>(k), other_range, rng, false);
      }
      for (size_t k = 0; k < op.args.size(); ++k)
        if (op.args[k].kind == ArgKind::Scalar) a.scalars[k] = scalar_for(compute, domain_of(op.args[k], compute), rng);
      PointwiseCase c = pointwise_reference(op, a, compute, result);  // not const: describe_pointwise reloads its inputs
      if (v.form == Form::Out) a.out = empty({0}, result);
      Tensor r;
      if (!run_call(what.str(), [&] { r = v.call(a); })) continue;
      compare(r, c.expected, what.str(), describe_pointwise, &c);
      ++run;
    }
  }
  EXPECT_GT(run, 0) << op.name << ": no mixed-dtype case applies";
}

}  // namespace ember::optest
