// TH's cases (TH needs equal element counts, not shapes, and writes into
// results it resizes or existing views):
//   A  contiguous [3, 4] inputs and a fresh result;
//   B  the first input a transposed [3, 4] view, the others [12] vectors,
//      and the result an existing non-contiguous [3, 4] view (a narrowed
//      [5, 6]);
//   C  (reductions) a [5] vector.
#pragma once

#include <string>

#include "ember/tensor.h"
#include "tests/ops/harness/inputs.h"
#include "tests/ops/harness/th_functions.h"

namespace ember::optest::detail {

// The dtype of a C parameter in a call of the function's dtype `d`.
DType param_dtype(const CParam& p, DType d);
// An input of case `which` (0: A, 1: B, 2: C); `first`: the first tensor
// input, transposed in case B.
Tensor th_input(DType d, int which, bool first, Range r, Rng& rng);
// The result of case A, or of case B when `case_b`.
Tensor th_result(DType d, int case_b);
// THTensor_cadd -> THFloatTensor_cadd (detail)
std::string th_text(const ThSpec& fn, DType d, const std::string& detail);

}  // namespace ember::optest::detail
