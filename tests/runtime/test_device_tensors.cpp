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
#include "ember/pinned.h"
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

// Pinned host memory needs a device; without one nothing is allocated.
TEST(DeviceTensors, PinningWithoutAGpuRaises) {
  if (ember::cuda::is_available()) GTEST_SKIP() << "a CUDA device is present";
  const Tensor t = ember::arange(4, DType::Float);
  const std::string why = ember::cuda::is_built() ? "no CUDA device is available" : "built without CUDA";
  const std::string error = error_of([&] { ember::pin_memory(t); });
  EXPECT_NE(error.find("pin_memory"), std::string::npos) << error;
  EXPECT_NE(error.find(why), std::string::npos) << error;
  EXPECT_FALSE(ember::is_pinned(t));
  EXPECT_FALSE(ember::is_pinned(Tensor()));
}

TEST(DeviceTensors, OpsWithoutCudaKernelsRefuseDeviceTensorsByName) {
  const Tensor host = ember::ones({2, 3}, DType::Float);
  const Tensor dev = marked_on_cuda(ember::ones({2, 3}, DType::Float));
  EXPECT_EQ(dev.device(), Device(ember::kCUDA, 0));
  EXPECT_TRUE(dev.is_cuda());
  EXPECT_EQ(error_of([&] { ember::cumsum(dev, 0); }),
            "cumsum: not implemented for CUDA yet, and the tensor is on cuda:0; move it with .cpu() first (argument 'self')");
  Tensor dev_out = marked_on_cuda(ember::empty({2}, DType::Float));
  EXPECT_NE(error_of([&] { ember::cumsum_out(dev_out, host, 1); }).find("(argument 'out')"), std::string::npos);
  EXPECT_EQ(dev_out.sizes().vec(), (std::vector<int64_t>{2}));  // not resized
  unmark(dev_out);
  EXPECT_NE(error_of([&] { ember::sort(dev); }).find("sort: not implemented for CUDA yet"), std::string::npos);
  // Composite ops run on any device, but never across devices.
  EXPECT_EQ(error_of([&] { ember::cat({host, dev}); }),
            "cat: tensors[1] is on cuda:0 but tensors[0] is on cpu (argument 'tensors')");
  Tensor dev_cat = marked_on_cuda(ember::empty({0}, DType::Float));
  EXPECT_EQ(error_of([&] { ember::cat_out(dev_cat, {host, host}); }),
            "cat: out is on cuda:0 but the tensors are on cpu (argument 'out')");
  EXPECT_EQ(dev_cat.sizes().vec(), (std::vector<int64_t>{0}));  // not resized
  unmark(dev_cat);
  Tensor dev_index = marked_on_cuda(ember::empty({0}, DType::Long));
  EXPECT_EQ(error_of([&] { ember::argmax_out(dev_index, host, 1); }),
            "argmax: out is on cuda:0 but the result is on cpu (argument 'out')");
  EXPECT_EQ(dev_index.sizes().vec(), (std::vector<int64_t>{0}));
  unmark(dev_index);
  // Ops with CUDA kernels check that every tensor is on one device first.
  EXPECT_EQ(error_of([&] { ember::add(host, dev); }),
            "add: expected all tensors on one device, but self is on cpu and other on cuda:0 (argument 'self')");
  Tensor dev_result = marked_on_cuda(ember::empty({2, 3}, DType::Float));
  EXPECT_EQ(error_of([&] { ember::mul_out(dev_result, host, host); }),
            "mul: expected all tensors on one device, but self is on cpu and out on cuda:0 (argument 'self')");
  unmark(dev_result);
  EXPECT_EQ(error_of([&] { ember::mm(host, dev.t()); }),
            "mm: expected all tensors on one device, but mat2 is on cuda:0 and self on cpu (argument 'mat2')");
  Tensor dev_square = marked_on_cuda(ember::zeros({2, 2}, DType::Float));
  EXPECT_EQ(error_of([&] { ember::mm_out(dev_square, host, host.t()); }),
            "mm: expected all tensors on one device, but out is on cuda:0 and self on cpu (argument 'out')");
  unmark(dev_square);
  EXPECT_TRUE(ember::equal(dev_square, ember::zeros({2, 2}, DType::Float)));  // not written
  // The matrix-vector products and dot too (cuBLAS, as GEMMs).
  EXPECT_EQ(error_of([&] { ember::mv(host, dev.select(0, 0)); }),
            "mv: expected all tensors on one device, but vec is on cuda:0 and self on cpu (argument 'vec')");
  Tensor dev_vector = marked_on_cuda(ember::zeros({3}, DType::Float));
  EXPECT_EQ(error_of([&] { ember::mv_out(dev_vector, host.t(), host.select(1, 0)); }),
            "mv: expected all tensors on one device, but out is on cuda:0 and self on cpu (argument 'out')");
  EXPECT_EQ(error_of([&] { ember::addr(dev, host.select(1, 0), host.select(0, 0)); }),
            "addr: expected all tensors on one device, but self is on cuda:0 and vec1 on cpu (argument 'self')");
  EXPECT_EQ(error_of([&] { ember::outer(host.select(1, 0), dev_vector); }),
            "outer: expected all tensors on one device, but vec2 is on cuda:0 and self on cpu (argument 'vec2')");
  EXPECT_EQ(error_of([&] { ember::dot(dev_vector, host.select(0, 0)); }),
            "dot: expected all tensors on one device, but tensor is on cpu and self on cuda:0 (argument 'tensor')");
  unmark(dev_vector);
  EXPECT_TRUE(ember::equal(dev_vector, ember::zeros({3}, DType::Float)));  // not written
  // So do the index ops, naming the tensor on another device than the first.
  const Tensor host_index = ember::zeros({2}, DType::Long);
  EXPECT_EQ(error_of([&] { ember::index_select(dev, 0, host_index); }),
            "index_select: index is on cpu but self is on cuda:0 (argument 'index')");
  Tensor dev_gathered = marked_on_cuda(ember::empty({0}, DType::Float));
  EXPECT_EQ(error_of([&] { ember::gather_out(dev_gathered, host, 1, host_index.unsqueeze(0)); }),
            "gather: out is on cuda:0 but self is on cpu (argument 'out')");
  EXPECT_EQ(dev_gathered.sizes().vec(), (std::vector<int64_t>{0}));  // not resized
  unmark(dev_gathered);
  Tensor written = ember::ones({2, 3}, DType::Float);
  EXPECT_EQ(error_of([&] { written.index_add_(0, host_index, dev); }),
            "index_add: source is on cuda:0 but self is on cpu (argument 'source')");
  const Tensor dev_index2 = marked_on_cuda(ember::zeros({2, 3}, DType::Long));
  EXPECT_EQ(error_of([&] { written.scatter_(1, dev_index2, 2.0); }),
            "scatter: index is on cuda:0 but self is on cpu (argument 'index')");
  unmark(dev_index2);
  EXPECT_TRUE(ember::equal(written, host));  // not written
  const Tensor host_mask = ember::ones({2, 3}, DType::Bool);
  EXPECT_EQ(error_of([&] { ember::masked_fill(dev, host_mask, 1); }),
            "masked_fill: mask is on cpu but self is on cuda:0 (argument 'mask')");
  const Tensor dev_mask = marked_on_cuda(ember::ones({2, 3}, DType::Bool));
  EXPECT_EQ(error_of([&] { ember::masked_select(host, dev_mask); }),
            "masked_select: mask is on cuda:0 but self is on cpu (argument 'mask')");
  unmark(dev_mask);
  EXPECT_EQ(error_of([&] { ember::scatter_reduce(dev, 0, host_index.unsqueeze(1), dev, "sum"); }),
            "scatter_reduce: index is on cpu but self is on cuda:0 (argument 'index')");
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

TEST_F(OnCuda, PointwiseAndCopyMatchTheCpuOnEveryDtypeAndLayout) {
  for (DType dtype : {DType::Byte, DType::Char, DType::Short, DType::Int, DType::Long, DType::Float, DType::Double,
                      DType::Half, DType::BFloat16, DType::Bool}) {
    const Tensor t = ember::arange(24, DType::Long).remainder(7).to(dtype).reshape({2, 3, 4});
    const Tensor u = ember::arange(24, DType::Long).remainder(5).to(dtype).reshape({2, 3, 4}).flip({2});
    for (const Tensor& a : {t, t.transpose(0, 2).contiguous().transpose(0, 2), t.narrow(2, 1, 2).expand({2, 3, 2})}) {
      const Tensor b = u.narrow(2, 0, a.size(2));
      const Tensor da = a.cuda(), db = b.cuda().transpose(0, 1).contiguous().transpose(0, 1);
      EXPECT_TRUE(ember::equal(ember::add(da, db).cpu(), ember::add(a, b))) << ember::dtype_name(dtype);
      EXPECT_TRUE(ember::equal(ember::lt(da, db).cpu(), ember::lt(a, b))) << ember::dtype_name(dtype);
      EXPECT_TRUE(ember::equal(ember::maximum(da, db).cpu(), ember::maximum(a, b))) << ember::dtype_name(dtype);
      Tensor converted = ember::rt::empty(a.sizes(), DType::Float, Device(ember::kCUDA));
      converted.copy_(da.transpose(0, 1).transpose(0, 1));
      EXPECT_TRUE(ember::equal(converted.cpu(), a.to(DType::Float))) << ember::dtype_name(dtype);
    }
  }
}

TEST_F(OnCuda, ReductionsMatchTheCpu) {
  // Integer sums are exact in any order; float ones within rounding.
  const Tensor i = ember::arange(3 * 1000 * 7, DType::Int).remainder(13).reshape({3, 1000, 7});
  const Tensor di = i.cuda();
  EXPECT_TRUE(ember::equal(ember::sum(di).cpu(), ember::sum(i)));
  for (int64_t dim = 0; dim < 3; ++dim) {
    EXPECT_TRUE(ember::equal(ember::sum(di, dim).cpu(), ember::sum(i, dim))) << dim;
    EXPECT_TRUE(ember::equal(ember::sum(di.transpose(0, 2), dim).cpu(), ember::sum(i.transpose(0, 2), dim))) << dim;
  }
  const Tensor f = ember::arange(1 << 20, DType::Float).mul(1e-3).sin();
  EXPECT_TRUE(ember::allclose(ember::sum(f.cuda()).cpu(), ember::sum(f), 1e-5, 1e-3));
  EXPECT_TRUE(ember::allclose(ember::var(f.cuda()).cpu(), ember::var(f), 1e-5, 1e-6));
  EXPECT_TRUE(ember::equal(ember::max(f.cuda()).cpu(), ember::max(f)));
  const Tensor m = f.reshape({1024, 1024});
  for (int64_t dim : {0, 1}) {
    const auto [v, i] = ember::max(m.cuda(), dim);
    const auto [want_v, want_i] = ember::max(m, dim);
    EXPECT_TRUE(ember::equal(v.cpu(), want_v) && ember::equal(i.cpu(), want_i)) << dim;
  }
  EXPECT_TRUE(ember::allclose(ember::mean(m.cuda(), 0).cpu(), ember::mean(m, 0), 1e-5, 1e-6));
  EXPECT_TRUE(ember::allclose(ember::mean(m.cuda(), 1).cpu(), ember::mean(m, 1), 1e-5, 1e-6));
}

TEST_F(OnCuda, MatrixProductsMatchTheCpu) {
  for (DType dtype : {DType::Float, DType::Double, DType::Half, DType::BFloat16}) {
    const Tensor a = ember::arange(6 * 5, DType::Float).remainder(7).reshape({6, 5}).to(dtype);
    const Tensor b = ember::arange(5 * 4, DType::Float).remainder(3).reshape({4, 5}).to(dtype).t();  // transposed
    // Small integers: every product and sum is exact in each dtype.
    EXPECT_TRUE(ember::equal(ember::mm(a.cuda(), b.cuda()).cpu(), ember::mm(a, b))) << ember::dtype_name(dtype);
    const Tensor c = ember::ones({6, 4}, dtype);
    EXPECT_TRUE(ember::equal(ember::addmm(c.cuda(), a.cuda(), b.cuda(), 2, 3).cpu(), ember::addmm(c, a, b, 2, 3)));
    const Tensor ba = ember::stack({a, a.flip({0})}), bb = ember::stack({b, b.flip({1})});
    EXPECT_TRUE(ember::equal(ember::bmm(ba.cuda(), bb.cuda()).cpu(), ember::bmm(ba, bb)));
    EXPECT_TRUE(ember::equal(ember::addbmm(c.cuda(), ba.cuda(), bb.cuda()).cpu(), ember::addbmm(c, ba, bb)));
  }
  const Tensor i = ember::ones({2, 2}, DType::Int).cuda();
  EXPECT_NE(error_of([&] { ember::mm(i, i); }).find("mm: not implemented for CUDA tensors of dtype"), std::string::npos);
}

// A pinned copy holds the values in contiguous CPU memory, is pinned once,
// keeps its bytes when its storage grows, and is refused for device tensors.
TEST_F(OnCuda, PinnedHostMemory) {
  const Tensor t = ember::arange(12, DType::Float).reshape({3, 4}).t();
  const Tensor pinned = Tensor(ember::pin_memory(t));
  EXPECT_TRUE(ember::is_pinned(pinned));
  EXPECT_FALSE(ember::is_pinned(t));
  EXPECT_EQ(pinned.device(), Device());
  EXPECT_TRUE(pinned.is_contiguous());
  EXPECT_TRUE(ember::equal(pinned, t));
  EXPECT_TRUE(Tensor(ember::pin_memory(pinned)).is_same(pinned));
  EXPECT_TRUE(ember::equal(pinned.cuda().cpu(), t));
  Tensor grown = Tensor(ember::pin_memory(ember::arange(3, DType::Float)));
  ember::rt::resize(grown.impl(), {1 << 16});
  EXPECT_TRUE(ember::is_pinned(grown));
  EXPECT_TRUE(ember::equal(grown.narrow(0, 0, 3), ember::arange(3, DType::Float)));
  EXPECT_NE(error_of([&] { ember::pin_memory(t.cuda()); }).find("only CPU tensors can be pinned"), std::string::npos);
}

// Ops written on other ops (factories of a tensor, diag, tril, equal, the
// norms of a difference, renorm) run on the tensor's device and give the
// CPU's result there.
TEST_F(OnCuda, CompositeOpsRunOnTheTensorsDevice) {
  const Tensor t = ember::arange(12, DType::Float).sub(5).reshape({3, 4});
  const Tensor d = t.cuda();
  for (const Tensor& like : {ember::zeros_like(d.t()), ember::ones_like(d, DType::Int), ember::full_like(d, 2.5)}) {
    EXPECT_TRUE(like.is_cuda());
    EXPECT_EQ(like.sizes().vec(), (std::vector<int64_t>{like.size(0), like.size(1)}));
  }
  EXPECT_EQ(ember::zeros_like(d.t()).strides().vec(), ember::zeros_like(t.t()).strides().vec());
  EXPECT_TRUE(ember::equal(ember::full_like(d, 2.5).cpu(), ember::full_like(t, 2.5)));
  EXPECT_TRUE(ember::equal(ember::ones_like(d.t(), DType::Int).cpu(), ember::ones_like(t.t(), DType::Int)));
  EXPECT_TRUE(ember::equal(d.new_full({2, 2}, 7).cpu(), t.new_full({2, 2}, 7)));
  EXPECT_TRUE(ember::equal(d.new_zeros({5}).cpu(), t.new_zeros({5})));
  EXPECT_TRUE(d.new_empty({2}).is_cuda());
  for (int64_t k : {-1, 0, 2}) {
    EXPECT_TRUE(ember::equal(ember::diag(d, k).cpu(), ember::diag(t, k))) << k;
    EXPECT_TRUE(ember::equal(ember::diag(d.select(0, 1), k).cpu(), ember::diag(t.select(0, 1), k))) << k;
    EXPECT_TRUE(ember::equal(ember::tril(d.t(), k).cpu(), ember::tril(t.t(), k))) << k;
    EXPECT_TRUE(ember::equal(ember::triu(d, k).cpu(), ember::triu(t, k))) << k;
    Tensor in_place = d.clone();
    in_place.tril_(k);
    EXPECT_TRUE(ember::equal(in_place.cpu(), ember::tril(t, k))) << k;
  }
  EXPECT_TRUE(ember::equal(d, t.clone().cuda()));
  EXPECT_FALSE(ember::equal(d, d.add(1)));
  const Tensor u = ember::arange(4, DType::Float).mul(0.5);
  EXPECT_TRUE(ember::allclose(ember::dist(d, u.cuda(), 3).cpu(), ember::dist(t, u, 3), 1e-6, 0));
  EXPECT_TRUE(ember::allclose(ember::norm(d, ember::IntList{1}).cpu(), ember::norm(t, ember::IntList{1}), 1e-6, 0));
  EXPECT_TRUE(ember::allclose(ember::renorm(d, 2, 0, 5).cpu(), ember::renorm(t, 2, 0, 5), 1e-6, 0));
  EXPECT_TRUE(ember::allclose(ember::renorm(d, 1, 1, 4).cpu(), ember::renorm(t, 1, 1, 4), 1e-6, 0));
}

TEST_F(OnCuda, OpsWithoutKernelsRaiseOnRealDeviceTensors) {
  const Tensor dev = ember::ones({3}, DType::Float).cuda();
  EXPECT_NE(error_of([&] { ember::cumsum(dev, 0); }).find("cumsum: not implemented for CUDA yet"), std::string::npos);
}

}  // namespace
