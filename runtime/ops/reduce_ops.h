// Reductions and vector ops composed of other ops (schemas/math/reduce.yaml,
// cross.yaml, histogram.yaml: kind `custom`), and the argument checks the
// along-dim entries name. Dtype-free: the typed work happens in the ops
// they call. TH's C forms of these are runtime/th/reduce.h.
#pragma once

#include <optional>

#include "ember/tensor_base.h"

namespace ember::rt {

TensorBase argmax(const TensorBase& self, std::optional<int64_t> dim, bool keepdim);
TensorBase argmin(const TensorBase& self, std::optional<int64_t> dim, bool keepdim);
TensorBase trace(const TensorBase& self);
TensorBase softmax(const TensorBase& self, int64_t dim, std::optional<DType> dtype);
TensorBase log_softmax(const TensorBase& self, int64_t dim, std::optional<DType> dtype);
TensorBase logsumexp(const TensorBase& self, IntList dim, bool keepdim);
TensorBase nanmean(const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype);
TensorBase argsort(const TensorBase& self, int64_t dim, bool descending);
TensorBase argsort(const TensorBase& self, bool stable, int64_t dim, bool descending);
TensorBase msort(const TensorBase& self);
// The values of sort(self, dim, descending) alone, into *out where given
// (Note [values-only sort]); errors name `op`.
TensorBase sort_values(const char* op, const TensorBase* out, const TensorBase& self, int64_t dim, bool descending);
TensorBase dist(const TensorBase& self, const TensorBase& other, const Scalar& p);
TensorBase renorm(const TensorBase& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
TensorBase cross(const TensorBase& self, const TensorBase& other, std::optional<int64_t> dim);

// histc and bhistc: bins >= 1, min <= max, and a finite range (the data's
// when min == max).
void check_histc(const char* op, const TensorBase& self, int64_t bins, double min, double max);

// out= of a custom op: `result` written into `out` (resized; its dtype
// must be the result's).
void assign_out(const char* op, const TensorBase& out, const TensorBase& result);

// The out= and in-place variants the generated C++ API calls (name_out,
// name_): the functional result, written into out or self.
void argmax_out(TensorBase& out, const TensorBase& self, std::optional<int64_t> dim, bool keepdim);
void argmin_out(TensorBase& out, const TensorBase& self, std::optional<int64_t> dim, bool keepdim);
void logsumexp_out(TensorBase& out, const TensorBase& self, IntList dim, bool keepdim);
void nanmean_out(TensorBase& out, const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype);
void msort_out(TensorBase& out, const TensorBase& self);
void renorm_out(TensorBase& out, const TensorBase& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
void renorm_(TensorBase& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
void cross_out(TensorBase& out, const TensorBase& self, const TensorBase& other, std::optional<int64_t> dim);

// The p-norm of a - b (broadcast) in the accumulate dtype (Double, or
// Float for Half and BFloat16), not rounded to the inputs' dtype: what
// dist rounds, and TH's dist returns as it is.
TensorBase dist_accumulated(const char* op, const TensorBase& a, const TensorBase& b, const Scalar& p);

}  // namespace ember::rt
