#include "runtime/core/default_device.h"

#include <atomic>

namespace ember::rt {

namespace {
thread_local Device g_default_device;
// Scopes alive in any thread. While there are none every thread's default
// is the CPU, and the thread_local (a __tls_get_addr call from a shared
// library) is not read: TH's C functions ask on every tensor argument
// (B10). A thread always sees its own scope's increment.
std::atomic<int> g_scopes{0};
}  // namespace

Device default_device() { return g_scopes.load(std::memory_order_relaxed) == 0 ? Device() : g_default_device; }

DefaultDeviceScope::DefaultDeviceScope(Device device) : previous_(g_default_device) {
  g_scopes.fetch_add(1, std::memory_order_relaxed);
  g_default_device = device;
}

DefaultDeviceScope::~DefaultDeviceScope() {
  g_default_device = previous_;
  g_scopes.fetch_sub(1, std::memory_order_relaxed);
}

}  // namespace ember::rt
