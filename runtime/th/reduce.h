// TH's C forms of dist, cross and match (schemas/math/reduce.yaml,
// cross.yaml), whose semantics differ from the C++ API's
// (runtime/ops/reduce_ops.h): equal element counts, Torch7's dim rules.
#pragma once

#include <type_traits>

#include "ember/scalar.h"
#include "ember/tensor_impl.h"
#include "runtime/th/args.h"

namespace ember::rt {

// TH's dist: the p-norm of a - b over equal element counts (each read in
// its own row-major order), in the accumulate type, not rounded to T.
double th_dist_value(TensorImpl* a, TensorImpl* b, double p, const th::Fn& fn);
// TH's cross: equal sizes; a negative dim means the first of size 3.
void th_cross_into(TensorImpl* r, TensorImpl* a, TensorImpl* b, int dimension, const th::Fn& fn);

template <class T>
double th_dist(TensorImpl* a, TensorImpl* b, T value) {
  return th_dist_value(a, b, static_cast<double>(value), th::fn_of<T>("Tensor_dist"));
}

template <class T>
void th_cross(TensorImpl* r, TensorImpl* a, TensorImpl* b, int dimension) {
  th_cross_into(r, a, b, dimension, th::fn_of<T>("Tensor_cross"));
}

// TH's match: r_[i][j] = gain * |m1[i] - m2[j]|^2, the rows being m1's
// and m2's first-dim slices flattened (equal lengths), computed in the
// dtype (integers wrap) and summed in the accumulate type.
void th_match_into(TensorImpl* r, TensorImpl* m1, TensorImpl* m2, const Scalar& gain, const th::Fn& fn);

template <class T>
void th_match(TensorImpl* r, TensorImpl* m1, TensorImpl* m2, T gain) {
  const Scalar g = std::is_integral_v<T> ? Scalar(static_cast<int64_t>(gain)) : Scalar(static_cast<double>(gain));
  th_match_into(r, m1, m2, g, th::fn_of<T>("Tensor_match"));
}

}  // namespace ember::rt
