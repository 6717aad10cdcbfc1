// What generated TH C wrappers use to cross between TH's typed C world and
// the untyped runtime: pointer casts (the typed structs share one layout),
// argument checks, and TH's `real` <-> the library's element types; with
// thunk.h, the shape every one of them has.
#pragma once

#include <type_traits>

#include "TH/THHalf.h"
#include "ember/error.h"
#include "ember/device.h"
#include "ember/half.h"
#include "ember/tensor_base.h"
#include "ember/tensor_impl.h"
#include "runtime/core/default_device.h"
#include "runtime/th/thunk.h"

namespace ember::th {

// A typed TH tensor or storage pointer as the runtime's type. Null is an
// error naming the C function and parameter; so is a tensor whose dtype
// is not the one its C type promises (a cast gone wrong in the caller).
// `param` is the C parameter's name (for the message), `arg` the name the
// error reports (mapped back to TH's argument number). Inline, with the
// errors out of line, as check_device below.
[[noreturn]] void null_arg(const char* fn, const char* param, const char* arg);
[[noreturn]] void wrong_dtype(int have, DType want, const char* fn, const char* param, const char* arg);
template <class Impl, class CT>
inline Impl* checked_arg(CT* p, DType want, const char* fn, const char* param, const char* arg) {
  if (__builtin_expect(!p, 0)) null_arg(fn, param, arg);
  // TH's `const THTensor *` parameters are only read by the functions taking them.
  auto* impl = reinterpret_cast<Impl*>(const_cast<std::remove_const_t<CT>*>(p));
  if (__builtin_expect(impl->dtype != static_cast<int>(want), 0)) wrong_dtype(impl->dtype, want, fn, param, arg);
  return impl;
}

// The storage (or NULL) is on a device of type `want`: TH's C functions
// take CPU tensors and THC's take CUDA ones (the default device's type,
// which THC's thunks set, runtime/thc/thunk.h); a RuntimeError otherwise.
// Inline, with the error out of line: it runs for every tensor argument
// of every C call (B10).
[[noreturn]] void wrong_device(const StorageImpl* s, DeviceType want, const char* fn, const char* param, const char* arg);
inline void check_device(const StorageImpl* s, DeviceType want, const char* fn, const char* param, const char* arg) {
  if (__builtin_expect(s && static_cast<DeviceType>(s->deviceType) != want, 0)) wrong_device(s, want, fn, param, arg);
}

// A parameter of the function's own type (THTensor *, THStorage *): on the
// C API's device (TH: the CPU, THC: CUDA).
template <class CT>
inline TensorImpl* tensor_arg(CT* t, DType want, const char* fn, const char* param, const char* arg) {
  TensorImpl* impl = checked_arg<TensorImpl>(t, want, fn, param, arg);
  check_device(impl->storage, rt::default_device_type(), fn, param, arg);
  return impl;
}
template <class CT>
StorageImpl* storage_arg(CT* s, DType want, const char* fn, const char* param, const char* arg) {
  StorageImpl* impl = checked_arg<StorageImpl>(s, want, fn, param, arg);
  check_device(impl, rt::default_device_type(), fn, param, arg);
  return impl;
}

// A parameter of a named type (THLongStorage *size, THByteTensor *mask):
// host memory in THC's functions too, as THC had them.
template <class CT>
TensorImpl* host_tensor_arg(CT* t, DType want, const char* fn, const char* param, const char* arg) {
  TensorImpl* impl = checked_arg<TensorImpl>(t, want, fn, param, arg);
  check_device(impl->storage, DeviceType::CPU, fn, param, arg);
  return impl;
}
template <class CT>
StorageImpl* host_storage_arg(CT* s, DType want, const char* fn, const char* param, const char* arg) {
  StorageImpl* impl = checked_arg<StorageImpl>(s, want, fn, param, arg);
  check_device(impl, DeviceType::CPU, fn, param, arg);
  return impl;
}

// Optional pointers (TH passes NULL for "use the default").
template <class CT>
TensorImpl* optional_tensor_arg(CT* t, DType want, const char* fn, const char* param, const char* arg) {
  return t ? tensor_arg(t, want, fn, param, arg) : nullptr;
}
template <class CT>
StorageImpl* optional_storage_arg(CT* s, DType want, const char* fn, const char* param, const char* arg) {
  return s ? storage_arg(s, want, fn, param, arg) : nullptr;
}
template <class CT>
TensorImpl* optional_host_tensor_arg(CT* t, DType want, const char* fn, const char* param, const char* arg) {
  return t ? host_tensor_arg(t, want, fn, param, arg) : nullptr;
}
template <class CT>
StorageImpl* optional_host_storage_arg(CT* s, DType want, const char* fn, const char* param, const char* arg) {
  return s ? host_storage_arg(s, want, fn, param, arg) : nullptr;
}

template <class CT>
CT* to_c(TensorImpl* t) {
  return reinterpret_cast<CT*>(t);
}
template <class CT>
CT* to_c(StorageImpl* s) {
  return reinterpret_cast<CT*>(s);
}

// A tensor handed to TH code: TH has no 0-dim tensors, so a 0-dim result
// becomes a 1-element vector over the same element.
TensorImpl* to_th_geometry(TensorImpl* t);

// Element values: identical types pass through; TH's Half structs convert
// bit for bit.
template <class T>
T from_c(T v) {
  return v;
}
inline Half from_c(THHalf v) { return Half::from_bits(v.x); }
inline BFloat16 from_c(THBFloat16 v) { return BFloat16::from_bits(v.x); }

template <class C, class T>
C value_to_c(T v) {
  if constexpr (std::is_same_v<C, THHalf> || std::is_same_v<C, THBFloat16>) {
    C c;
    c.x = v.x;
    return c;
  } else {
    return static_cast<C>(v);
  }
}

}  // namespace ember::th

namespace ember::th {

// TH passes size lists as THLongStorage (long == int64_t on LP64).
inline IntList int_list(StorageImpl* s, const char*, const char*) {
  return IntList(static_cast<const int64_t*>(s->data), static_cast<size_t>(s->size));
}

}  // namespace ember::th
