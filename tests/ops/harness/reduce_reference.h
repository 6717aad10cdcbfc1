// The expected result of one reduction, sort or scan call: the result's
// shape, and the slice references (reduce_slices.h) laid out in it.
#pragma once

#include "ember/tensor.h"
#include "tests/ops/harness/comparison.h"
#include "tests/ops/harness/elements.h"
#include "tests/ops/harness/op_spec.h"
#include "tests/ops/harness/reduce_config.h"

namespace ember::optest::detail {

// What one call should produce: the shape, the values and the positions.
struct ReduceCase {
  bool skip = false;  // an error case (empty slices to pick from, ...), tested by the entry's errors
  Shape shape;
  Expected values, indices;
};

// The expected outputs of one call of `red` on self, with results of
// dtype `result` (values; positions are Long). `whole`: no dim argument.
// `th`: TH's geometry (no 0-dim results).
ReduceCase expected_case(const OpSpec& op, Reducer red, const Tensor& self, bool whole, const Config& c, DType result,
                         bool th);

}  // namespace ember::optest::detail
