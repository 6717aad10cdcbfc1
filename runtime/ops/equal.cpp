#include "runtime/ops/construct_ops.h"

#include "ember/error.h"
#include "ember/ops/eq.h"
#include "ember/ops/sum.h"
#include "ember/ops/sum_dim.h"

namespace ember::rt {

bool equal(const TensorBase& self, const TensorBase& other) {
  if (self.dtype() != other.dtype())
    fail(ErrorKind::Type, str("equal: other holds ", dtype_name(other.dtype()), " but self holds ",
                              dtype_name(self.dtype())), "other");
  if (self.sizes() != other.sizes() || self.is_scalar() != other.is_scalar()) return false;
  if (self.numel() == 0) return true;
  return base::sum(base::eq(self, other)).item<int64_t>() == self.numel();
}

}  // namespace ember::rt
