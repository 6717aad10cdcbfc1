// TH's forms of the ops that make tensors (schemas/math/construct.yaml):
// the result resized into r_ under TH's argument rules (1-based or
// 0-based as TH's C had them, sizes from a THLongStorage, n > 0 where TH
// required it). The C++ forms are runtime/ops/construct_ops.h; both share
// runtime/ops/construct_support.h.
#pragma once

#include "TH/THRandom.h"
#include "ember/scalar.h"
#include "ember/tensor_impl.h"
#include "runtime/th/args.h"

namespace ember::rt {

void th_zeros(const char* fn, TensorImpl* r, StorageImpl* size);
void th_ones(const char* fn, TensorImpl* r, StorageImpl* size);
void th_zeros_like(const char* fn, TensorImpl* r, TensorImpl* input);
void th_ones_like(const char* fn, TensorImpl* r, TensorImpl* input);

void th_arange(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step);
void th_range(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step);
void th_linspace(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n);
void th_logspace(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n);

void th_eye(const char* fn, TensorImpl* r, long n, long m);
void th_diag(const char* fn, TensorImpl* r, TensorImpl* t, int k);
void th_tril(const char* fn, TensorImpl* r, TensorImpl* t, long k);
void th_triu(const char* fn, TensorImpl* r, TensorImpl* t, long k);

// From `gen` (NULL is an error).
void th_randperm(const char* fn, TensorImpl* r, THGenerator* gen, long n);
void th_reshape(const char* fn, TensorImpl* r, TensorImpl* t, StorageImpl* size);
int th_equal(const char* fn, TensorImpl* ta, TensorImpl* tb);

// TH's cat and catArray (C-only entries): TH's rules, see their docs.
// The dtype-free part:
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
