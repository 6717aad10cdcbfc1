// TH's element-level tensor functions (schemas/tensor/structure.yaml):
// set1d..4d / get1d..4d, and the copies freeCopyTo and copyTranspose, as
// templates the generated C wrappers instantiate per dtype (T: the
// element type). Copies follow TH's copy: equal element counts, each
// tensor walked in its own row-major order.
#pragma once

#include <cstdint>
#include <string>

#include "ember/tensor_impl.h"
#include "kernels/copy.h"
#include "runtime/th/args.h"
#include "runtime/th/plan.h"

namespace ember::rt {

// The address of element (idx[0], ..., idx[k-1]) of a k-dim tensor; TH's
// indices are 0-based, and a negative one is out of range.
void* th_element(TensorImpl* tensor, const int64_t* idx, int k, const th::Fn& fn);
// TH's copyTransposeValid: dst contiguous, src the transpose of a
// contiguous matrix, and big enough (60 x 60) for the blocked copy to pay.
bool th_copy_transpose_valid(const TensorImpl* tensor, const TensorImpl* src);

template <class T, class... X>
T th_get(TensorImpl* tensor, X... x) {
  const int64_t idx[] = {static_cast<int64_t>(x)...};
  return *static_cast<const T*>(th_element(tensor, idx, sizeof...(X), th::fn_of<T>("Tensor_get", sizeof...(X))));
}

// set1d..4d: the value comes after the indices.
template <class T>
void th_set_element(TensorImpl* tensor, long x0, T value) {
  const int64_t idx[] = {x0};
  *static_cast<T*>(th_element(tensor, idx, 1, th::fn_of<T>("Tensor_set", 1))) = value;
}
template <class T>
void th_set_element(TensorImpl* tensor, long x0, long x1, T value) {
  const int64_t idx[] = {x0, x1};
  *static_cast<T*>(th_element(tensor, idx, 2, th::fn_of<T>("Tensor_set", 2))) = value;
}
template <class T>
void th_set_element(TensorImpl* tensor, long x0, long x1, long x2, T value) {
  const int64_t idx[] = {x0, x1, x2};
  *static_cast<T*>(th_element(tensor, idx, 3, th::fn_of<T>("Tensor_set", 3))) = value;
}
template <class T>
void th_set_element(TensorImpl* tensor, long x0, long x1, long x2, long x3, T value) {
  const int64_t idx[] = {x0, x1, x2, x3};
  *static_cast<T*>(th_element(tensor, idx, 4, th::fn_of<T>("Tensor_set", 4))) = value;
}

// TH's THTensor_copy, into dst from src of the same dtype.
template <class T>
void th_copy_same(TensorImpl* dst, const TensorImpl* src, const char* dst_arg, const char* src_arg,
                  const th::Fn& fn) {
  const std::string name = fn.str();
  th::ThPointwise<1> plan(name.c_str(), th::need(dst, fn, dst_arg), {{th::ThInput{th::need(src, fn, src_arg),
                                                                                  nullptr, src_arg}}},
                          false);
  kernels::copy<T, T>(plan.operands());
  plan.finish();
}

// Copies self into dst (unless they are one tensor), then frees self.
template <class T>
void th_free_copy_to(TensorImpl* self, TensorImpl* dst) {
  const th::Fn fn = th::fn_of<T>("Tensor_freeCopyTo");
  if (self != dst) th_copy_same<T>(dst, self, "dst", "self", fn);
  tensor_release(self);
}

// TH's fast path for copying a transposed matrix into a contiguous tensor;
// here a plain copy, so it is also right when copyTransposeValid is false.
template <class T>
void th_copy_transpose(TensorImpl* tensor, TensorImpl* src) {
  th_copy_same<T>(tensor, src, "tensor", "src", th::fn_of<T>("Tensor_copyTranspose"));
}

template <class T>
int th_copy_transpose_valid(TensorImpl* tensor, TensorImpl* src) {
  const th::Fn fn = th::fn_of<T>("Tensor_copyTransposeValid");
  return th_copy_transpose_valid(th::need(tensor, fn, "tensor"), th::need(src, fn, "src"));
}

}  // namespace ember::rt
