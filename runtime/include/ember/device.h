// Where a storage's memory lives: the CPU, or one CUDA device (issue 13).
//
// A Device names a type and, for CUDA, a device index; Device(kCUDA)
// without an index means the current CUDA device and is resolved where
// memory is allocated (resolve()). The storage keeps the resolved device
// (EMBER_STORAGE_FIELDS); a tensor is where its storage is.
#pragma once

#include "ember/export.h"

#include <string>

namespace ember {

enum class DeviceType : int { CPU = 0, CUDA = 1 };

constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;

struct EMBER_CPP_API Device {
  DeviceType type = DeviceType::CPU;
  int index = -1;  // CUDA: the device, or -1 for the current one; CPU: -1

  constexpr Device() = default;
  constexpr Device(DeviceType t, int i = -1) : type(t), index(t == DeviceType::CPU ? -1 : i) {}  // NOLINT: kCUDA converts
  // "cpu", "cuda", "cuda:1" (PyTorch's grammar); a ValueError naming `op` otherwise.
  static Device parse(const std::string& text, const char* op = "device");

  bool is_cpu() const { return type == DeviceType::CPU; }
  bool is_cuda() const { return type == DeviceType::CUDA; }
  // The same device, with an index of -1 replaced by the current CUDA device.
  Device resolve() const;
  // "cpu", "cuda", "cuda:0".
  std::string str() const;

  friend bool operator==(Device a, Device b) { return a.type == b.type && a.index == b.index; }
  friend bool operator!=(Device a, Device b) { return !(a == b); }
};

}  // namespace ember
