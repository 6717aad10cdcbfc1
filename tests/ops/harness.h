// What the generated op tests (generated/tests/, written by
// codegen/emit/op_tests.py from each schema entry's `test:` and `errors:`)
// call: deterministic inputs per dtype and layout, the entry's reference
// evaluated by naive loops, comparison within the entry's tolerance, TH C
// calls, and expected errors. The one header they include; the parts
// live in tests/ops/harness/, one idea per file.
//
// The harness is ordinary compiled code working on dtypes at run time, so
// a generated test file holds only data, the reference as a function and
// one small captureless lambda per C++ variant or C function.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"
#include "tests/ops/harness/cpp_variants.h"
#include "tests/ops/harness/op_spec.h"
#include "tests/ops/harness/th_functions.h"
#include "tests/ops/reference_math.h"

namespace ember::optest {

// ---- C++ variants ----------------------------------------------------------

// Runs every variant on one case and compares with the reference
// (harness/check_pointwise.cpp).
void check_pointwise(const OpSpec& op, const std::vector<Variant>& variants, DType dtype, Layout layout);
// The functional variant's largest error in ulps over a sweep of the
// domain, against `ref` in long double: at most `bound` (Note [ulp
// bounds], harness/check_ulp.cpp).
void check_ulp(const OpSpec& op, const std::vector<Variant>& variants, DType dtype, double bound, RefL ref);
// Mixed dtypes and wrapped numbers against PyTorch's result_type rules
// (harness/check_promotion.cpp).
void check_promotion(const OpSpec& op, const std::vector<Variant>& variants);
// Reductions, sorts and scans against the reference `op.reducer`, over
// every dim (and -1), keepdim, and the op's other arguments
// (harness/check_reduce.cpp).
void check_reduce(const OpSpec& op, const std::vector<Variant>& variants, DType dtype, Layout layout);
void check_reduce_index(const OpSpec& op, const std::vector<Variant2>& variants, DType dtype, Layout layout);
void check_along_dim(const OpSpec& op, const std::vector<Variant>& variants, DType dtype, Layout layout);
void check_along_dim(const OpSpec& op, const std::vector<Variant2>& variants, DType dtype, Layout layout);

// ---- TH's C API ------------------------------------------------------------

// harness/check_th_pointwise.cpp.
void check_th_pointwise(const OpSpec& op, DType dtype, const ThSpec& fn, void (*call)(const ThCall& c));
// Along a dim: sum (r_) and max (values_, indices_), sort, cumsum, ...
// (harness/check_th_reduce.cpp, as is the next).
void check_th_reduce(const OpSpec& op, DType dtype, const ThSpec& fn, void (*call)(const ThCall& c));
// Whole-tensor: sumall, maxall, medianall, logicalall, ...
void check_th_reduce_all(const OpSpec& op, DType dtype, const ThSpec& fn, ThReturn ret, double (*call)(const ThCall& c));

// ---- errors (harness/error_checks.cpp) -------------------------------------

// `example` throws ember::Error of `kind`, naming `op` and, when `arg` is
// set, "argument '<arg>'".
void expect_error(ErrorKind kind, const char* op, const char* arg, void (*example)());
// `example` calls C function `fn`, whose failure reaches TH's handlers:
// the argument handler with `arg_number` (1-based) when `arg` is set, the
// plain one otherwise; the message names `fn` (and `arg`). The kind does
// not cross the C boundary.
void expect_th_error(const char* fn, int arg_number, const char* arg, void (*example)());

}  // namespace ember::optest
