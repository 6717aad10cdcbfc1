// The expected result of a pointwise call: the entry's `ref` at every
// element of the broadcast shape, on the inputs as the kernel sees them
// (Note [numbers], pointwise_reference.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "tests/ops/harness/comparison.h"
#include "tests/ops/harness/cpp_variants.h"
#include "tests/ops/harness/elements.h"
#include "tests/ops/harness/op_spec.h"

namespace ember::optest::detail {

// The arguments of a pointwise reference, read at loop indices and
// converted to the compute dtype (as PyTorch casts inputs to the common
// dtype, and numbers to the compute type).
class PointwiseInputs {
 public:
  PointwiseInputs(const OpSpec& op, const Args& a, const Shape& loop, DType compute);

  // Loads the tensor arguments' elements at `idx`.
  void load(const Shape& idx);

  // The reference at the loaded values, rounded or wrapped to `compute`;
  // for comparisons (rule Bool) the truth value.
  double ref_f() const;
  int64_t ref_i() const;

  // The loaded values, named, for messages.
  std::string text() const;

  // The largest magnitude among the loaded floating values (a finite
  // one; 0 if none): the scale of `test.magnitude_tol`.
  double largest_input() const;

 private:
  const OpSpec& op_;
  DType compute_;
  std::vector<Reader> readers_;
  std::vector<int> tensor_;
  std::vector<double> vf_;
  std::vector<int64_t> vi_;
};

struct PointwiseCase {
  Expected expected;
  PointwiseInputs inputs;  // re-read for messages
};

// The expected result of `op` on `a`. `a` must stay unchanged while the
// case is used (messages re-read it).
PointwiseCase pointwise_reference(const OpSpec& op, const Args& a, DType compute, DType result);

// compare()'s Describe for a PointwiseCase: the inputs of element k.
std::string describe_pointwise(const void* ctx, int64_t k);

}  // namespace ember::optest::detail
