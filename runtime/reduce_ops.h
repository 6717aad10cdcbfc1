// Reductions and vector ops composed of other ops (schemas/math/reduce.yaml,
// cross.yaml, histogram.yaml: kind `custom`), and the argument checks the
// along-dim entries name. Dtype-free: the typed work happens in the ops
// they call. The th_* templates are TH's C forms, whose semantics differ
// from the C++ API (equal element counts, Torch7's dim rules).
#pragma once

#include <optional>
#include <type_traits>

#include "ember/tensor.h"
#include "runtime/th_args.h"

namespace ember::rt {

Tensor amax(const Tensor& self, IntList dim, bool keepdim);
Tensor amin(const Tensor& self, IntList dim, bool keepdim);
Tensor trace(const Tensor& self);
Tensor dist(const Tensor& self, const Tensor& other, const Scalar& p);
Tensor renorm(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
Tensor cross(const Tensor& self, const Tensor& other, std::optional<int64_t> dim);

// histc and bhistc: bins >= 1, min <= max, and a finite range (the data's
// when min == max).
void check_histc(const char* op, const Tensor& self, int64_t bins, double min, double max);

// out= of a custom op: `result` written into `out` (resized; its dtype
// must be the result's).
void assign_out(const char* op, const Tensor& out, const Tensor& result);

// The out= and in-place variants the generated C++ API calls (name_out,
// name_): the functional result, written into out or self.
void amax_out(Tensor& out, const Tensor& self, IntList dim, bool keepdim);
void amin_out(Tensor& out, const Tensor& self, IntList dim, bool keepdim);
void renorm_out(Tensor& out, const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
void renorm_(Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
void cross_out(Tensor& out, const Tensor& self, const Tensor& other, std::optional<int64_t> dim);

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
