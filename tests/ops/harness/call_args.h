// The arguments of one C++ call: built from a case's inputs, an out=
// tensor to write into, and the check that a call left its inputs alone.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "tests/ops/harness/cpp_variants.h"
#include "tests/ops/harness/elements.h"
#include "tests/ops/harness/op_spec.h"

namespace ember::optest::detail {

// Every argument of `op` for dtype `d` and `layout`; Scalars in place of
// Tensor|Scalar arguments when `scalars`. Int, Bool and OptDType
// arguments are left for the caller to set per case.
Args make_args(const OpSpec& op, DType d, Layout layout, bool scalars, uint64_t seed, bool reduction);
// An out= tensor for a result of `shape`: in the Transposed layout a
// transposed one of that shape, which the call must write through its
// strides; else an empty one it resizes.
Tensor fresh_out(DType dtype, const Shape& shape, Layout layout);

// Snapshots of inputs a functional or out= call must leave alone.
std::vector<Tensor> snapshot(const Args& a);
void check_unchanged(const Args& a, const std::vector<Tensor>& before, const std::string& what);

// Whether `t` has several elements at one address (an expanded layout),
// which an in-place call cannot write.
bool has_stride_zero(const Tensor& t);
// In place, a result of another dtype than self's must be a TypeError.
void expect_type_error(const std::string& what, Tensor (*call)(Args&), Args& a);

}  // namespace ember::optest::detail
