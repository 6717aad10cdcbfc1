#include "runtime/th/tensor.h"

#include <cstdio>
#include <cstring>

namespace ember::rt {

StorageImpl* th_long_storage(IntList values) {
  StorageImpl* s = storage_new(DType::Long, static_cast<int64_t>(values.size()));
  if (!values.empty()) std::memcpy(s->data, values.data(), values.size() * sizeof(int64_t));
  return s;
}

// Only TH's own flag may change: EMBER_TENSOR_SCALAR says how many
// elements the tensor has, and setting it on an empty tensor would point
// past its storage.
void th_tensor_set_flag_of(TensorImpl* self, char flag, bool set, const th::Fn& fn) {
  th::need(self, fn, "self");
  if (flag & ~TH_TENSOR_REFCOUNTED)
    fail(ErrorKind::Value, str(fn, ": flag ", static_cast<int>(flag), " is not TH_TENSOR_REFCOUNTED (1)"), "flag");
  if (set) self->flag |= flag;
  else self->flag &= static_cast<char>(~flag);
}

bool th_is_transposed(const TensorImpl* self) {
  if (is_contiguous(self)) return false;
  int64_t max_stride = 1, size_at_max = 1, n = 1;
  for (int d = 0; d < self->nDimension; ++d) {
    if (self->stride[d] == 0 && self->size[d] != 1) return false;
    if (self->stride[d] > max_stride) {
      max_stride = self->stride[d];
      size_at_max = self->size[d];
    }
    n *= self->size[d];
  }
  return n == max_stride * size_at_max;
}

// TH printed "torch.xTensor" (a stringize slip); the type name is meant.
THDescBuff th_tensor_description(const TensorImpl* self) {
  constexpr int L = TH_DESC_BUFF_LEN;
  THDescBuff buf;
  // cutorch's names: torch.CudaTensor (float), torch.CudaDoubleTensor, ...
  const bool cuda = device(self).is_cuda();
  const char* name = cuda && dtype(self) == DType::Float ? "" : info(dtype(self)).name;
  int n = std::snprintf(buf.str, L, "torch.%s%sTensor of size ", cuda ? "Cuda" : "", name);
  for (int d = 0; d < self->nDimension && n < L; ++d)
    n += std::snprintf(buf.str + n, L - n, d + 1 < self->nDimension ? "%ldx" : "%ld", self->size[d]);
  if (n >= L) std::snprintf(buf.str + L - 4, 4, "...");
  return buf;
}

}  // namespace ember::rt
