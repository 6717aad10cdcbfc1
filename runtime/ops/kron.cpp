#include "runtime/ops/kron.h"

#include <algorithm>
#include <vector>

#include "ember/ops/mul.h"
#include "ember/ops/reshape.h"
#include "runtime/ops/shape_ops.h"

namespace ember::rt {

TensorBase kron(const TensorBase& self, const TensorBase& other) {
  // Both padded with leading 1s to one number of dims n; self viewed as
  // [a0, 1, a1, 1, ...] and other as [1, b0, 1, b1, ...], so that their
  // product reshaped to [a0 * b0, a1 * b1, ...] is the Kronecker product.
  const int64_t n = std::max(self.dim(), other.dim());
  std::vector<int64_t> a_shape, b_shape, shape;
  for (int64_t d = 0; d < n; ++d) {
    const int64_t a = d < n - self.dim() ? 1 : self.size(d - (n - self.dim()));
    const int64_t b = d < n - other.dim() ? 1 : other.size(d - (n - other.dim()));
    a_shape.insert(a_shape.end(), {a, 1});
    b_shape.insert(b_shape.end(), {1, b});
    shape.push_back(a * b);
  }
  return base::reshape(base::mul(base::reshape(self, a_shape), base::reshape(other, b_shape)), shape);
}

void kron_out(TensorBase& out, const TensorBase& self, const TensorBase& other) {
  write_out("kron", out, kron(self, other));
}

}  // namespace ember::rt
