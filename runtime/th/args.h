// Argument checks for the hand-written TH functions (th_storage.h,
// th_tensor.h, th_geometry.h). Their generated C wrappers pass NULL
// pointers through (TH accepted NULL in places), so each function checks
// its own arguments, and every message names the typed C function.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "ember/dtype.h"
#include "ember/error.h"
#include "ember/int_list.h"
#include "ember/tensor_impl.h"

namespace ember::th {

// Names the C function TH<Type><name> for messages: {DType::Float,
// "Tensor_size"} prints as THFloatTensor_size, and {DType::Float,
// "Tensor_resize", 2} as THFloatTensor_resize2d (the k-d forms).
struct Fn {
  DType dtype;
  const char* name;
  int dims = 0;
  std::string str() const;
};
std::ostream& operator<<(std::ostream& out, const Fn& fn);

template <class T>
Fn fn_of(const char* name, int dims = 0) {
  return Fn{dtype_of<T>, name, dims};
}

// `p` itself, or a ValueError naming `arg` when it is NULL.
template <class P>
P* need(P* p, const Fn& fn, const char* arg) {
  if (!p) fail(ErrorKind::Value, ember::str(fn, ": ", arg, " is NULL"), arg);
  return p;
}

// The values of a THLongStorage of sizes, strides or dims (NULL: none).
IntList long_list(const StorageImpl* s);

// A dim of `t` in [0, ndim): TH's C API counts dims from 0 and, unlike the
// C++ API, has no negative dims.
int64_t check_dim(const TensorImpl* t, int64_t dim, const Fn& fn, const char* arg);

}  // namespace ember::th
