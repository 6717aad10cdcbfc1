#include "runtime/ops/repeat_interleave.h"

#include <vector>

#include "ember/error.h"
#include "ember/ops/expand.h"
#include "ember/ops/index_select.h"
#include "ember/ops/reshape.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

namespace {

constexpr const char* kOp = "repeat_interleave";

// The positions that repeat_interleave(repeats) gives, as int64; repeats is
// a vector of int32 or int64 counts.
TensorBase positions(const TensorBase& repeats, std::optional<int64_t> output_size) {
  if (repeats.dtype() != DType::Long && repeats.dtype() != DType::Int)
    fail(ErrorKind::Type, str(kOp, ": repeats must hold int64 or int32, got ", dtype_name(repeats.dtype())), "repeats");
  const TensorBase counts = to_dtype(contiguous_tensor(repeats), DType::Long, false);
  const int64_t* c = static_cast<const int64_t*>(counts.data_ptr());
  int64_t total = 0;
  for (int64_t i = 0; i < counts.numel(); ++i) {
    if (c[i] < 0) fail(ErrorKind::Value, str(kOp, ": repeats holds ", c[i], ", a negative count"), "repeats");
    if (__builtin_add_overflow(total, c[i], &total))
      fail(ErrorKind::Memory, str(kOp, ": the counts of repeats overflow int64"), "repeats");
  }
  if (output_size && *output_size != total)
    fail(ErrorKind::Value, str(kOp, ": output_size is ", *output_size, " but the counts sum to ", total), "output_size");
  TensorBase result = empty({total}, DType::Long);
  int64_t* p = static_cast<int64_t*>(result.data_ptr());
  for (int64_t i = 0; i < counts.numel(); ++i)
    for (int64_t k = 0; k < c[i]; ++k) *p++ = i;
  return result;
}

}  // namespace

TensorBase repeat_interleave(const TensorBase& self, const TensorBase& repeats, std::optional<int64_t> dim,
                             std::optional<int64_t> output_size) {
  if (dim && self.dim() == 0) fail(ErrorKind::Index, str(kOp, ": self is 0-dim, it has no dim ", *dim), "dim");
  // Without dim, self flattened.
  const TensorBase input = dim ? self : base::reshape(self, {self.numel()});
  const int64_t d = dim ? wrap_dim(*dim, self.dim(), kOp) : 0;
  const int64_t n = input.size(d);
  if (repeats.dim() > 1)
    fail(ErrorKind::Value, str(kOp, ": repeats must be 0-dim or 1-d, got ", repeats.dim(), " dims"), "repeats");
  // One count (0-dim or of one element) serves every slice.
  const bool one = repeats.numel() == 1;
  if (!one && repeats.numel() != n)
    fail(ErrorKind::Value, str(kOp, ": repeats has ", repeats.numel(), " counts but self has ", n,
                               " slices along dim ", d), "repeats");
  const TensorBase counts = one ? base::expand(base::reshape(repeats, {1}), {n}) : repeats;
  return base::index_select(input, d, positions(counts, output_size));
}

TensorBase repeat_interleave(const TensorBase& self, int64_t repeats, std::optional<int64_t> dim,
                             std::optional<int64_t> output_size) {
  return repeat_interleave(self, scalar_tensor(repeats, DType::Long), dim, output_size);
}

TensorBase repeat_interleave(const TensorBase& repeats, std::optional<int64_t> output_size) {
  if (repeats.dim() != 1)
    fail(ErrorKind::Value, str(kOp, ": repeats must be 1-d, got ", repeats.dim(), " dims"), "repeats");
  return to_dtype(positions(repeats, output_size), repeats.dtype(), false);
}

}  // namespace ember::rt
