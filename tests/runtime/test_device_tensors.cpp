// Tensors and devices without a GPU: a tensor's device is its storage's,
// moves to the CPU return the tensor itself (or a copy when asked), moves
// to CUDA are clear errors that leave the tensor intact, and every op
// without a CUDA kernel refuses a tensor whose storage says it is on a
// CUDA device, naming the op and the argument, while views (which touch
// no elements) pass. The last is checked with a storage of host memory
// marked as cuda:0, so that it runs on any machine.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "ember/cuda.h"
#include "ember/tensor.h"

namespace {

using ember::Device;
using ember::DType;
using ember::Tensor;

// `t`, its storage now claiming to be on cuda:0 (its bytes are host memory,
// which the ops under test must never read).
Tensor marked_on_cuda(Tensor t) {
  t.impl()->storage->deviceType = static_cast<int>(ember::DeviceType::CUDA);
  t.impl()->storage->deviceIndex = 0;
  return t;
}

void unmark(const Tensor& t) { t.impl()->storage->deviceType = static_cast<int>(ember::DeviceType::CPU); }

std::string error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const ember::Error& e) {
    return e.what();
  }
  return "";
}

TEST(DeviceTensors, CpuTensorsAndMovesToTheCpu) {
  const Tensor t = ember::arange(6, DType::Float).reshape({2, 3});
  EXPECT_EQ(t.device(), Device());
  EXPECT_FALSE(t.is_cuda());
  EXPECT_TRUE(t.cpu().is_same(t));
  EXPECT_TRUE(t.to(ember::kCPU).is_same(t));
  const Tensor copy = t.to(Device(), true);
  EXPECT_FALSE(copy.is_same(t));
  EXPECT_NE(copy.data_ptr(), t.data_ptr());
  EXPECT_TRUE(ember::equal(copy, t));
}

TEST(DeviceTensors, MovesToCudaWithoutAGpuRaiseAndLeaveTheTensor) {
  if (ember::cuda::is_available()) GTEST_SKIP() << "a CUDA device is present";
  const Tensor t = ember::arange(4, DType::Int);
  const Tensor before = t.clone();
  const std::string why = ember::cuda::is_built() ? "no CUDA device is available" : "built without CUDA";
  EXPECT_NE(error_of([&] { t.cuda(); }).find(why), std::string::npos);
  EXPECT_NE(error_of([&] { t.to(Device(ember::kCUDA, 1)); }).find(why), std::string::npos);
  EXPECT_NE(error_of([&] { ember::rt::empty({2}, DType::Float, Device(ember::kCUDA, 0)); }).find(why), std::string::npos);
  EXPECT_TRUE(ember::equal(t, before));
  EXPECT_EQ(t.device(), Device());
}

TEST(DeviceTensors, OpsWithoutCudaKernelsRefuseDeviceTensorsByName) {
  const Tensor host = ember::ones({2, 3}, DType::Float);
  const Tensor dev = marked_on_cuda(ember::ones({2, 3}, DType::Float));
  EXPECT_EQ(dev.device(), Device(ember::kCUDA, 0));
  EXPECT_TRUE(dev.is_cuda());
  EXPECT_EQ(error_of([&] { ember::abs(dev); }),
            "abs: not implemented for CUDA yet, and the tensor is on cuda:0; move it with .cpu() first (argument 'self')");
  EXPECT_NE(error_of([&] { ember::add(host, dev); }).find("add: not implemented for CUDA yet, and the tensor is on cuda:0; move it with .cpu() first (argument 'other')"),
            std::string::npos);
  Tensor dev_out = marked_on_cuda(ember::empty({2, 2}, DType::Float));
  EXPECT_NE(error_of([&] { ember::mul_out(dev_out, host, host); }).find("(argument 'out')"),
            std::string::npos);
  EXPECT_EQ(dev_out.sizes().vec(), (std::vector<int64_t>{2, 2}));  // not resized
  unmark(dev_out);
  EXPECT_NE(error_of([&] { ember::cat({host, dev}); }).find("cat: not implemented for CUDA yet, and the tensor is on cuda:0; move it with .cpu() first (argument 'tensors')"),
            std::string::npos);
  EXPECT_NE(error_of([&] { ember::sum(dev); }).find("sum: "), std::string::npos);
  // Views only change sizes, strides and offset: they keep the device.
  const Tensor view = dev.transpose(0, 1).narrow(0, 1, 2);
  EXPECT_EQ(view.device(), Device(ember::kCUDA, 0));
  EXPECT_EQ(view.sizes().vec(), (std::vector<int64_t>{2, 2}));
  unmark(dev);
  EXPECT_TRUE(ember::equal(dev, host));  // nothing was written
}

// ---- with a GPU --------------------------------------------------------------------

class OnCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!ember::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or ember built without CUDA)";
  }
};

TEST_F(OnCuda, RoundTripsOfEveryDtypeAndLayout) {
  for (DType dtype : {DType::Byte, DType::Char, DType::Short, DType::Int, DType::Long, DType::Float, DType::Double,
                      DType::Half, DType::BFloat16, DType::Bool}) {
    const Tensor t = ember::arange(24, DType::Long).remainder(7).to(dtype).reshape({2, 3, 4});
    for (const Tensor& layout : {t, t.transpose(0, 2), t.narrow(2, 1, 2), t.select(1, 2), t.expand({5, 2, 3, 4})}) {
      const Tensor dev = layout.cuda();
      EXPECT_TRUE(dev.is_cuda());
      EXPECT_TRUE(dev.is_contiguous());
      EXPECT_TRUE(ember::equal(dev.cpu(), layout)) << ember::dtype_name(dtype);
      const Tensor strided_on_device = dev.dim() > 1 ? dev.transpose(0, 1) : dev;
      EXPECT_TRUE(ember::equal(strided_on_device.cpu(), layout.dim() > 1 ? layout.transpose(0, 1) : layout));
    }
  }
}

TEST_F(OnCuda, CachingAllocatorReusesAndEmpties) {
  ember::cuda::empty_cache();
  const int64_t base = ember::cuda::memory_allocated();
  {
    const Tensor a = ember::rt::empty({1 << 20}, DType::Float, Device(ember::kCUDA));
    EXPECT_EQ(ember::cuda::memory_allocated(), base + (4 << 20));
  }
  EXPECT_EQ(ember::cuda::memory_allocated(), base);
  EXPECT_GE(ember::cuda::memory_reserved(), base + (4 << 20));  // cached
  ember::cuda::empty_cache();
  EXPECT_EQ(ember::cuda::memory_reserved(), base);
}

TEST_F(OnCuda, OutOfMemoryIsAMemoryError) {
  try {
    ember::rt::empty({int64_t{1} << 45}, DType::Float, Device(ember::kCUDA));
    FAIL() << "expected an error";
  } catch (const ember::Error& e) {
    EXPECT_EQ(e.kind(), ember::ErrorKind::Memory) << e.what();
  }
}

TEST_F(OnCuda, OpsWithoutKernelsRaiseOnRealDeviceTensors) {
  const Tensor dev = ember::ones({3}, DType::Float).cuda();
  EXPECT_NE(error_of([&] { ember::exp(dev); }).find("exp: not implemented for CUDA yet"), std::string::npos);
}

}  // namespace
