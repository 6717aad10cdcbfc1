// The random fills, shared by the C++ ops (random_ops.h) and TH's C forms
// (runtime/th/random_tensor.h): each checks its arguments, then holds the
// generator's lock and draws one value per element of `self` in row-major
// order with Torch7's formula (runtime/core/distributions.h). Argument
// names in errors are the schema's (TH's thunks map them to positions).
#pragma once

#include <cstdint>
#include <optional>

#include "TH/THRandom.h"
#include "ember/tensor_impl.h"

namespace ember::rt {

void uniform_fill(const char* op, TensorImpl* self, THGenerator& g, double from, double to);
void normal_fill(const char* op, TensorImpl* self, THGenerator& g, double mean, double std);
// TH's normal_means / normal_stddevs / normal_means_stddevs, and PyTorch's
// normal(TensorBase, ...): self (already of the result's shape) = z * std +
// mean with z = normal(0, 1) rounded to self's dtype, or, with a tensor
// mean and a number std, normal(0, std) rounded, plus mean (TH's order of
// roundings). A null tensor is the number beside it.
void normal_tensors_fill(const char* op, TensorImpl* self, THGenerator& g, TensorImpl* mean, double mean_value,
                         TensorImpl* std, double std_value);
void exponential_fill(const char* op, TensorImpl* self, THGenerator& g, double lambd);
void cauchy_fill(const char* op, TensorImpl* self, THGenerator& g, double median, double sigma);
// exp(normal(mean, std)), the parameters of TH's logNormal and PyTorch's.
void log_normal_fill(const char* op, TensorImpl* self, THGenerator& g, double mean, double std);
// log_q: the log of the failure probability (distributions.h).
void geometric_fill(const char* op, TensorImpl* self, THGenerator& g, double log_q);
void bernoulli_fill(const char* op, TensorImpl* self, THGenerator& g, double p);
// p: a tensor of self's element count holding probabilities (may be self).
void bernoulli_tensor_fill(const char* op, TensorImpl* self, THGenerator& g, TensorImpl* p, const char* p_arg = "p");
// Torch7's random: one draw modulo (the largest exact integer of the dtype) + 1.
void random_fill(const char* op, TensorImpl* self, THGenerator& g);
// from + draw % (to - from): one draw below a range of 2^32, two from
// there; `to` absent: one past the dtype's largest exact integer.
// from_arg / to_arg: what errors call them.
void random_range_fill(const char* op, TensorImpl* self, THGenerator& g, int64_t from, std::optional<int64_t> to,
                       const char* from_arg = "from", const char* to_arg = "to");

}  // namespace ember::rt
