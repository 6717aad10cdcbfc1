// argsort and msort (schemas/math/sort.yaml, kind `custom`): one output
// of sort, whose order (Note [sort order]) is always stable. msort, and
// quantile's sorted slices, take the values-only sort (Note [values-only
// sort]), which skips the positions.
#include "ember/kernel_log.h"
#include "ember/ops/sort.h"
#include "kernels/sort_values.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/dim_plan.h"
#include "runtime/ops/reduce_ops.h"

namespace ember::rt {

TensorBase argsort(const TensorBase& self, int64_t dim, bool descending) {
  wrap_dim(dim, self.dim(), "argsort");  // checked under argsort's own name, not sort's
  return std::get<1>(base::sort(self, dim, descending));
}

TensorBase argsort(const TensorBase& self, bool /*stable: sort always is*/, int64_t dim, bool descending) {
  return argsort(self, dim, descending);
}

TensorBase sort_values(const char* op, const TensorBase* out, const TensorBase& self, int64_t dim, bool descending) {
  DimPlan plan(op, self, dim, SliceOutputs{SliceOutputs::kSame, false, false, false});
  const DType d = plan.input().dtype();
  plan.make_outputs(out, d, d, nullptr, DTypeSet{d});
  note_kernel(op, d, DeviceType::CPU);
  visit_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    kernels::sort_values_dim<T>(plan.operands2(), plan.dim(), descending);
  });
  return plan.finish();
}

TensorBase msort(const TensorBase& self) { return sort_values("msort", nullptr, self, 0, false); }

void msort_out(TensorBase& out, const TensorBase& self) { sort_values("msort", &out, self, 0, false); }

}  // namespace ember::rt
