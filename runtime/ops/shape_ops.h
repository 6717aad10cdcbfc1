// Shape, joining and splitting ops in PyTorch 1.13's form (schemas/tensor/
// join.yaml, reorder.yaml, pick.yaml, views.yaml and structure.yaml): each composes views,
// copies and cat, except where, which has its own select kernel.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ember/tensor_base.h"

namespace ember::rt {

// `value`, a new tensor the op computed, written to out= (resized): a
// TypeError naming `op` when its dtype does not cast to out's.
void write_out(const char* op, TensorBase& out, const TensorBase& value);

// where.cpp
TensorBase where(const TensorBase& condition, const TensorBase& self, const TensorBase& other);
TensorBase where(const TensorBase& condition, const Scalar& self, const TensorBase& other);
TensorBase where(const TensorBase& condition, const TensorBase& self, const Scalar& other);
TensorBase where(const TensorBase& condition, const Scalar& self, const Scalar& other);
void where_out(TensorBase& out, const TensorBase& condition, const TensorBase& self, const TensorBase& other);
std::vector<TensorBase> where(const TensorBase& condition);

// join_ops.cpp
TensorBase stack(const TensorBaseList& tensors, int64_t dim);
void stack_out(TensorBase& out, const TensorBaseList& tensors, int64_t dim);
TensorBase hstack(const TensorBaseList& tensors);
void hstack_out(TensorBase& out, const TensorBaseList& tensors);
TensorBase vstack(const TensorBaseList& tensors);
void vstack_out(TensorBase& out, const TensorBaseList& tensors);
TensorBase dstack(const TensorBaseList& tensors);
void dstack_out(TensorBase& out, const TensorBaseList& tensors);
TensorBase column_stack(const TensorBaseList& tensors);
void column_stack_out(TensorBase& out, const TensorBaseList& tensors);
TensorBase atleast_1d(const TensorBase& self);
TensorBase atleast_2d(const TensorBase& self);
TensorBase atleast_3d(const TensorBase& self);
std::vector<TensorBase> atleast_1d(const TensorBaseList& tensors);
std::vector<TensorBase> atleast_2d(const TensorBaseList& tensors);
std::vector<TensorBase> atleast_3d(const TensorBaseList& tensors);

// reorder_ops.cpp
TensorBase flip(const TensorBase& self, IntList dims);
TensorBase fliplr(const TensorBase& self);
TensorBase flipud(const TensorBase& self);
TensorBase roll(const TensorBase& self, IntList shifts, IntList dims);
TensorBase rot90(const TensorBase& self, int64_t k, IntList dims);
TensorBase tile(const TensorBase& self, IntList dims);

// split_ops.cpp
std::vector<TensorBase> unbind(const TensorBase& self, int64_t dim);
std::vector<TensorBase> split_sizes(const TensorBase& self, IntList split_size, int64_t dim);
std::vector<TensorBase> split_with_sizes(const TensorBase& self, IntList split_sizes, int64_t dim);
std::vector<TensorBase> tensor_split(const TensorBase& self, int64_t sections, int64_t dim);
std::vector<TensorBase> tensor_split(const TensorBase& self, IntList indices, int64_t dim);
std::vector<TensorBase> tensor_split(const TensorBase& self, const TensorBase& tensor_indices_or_sections, int64_t dim);
TensorBase narrow_copy(const TensorBase& self, int64_t dim, int64_t start, int64_t length);
void narrow_copy_out(TensorBase& out, const TensorBase& self, int64_t dim, int64_t start, int64_t length);
TensorBase flatten(const TensorBase& self, int64_t start_dim, int64_t end_dim);
TensorBase ravel(const TensorBase& self);

}  // namespace ember::rt
