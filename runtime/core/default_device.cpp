#include "runtime/core/default_device.h"

namespace ember::rt {

namespace {
thread_local Device g_default_device;
}  // namespace

Device default_device() { return g_default_device; }

DefaultDeviceScope::DefaultDeviceScope(Device device) : previous_(g_default_device) { g_default_device = device; }

DefaultDeviceScope::~DefaultDeviceScope() { g_default_device = previous_; }

}  // namespace ember::rt
