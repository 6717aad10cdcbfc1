// The ops that select, copy, add and fill along one dim by an index
// tensor: index_select, index_copy, index_add, index_fill, gather,
// scatter, scatter_add (schemas/math/indexing.yaml). Each has PyTorch's
// form (0-based indices, the C++ API; `name_` in place, `name_out`
// writing to out) and TH's (`th_name`: 1-based indices, results resized
// into the first argument, as THTensor_indexSelect and the others).
#pragma once

#include <cstdint>

#include "ember/tensor.h"

namespace ember::rt {

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
void index_select_out(Tensor& out, const Tensor& self, int64_t dim, const Tensor& index);
void th_index_select(const char* fn, TensorImpl* tensor, TensorImpl* src, int dim, TensorImpl* index);

Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
void index_copy_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
void th_index_copy(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src);

Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha);
void index_add_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha);
void th_index_add(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src);

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);
void index_fill_(Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
void index_fill_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);
void th_index_fill(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, const Scalar& value);

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);
void gather_out(Tensor& out, const Tensor& self, int64_t dim, const Tensor& index);
void th_gather(const char* fn, TensorImpl* tensor, TensorImpl* src, int dim, TensorImpl* index);

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
void scatter_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
void th_scatter(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src);

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
void scatter_(Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
void th_scatter_fill(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, const Scalar& value);

Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
void scatter_add_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
void th_scatter_add(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src);

}  // namespace ember::rt
