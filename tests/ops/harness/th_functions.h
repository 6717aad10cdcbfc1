// TH's C functions as a generated op test describes and calls them: what
// each C parameter stands for, and the C arguments of one call, typed the
// way the function wants them.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"

namespace ember::optest {

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

// What a whole-tensor TH reduction returns: TH's accreal (`acc`), real or
// int, read back as a double.
enum class ThReturn : int8_t { Accreal, Real, Int };

}  // namespace ember::optest
