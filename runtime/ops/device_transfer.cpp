// Copies between devices (Tensor.to(device), cuda(), cpu()), and the errors
// of ops that have no kernel for a tensor's device or mix devices.
//
// The result is contiguous. A CPU source that is not contiguous is made so
// on the host before the upload; a CUDA source that is not contiguous is
// downloaded as the span of storage its view covers and laid out on the
// host. A copy between two CUDA devices moves contiguous bytes only, until
// the strided CUDA copy kernel exists.
#include "ember/ops/contiguous.h"
#include "ember/error.h"
#include "runtime/core/device_memory.h"
#include "runtime/ops/device_guard.h"
#include "runtime/ops/without_cuda.h"

namespace ember::rt {

void not_implemented_on_device(const char* op, const TensorBase& t, const char* arg) {
  fail(ErrorKind::Runtime, str(op, ": not implemented for CUDA yet, and the tensor is on ", t.device().str(),
                               "; move it with .cpu() first"), arg);
}

void without_cuda(const char* op, Device device) {
  fail(ErrorKind::Runtime, str(op, ": a tensor is on ", device.str(), ", but ember was built without CUDA"));
}

Device common_device(const char* op, std::initializer_list<NamedTensor> args) {
  const NamedTensor* first = nullptr;
  for (const NamedTensor& a : args) {
    if (!a.tensor || !a.tensor->defined()) continue;
    if (!first) first = &a;
    else if (a.tensor->device() != first->tensor->device())
      fail(ErrorKind::Runtime, str(op, ": ", a.arg, " is on ", a.tensor->device().str(), " but ", first->arg, " is on ",
                                   first->tensor->device().str()), a.arg);
  }
  return first ? first->tensor->device() : Device();
}

namespace {

// The elements from the view's first to its last, inclusive (strides are >= 0).
int64_t span_of(const TensorBase& t) {
  if (t.numel() == 0) return 0;
  int64_t last = 0;
  for (int64_t d = 0; d < t.dim(); ++d) last += (t.size(d) - 1) * t.stride(d);
  return last + 1;
}

TensorBase download_strided(const TensorBase& self) {
  const int64_t span = span_of(self);
  const size_t esize = self.element_size();
  StorageImpl* host = storage_new(self.dtype(), span);
  TensorBase view;
  try {
    copy_bytes(host->data, Device(), self.data_ptr(), self.device(), static_cast<size_t>(span) * esize);
    view = TensorBase::adopt(tensor_new_with_storage(self.dtype(), host, 0, self.sizes(), self.strides(),
                                                     self.is_scalar()));
  } catch (...) {
    storage_release(host);
    throw;
  }
  storage_release(host);
  return base::contiguous(view);
}

// A contiguous tensor of self's sizes on `target` (TH's empty tensor, with
// no dims, gets an empty storage there so that it is on the device too).
TensorBase empty_on(const TensorBase& self, Device target) {
  if (self.dim() > 0 || self.is_scalar()) return empty(self.sizes(), self.dtype(), target);
  StorageImpl* storage = storage_new_on(self.dtype(), 0, target);
  try {
    TensorBase t = TensorBase::adopt(tensor_new_with_storage(self.dtype(), storage, 0, {}, {}, false));
    storage_release(storage);
    return t;
  } catch (...) {
    storage_release(storage);
    throw;
  }
}

}  // namespace

TensorBase to_device(const TensorBase& self, Device device, bool copy) {
  if (!self.defined()) fail(ErrorKind::Value, "to: the tensor is undefined", "self");
  const Device target = usable_device(device, "to");
  const Device source = self.device();
  if (target == source && !copy) return self;
  if (source.is_cuda() && target.is_cpu() && !self.is_contiguous()) return download_strided(self);
  if (source.is_cuda() && target.is_cuda() && !self.is_contiguous())
    not_implemented_on_device("to", self, "self");
  const TensorBase src = source.is_cpu() ? base::contiguous(self) : self;
  TensorBase result = empty_on(self, target);
  copy_bytes(result.data_ptr(), target, src.data_ptr(), source, static_cast<size_t>(self.numel()) * self.element_size());
  return result;
}

}  // namespace ember::rt
