// Judging a result: the expected values of a call with the bound each may
// be off by (Note [tolerance], comparison.cpp), compared element by
// element; and a call that throws, reported as a failure of its case.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "tests/ops/harness/elements.h"
#include "tests/ops/harness/op_spec.h"

namespace ember::optest::detail {

// The entry's relative tolerance for compute dtype `compute`; 0: exact.
double tol_of(const OpSpec& op, DType compute);

struct Expected {
  DType dtype;
  Shape shape;
  std::vector<double> f;       // floating results
  std::vector<double> bound;   // allowed |actual - expected|, Note [tolerance]
  std::vector<int64_t> i;      // integral and bool results
};

Expected expect_like(DType dtype, Shape shape);
// Appends a floating value allowed to be off by tol * scale (and the
// floor of Note [tolerance]).
void push_f(Expected& e, double v, double tol, double scale);

// Describes the inputs of the element at row-major position k (for messages).
using Describe = std::string (*)(const void* ctx, int64_t k);

// Compares `actual` with `e` element by element, in row-major order.
void compare(const Tensor& actual, const Expected& e, const std::string& what, Describe describe = nullptr,
             const void* ctx = nullptr);

// Runs `call`; an ember::Error becomes a test failure naming the case.
template <class F>
bool run_call(const std::string& what, F&& call) {
  try {
    call();
    return true;
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": threw " << e.what();
    return false;
  }
}

}  // namespace ember::optest::detail
