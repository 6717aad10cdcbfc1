#include "runtime/ops/take.h"

#include <algorithm>
#include <vector>

#include "ember/error.h"
#include "ember/ops/add.h"
#include "ember/ops/expand.h"
#include "ember/ops/gather.h"
#include "ember/ops/index_select.h"
#include "ember/ops/lt.h"
#include "ember/ops/reshape.h"
#include "ember/ops/where_self.h"
#include "runtime/ops/device_guard.h"
#include "runtime/ops/index_plan.h"
#include "runtime/ops/shape_ops.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

namespace {

// The positions of `index` (row-major) as positions in [0, n): negative
// ones count from the end when `wrap`. index itself where it is
// contiguous and holds no negative value, else a contiguous int64 copy.
TensorBase checked_positions(const char* op, const char* arg, const TensorBase& index, int64_t n, bool wrap,
                             const char* what) {
  check_index_dtype(op, arg, index);
  if (index.device().is_cuda()) {  // checked by the device's loop, wrapped by ops
    int64_t raw = 0;
    if (first_bad_index(op, index, {n, 1, 0, wrap}, &raw))
      fail(ErrorKind::Index, str(op, ": ", arg, " holds ", raw, ", out of range for ", what, " of size ", n), arg);
    return wrap ? base::where(base::lt(index, Scalar(0)), base::add(index, Scalar(n)), index) : index;
  }
  if (index.is_contiguous()) {
    // Most index tensors hold no negative value: those are used as they
    // are, after a scan (the copy and the loop below made take of 2^20
    // positions 2.4 ms against np.take's 0.5).
    const int64_t* p = static_cast<const int64_t*>(index.data_ptr());
    const int64_t count = index.numel();  // hoisted, so the loop vectorizes
    int64_t lo = 0, hi = 0;
    // simd: GCC's cost model at -O2 keeps the reductions scalar otherwise.
#pragma omp simd reduction(min : lo) reduction(max : hi)
    for (int64_t i = 0; i < count; ++i) {
      lo = std::min(lo, p[i]);
      hi = std::max(hi, p[i]);
    }
    if (lo >= 0 && hi < n) return index;
  }
  TensorBase positions = clone_tensor(index);
  int64_t* p = static_cast<int64_t*>(positions.data_ptr());
  const int64_t count = positions.numel();
  for (int64_t i = 0; i < count; ++i) {
    if (p[i] >= n || p[i] < (wrap ? -n : 0))
      fail(ErrorKind::Index, str(op, ": ", arg, " holds ", p[i], ", out of range for ", what, " of size ", n), arg);
    if (p[i] < 0) p[i] += n;
  }
  return positions;
}

TensorBase flat(const TensorBase& t) { return base::reshape(t, {t.numel()}); }

}  // namespace

TensorBase take(const TensorBase& self, const TensorBase& index) {
  common_device("take", {{&self, "self"}, {&index, "index"}});
  const TensorBase positions = checked_positions("take", "index", index, self.numel(), true, "self's elements");
  return base::reshape(base::index_select(flat(self), 0, flat(positions)), index.sizes());
}

void take_out(TensorBase& out, const TensorBase& self, const TensorBase& index) {
  write_out("take", out, take(self, index));
}

TensorBase take_along_dim(const TensorBase& self, const TensorBase& indices, std::optional<int64_t> dim) {
  constexpr const char* op = "take_along_dim";
  common_device(op, {{&self, "self"}, {&indices, "indices"}});
  if (!dim) {
    const TensorBase positions = checked_positions(op, "indices", indices, self.numel(), false, "self's elements");
    return base::index_select(flat(self), 0, flat(positions));
  }
  check_index_dtype(op, "indices", indices);
  if (self.dim() != indices.dim())
    fail(ErrorKind::Value, str(op, ": indices has ", indices.dim(), " dims but self has ", self.dim(),
                               " (they must match)"), "indices");
  const int64_t d = wrap_dim(*dim, self.dim(), op);
  // Outside dim both broadcast to one shape; along dim each keeps its size.
  std::vector<int64_t> want = self.shape();
  if (self.dim() > 0) want[d] = indices.size(d);
  const std::vector<int64_t> index_shape = broadcast_shape(op, "indices", want, indices.sizes());
  std::vector<int64_t> self_shape = index_shape;
  if (self.dim() > 0) self_shape[d] = self.size(d);
  const TensorBase positions =
      checked_positions(op, "indices", indices, self.dim() > 0 ? self.size(d) : 1, false, "dim of self");
  return base::gather(base::expand(self, self_shape), d, base::expand(positions, index_shape));
}

void take_along_dim_out(TensorBase& out, const TensorBase& self, const TensorBase& indices,
                        std::optional<int64_t> dim) {
  write_out("take_along_dim", out, take_along_dim(self, indices, dim));
}

}  // namespace ember::rt
