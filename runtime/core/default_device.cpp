#include "runtime/core/default_device.h"

namespace ember::rt {

std::atomic<int> g_default_device_scopes{0};

namespace {
thread_local Device g_default_device;
}  // namespace

Device default_device() { return g_default_device_scopes.load(std::memory_order_relaxed) == 0 ? Device() : g_default_device; }

DefaultDeviceScope::DefaultDeviceScope(Device device) : previous_(g_default_device) {
  g_default_device_scopes.fetch_add(1, std::memory_order_relaxed);
  g_default_device = device;
}

DefaultDeviceScope::~DefaultDeviceScope() {
  g_default_device = previous_;
  g_default_device_scopes.fetch_sub(1, std::memory_order_relaxed);
}

}  // namespace ember::rt
