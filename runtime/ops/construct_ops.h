// The ops that make tensors (schemas/math/construct.yaml): filled
// factories, ranges, eye, diag, tril/triu, cat, randperm, reshape and
// equal, in PyTorch's form (the C++ API: dtype= arguments, `name_out`
// writing to out). TH's forms are runtime/th/construct.h.
#pragma once

#include <cstdint>
#include <optional>

#include "ember/tensor.h"

namespace ember::rt {

Tensor zeros(IntList size, std::optional<DType> dtype);
void zeros_out(Tensor& out, IntList size, std::optional<DType> dtype);
Tensor ones(IntList size, std::optional<DType> dtype);
void ones_out(Tensor& out, IntList size, std::optional<DType> dtype);
Tensor zeros_like(const Tensor& self, std::optional<DType> dtype);
Tensor ones_like(const Tensor& self, std::optional<DType> dtype);
// dtype None: bool for a bool value, int64 for an integral one, the
// default dtype for a floating one (PyTorch 1.13).
Tensor full(IntList size, const Scalar& fill_value, std::optional<DType> dtype);
void full_out(Tensor& out, IntList size, const Scalar& fill_value, std::optional<DType> dtype);
Tensor full_like(const Tensor& self, const Scalar& fill_value, std::optional<DType> dtype);

// dtype None: int64 when every argument is integral, else the default dtype.
Tensor arange(const Scalar& end, std::optional<DType> dtype);
void arange_out(Tensor& out, const Scalar& end, std::optional<DType> dtype);
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
void arange_out(Tensor& out, const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
// Inclusive of end; dtype None: the default dtype (PyTorch's torch.range).
Tensor range(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
void range_out(Tensor& out, const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype);
void linspace_out(Tensor& out, const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype);
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, std::optional<DType> dtype);
void logspace_out(Tensor& out, const Scalar& start, const Scalar& end, int64_t steps, double base,
                  std::optional<DType> dtype);

Tensor eye(int64_t n, std::optional<int64_t> m, std::optional<DType> dtype);
void eye_out(Tensor& out, int64_t n, std::optional<int64_t> m, std::optional<DType> dtype);
Tensor diag(const Tensor& self, int64_t diagonal);
void diag_out(Tensor& out, const Tensor& self, int64_t diagonal);
Tensor tril(const Tensor& self, int64_t diagonal);
void tril_(Tensor& self, int64_t diagonal);
void tril_out(Tensor& out, const Tensor& self, int64_t diagonal);
Tensor triu(const Tensor& self, int64_t diagonal);
void triu_(Tensor& self, int64_t diagonal);
void triu_out(Tensor& out, const Tensor& self, int64_t diagonal);

Tensor cat(const TensorList& tensors, int64_t dim);
void cat_out(Tensor& out, const TensorList& tensors, int64_t dim);
// A random permutation of 0 .. n-1 (TH's and PyTorch's Fisher-Yates over
// THRandom_random, so a seed gives their permutation): from `generator`,
// or the default one (dtype None: int64).
Tensor randperm(int64_t n, std::optional<DType> dtype, const std::optional<Generator>& generator);
void randperm_out(Tensor& out, int64_t n, std::optional<DType> dtype, const std::optional<Generator>& generator);

Tensor reshape(const Tensor& self, IntList shape);

bool equal(const Tensor& self, const Tensor& other);

}  // namespace ember::rt
