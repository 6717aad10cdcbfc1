// The ops that make tensors (schemas/math/construct.yaml): filled
// factories, ranges, eye, diag, tril/triu, cat, reshape and equal. Each
// has PyTorch's form (the C++ API: dtype= arguments, `name_out` writing
// to out) and, where TH has one, TH's (`th_name`: the result resized into
// r_, TH's argument rules).
#pragma once

#include <cstdint>
#include <optional>

#include "ember/tensor.h"
#include "runtime/th_args.h"

namespace ember::rt {

Tensor zeros(IntList size, std::optional<DType> dtype);
void zeros_out(Tensor& out, IntList size, std::optional<DType> dtype);
void th_zeros(const char* fn, TensorImpl* r, StorageImpl* size);
Tensor ones(IntList size, std::optional<DType> dtype);
void ones_out(Tensor& out, IntList size, std::optional<DType> dtype);
void th_ones(const char* fn, TensorImpl* r, StorageImpl* size);
Tensor zeros_like(const Tensor& self, std::optional<DType> dtype);
void th_zeros_like(const char* fn, TensorImpl* r, TensorImpl* input);
Tensor ones_like(const Tensor& self, std::optional<DType> dtype);
void th_ones_like(const char* fn, TensorImpl* r, TensorImpl* input);
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
void th_arange(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step);
// Inclusive of end; dtype None: the default dtype (PyTorch's torch.range).
Tensor range(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
void range_out(Tensor& out, const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
void th_range(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step);
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype);
void linspace_out(Tensor& out, const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype);
void th_linspace(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n);
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, std::optional<DType> dtype);
void logspace_out(Tensor& out, const Scalar& start, const Scalar& end, int64_t steps, double base,
                  std::optional<DType> dtype);
void th_logspace(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n);

Tensor eye(int64_t n, std::optional<int64_t> m, std::optional<DType> dtype);
void eye_out(Tensor& out, int64_t n, std::optional<int64_t> m, std::optional<DType> dtype);
void th_eye(const char* fn, TensorImpl* r, long n, long m);
Tensor diag(const Tensor& self, int64_t diagonal);
void diag_out(Tensor& out, const Tensor& self, int64_t diagonal);
void th_diag(const char* fn, TensorImpl* r, TensorImpl* t, int k);
Tensor tril(const Tensor& self, int64_t diagonal);
void tril_(Tensor& self, int64_t diagonal);
void tril_out(Tensor& out, const Tensor& self, int64_t diagonal);
void th_tril(const char* fn, TensorImpl* r, TensorImpl* t, long k);
Tensor triu(const Tensor& self, int64_t diagonal);
void triu_(Tensor& self, int64_t diagonal);
void triu_out(Tensor& out, const Tensor& self, int64_t diagonal);
void th_triu(const char* fn, TensorImpl* r, TensorImpl* t, long k);

Tensor cat(const TensorList& tensors, int64_t dim);
void cat_out(Tensor& out, const TensorList& tensors, int64_t dim);
// TH's cat and catArray (C-only entries): TH's rules, see their docs.
template <class T>
void th_cat(TensorImpl* r, TensorImpl* ta, TensorImpl* tb, int dimension);
template <class T>
void th_cat_array(TensorImpl* result, TensorImpl** inputs, int num_inputs, int dimension);

// A random permutation of 0 .. n-1 (TH's and PyTorch's Fisher-Yates over
// THRandom_random, so a seed gives their permutation): from the default
// generator in C++ (dtype None: int64), from `gen` in TH (NULL: the
// default generator).
Tensor randperm(int64_t n, std::optional<DType> dtype);
void randperm_out(Tensor& out, int64_t n, std::optional<DType> dtype);
void th_randperm(const char* fn, TensorImpl* r, THGenerator* gen, long n);

Tensor reshape(const Tensor& self, IntList shape);
void th_reshape(const char* fn, TensorImpl* r, TensorImpl* t, StorageImpl* size);

bool equal(const Tensor& self, const Tensor& other);
int th_equal(const char* fn, TensorImpl* ta, TensorImpl* tb);

// The dtype-free parts of th_cat/th_cat_array.
void th_cat_impl(const char* fn, TensorImpl* result, TensorImpl* const* inputs, int num_inputs, int dimension);

template <class T>
void th_cat(TensorImpl* r, TensorImpl* ta, TensorImpl* tb, int dimension) {
  TensorImpl* inputs[2] = {ta, tb};
  th_cat_impl(th::fn_of<T>("Tensor_cat").str().c_str(), r, inputs, 2, dimension);
}

template <class T>
void th_cat_array(TensorImpl* result, TensorImpl** inputs, int num_inputs, int dimension) {
  th_cat_impl(th::fn_of<T>("Tensor_catArray").str().c_str(), result, inputs, num_inputs, dimension);
}

}  // namespace ember::rt
