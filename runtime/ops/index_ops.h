// The ops that select, copy, add and fill along one dim by an index
// tensor: index_select, index_copy, index_add, index_fill, gather,
// scatter, scatter_add (schemas/math/indexing.yaml). Each has PyTorch's
// form (0-based indices, the C++ API; `name_` in place, `name_out`
// writing to out) and TH's (`th_name`: 1-based indices, results resized
// into the first argument, as THTensor_indexSelect and the others).
#pragma once

#include <cstdint>

#include "ember/tensor_base.h"

namespace ember::rt {

TensorBase index_select(const TensorBase& self, int64_t dim, const TensorBase& index);
void index_select_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index);
void th_index_select(const char* fn, TensorImpl* tensor, TensorImpl* src, int dim, TensorImpl* index);

TensorBase index_copy(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& source);
void index_copy_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& source);
void th_index_copy(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src);

TensorBase index_add(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& source,
                     const Scalar& alpha);
void index_add_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& source, const Scalar& alpha);
void th_index_add(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src);

TensorBase index_fill(const TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value);
TensorBase index_fill(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& value);
void index_fill_(TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value);
void index_fill_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& value);
void th_index_fill(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, const Scalar& value);

// sparse_grad says how a gradient would be stored: ember has no autograd, so it changes nothing.
TensorBase gather(const TensorBase& self, int64_t dim, const TensorBase& index, bool sparse_grad);
void gather_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index, bool sparse_grad);
void th_gather(const char* fn, TensorImpl* tensor, TensorImpl* src, int dim, TensorImpl* index);

TensorBase scatter(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src);
void scatter_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src);
void th_scatter(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src);

TensorBase scatter(const TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value);
void scatter_(TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value);
void th_scatter_fill(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, const Scalar& value);

TensorBase scatter_add(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src);
void scatter_add_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src);
void th_scatter_add(const char* fn, TensorImpl* tensor, int dim, TensorImpl* index, TensorImpl* src);

}  // namespace ember::rt
