// What a generated op test declares about its schema entry: the op's
// signature, dtypes, result rule, reference and tolerances, and the
// layouts its cases run on. Data only; the harness reads it.
#pragma once

#include <cstdint>
#include <vector>

#include "ember/tensor.h"

namespace ember::optest {

// How a case lays its tensor inputs out; Note [layouts] in
// harness/inputs.cpp.
enum class Layout : int8_t { Contiguous, Transposed, Narrowed, Expanded, ZeroSize, ZeroDim, Large, Special };

// Number: a Scalar the kernel reads as an input, a wrapped number in type
// promotion (pow.Scalar's base). OptDType: an optional result dtype.
enum class ArgKind : int8_t { Tensor, TensorOrScalar, Scalar, Int, Bool, Number, OptDType };

// One argument of the op's signature, in order.
struct ArgSpec {
  const char* name;
  ArgKind kind;
  bool has_domain;  // else the dtype's default domain (Note [domains])
  double lo, hi;
};

// The kernel's result dtype rule (codegen/ops.py RESULT_RULES).
enum class Rule : int8_t { Same, Bool, Long, IntegralToLong, Floating };

// A pointwise entry's `ref`, over the values of the op's arguments by
// signature position: evaluated in double for a floating compute dtype,
// in int64 otherwise (then rounded or wrapped to the dtype).
using RefF = double (*)(const double* v);
using RefI = int64_t (*)(const int64_t* v);
// The same `ref` in long double: the exact result for `test.ulp`'s check.
using RefL = long double (*)(const long double* v);

// What a reduction, sort or scan entry's `ref` names: the harness's
// reference for it (harness/reduce_slices.cpp), which finds the op's
// arguments by name (dim, keepdim, p, unbiased, k, largest, sorted,
// descending, bins, min, max, dtype).
enum class Reducer : int8_t {
  None, Sum, Prod, Mean, Var, Std, Norm, Max, Min, All, Any,  // values (kind reduce); Max, Min also reduce_index
  Sort, Topk, Kthvalue, Median, Mode, Cumsum, Cumprod, Histc  // kind along_dim
};

struct Tol {
  DType dtype;  // the compute dtype
  double tol;   // relative; Note [tolerance] in harness/comparison.cpp
};

struct OpSpec {
  const char* name;
  std::vector<ArgSpec> args;
  std::vector<DType> dtypes;  // dtypes.cpu
  Rule rule;
  RefF ref_f;  // null when no dtype computes in floating point
  RefI ref_i;  // null when every dtype does
  Reducer reducer;
  std::vector<Tol> tol;  // dtypes without an entry compare exactly
  bool magnitude_tol = false;  // `test.magnitude_tol`: tol relative to the inputs' magnitude too
};

}  // namespace ember::optest
