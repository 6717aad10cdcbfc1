#include "tests/ops/harness/call_args.h"

#include <gtest/gtest.h>

#include "tests/ops/harness/inputs.h"

namespace ember::optest::detail {

Args make_args(const OpSpec& op, DType d, Layout layout, bool scalars, uint64_t seed, bool reduction) {
  Rng rng(seed);
  const size_t n = op.args.size();
  Args a(n);
  int k = 0;
  for (size_t i = 0; i < n; ++i) {
    const ArgSpec& arg = op.args[i];
    const Range r = domain_of(arg, d);
    switch (arg.kind) {
      case ArgKind::Tensor: a.tensors[i] = make_input(d, layout, k++, r, rng, reduction); break;
      case ArgKind::TensorOrScalar:
        if (scalars) a.scalars[i] = scalar_for(d, r, rng);
        else a.tensors[i] = make_input(d, layout, k++, r, rng, reduction);
        break;
      case ArgKind::Number: a.scalars[i] = scalar_for(d, r, rng); break;
      case ArgKind::Scalar:
        // Special values with a scaling alpha would overflow in float but
        // not in the double reference; 1 keeps both exact.
        a.scalars[i] = layout == Layout::Special ? Scalar(1.0) : scalar_for(d, r, rng);
        break;
      case ArgKind::Int:
      case ArgKind::Bool:
      case ArgKind::OptDType: break;  // set per case
    }
  }
  return a;
}

Tensor fresh_out(DType dtype, const Shape& shape, Layout layout) {
  if (layout == Layout::Transposed && shape.size() == 2) return empty({shape[1], shape[0]}, dtype).t();
  return empty({0}, dtype);
}

std::vector<Tensor> snapshot(const Args& a) {
  std::vector<Tensor> s;
  for (const Tensor& t : a.tensors) s.push_back(t.defined() ? t.clone() : Tensor());
  return s;
}

void check_unchanged(const Args& a, const std::vector<Tensor>& before, const std::string& what) {
  for (size_t k = 0; k < before.size(); ++k)
    if (before[k].defined() && !same_bytes(a.tensors[k], before[k])) ADD_FAILURE() << what << ": input " << k << " changed";
}

bool has_stride_zero(const Tensor& t) {
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.size(d) > 1 && t.stride(d) == 0) return true;
  return false;
}

void expect_type_error(const std::string& what, Tensor (*call)(Args&), Args& a) {
  try {
    call(a);
    ADD_FAILURE() << what << ": writing a result of another dtype in place did not throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Type) << what << ": " << e.what();
  }
}

}  // namespace ember::optest::detail
