// diff: the n-th forward difference along dim, of self with prepend and
// append joined at its ends (cat, so their dtypes promote), as PyTorch
// 1.13: each step subtracts the slice before from the slice after (xor for
// Bool); n = 0 gives a copy of self alone (prepend and append ignored, as
// PyTorch and NumPy), a negative n self joined with them undifferenced
// (PyTorch 1.13's loop simply does not run; later releases reject it), an
// n past the dim's length an empty dim.
#include <algorithm>
#include <vector>

#include "ember/error.h"
#include "ember/ops/cat.h"
#include "ember/ops/clone.h"
#include "ember/ops/logical_xor.h"
#include "ember/ops/narrow.h"
#include "ember/ops/sub.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/statistics.h"

namespace ember::rt {

namespace {

// prepend and append must have self's dims and sizes but along `dim`.
void check_joined(const TensorBase& self, const TensorBase& t, int64_t dim, const char* arg) {
  if (!t.defined()) return;
  if (t.dim() != self.dim())
    fail(ErrorKind::Value, str("diff: ", arg, " must have self's ", self.dim(), " dims, got ", t.dim()), arg);
  for (int64_t i = 0; i < self.dim(); ++i)
    if (i != dim && t.size(i) != self.size(i))
      fail(ErrorKind::Value, str("diff: ", arg, "'s shape ", sizes_text(t.sizes()), " must match self's ",
                                 sizes_text(self.sizes()), " except along dim ", dim), arg);
}

}  // namespace

TensorBase diff(const TensorBase& self, int64_t n, int64_t dim, const TensorBase& prepend, const TensorBase& append) {
  if (self.dim() == 0) fail(ErrorKind::Value, "diff: self must have at least one dim", "self");
  const int64_t d = wrap_dim(dim, self.dim(), "diff");
  check_joined(self, prepend, d, "prepend");
  check_joined(self, append, d, "append");
  if (n == 0) return base::clone(self);
  TensorBaseList parts;
  for (const TensorBase* t : {&prepend, &self, &append})
    if (t->defined()) parts.push_back(*t);
  // self alone is differenced as it is (a copy first cost a third of diff
  // of 2048^2 float32 along dim 1); returned undifferenced, it is copied.
  TensorBase r = parts.size() == 1 ? self : base::cat(parts, d);
  const int64_t steps = std::min(n, r.size(d));
  if (steps <= 0) return parts.size() == 1 ? base::clone(self) : r;
  for (int64_t step = steps; step > 0; --step) {
    const int64_t len = r.size(d) - 1;
    const TensorBase after = base::narrow(r, d, 1, len), before = base::narrow(r, d, 0, len);
    r = r.dtype() == DType::Bool ? base::logical_xor(after, before) : base::sub(after, before);
  }
  return r;
}

void diff_out(TensorBase& out, const TensorBase& self, int64_t n, int64_t dim, const TensorBase& prepend,
              const TensorBase& append) {
  assign_out("diff", out, rt::diff(self, n, dim, prepend, append));
}

}  // namespace ember::rt
