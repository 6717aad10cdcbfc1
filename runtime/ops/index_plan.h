// What the index ops (schemas/math/indexing.yaml) share: how an index
// tensor's values are read (PyTorch's 0-based rule or TH's 1-based one),
// the argument checks every one of them makes, and running the gather and
// scatter loops of kernels/gather.h over operands an op has laid out.
//
// Gathers and plain scatters only move elements, so they are dispatched
// on the element size; accumulating scatters on the dtype.
#pragma once

#include <cstdint>
#include <vector>

#include "ember/error.h"
#include "ember/tensor_base.h"
#include "kernels/gather.h"
#include "kernels/operands.h"
#include "runtime/core/empty_tensor.h"

namespace ember::rt {

// How an op reads the values of its index tensors.
struct IndexRule {
  int64_t base;  // the value that means position 0
  bool wrap;     // a negative value counts from the end
};
// PyTorch's index_select, index_copy_, index_add_, gather, scatter_: 0-based.
constexpr IndexRule kFromZero{0, false};
// PyTorch's index_fill_, index and index_put_: 0-based, negative from the end.
constexpr IndexRule kWrapping{0, true};
// TH's C API (TH_INDEX_BASE 1): 1-based, 0 is out of range.
constexpr IndexRule kFromOne{1, false};

// TypeError naming `arg` unless `index` holds int64.
void check_index_dtype(const char* op, const char* arg, const TensorBase& index);
// TypeError naming `arg` unless `t` has `self`'s dtype.
void check_same_dtype(const char* op, const char* arg, const TensorBase& t, const TensorBase& self);
// ValueError naming `arg` when `t` has dims of stride 0 and size > 1:
// several of its elements are one memory location, so it cannot be written.
void check_writable(const char* op, const char* arg, const TensorBase& t);
// ValueError naming `arg` when `out` has not `dtype` (out= variants).
void check_out_dtype(const char* op, const TensorBase& out, DType dtype);
// Whether a and b are views of one storage.
bool shares_storage(const TensorBase& a, const TensorBase& b);
// `t` itself, or a copy of it when it shares storage with `written`: an
// input that the op's writes could change under it.
TensorBase unaliased(const TensorBase& t, const TensorBase& written);
// PyTorch's ensure_nonempty_dim: 0-dim tensors count as 1-dim here.
inline int64_t dims_at_least_one(const TensorBase& t) { return t.dim() == 0 ? 1 : t.dim(); }
// Size and stride of dim d, with a 0-dim tensor seen as [1].
inline int64_t size_at(const TensorBase& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }
inline int64_t stride_at(const TensorBase& t, int64_t d) { return t.dim() == 0 ? 1 : t.stride(d); }
// Resizes an out= tensor to `shape` (an empty shape gives a 0-dim tensor).
void resize_out(const TensorBase& out, IntList shape, const char* op);

// Position `d` of `t` along which an index selects, with its stride in
// bytes and the rule for index values.
kernels::IndexedDim indexed_dim(const TensorBase& t, int64_t d, IndexRule rule);

// Operand k of ops walks `t` (as many dims as the loop, a 0-dim tensor as
// [1]) with t's own strides, except along `skip` (stride 0; -1: none).
void set_aligned(kernels::Operands<3>& ops, int k, const TensorBase& t, int64_t skip);
// Operand k walks a 0-d or 1-d `index` along loop dim `dim`, stride 0 elsewhere.
void set_along(kernels::Operands<3>& ops, int k, const TensorBase& index, int64_t dim);

// The loops below run where the operands' data live, `device`: on the
// CPU, or on a CUDA device through kernels/cuda/gather.h (a RuntimeError
// in a build without CUDA).

// out[p] = src[p with coordinate along dim from index[p]] over the
// operands {out, src, index} the caller laid out. IndexError naming
// `index_arg` on an out-of-range index value (`dim_number` names the dim
// in the message).
void run_gather(Device device, const char* op, const char* index_arg, DType dtype, const kernels::Operands<3>& ops,
                const kernels::IndexedDim& dim, int64_t dim_number);

// IndexError naming `index_arg` unless every index value of operand 2
// (the index) is in range for `dim`.
void check_index_values(Device device, const char* op, const char* index_arg, const kernels::Operands<3>& ops,
                        const kernels::IndexedDim& dim, int64_t dim_number);

// Whether some value of the int64 tensor `index` (on any device) is out of
// range for `dim`; the first such value (row-major for a dense index) in
// `raw` if so.
bool first_bad_index(const char* op, const TensorBase& index, const kernels::IndexedDim& dim, int64_t* raw);

using kernels::ScatterMode;

// The reverse over {dst, src, index}: every index value is checked first
// (an IndexError leaves dst untouched), then the scatter runs in
// row-major order of the loop shape (on the CPU on one thread; on CUDA by
// Note [scatter fibers], which keeps that order where elements collide).
// `value_operand`: operand 1 is one value at a host address (a fill).
void run_scatter(Device device, const char* op, const char* index_arg, DType dtype, const kernels::Operands<3>& ops,
                 const kernels::IndexedDim& dim, int64_t dim_number, ScatterMode mode, const Scalar& alpha = 1,
                 bool value_operand = false);

// scatter_ of index_ops.cpp (every check, Note [output aliasing]) with
// any mode: `src` or one `value` into self along dim at index.
void scatter_with(const char* op, const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase* src,
                  const Scalar* value, ScatterMode mode);

// The shape `a` and `b` broadcast to; ValueError naming `arg` (the
// argument of shape b) when they do not.
std::vector<int64_t> broadcast_shape(const char* op, const char* arg, IntList a, IntList b);

// Calls f(S{}) with S the unsigned integer of `size` bytes (1, 2, 4, 8).
template <class F>
void by_element_size(size_t size, const F& f) {
  switch (size) {
    case 1: return f(uint8_t{});
    case 2: return f(uint16_t{});
    case 4: return f(uint32_t{});
    case 8: return f(uint64_t{});
  }
  fail(ErrorKind::Runtime, str("no element loop for ", size, "-byte elements"));
}

// IndexError: `raw` is not a valid index value for a dim of `size` under `rule`.
[[noreturn]] void index_out_of_range(const char* op, const char* arg, int64_t raw, int64_t dim_number,
                                     int64_t size, IndexRule rule);

// `value` as one element of `dtype`, in `bytes` (8 bytes, aligned).
void store_value(const Scalar& value, DType dtype, void* bytes);

}  // namespace ember::rt
