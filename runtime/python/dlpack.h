// The DLPack structures (https://dmlc.github.io/dlpack/latest/c_api.html,
// dlpack.h v1.0), written from the public specification: the legacy
// DLManagedTensor (capsule "dltensor", renamed "used_dltensor" by the
// consumer) and the versioned DLManagedTensorVersioned (capsule
// "dltensor_versioned" / "used_dltensor_versioned").
#pragma once

#include <cstdint>

namespace ember::python::dlpack {

constexpr uint32_t kMajorVersion = 1;
constexpr uint32_t kMinorVersion = 0;

enum DLDeviceType : int32_t {
  kDLCPU = 1,
  kDLCUDA = 2,
  kDLCUDAHost = 3,
};

struct DLDevice {
  DLDeviceType device_type;
  int32_t device_id;
};

enum DLDataTypeCode : uint8_t {
  kDLInt = 0,
  kDLUInt = 1,
  kDLFloat = 2,
  kDLOpaqueHandle = 3,
  kDLBfloat = 4,
  kDLComplex = 5,
  kDLBool = 6,
};

struct DLDataType {
  uint8_t code;   // DLDataTypeCode
  uint8_t bits;
  uint16_t lanes;
};

struct DLTensor {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;  // in elements; NULL means row-major contiguous
  uint64_t byte_offset;
};

struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor* self);
};

struct DLPackVersion {
  uint32_t major;
  uint32_t minor;
};

constexpr uint64_t kFlagReadOnly = 1ULL << 0;
constexpr uint64_t kFlagIsCopied = 1ULL << 1;

struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned* self);
  uint64_t flags;
  DLTensor dl_tensor;
};

}  // namespace ember::python::dlpack
