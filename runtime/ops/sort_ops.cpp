// argsort and msort (schemas/math/sort.yaml, kind `custom`): one output
// of sort, whose order (Note [sort order]) is always stable.
#include "ember/ops/sort.h"
#include "runtime/ops/reduce_ops.h"

namespace ember::rt {

TensorBase argsort(const TensorBase& self, int64_t dim, bool descending) {
  wrap_dim(dim, self.dim(), "argsort");  // checked under argsort's own name, not sort's
  return std::get<1>(base::sort(self, dim, descending));
}

TensorBase argsort(const TensorBase& self, bool /*stable: sort always is*/, int64_t dim, bool descending) {
  return argsort(self, dim, descending);
}

TensorBase msort(const TensorBase& self) { return std::get<0>(base::sort(self, 0, false)); }

void msort_out(TensorBase& out, const TensorBase& self) { assign_out("msort", out, rt::msort(self)); }

}  // namespace ember::rt
