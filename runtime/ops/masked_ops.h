// The ops driven by a mask, and nonzero (schemas/math/indexing.yaml).
// Masks are Bool or Byte tensors; a Byte mask may hold only 0 and 1.
// PyTorch's forms broadcast the mask; TH's (`th_name`, whose masks are
// THByteTensor, or THBoolTensor for the *Bool forms) need equal element
// counts instead, each tensor read in its own row-major order.
#pragma once

#include "ember/tensor_base.h"

namespace ember::rt {

TensorBase masked_fill(const TensorBase& self, const TensorBase& mask, const Scalar& value);
TensorBase masked_fill(const TensorBase& self, const TensorBase& mask, const TensorBase& value);
void masked_fill_(TensorBase& self, const TensorBase& mask, const Scalar& value);
void masked_fill_(TensorBase& self, const TensorBase& mask, const TensorBase& value);
void th_masked_fill(const char* fn, TensorImpl* tensor, TensorImpl* mask, const Scalar& value);

TensorBase masked_scatter(const TensorBase& self, const TensorBase& mask, const TensorBase& source);
void masked_scatter_(TensorBase& self, const TensorBase& mask, const TensorBase& source);
void th_masked_copy(const char* fn, TensorImpl* tensor, TensorImpl* mask, TensorImpl* src);

TensorBase masked_select(const TensorBase& self, const TensorBase& mask);
void masked_select_out(TensorBase& out, const TensorBase& self, const TensorBase& mask);
void th_masked_select(const char* fn, TensorImpl* tensor, TensorImpl* src, TensorImpl* mask);
// self[mask] for a mask of self's shape on self's device, checked as op's argument `arg`.
TensorBase select_by_mask(const char* op, const char* arg, const TensorBase& self, const TensorBase& mask);

// [number of nonzero elements, self.dim()] int64 subscripts, row-major.
TensorBase nonzero(const TensorBase& self);
void nonzero_out(TensorBase& out, const TensorBase& self);
void th_nonzero(const char* fn, TensorImpl* subscript, TensorImpl* tensor);

// TypeError naming `arg` unless `mask` is bool or uint8; ValueError when
// a uint8 mask holds a value other than 0 and 1.
void check_mask(const char* op, const char* arg, const TensorBase& mask);
// The number of set elements of a Bool or 0/1 Byte mask.
int64_t count_mask(const TensorBase& mask);

}  // namespace ember::rt
