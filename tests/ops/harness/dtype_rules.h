// The dtypes an op computes in, returns and accumulates in, from the
// dtype its inputs promote to: PyTorch's rules as the schema's `result`
// names them (codegen/ops.py RESULT_RULES); the default floating dtype is
// float32.
#pragma once

#include "ember/tensor.h"
#include "tests/ops/harness/op_spec.h"

namespace ember::optest::detail {

inline DType compute_of(Rule r, DType promoted) {
  return r == Rule::Floating && !is_floating(promoted) ? DType::Float : promoted;
}

inline DType result_of(Rule r, DType promoted) {
  switch (r) {
    case Rule::Same: return promoted;
    case Rule::Bool: return DType::Bool;
    case Rule::Long: return DType::Long;
    case Rule::IntegralToLong: return is_floating(promoted) ? promoted : DType::Long;
    case Rule::Floating: return compute_of(r, promoted);
  }
  return promoted;
}

// The accumulate dtype (TH's accreal): the type products and norms of
// `d` accumulate in.
inline DType acc_dtype(DType d) {
  if (!is_floating(d)) return DType::Long;
  return d == DType::Half || d == DType::BFloat16 ? DType::Float : DType::Double;
}

}  // namespace ember::optest::detail
