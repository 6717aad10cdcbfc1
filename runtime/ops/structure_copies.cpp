#include "runtime/ops/structure_copies.h"

#include <vector>

#include "ember/checked_math.h"
#include "ember/error.h"
#include "ember/ops/copy.h"
#include "ember/views.h"

namespace ember::rt {

// The result, seen as [r0, s0, r1, s1, ...] (dim i split into repeats x
// size), is a copy of the input seen with that shape and stride 0 along
// every r: one broadcast copy does the tiling.
TensorBase repeat_tensor(const TensorBase& self, IntList repeats) {
  const size_t n = static_cast<size_t>(self.dim());
  if (repeats.size() < n)
    fail(ErrorKind::Value, str("repeat: ", repeats.size(), " repeats for a ", n, "-dim tensor (need at least ", n, ")"),
         "repeats");
  for (int64_t r : repeats)
    if (r < 0) fail(ErrorKind::Value, str("repeat: repeats must be >= 0, got ", r), "repeats");
  if (n == 0 && !self.is_scalar()) return empty_like(self);  // TH's empty tensor: nothing to repeat
  const size_t pad = repeats.size() - n;
  std::vector<int64_t> out_sizes(repeats.size()), tiled_sizes, src_strides;
  for (size_t i = 0; i < repeats.size(); ++i) {
    const int64_t size = i < pad ? 1 : self.size(static_cast<int64_t>(i - pad));
    const int64_t stride = i < pad ? 0 : self.stride(static_cast<int64_t>(i - pad));
    out_sizes[i] = checked_mul(size, repeats[i], "repeat");
    tiled_sizes.insert(tiled_sizes.end(), {repeats[i], size});
    src_strides.insert(src_strides.end(), {0, stride});
  }
  TensorBase out = empty(out_sizes, self.dtype(), self.device());
  if (out.numel() == 0) return out;
  if (repeats.empty()) return base::copy_(out, self);  // a 0-dim tensor, repeated along no dim
  TensorBase dst = TensorBase::adopt(view(out.impl(), tiled_sizes));
  TensorBase src = TensorBase::adopt(
      tensor_new_with_storage(self.dtype(), self.impl()->storage, self.storage_offset(), tiled_sizes, src_strides));
  base::copy_(dst, src);
  return out;
}

}  // namespace ember::rt
