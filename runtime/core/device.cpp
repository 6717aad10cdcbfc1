#include "ember/device.h"

#include <cstdint>
#include <cstring>

#include "ember/cuda.h"
#include "ember/error.h"
#include "runtime/core/device_memory.h"

namespace ember {

Device Device::parse(const std::string& text, const char* op) {
  const size_t colon = text.find(':');
  const std::string type = text.substr(0, colon);
  DeviceType t;
  if (type == "cpu") {
    t = DeviceType::CPU;
  } else if (type == "cuda") {
    t = DeviceType::CUDA;
  } else {
    fail(ErrorKind::Value, ember::str(op, ": expected a device string starting with cpu or cuda, got '", text, "'"), "device");
  }
  if (colon == std::string::npos) return Device(t);
  const std::string digits = text.substr(colon + 1);
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
    fail(ErrorKind::Value, ember::str(op, ": invalid device string '", text, "'"), "device");
  if (t == DeviceType::CPU && std::stoi(digits) != 0)
    fail(ErrorKind::Value, ember::str(op, ": the CPU is device 0 only, got '", text, "'"), "device");
  return Device(t, std::stoi(digits));
}

Device Device::resolve() const {
  if (type == DeviceType::CUDA && index < 0) return Device(type, cuda::current_device());
  return *this;
}

std::string Device::str() const {
  if (type == DeviceType::CPU) return "cpu";
  return index < 0 ? "cuda" : "cuda:" + std::to_string(index);
}

namespace rt {

Device usable_device(Device device, const char* op) {
  if (device.is_cpu()) return device;
  cuda_backend::require(device.index < 0 ? 0 : device.index, op);
  return device.resolve();
}

DeviceAllocator device_allocator(Device device, const char* op) {
  if (device.is_cpu()) return {&THDefaultAllocator, nullptr};
  cuda_backend::require(device.index, op);
  return {cuda_backend::allocator(), reinterpret_cast<void*>(static_cast<intptr_t>(device.index))};
}

void copy_bytes(void* dst, Device dst_device, const void* src, Device src_device, size_t nbytes) {
  if (nbytes == 0) return;
  if (dst_device.is_cpu() && src_device.is_cpu()) {
    std::memcpy(dst, src, nbytes);
    return;
  }
  cuda_backend::copy(dst, src, nbytes);
}

void zero_bytes(void* ptr, Device device, size_t nbytes) {
  if (nbytes == 0) return;
  if (device.is_cpu()) {
    std::memset(ptr, 0, nbytes);
    return;
  }
  cuda_backend::zero(ptr, device.index, nbytes);
}

}  // namespace rt
}  // namespace ember
