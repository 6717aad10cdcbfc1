// The device of storages made without one being named: the storage a TH
// tensor without one gets when it is resized, and TH's storage
// constructors. It is the CPU, except inside a DefaultDeviceScope on the
// same thread: THC's C functions (THCudaTensor_*) run in one on the
// current CUDA device, as THC made its storages there, and TH's C
// functions check that their tensors are on its type of device
// (runtime/th/api.h).
#pragma once

#include <atomic>

#include "ember/device.h"
#include "ember/tensor_impl.h"

namespace ember::rt {

// DefaultDeviceScopes alive in any thread: while there are none, every
// thread's default device is the CPU, known without reading a
// thread_local (a __tls_get_addr call from a shared library), which TH's
// C functions would do for every tensor argument (B10). A thread always
// sees its own scope's increment.
extern std::atomic<int> g_default_device_scopes;

inline DeviceType default_device_type() {
  return g_default_device_scopes.load(std::memory_order_relaxed) == 0 ? DeviceType::CPU : default_device().type;
}

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
