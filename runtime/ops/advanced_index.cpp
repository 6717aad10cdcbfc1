#include "runtime/ops/advanced_index.h"

#include <cstdint>
#include <limits>
#include <vector>

#include "ember/error.h"
#include "ember/ops/add.h"
#include "ember/ops/fill.h"
#include "ember/ops/lt.h"
#include "ember/ops/mul.h"
#include "ember/ops/clone.h"
#include "ember/ops/copy.h"
#include "ember/ops/expand.h"
#include "ember/ops/permute.h"
#include "ember/ops/select.h"
#include "ember/ops/unsqueeze.h"
#include "ember/ops/where_self.h"
#include "runtime/ops/device_guard.h"
#include "runtime/ops/index_plan.h"
#include "runtime/ops/masked_ops.h"
#include "runtime/ops/output.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::rt {

namespace {

using kernels::Operands;

// Note [advanced indexing], laid out for one gather or scatter.
struct Plan {
  TensorBase self;                  // the indexed tensor: a view of self (indexed dims first when not adjacent)
  std::vector<int64_t> shape;       // the result's shape
  Operands<3> ops;                  // 0 unset (result or values), 1 self, 2 the index, over `shape`
  TensorBase index;                 // what operand 2 reads (keeps it alive)
  kernels::IndexedDim dim;          // what its values mean
  int64_t dim_number = 0;           // for messages (-1: byte offsets, checked already)
  bool any = false;                 // whether some index is defined
};

// kernels::add_offsets by ops, for any device: index += the byte offset of
// each position `t` selects along dim d (checked first, wrapped from the end).
void add_offsets_by_ops(const char* op, TensorBase& index, const TensorBase& t, const kernels::IndexedDim& kd,
                        int64_t d) {
  int64_t raw = 0;
  if (first_bad_index(op, t, kd, &raw)) index_out_of_range(op, "indices", raw, d, kd.size, kWrapping);
  const TensorBase wrapped = base::where(base::lt(t, Scalar(0)), base::add(t, Scalar(kd.size)), t);
  base::add_(index, base::mul(wrapped, Scalar(kd.stride)));
}

// Entry k of `indices` as int64 tensors aligned with the dims of p.self.
std::vector<TensorBase> expand_masks(const char* op, Plan& p, const TensorBaseList& indices) {
  std::vector<TensorBase> out;
  int64_t covered = 0;
  for (const TensorBase& t : indices) covered += !t.defined() ? 1 : (t.dtype() == DType::Long ? 1 : t.dim());
  if (covered > p.self.dim())
    fail(ErrorKind::Index, str(op, ": too many indices for a tensor of ", p.self.dim(), " dims (", covered,
                               " dims indexed)"), "indices");
  const Device device = p.self.device();
  for (size_t k = 0; k < indices.size(); ++k) {
    // An index on another device is moved to self's, as PyTorch does.
    const TensorBase t = indices[k].defined() && indices[k].device() != device ? to_device(indices[k], device)
                                                                               : indices[k];
    if (!t.defined() || t.dtype() == DType::Long) {
      out.push_back(t.defined() ? dimmed(t) : t);
      continue;
    }
    if (t.dtype() != DType::Bool && t.dtype() != DType::Byte)
      fail(ErrorKind::Type, str(op, ": indices[", k, "] holds ", dtype_name(t.dtype()),
                                "; indices must be int64, bool or uint8 tensors"), "indices");
    check_mask(op, "indices", t);
    const int64_t at = static_cast<int64_t>(out.size());
    if (t.dim() == 0) {  // a new dim of size 1, kept (true) or emptied (false)
      p.self = base::unsqueeze(p.self, at);
      TensorBase kept = rt::empty({t.item<bool>() ? 1 : 0}, DType::Long, device);
      out.push_back(base::fill_(kept, Scalar(0)));
      continue;
    }
    for (int64_t j = 0; j < t.dim(); ++j)
      if (t.size(j) != p.self.size(at + j))
        fail(ErrorKind::Index, str(op, ": the mask indices[", k, "] of shape ", sizes_text(t.sizes()),
                                   " does not match the shape ", sizes_text(IntList(p.self.sizes().data() + at,
                                   static_cast<size_t>(t.dim()))), " of the dims ", at, "..", at + t.dim() - 1,
                                   " it indexes"), "indices");
    const TensorBase nz = rt::nonzero(t);
    for (int64_t j = 0; j < t.dim(); ++j) out.push_back(base::select(nz, 1, j));
  }
  while (static_cast<int64_t>(out.size()) < p.self.dim()) out.emplace_back();
  return out;
}

Plan plan(const char* op, const TensorBase& self, const TensorBaseList& indices) {
  Plan p;
  p.self = dimmed(self);
  std::vector<TensorBase> idx = expand_masks(op, p, indices);
  std::vector<int64_t> defined;
  for (size_t d = 0; d < idx.size(); ++d)
    if (idx[d].defined()) defined.push_back(static_cast<int64_t>(d));
  if (defined.empty()) {
    p.shape = p.self.shape();
    return p;
  }
  p.any = true;
  std::vector<int64_t> b;
  for (int64_t d : defined) b = broadcast_shape(op, "indices", b, idx[d].sizes());
  const int64_t k_count = static_cast<int64_t>(defined.size());
  const bool adjacent = defined.back() - defined.front() + 1 == k_count;
  if (!adjacent) {  // indexed dims first, the others after them in order
    std::vector<int64_t> order = defined;
    std::vector<TensorBase> moved;
    for (int64_t d : defined) moved.push_back(idx[d]);
    for (int64_t d = 0; d < p.self.dim(); ++d)
      if (!idx[d].defined()) order.push_back(d), moved.emplace_back();
    p.self = base::permute(p.self, order);
    idx = moved;
    for (int64_t k = 0; k < k_count; ++k) defined[k] = k;
  }
  const int64_t before = defined.front(), after_from = before + k_count;
  const int64_t nb = static_cast<int64_t>(b.size());
  p.shape.assign(p.self.sizes().begin(), p.self.sizes().begin() + before);
  p.shape.insert(p.shape.end(), b.begin(), b.end());
  p.shape.insert(p.shape.end(), p.self.sizes().begin() + after_from, p.self.sizes().end());

  Operands<3>& ops = p.ops;
  ops.ndim = p.shape.empty() ? 1 : static_cast<int>(p.shape.size());
  ops.shape[0] = 1;
  for (size_t d = 0; d < p.shape.size(); ++d) ops.shape[d] = p.shape[d];
  const int64_t esize = static_cast<int64_t>(p.self.element_size());
  for (int d = 0; d < ops.ndim; ++d) {
    const bool in_b = d >= before && d < before + nb;
    const int64_t src_dim = d < before ? d : d - nb + k_count;
    ops.strides[1][d] = in_b || p.shape.empty() ? 0 : p.self.stride(src_dim) * esize;
  }
  ops.data[1] = static_cast<char*>(p.self.data_ptr());

  // Operand 2: the one index, or the byte offsets the several add up to.
  auto place_index = [&](const TensorBase& t) {
    for (int d = 0; d < ops.ndim; ++d) ops.strides[2][d] = 0;
    for (int64_t i = 0; i < nb; ++i) ops.strides[2][before + i] = t.stride(i) * static_cast<int64_t>(sizeof(int64_t));
    ops.data[2] = static_cast<char*>(t.data_ptr());
  };
  if (k_count == 1) {
    p.index = base::expand(idx[before], b);
    p.dim = indexed_dim(p.self, before, kWrapping);
    p.dim_number = before;
  } else {
    p.index = rt::empty(b, DType::Long, p.self.device());
    base::fill_(p.index, Scalar(0));
    for (int64_t k = 0; k < k_count; ++k) {
      const int64_t d = before + k;
      const TensorBase t = base::expand(idx[d], b);
      if (p.self.device().is_cuda()) {
        add_offsets_by_ops(op, p.index, t, indexed_dim(p.self, d, kWrapping), d);
        continue;
      }
      Operands<2> two;
      set_loop_shape(two, b);
      if (b.empty()) two.ndim = 0;
      set_operand(two, 0, p.index.impl());
      set_operand(two, 1, t.impl());
      kernels::BadIndex bad;
      const kernels::IndexedDim kd = indexed_dim(p.self, d, kWrapping);
      kernels::add_offsets(two, kd, bad);
      if (bad.seen()) index_out_of_range(op, "indices", bad.value(), d, kd.size, kWrapping);
    }
    p.dim = {std::numeric_limits<int64_t>::max(), 1, 0, false};
    p.dim_number = -1;
  }
  place_index(p.index);
  return p;
}

void set_contiguous_operand(Operands<3>& ops, int k, const TensorBase& t, IntList shape) {
  // t has `shape` (the loop's, or [] as [1]) and its own strides.
  const int64_t esize = static_cast<int64_t>(t.element_size());
  for (int d = 0; d < ops.ndim; ++d) ops.strides[k][d] = shape.empty() ? 0 : t.stride(d) * esize;
  ops.data[k] = static_cast<char*>(t.data_ptr());
}

// Whether `t` is one mask of self's whole shape on self's device: then
// self[t] is masked_select's branch-free selection (Note [branch-free
// selection] in kernels/masked.h), 3x faster than the plan's nonzero
// subscripts and gather.
bool is_whole_mask(const TensorBase& self, const TensorBase& t) {
  return t.defined() && (t.dtype() == DType::Bool || t.dtype() == DType::Byte) && t.dim() >= 1 &&
         t.device() == self.device() && t.sizes() == self.sizes();
}

}  // namespace

TensorBase index(const TensorBase& self, const TensorBaseList& indices) {
  if (indices.size() == 1 && is_whole_mask(self, indices[0])) return select_by_mask("index", "indices", self, indices[0]);
  Plan p = plan("index", self, indices);
  if (!p.any) return base::clone(p.self);
  TensorBase out = rt::empty(p.shape, self.dtype(), self.device());
  set_contiguous_operand(p.ops, 0, out, p.shape);
  run_gather(self.device(), "index", "indices", self.dtype(), p.ops, p.dim, p.dim_number);
  return out;
}

TensorBase index_put(const TensorBase& self, const TensorBaseList& indices, const TensorBase& values, bool accumulate) {
  TensorBase result = base::clone(self);
  rt::index_put_(result, indices, values, accumulate);
  return result;
}

void index_put_(TensorBase& self, const TensorBaseList& indices, const TensorBase& values, bool accumulate) {
  const char* op = "index_put";
  common_device(op, {{&self, "self"}, {&values, "values"}});
  Output result(op, &self, "self");
  check_same_dtype(op, "values", values, self);
  std::vector<const TensorBase*> reads{&values};
  for (const TensorBase& t : indices) reads.push_back(&t);
  // Planned over the target: every index is checked before anything is written.
  const TensorBase& target = result.target(self.sizes(), self.dtype(), reads.data(), reads.size(), Reads::Any, true);
  Plan p = plan(op, target, indices);
  if (broadcast_shape(op, "values", p.shape, values.sizes()) != p.shape)
    fail(ErrorKind::Value, str(op, ": values of shape ", sizes_text(values.sizes()),
                               " do not broadcast to the indexing result's shape ", sizes_text(p.shape)), "values");
  const TensorBase v = base::expand(dimmed(values), p.shape);
  if (!p.any) {
    if (accumulate)
      base::add_(p.self, v);
    else
      base::copy_(p.self, v);
  } else {
    // Operand roles of a scatter: 0 the destination, 1 the source.
    std::swap(p.ops.data[0], p.ops.data[1]);
    for (int d = 0; d < p.ops.ndim; ++d) std::swap(p.ops.strides[0][d], p.ops.strides[1][d]);
    set_contiguous_operand(p.ops, 1, v, p.shape);
    run_scatter(self.device(), op, "indices", self.dtype(), p.ops, p.dim, p.dim_number,
                accumulate ? ScatterMode::Accumulate : ScatterMode::Assign);
  }
  result.finish();
}

}  // namespace ember::rt
