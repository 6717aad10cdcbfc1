// The one loop of the random fills: each element of a tensor, in
// row-major order of its indices (whatever its strides and the thread
// count: an MT19937 stream is sequential), takes the next value of a
// draw, converted to the tensor's dtype by kernels/convert.h's rule.
#pragma once

#include <cstdint>
#include <vector>

#include "ember/error.h"
#include "ember/tensor_impl.h"
#include "kernels/convert.h"
#include "runtime/core/visit_dtype.h"

namespace ember::rt {

// `self` must be writable element by element: an expanded tensor (several
// elements at one address) would keep only its last draw.
inline void check_fillable(const char* op, const TensorImpl* self, const char* arg = "self") {
  if (has_internal_overlap(self))
    fail(ErrorKind::Value, str(op, ": ", arg, " has several elements at one address (expanded) and cannot be written"),
         arg);
}

// f(T* element) for each element of t (of element type T), row-major.
template <class T, class F>
void for_each_element(TensorImpl* t, F&& f) {
  const int64_t n = numel(t);
  if (n == 0) return;
  T* p = data<T>(t);
  if (is_contiguous(t)) {
    for (int64_t i = 0; i < n; ++i) f(p + i);
    return;
  }
  const int nd = dim(t);
  std::vector<int64_t> idx(static_cast<size_t>(nd), 0);
  for (int64_t k = 0; k < n; ++k) {
    f(p);
    for (int d = nd - 1; d >= 0; --d) {
      if (++idx[d] < t->size[d]) {
        p += t->stride[d];
        break;
      }
      p -= (t->size[d] - 1) * t->stride[d];
      idx[d] = 0;
    }
  }
}

// Every element of t = draw() (a double or an int64), in row-major order.
template <class Draw>
void fill_draws(TensorImpl* t, Draw&& draw) {
  visit_dtype(dtype(t), [&](auto tag) {
    using T = typename decltype(tag)::type;
    for_each_element<T>(t, [&](T* e) { *e = kernels::convert<T>(draw()); });
  });
}

// Every element of t = draw(x) where x is the element of `param` (a tensor
// of t's element count, any dtype) at the same row-major position, read
// as double.
template <class Draw>
void fill_draws_from(TensorImpl* t, TensorImpl* param, Draw&& draw) {
  std::vector<double> values;
  values.reserve(static_cast<size_t>(numel(param)));
  visit_dtype(dtype(param), [&](auto tag) {
    using P = typename decltype(tag)::type;
    for_each_element<P>(param, [&](P* e) { values.push_back(kernels::convert<double>(*e)); });
  });
  size_t i = 0;
  fill_draws(t, [&] { return draw(values[i++]); });
}

}  // namespace ember::rt
