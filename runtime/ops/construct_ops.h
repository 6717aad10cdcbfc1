// The ops that make tensors (schemas/math/construct.yaml): filled
// factories, ranges, eye, diag, tril/triu, cat, randperm, reshape and
// equal, in PyTorch's form (the C++ API: dtype= arguments, `name_out`
// writing to out). TH's forms are runtime/th/construct.h.
#pragma once

#include <cstdint>
#include <optional>

#include "ember/generator.h"
#include "ember/tensor_base.h"

namespace ember::rt {

TensorBase zeros(IntList size, std::optional<DType> dtype);
void zeros_out(TensorBase& out, IntList size, std::optional<DType> dtype);
TensorBase ones(IntList size, std::optional<DType> dtype);
void ones_out(TensorBase& out, IntList size, std::optional<DType> dtype);
TensorBase zeros_like(const TensorBase& self, std::optional<DType> dtype);
TensorBase ones_like(const TensorBase& self, std::optional<DType> dtype);
// dtype None: bool for a bool value, int64 for an integral one, the
// default dtype for a floating one (PyTorch 1.13).
TensorBase full(IntList size, const Scalar& fill_value, std::optional<DType> dtype);
void full_out(TensorBase& out, IntList size, const Scalar& fill_value, std::optional<DType> dtype);
TensorBase full_like(const TensorBase& self, const Scalar& fill_value, std::optional<DType> dtype);
// Tensor.new_*: self's dtype unless `dtype` is given.
TensorBase new_empty(const TensorBase& self, IntList size, std::optional<DType> dtype);
TensorBase new_zeros(const TensorBase& self, IntList size, std::optional<DType> dtype);
TensorBase new_ones(const TensorBase& self, IntList size, std::optional<DType> dtype);
TensorBase new_full(const TensorBase& self, IntList size, const Scalar& fill_value, std::optional<DType> dtype);

// dtype None: int64 when every argument is integral, else the default dtype.
TensorBase arange(const Scalar& end, std::optional<DType> dtype);
void arange_out(TensorBase& out, const Scalar& end, std::optional<DType> dtype);
TensorBase arange(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
void arange_out(TensorBase& out, const Scalar& start, const Scalar& end, const Scalar& step,
                std::optional<DType> dtype);
// Inclusive of end; dtype None: the default dtype (PyTorch's torch.range).
TensorBase range(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
void range_out(TensorBase& out, const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
TensorBase linspace(const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype);
void linspace_out(TensorBase& out, const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype);
TensorBase logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, std::optional<DType> dtype);
void logspace_out(TensorBase& out, const Scalar& start, const Scalar& end, int64_t steps, double base,
                  std::optional<DType> dtype);

TensorBase eye(int64_t n, std::optional<int64_t> m, std::optional<DType> dtype);
void eye_out(TensorBase& out, int64_t n, std::optional<int64_t> m, std::optional<DType> dtype);
TensorBase diag(const TensorBase& self, int64_t diagonal);
void diag_out(TensorBase& out, const TensorBase& self, int64_t diagonal);
TensorBase tril(const TensorBase& self, int64_t diagonal);
void tril_(TensorBase& self, int64_t diagonal);
void tril_out(TensorBase& out, const TensorBase& self, int64_t diagonal);
TensorBase triu(const TensorBase& self, int64_t diagonal);
void triu_(TensorBase& self, int64_t diagonal);
void triu_out(TensorBase& out, const TensorBase& self, int64_t diagonal);

TensorBase cat(const TensorBaseList& tensors, int64_t dim);
void cat_out(TensorBase& out, const TensorBaseList& tensors, int64_t dim);
// A random permutation of 0 .. n-1 (TH's and PyTorch's Fisher-Yates over
// THRandom_random, so a seed gives their permutation): from `generator`,
// or the default one (dtype None: int64).
TensorBase randperm(int64_t n, std::optional<DType> dtype, const std::optional<Generator>& generator);
void randperm_out(TensorBase& out, int64_t n, std::optional<DType> dtype, const std::optional<Generator>& generator);

TensorBase reshape(const TensorBase& self, IntList shape);
// reshape(self, other.sizes()), its errors naming reshape_as and `other`.
TensorBase reshape_as(const TensorBase& self, const TensorBase& other);

bool equal(const TensorBase& self, const TensorBase& other);

}  // namespace ember::rt
