// unique and unique_consecutive: the distinct elements (or slices along
// dim) of a tensor, where each input element went and how many there were.
//
// Equal means equal keys of Note [sort order] (so -0 equals +0), except
// that a NaN equals nothing: each NaN, and each slice holding one, stays
// its own entry (as PyTorch's sorted unique and unique_consecutive).
// unique always sorts, ascending with NaN last: PyTorch leaves the order
// of sorted=False unspecified (its CPU order is a hash table's).
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

#include "ember/error.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/index_select.h"
#include "ember/views.h"
#include "kernels/search.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/search_ops.h"

namespace ember::rt {

namespace {

TensorBase long_tensor(const std::vector<int64_t>& values, IntList shape) {
  TensorBase t = empty(shape, DType::Long);
  if (!values.empty()) std::memcpy(t.data<int64_t>(), values.data(), values.size() * sizeof(int64_t));
  return t;
}

// unique of elements without their positions (Note [unique by sorted keys]).
UniqueResult unique_by_keys(DType dtype, const TensorBase& rows, int64_t n, bool return_counts) {
  TensorBase output, counts = empty({0}, DType::Long);
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    kernels::distinct_by_keys(static_cast<const T*>(rows.data_ptr()), n, [&](int64_t groups) {
      output = empty({groups}, dtype);
      if (return_counts) counts = empty({groups}, DType::Long);
      return std::pair<T*, int64_t*>{output.data<T>(), return_counts ? counts.data<int64_t>() : nullptr};
    });
  });
  return {std::move(output), empty({0}, DType::Long), std::move(counts)};
}

// unique of elements by one of search.h's element kernels: kernel(data,
// inverse, outputs) as runs_of_equal and distinct_with_positions take
// them (inverse null where it is not asked for).
template <class Kernel>
UniqueResult by_elements(const TensorBase& self, const TensorBase& flat, bool return_inverse, bool return_counts,
                         const Kernel& kernel) {
  TensorBase output, counts = empty({0}, DType::Long);
  TensorBase inverse = empty(return_inverse ? self.shape() : std::vector<int64_t>{0}, DType::Long);
  visit_dtype(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    kernel(static_cast<const T*>(flat.data_ptr()), return_inverse ? inverse.data<int64_t>() : nullptr,
           [&](int64_t groups) {
             output = empty({groups}, self.dtype());
             if (return_counts) counts = empty({groups}, DType::Long);
             return std::pair<T*, int64_t*>{output.data<T>(), return_counts ? counts.data<int64_t>() : nullptr};
           });
  });
  return {std::move(output), std::move(inverse), std::move(counts)};
}

UniqueResult unique_impl(const char* op, const TensorBase& self, bool sort, bool return_inverse, bool return_counts,
                         std::optional<int64_t> dim_arg) {
  TensorBase rows;  // [n, width], contiguous: the slices compared
  int64_t d = 0;
  if (dim_arg) {
    if (self.dim() == 0)
      fail(ErrorKind::Index, str(op, ": dim ", *dim_arg, " given for a tensor with no dims"), "dim");
    d = wrap_dim(*dim_arg, self.dim(), op);
    for (int64_t k = 0; k < self.dim(); ++k)
      if (k != d && self.size(k) == 0)
        fail(ErrorKind::Value, str(op, ": self has a size-0 dim other than dim ", d, ", so there is nothing to compare"),
             "self");
    // movedim(d, 0): the other dims keep their order, which orders slices lexicographically as PyTorch.
    std::vector<int64_t> perm{d};
    for (int64_t k = 0; k < self.dim(); ++k)
      if (k != d) perm.push_back(k);
    rows = base::contiguous(TensorBase::adopt(permute(self.impl(), perm)));
  } else {
    rows = base::contiguous(self);
  }
  const int64_t n = dim_arg ? self.size(d) : self.numel();
  const int64_t width = n == 0 ? 1 : rows.numel() / n;
  if (!dim_arg && sort && !return_inverse) return unique_by_keys(self.dtype(), rows, n, return_counts);
  if (!dim_arg && !sort) {
    const auto runs = [n](const auto* data, int64_t* inverse, const auto& out) {
      kernels::runs_of_equal(data, n, inverse, out);
    };
    return by_elements(self, rows, return_inverse, return_counts, runs);
  }
  if (!dim_arg && n <= int64_t{UINT32_MAX}) {  // return_inverse: its cases without are above
    const auto groups = [n](const auto* data, int64_t* inverse, const auto& out) {
      kernels::distinct_with_positions(data, n, inverse, out);
    };
    return by_elements(self, rows, true, return_counts, groups);
  }
  const kernels::RowKeys keys = visit_dtype(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    return kernels::row_keys(static_cast<const T*>(rows.data_ptr()), n, width);
  });
  const kernels::Groups g = kernels::group_rows(keys, n, sort);
  const int64_t groups = static_cast<int64_t>(g.first.size());
  const TensorBase first = long_tensor(g.first, {groups});
  TensorBase output;
  if (dim_arg) {
    output = base::index_select(self, d, first);
  } else {
    const TensorBase flat = TensorBase::adopt(view(rows.impl(), {n}));
    output = base::index_select(flat, 0, first);
  }
  const std::vector<int64_t> none;
  // Without dim the inverse has self's shape (0-dim for a 0-dim self).
  const std::vector<int64_t> inverse_shape = dim_arg || (n == 0 && self.dim() == 0) ? std::vector<int64_t>{n} : self.shape();
  TensorBase inverse = return_inverse ? long_tensor(g.inverse, inverse_shape) : long_tensor(none, {0});
  TensorBase counts = return_counts ? long_tensor(g.counts, {groups}) : long_tensor(none, {0});
  return {std::move(output), std::move(inverse), std::move(counts)};
}

}  // namespace

UniqueResult unique(const TensorBase& self, bool sorted, bool return_inverse, bool return_counts,
                    std::optional<int64_t> dim) {
  (void)sorted;  // always sorted: see the note at the top
  return unique_impl("unique", self, true, return_inverse, return_counts, dim);
}

UniqueResult unique_consecutive(const TensorBase& self, bool return_inverse, bool return_counts,
                                std::optional<int64_t> dim) {
  return unique_impl("unique_consecutive", self, false, return_inverse, return_counts, dim);
}

}  // namespace ember::rt
