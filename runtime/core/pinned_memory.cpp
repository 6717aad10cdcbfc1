#include "ember/pinned.h"

#include "ember/error.h"
#include "ember/ops/copy.h"
#include "runtime/core/device_memory.h"

namespace ember {

TensorBase pin_memory(const TensorBase& self) {
  if (!self.device().is_cpu())
    fail(ErrorKind::Value, str("pin_memory: only CPU tensors can be pinned, and self is on ", self.device().str()),
         "self");
  rt::usable_device(Device(DeviceType::CUDA), "pin_memory");
  if (is_pinned(self)) return self;
  StorageImpl* storage = rt::storage_new(self.dtype(), self.numel(), rt::cuda_backend::pinned_allocator());
  TensorBase pinned;
  try {
    pinned = TensorBase::adopt(rt::tensor_new_with_storage(self.dtype(), storage, 0, self.sizes(), {}, self.is_scalar()));
  } catch (...) {
    rt::storage_release(storage);
    throw;
  }
  rt::storage_release(storage);
  base::copy_(pinned, self);
  return pinned;
}

bool is_pinned(const TensorBase& self) {
  const StorageImpl* storage = self.defined() && self.impl()->storage ? self.impl()->storage : nullptr;
  return storage && rt::cuda_backend::is_pinned_allocator(storage->allocator);
}

}  // namespace ember
