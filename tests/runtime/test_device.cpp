// Devices (ember/device.h), the CUDA queries (ember/cuda.h) and the
// runtime's device memory (runtime/core/device_memory.h) as they answer
// on a machine without a GPU, or in a build without CUDA: CPU memory
// works, every CUDA request is a clear Runtime error. With a GPU present
// the CUDA suites (issue 13) take over; these checks then skip.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "ember/cuda.h"
#include "ember/device.h"
#include "ember/error.h"
#include "runtime/core/device_memory.h"

namespace {

using ember::Device;
using ember::ErrorKind;

void expect_error(ErrorKind kind, const std::string& part, void (*call)()) {
  try {
    call();
    ADD_FAILURE() << "expected an error mentioning '" << part << "'";
  } catch (const ember::Error& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(Device, ParseAndPrint) {
  EXPECT_EQ(Device::parse("cpu"), Device());
  EXPECT_EQ(Device::parse("cpu:0"), Device());
  EXPECT_EQ(Device::parse("cuda"), Device(ember::kCUDA));
  EXPECT_EQ(Device::parse("cuda:3"), Device(ember::kCUDA, 3));
  EXPECT_EQ(Device::parse("cuda:3").str(), "cuda:3");
  EXPECT_EQ(Device(ember::kCUDA).str(), "cuda");
  EXPECT_EQ(Device().str(), "cpu");
  EXPECT_EQ(Device(ember::kCPU, 5), Device());  // the CPU has no index
  EXPECT_NE(Device(ember::kCUDA, 0), Device(ember::kCUDA, 1));
  EXPECT_EQ(Device().resolve(), Device());
}

TEST(Device, ParseErrorsNameTheOp) {
  expect_error(ErrorKind::Value, "to: expected a device string", [] { Device::parse("gpu", "to"); });
  expect_error(ErrorKind::Value, "invalid device string 'cuda:'", [] { Device::parse("cuda:"); });
  expect_error(ErrorKind::Value, "invalid device string 'cuda:-1'", [] { Device::parse("cuda:-1"); });
  expect_error(ErrorKind::Value, "invalid device string", [] { Device::parse("cuda:1x"); });
  expect_error(ErrorKind::Value, "the CPU is device 0 only", [] { Device::parse("cpu:1"); });
}

TEST(DeviceMemory, HostAllocatorAndCopies) {
  const ember::rt::DeviceAllocator a = ember::rt::device_allocator(Device(), "test");
  EXPECT_EQ(a.allocator, &THDefaultAllocator);
  char src[16] = "fifteen chars!!", dst[16] = {};
  ember::rt::copy_bytes(dst, Device(), src, Device(), sizeof src);
  EXPECT_EQ(std::memcmp(src, dst, sizeof src), 0);
  ember::rt::zero_bytes(dst, Device(), 8);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(dst[i], 0);
  EXPECT_EQ(dst[8], src[8]);
}

TEST(DeviceMemory, WithoutAGpuEveryCudaRequestIsAClearError) {
  if (ember::cuda::is_available()) GTEST_SKIP() << "a CUDA device is present: the CUDA suites cover it";
  EXPECT_EQ(ember::cuda::device_count(), 0);
  EXPECT_EQ(ember::cuda::memory_allocated(), 0);
  EXPECT_EQ(ember::cuda::memory_reserved(), 0);
  ember::cuda::empty_cache();  // nothing to return
  const std::string why = ember::cuda::is_built() ? "no CUDA device is available" : "built without CUDA";
  for (void (*call)() : {+[] { ember::cuda::current_device(); }, +[] { ember::cuda::set_device(0); },
                         +[] { ember::cuda::synchronize(); }, +[] { Device(ember::kCUDA).resolve(); },
                         +[] { ember::rt::device_allocator(Device(ember::kCUDA, 0), "empty"); }})
    expect_error(ErrorKind::Runtime, why, call);
}

}  // namespace
