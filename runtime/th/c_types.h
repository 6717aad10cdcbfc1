// TH's C types for an element type T of the library: what `THTensor`,
// `THStorage`, `real` and `accreal` stand for when TH's generic code is
// compiled for T's dtype (THFloatTensor, THFloatStorage, float, double for
// float). Generated TH functions are written once in these terms, as
// templates over T (runtime/th/thunk.h).
#pragma once

#include <type_traits>

#include "TH/THTensorTypes.h"
#include "ember/dtype.h"

namespace ember::th {

template <class T>
struct CTypes;

#define EMBER_TH_C_TYPES(Name, Cpp, Acc) \
  template <>                            \
  struct CTypes<Cpp> {                   \
    using Tensor = TH##Name##Tensor;     \
    using Storage = TH##Name##Storage;   \
  };
EMBER_FORALL_DTYPES(EMBER_TH_C_TYPES)
#undef EMBER_TH_C_TYPES

template <class T>
using THTensor = typename CTypes<T>::Tensor;
template <class T>
using THStorage = typename CTypes<T>::Storage;

// The element type C code sees, read off the typed storage struct: it
// differs from T for Char (char, not int8_t) and the half types (THHalf).
template <class T>
using real = std::remove_pointer_t<decltype(THStorage<T>::data)>;

// The accumulate type (dtypes.yaml's `acc`), which the C functions
// return as their C spelling `c_acc` (TH's accreal).
template <class T>
using accreal = typename CppTypeOf<dtype_of<T>>::acc;

// One per distinct c_acc: the two spellings must be one type, so that no
// value is converted at the C boundary (long is int64_t only on LP64).
static_assert(std::is_same_v<accreal<int32_t>, long>, "integer accreal: TH's C headers say long");
static_assert(std::is_same_v<accreal<float>, double>, "Float accreal: TH's C headers say double");
static_assert(std::is_same_v<accreal<Half>, float>, "Half accreal: TH's C headers say float");

}  // namespace ember::th
