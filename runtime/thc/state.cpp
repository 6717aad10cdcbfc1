// THC's state and start-up (THC/THCGeneral.h). The state only records
// what THCudaInit found: devices, streams and memory are the CUDA
// backend's (ember/cuda.h), shared with the C++ and Python APIs.
#include <new>

#include "THC/THCGeneral.h"
#include "ember/cuda.h"
#include "ember/device.h"
#include "ember/error.h"
#include "runtime/core/device_memory.h"
#include "runtime/th/thunk.h"
#include "runtime/thc/thunk.h"

struct THCState {
  int num_devices = 0;
};

namespace ember::thc {

void check_state(const THCState* state, const char* fn) {
  if (!state) fail(ErrorKind::Value, str(fn, ": state is NULL (make one with THCState_alloc)"), "state");
}

Device current_cuda_device() { return Device(DeviceType::CUDA, cuda::is_available() ? cuda::current_device() : 0); }

namespace {
constexpr th::ArgNames<1> kStateArgs = {"state"};
constexpr th::ArgNames<2> kDeviceArgs = {"state", "device"};
}  // namespace

}  // namespace ember::thc

using namespace ember;

THC_API THCState* THCState_alloc(void) { return new (std::nothrow) THCState(); }

THC_API void THCState_free(THCState* state) { delete state; }

THC_API void THCudaInit(THCState* state) {
  th::guarded(thc::kStateArgs, [&] {
    thc::check_state(state, "THCudaInit");
    rt::usable_device(Device(DeviceType::CUDA, 0), "THCudaInit");
    state->num_devices = cuda::device_count();
  });
}

THC_API void THCudaShutdown(THCState* state) {
  th::guarded(thc::kStateArgs, [&] {
    thc::check_state(state, "THCudaShutdown");
    for (int d = 0; d < state->num_devices; ++d) cuda::synchronize(d);
    cuda::empty_cache();
    state->num_devices = 0;
  });
}

THC_API int THCState_getNumDevices(THCState* state) {
  return th::guarded(thc::kStateArgs, [&] {
    thc::check_state(state, "THCState_getNumDevices");
    return state->num_devices;
  });
}

THC_API int THCState_getCurrentDevice(THCState* state) {
  return th::guarded(thc::kStateArgs, [&] {
    thc::check_state(state, "THCState_getCurrentDevice");
    return cuda::current_device();
  });
}

THC_API void THCState_setDevice(THCState* state, int device) {
  th::guarded(thc::kDeviceArgs, [&] {
    thc::check_state(state, "THCState_setDevice");
    cuda::set_device(device);
  });
}

THC_API THAllocator* THCState_getCudaHostAllocator(THCState* state) {
  return th::guarded(thc::kStateArgs, [&] {
    thc::check_state(state, "THCState_getCudaHostAllocator");
    return rt::cuda_backend::pinned_allocator();
  });
}
