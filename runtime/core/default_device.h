// The device of storages made without one being named: the storage a TH
// tensor without one gets when it is resized, and TH's storage
// constructors. It is the CPU, except inside a DefaultDeviceScope on the
// same thread: THC's C functions (THCudaTensor_*) run in one on the
// current CUDA device, as THC made its storages there, and TH's C
// functions check that their tensors are on its type of device
// (runtime/th/api.h).
#pragma once

#include "ember/device.h"

namespace ember::rt {

Device default_device();

class DefaultDeviceScope {
 public:
  explicit DefaultDeviceScope(Device device);
  ~DefaultDeviceScope();
  DefaultDeviceScope(const DefaultDeviceScope&) = delete;
  DefaultDeviceScope& operator=(const DefaultDeviceScope&) = delete;

 private:
  Device previous_;
};

}  // namespace ember::rt
