// Note [numbers]: a number passed for a Tensor|Scalar argument becomes a
// 0-dim tensor of the compute dtype (runtime/ops/pointwise_plan.h), so for
// Half and BFloat16 it is rounded to the dtype before the op runs; the
// reference does the same. (PyTorch's CPU add and sub round it the same
// way, but its mul and div read the number unrounded in float, through
// TensorIterator::original_scalar_value.) Scalar arguments such as `alpha`
// reach the kernel in its opmath type, double for Double, else float.
#include "tests/ops/harness/pointwise_reference.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ember::optest::detail {

PointwiseInputs::PointwiseInputs(const OpSpec& op, const Args& a, const Shape& loop, DType compute)
    : op_(op), compute_(compute), readers_(op.args.size()), vf_(op.args.size()), vi_(op.args.size()) {
  for (size_t k = 0; k < op.args.size(); ++k) {
    if (k < a.tensors.size() && a.tensors[k].defined()) {
      readers_[k] = Reader(a.tensors[k], loop);
      tensor_.push_back(static_cast<int>(k));
    } else if (k < a.scalars.size()) {
      // Note [numbers]: a number in a tensor's place becomes a 0-dim
      // tensor of the compute dtype; `alpha`-like Scalar arguments are
      // taken in the kernel's opmath type (double for Double, else float).
      const Scalar& s = a.scalars[k];
      if (op.args[k].kind == ArgKind::TensorOrScalar || op.args[k].kind == ArgKind::Number)
        vf_[k] = round_to(compute, s.to<double>());
      else vf_[k] = compute == DType::Double ? s.to<double>() : static_cast<double>(s.to<float>());
      vi_[k] = is_floating(compute) ? 0 : wrap_to(compute, s.to<int64_t>());
    }
  }
}

void PointwiseInputs::load(const Shape& idx) {
  for (int k : tensor_) {
    if (is_floating(compute_)) vf_[k] = round_to(compute_, readers_[k].f(idx));
    else vi_[k] = wrap_to(compute_, readers_[k].i(idx));
  }
}

double PointwiseInputs::ref_f() const {
  return op_.rule == Rule::Bool ? (op_.ref_f(vf_.data()) != 0) : round_to(compute_, op_.ref_f(vf_.data()));
}

int64_t PointwiseInputs::ref_i() const {
  return op_.rule == Rule::Bool ? (op_.ref_i(vi_.data()) != 0) : wrap_to(compute_, op_.ref_i(vi_.data()));
}

std::string PointwiseInputs::text() const {
  std::ostringstream out;
  out.precision(17);
  for (size_t k = 0; k < op_.args.size(); ++k) {
    if (op_.args[k].kind == ArgKind::Int || op_.args[k].kind == ArgKind::Bool) continue;
    out << (k ? ", " : "") << op_.args[k].name << "=";
    if (is_floating(compute_)) out << vf_[k];
    else out << vi_[k];
  }
  return out.str();
}

double PointwiseInputs::largest_input() const {
  double largest = 0;
  for (const double v : vf_)
    if (std::isfinite(v)) largest = std::max(largest, std::fabs(v));
  return largest;
}

namespace {

Shape broadcast_shape(const Args& a) {
  Shape out;
  for (const Tensor& t : a.tensors) {
    if (!t.defined()) continue;
    const Shape s = t.shape();
    Shape r(std::max(out.size(), s.size()), 1);
    for (size_t i = 0; i < r.size(); ++i) {
      const int64_t x = i < r.size() - out.size() ? 1 : out[i - (r.size() - out.size())];
      const int64_t y = i < r.size() - s.size() ? 1 : s[i - (r.size() - s.size())];
      r[i] = x == 1 ? y : x;
    }
    out = r;
  }
  return out;
}

}  // namespace

PointwiseCase pointwise_reference(const OpSpec& op, const Args& a, DType compute, DType result) {
  const Shape shape = broadcast_shape(a);
  PointwiseCase c{expect_like(result, shape), PointwiseInputs(op, a, shape, compute)};
  PointwiseInputs& in = c.inputs;
  const double tol = tol_of(op, compute);
  for_each_index(shape, [&](const Shape& idx) {
    in.load(idx);
    if (is_floating(compute)) {
      const double v = in.ref_f();
      // Note [tolerance]'s scale: |expected|, or the inputs' where the op's
      // result may cancel below them (`test.magnitude_tol`).
      const double scale = op.magnitude_tol ? std::max(std::fabs(v), in.largest_input()) : std::fabs(v);
      if (is_floating(result)) push_f(c.expected, v, tol, scale);
      else c.expected.i.push_back(static_cast<int64_t>(v));  // a truth value
    } else {
      const int64_t v = in.ref_i();
      if (is_floating(result)) push_f(c.expected, static_cast<double>(v), tol, std::fabs(static_cast<double>(v)));
      else c.expected.i.push_back(v);
    }
  });
  return c;
}

std::string describe_pointwise(const void* ctx, int64_t k) {
  // load() changes the case's loaded values, which only messages read.
  auto* c = const_cast<PointwiseCase*>(static_cast<const PointwiseCase*>(ctx));
  c->inputs.load(testutil::unravel(k, c->expected.shape));
  return "(" + c->inputs.text() + ")";
}

}  // namespace ember::optest::detail
