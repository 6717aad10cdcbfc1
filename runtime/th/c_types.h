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

// The accumulate type (dtypes.yaml's `acc`). Its C spelling `c_acc`
// names the same type on LP64 (long is int64_t); where it would not, the
// C function's own signature converts.
template <class T>
using accreal = typename CppTypeOf<dtype_of<T>>::acc;

}  // namespace ember::th
