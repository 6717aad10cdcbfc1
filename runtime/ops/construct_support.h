// What the construct ops' C++ forms (construct_ops.h) share with their TH
// forms (runtime/th/construct.h): the argument rules of factories and the
// fills of a result obtained from an Output. Internal to the runtime.
#pragma once

#include <cstdint>
#include <optional>

#include "ember/tensor_base.h"
#include "runtime/core/generator.h"
#include "runtime/ops/output.h"

namespace ember::rt {

// Sizes must not be negative.
void check_sizes(const char* op, IntList size);

// The dtype a factory makes: out's own when there is one (a dtype
// argument must agree), else the argument's or `fallback`.
DType factory_dtype(const TensorBase* out, const Output& result, std::optional<DType> dtype, DType fallback);

// PyTorch's rule for a fill value: one the dtype cannot hold (300 in
// uint8, 2.5e9 in int32, 1e6 in float16) is an error, not a wrapped or
// infinite element. Bool takes any value (nonzero is true).
void check_fill_value(const char* op, const Scalar& value, DType dtype);

// Ranges and permutations have no bool form.
void no_bool(const char* op, DType dtype);

// PyTorch's arange (or, inclusive, torch.range) as a 1-d tensor of
// `dtype`: the values start + i * step computed in the dtype's
// accumulate type.
TensorBase range_into(const char* op, Output& result, DType dtype, const Scalar& start, const Scalar& end,
                      const Scalar& step, bool inclusive);

// linspace (log_base: logspace with that base) as a 1-d tensor of `dtype`.
TensorBase linspace_into(const char* op, Output& result, DType dtype, const Scalar& start, const Scalar& end,
                         int64_t steps, const double* log_base);

// An n x m identity matrix of `dtype`.
TensorBase eye_into(Output& result, DType dtype, int64_t n, int64_t m);

// diag of self (1-d: a matrix with self on diagonal k; 2-d: diagonal k),
// out= when given.
TensorBase diag_into(const char* op, const TensorBase* out, const TensorBase& self, int64_t k);

// tril (lower) or triu of self into `out`.
void triangle_out(const char* op, const TensorBase& out, const TensorBase& self, int64_t k, bool lower);

// A permutation of 0 .. n - 1 as `dtype` drawn from `gen`, out= when given.
TensorBase randperm_into(const char* op, const TensorBase* out, DType dtype, int64_t n, THGenerator& gen);

}  // namespace ember::rt
