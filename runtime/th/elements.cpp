#include "runtime/th/elements.h"

namespace ember::rt {

void* th_element(TensorImpl* tensor, const int64_t* idx, int k, const th::Fn& fn) {
  static const char* const kIndexArgs[] = {"x0", "x1", "x2", "x3"};
  th::need(tensor, fn, "tensor");
  if (tensor->nDimension != k)
    fail(ErrorKind::Value, str(fn, ": the tensor must have ", k, " dims, it has ", tensor->nDimension), "tensor");
  int64_t offset = tensor->storageOffset;
  for (int d = 0; d < k; ++d) {
    if (idx[d] < 0 || idx[d] >= tensor->size[d])
      fail(ErrorKind::Index, str(fn, ": index ", idx[d], " is out of range for dim ", d, " of size ", tensor->size[d]),
           kIndexArgs[d]);
    offset += idx[d] * tensor->stride[d];
  }
  // In range on every dim: the tensor has elements, so a storage holding them.
  return static_cast<char*>(tensor->storage->data) + offset * static_cast<int64_t>(element_size(dtype(tensor)));
}

bool th_copy_transpose_valid(const TensorImpl* tensor, const TensorImpl* src) {
  constexpr int64_t kMinElements = 60 * 60;
  return is_contiguous(tensor) && src->nDimension == 2 && src->stride[0] == 1 && src->stride[1] == src->size[0] &&
         numel(tensor) >= kMinElements;
}

}  // namespace ember::rt
