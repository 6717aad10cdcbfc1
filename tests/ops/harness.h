// What the generated op tests (generated/tests/, written by
// codegen/emit/op_tests.py from each schema entry's `test:` and `errors:`)
// call: deterministic inputs per dtype and layout, the entry's reference
// evaluated by naive loops, comparison within the entry's tolerance, TH C
// calls, and expected errors.
//
// The harness is ordinary compiled code working on dtypes at run time, so
// a generated test file holds only data, the reference as a function and
// one small captureless lambda per C++ variant or C function.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"
#include "tests/ops/reference_math.h"

namespace ember::optest {

// How a case lays its tensor inputs out; see Note [layouts] in harness.cpp.
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

// What a reduction, sort or scan entry's `ref` names: the harness's
// reference for it (harness_reduce.cpp), which finds the op's arguments
// by name (dim, keepdim, p, unbiased, k, largest, sorted, descending,
// bins, min, max, dtype).
enum class Reducer : int8_t {
  None, Sum, Prod, Mean, Var, Std, Norm, Max, Min, All, Any,  // values (kind reduce); Max, Min also reduce_index
  Sort, Topk, Kthvalue, Median, Mode, Cumsum, Cumprod, Histc  // kind along_dim
};

struct Tol {
  DType dtype;  // the compute dtype
  double tol;   // relative; Note [tolerance]
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
};

// The arguments of one C++ call, by signature position.
class Args {
 public:
  const Tensor& t(int k) const { return tensors[k]; }
  Tensor& w(int k) { return tensors[k]; }  // the self of an in-place call
  const Scalar& s(int k) const { return scalars[k]; }
  int64_t n(int k) const { return ints[k]; }
  bool b(int k) const { return ints[k] != 0; }
  std::optional<DType> dt(int k) const { return dtypes[k]; }

  std::vector<Tensor> tensors;
  std::vector<Scalar> scalars;
  std::vector<int64_t> ints;
  std::vector<std::optional<DType>> dtypes;
  Tensor out, out2;  // out= variants
};

enum class Form : int8_t { Functional, Inplace, Out };

struct Variant {
  const char* text;  // the C++ call, for messages
  Form form;
  bool scalar;  // Tensor|Scalar arguments are passed as Scalars
  Tensor (*call)(Args& a);
};

struct Variant2 {  // ops returning (values, indices)
  const char* text;
  Form form;
  bool scalar;
  std::tuple<Tensor, Tensor> (*call)(Args& a);
};

// Runs every variant on one case and compares with the reference.
void check_pointwise(const OpSpec& op, const std::vector<Variant>& variants, DType dtype, Layout layout);
// Mixed dtypes and wrapped numbers against PyTorch's result_type rules.
void check_promotion(const OpSpec& op, const std::vector<Variant>& variants);
// Reductions, sorts and scans against the reference `op.reducer`, over
// every dim (and -1), keepdim, and the op's other arguments
// (harness_reduce.cpp).
void check_reduce(const OpSpec& op, const std::vector<Variant>& variants, DType dtype, Layout layout);
void check_reduce_index(const OpSpec& op, const std::vector<Variant2>& variants, DType dtype, Layout layout);
void check_along_dim(const OpSpec& op, const std::vector<Variant>& variants, DType dtype, Layout layout);
void check_along_dim(const OpSpec& op, const std::vector<Variant2>& variants, DType dtype, Layout layout);

// ---- TH's C API ----------------------------------------------------------

template <class CT>
struct ThDType;
#define EMBER_OPTEST_TH_DTYPE(Name, cpp, acc)      \
  template <>                                      \
  struct ThDType<TH##Name##Tensor> {               \
    static constexpr DType value = DType::Name;    \
  };
EMBER_FORALL_DTYPES(EMBER_OPTEST_TH_DTYPE)
#undef EMBER_OPTEST_TH_DTYPE

void th_dtype_mismatch(DType want, const Tensor& t);

// A tensor as TH's typed pointer; valid while `t` lives (a temporary
// passed to a C call lives until the call returns).
template <class CT>
CT* th(const Tensor& t) {
  if (t.dtype() != ThDType<CT>::value) th_dtype_mismatch(ThDType<CT>::value, t);
  return reinterpret_cast<CT*>(t.impl());
}

// TH's empty tensor (no dims, no storage: THTensor_new()) as a Tensor, so
// that an error example's arguments are freed when the call raises.
Tensor th_empty(DType dtype);

// What a C parameter of a binding stands for.
enum class CRole : int8_t {
  Out,      // r_ / values_: resized by the call
  InOut,    // an in-place op's self (fill's r_): written as it is
  Input,    // a tensor argument of the op
  Value,    // a `real` argument
  Dim,      // int dimension
  Keepdim,  // int keepdim
  Indices,  // THLongTensor *indices_
  Int,      // an int / long bound to another int argument (k, bins)
  Flag,     // an int bound to a bool argument (negated: TH's `biased`)
};

struct CParam {
  CRole role;
  int arg;     // signature position (InOut, Input, Value, Int, Flag), else -1
  bool fixed;  // the tensor's dtype is `dtype`, not the function's
  DType dtype;
  bool negate = false;  // Flag: the C int is the bool argument's negation
};

// The parameters as generated code spells them: c_out() for THTensor *r_,
// c_out(DType::Byte) for THByteTensor *r_, c_input(1) for the tensor bound
// to signature argument 1, ...
constexpr CParam c_out() { return {CRole::Out, -1, false, DType::Byte}; }
constexpr CParam c_out(DType fixed) { return {CRole::Out, -1, true, fixed}; }
constexpr CParam c_inout(int arg) { return {CRole::InOut, arg, false, DType::Byte}; }
constexpr CParam c_input(int arg) { return {CRole::Input, arg, false, DType::Byte}; }
constexpr CParam c_input(int arg, DType fixed) { return {CRole::Input, arg, true, fixed}; }
constexpr CParam c_value(int arg) { return {CRole::Value, arg, false, DType::Byte}; }
constexpr CParam c_dim() { return {CRole::Dim, -1, false, DType::Byte}; }
constexpr CParam c_keepdim() { return {CRole::Keepdim, -1, false, DType::Byte}; }
constexpr CParam c_indices() { return {CRole::Indices, -1, true, DType::Long}; }
constexpr CParam c_int(int arg) { return {CRole::Int, arg, false, DType::Byte}; }
constexpr CParam c_flag(int arg, bool negate) { return {CRole::Flag, arg, false, DType::Byte, negate}; }

struct ThSpec {
  const char* name;  // TH<Type>Tensor_<name> without the type: THTensor_cadd
  std::vector<CParam> params;
  std::vector<std::pair<int, double>> defaults;  // signature args no parameter binds
};

// The C arguments of one call, by parameter position.
class ThCall {
 public:
  template <class CT>
  CT* tensor(int p) const {
    return th<CT>(tensors[p]);
  }
  template <class R>
  R value(int p) const {
    if constexpr (std::is_same_v<R, THHalf>) {
      R r;
      r.x = Half(static_cast<float>(values[p])).x;
      return r;
    } else if constexpr (std::is_same_v<R, THBFloat16>) {
      R r;
      r.x = BFloat16(static_cast<float>(values[p])).x;
      return r;
    } else {
      return static_cast<R>(values[p]);
    }
  }
  int integer(int p) const { return static_cast<int>(ints[p]); }

  std::vector<Tensor> tensors;
  std::vector<double> values;
  std::vector<int64_t> ints;
};

void check_th_pointwise(const OpSpec& op, DType dtype, const ThSpec& fn, void (*call)(const ThCall& c));
// Along a dim: sum (r_) and max (values_, indices_), sort, cumsum, ...
void check_th_reduce(const OpSpec& op, DType dtype, const ThSpec& fn, void (*call)(const ThCall& c));
// Whole-tensor: sumall, maxall, medianall, logicalall, ..., returning
// TH's accreal (`acc`), real or int, read back as a double.
enum class ThReturn : int8_t { Accreal, Real, Int };
void check_th_reduce_all(const OpSpec& op, DType dtype, const ThSpec& fn, ThReturn ret, double (*call)(const ThCall& c));

// ---- errors --------------------------------------------------------------

// `example` throws ember::Error of `kind`, naming `op` and, when `arg` is
// set, "argument '<arg>'".
void expect_error(ErrorKind kind, const char* op, const char* arg, void (*example)());
// `example` calls C function `fn`, whose failure reaches TH's handlers:
// the argument handler with `arg_number` (1-based) when `arg` is set, the
// plain one otherwise; the message names `fn` (and `arg`). The kind does
// not cross the C boundary.
void expect_th_error(const char* fn, int arg_number, const char* arg, void (*example)());

}  // namespace ember::optest
