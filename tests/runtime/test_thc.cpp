// THC's C API (THC/THC.h): the state, the CUDA forms of TH's structure,
// view and copy functions, and the rule that TH's functions take CPU
// tensors and THC's take CUDA ones. Without a GPU, device tensors are
// host storages marked as cuda:0 (the functions under test only read
// their geometry); the tests that move data skip there.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <type_traits>
#include <utility>

#include "THC/THC.h"
#include "TH/TH.h"
#include "ember/cuda.h"
#include "ember/pinned.h"
#include "th_test_util.h"

namespace ember::test {
namespace {

// THC's accreal, cutorch's C types: float sums for float tensors (TH's
// are double), double for double, float for half, long for integers.
static_assert(std::is_same_v<decltype(THCudaTensor_sumall(nullptr, nullptr)), float>);
static_assert(std::is_same_v<decltype(THCudaTensor_dot(nullptr, nullptr, nullptr)), float>);
static_assert(std::is_same_v<decltype(THCudaDoubleTensor_sumall(nullptr, nullptr)), double>);
static_assert(std::is_same_v<decltype(THCudaHalfTensor_sumall(nullptr, nullptr)), float>);
static_assert(std::is_same_v<decltype(THCudaIntTensor_sumall(nullptr, nullptr)), long>);
static_assert(std::is_same_v<decltype(THFloatTensor_sumall(nullptr)), double>);

const char* no_device_reason() { return cuda::is_built() ? "no CUDA device is available" : "built without CUDA"; }

// A host tensor whose storage now claims to be on cuda:0, as THC's type.
THCudaTensor* marked_on_cuda(THFloatTensor* t) {
  t->storage->deviceType = 1;
  t->storage->deviceIndex = 0;
  return reinterpret_cast<THCudaTensor*>(t);
}

// A 3 x 4 host tensor holding i - 5.5 at row-major position i.
THFloatTensor* ramp_3x4() {
  THFloatTensor* host = THFloatTensor_newWithSize2d(3, 4);
  for (long i = 0; i < 12; ++i) THFloatTensor_set2d(host, i / 4, i % 4, static_cast<float>(i) - 5.5f);
  return host;
}

// A device copy of `host` (THCudaInit first).
THCudaTensor* uploaded(THCState* state, THFloatTensor* host) {
  THCudaTensor* dev = THCudaTensor_newWithSize2d(state, THFloatTensor_size(host, 0), THFloatTensor_size(host, 1));
  THCudaTensor_copyFloat(state, dev, host);
  return dev;
}

// Whether the device tensor, copied to the host, equals `want` (TH's own
// result on the host).
bool equal_on_host(THCState* state, THCudaTensor* got, THFloatTensor* want) {
  THFloatTensor* back = THFloatTensor_new();
  THFloatTensor_resizeAs(back, want);
  THFloatTensor_copyCuda(state, back, got);
  const bool equal = THFloatTensor_equal(back, want);
  THFloatTensor_free(back);
  return equal;
}

// Back to a host tensor (before TH's functions free it).
THFloatTensor* unmarked(THCudaTensor* t) {
  t->storage->deviceType = 0;
  return reinterpret_cast<THFloatTensor*>(t);
}

class THC : public ::testing::Test {
 protected:
  void SetUp() override { state = THCState_alloc(); }
  void TearDown() override { THCState_free(state); }
  THThrowingHandlers handlers;
  THCState* state = nullptr;
};

TEST_F(THC, StateAndInit) {
  ASSERT_NE(state, nullptr);
  EXPECT_EQ(THCState_getNumDevices(state), 0);
  if (cuda::is_available()) {
    THCudaInit(state);
    EXPECT_EQ(THCState_getNumDevices(state), cuda::device_count());
    THCudaShutdown(state);
  } else {
    expect_th_error([&] { THCudaInit(state); }, 0, no_device_reason());
    EXPECT_EQ(THCState_getNumDevices(state), 0);
  }
  expect_th_error([] { THCudaInit(nullptr); }, 1, "THCudaInit: state is NULL");
  expect_th_error([] { THCudaTensor_new(nullptr); }, 1, "THCudaTensor_new: state is NULL");
  expect_th_error([] { THCudaDoubleStorage_new(nullptr); }, 1, "THCudaDoubleStorage_new: state is NULL");
}

// cutorch's host allocator: CPU storages in pinned memory, which need a
// GPU to allocate (TH's error without one) and keep their bytes on resize.
TEST_F(THC, HostAllocatorMakesPinnedStorages) {
  expect_th_error([] { THCState_getCudaHostAllocator(nullptr); }, 1, "THCState_getCudaHostAllocator: state is NULL");
  if (!cuda::is_built()) {
    expect_th_error([&] { THCState_getCudaHostAllocator(state); }, 0, "built without CUDA");
    return;
  }
  THAllocator* pinned = THCState_getCudaHostAllocator(state);
  ASSERT_NE(pinned, nullptr);
  if (!cuda::is_available()) {
    expect_th_error([&] { THFloatStorage_newWithAllocator(4, pinned, nullptr); }, 0, "no CUDA device is available");
    return;
  }
  THFloatStorage* storage = THFloatStorage_newWithAllocator(4, pinned, nullptr);
  for (int i = 0; i < 4; ++i) THFloatStorage_set(storage, i, static_cast<float>(i) + 0.5f);
  THFloatStorage_resize(storage, 1 << 16);
  EXPECT_EQ(THFloatStorage_get(storage, 3), 3.5f);
  THFloatTensor* t = THFloatTensor_newWithStorage1d(storage, 0, 4, 1);
  EXPECT_TRUE(is_pinned(TensorBase::borrow(reinterpret_cast<TensorImpl*>(t))));
  THFloatTensor_free(t);
  THFloatStorage_free(storage);
}

TEST_F(THC, TensorsWithoutStorage) {
  THCudaTensor* t = THCudaTensor_new(state);
  EXPECT_EQ(THCudaTensor_nDimension(state, t), 0);
  EXPECT_EQ(THCudaTensor_storage(state, t), nullptr);
  THCudaTensor* same = THCudaTensor_newWithTensor(state, t);
  EXPECT_EQ(THCudaTensor_nDimension(state, same), 0);
  THCudaTensor_free(state, same);
  THCudaTensor_free(state, t);
}

TEST_F(THC, StoragesAreMadeOnTheDevice) {
  if (cuda::is_available()) {
    THCudaStorage* s = THCudaStorage_newWithSize(state, 5);
    EXPECT_EQ(s->deviceType, 1);
    EXPECT_EQ(THCudaStorage_size(state, s), 5);
    THCudaStorage_resize(state, s, 9);
    EXPECT_EQ(THCudaStorage_size(state, s), 9);
    THCudaStorage_free(state, s);
    THCudaLongTensor* t = THCudaLongTensor_newWithSize2d(state, 2, 3);
    EXPECT_EQ(t->storage->deviceType, 1);
    EXPECT_EQ(THCudaLongTensor_size(state, t, 1), 3);
    THCudaLongTensor_free(state, t);
  } else {
    expect_th_error([&] { THCudaStorage_newWithSize(state, 5); }, 0, no_device_reason());
    expect_th_error([&] { THCudaLongTensor_newWithSize2d(state, 2, 3); }, 0, no_device_reason());
    THCudaTensor* t = THCudaTensor_new(state);
    expect_th_error([&] { THCudaTensor_resize2d(state, t, 2, 3); }, 0, no_device_reason());
    EXPECT_EQ(THCudaTensor_nDimension(state, t), 0);  // left as it was
    EXPECT_EQ(t->storage, nullptr);
    THCudaTensor_free(state, t);
  }
  // TH's functions still make CPU storages afterwards (the scope ended).
  THFloatTensor* host = THFloatTensor_new();
  THFloatTensor_resize1d(host, 4);
  EXPECT_EQ(host->storage->deviceType, 0);
  THFloatTensor_free(host);
}

TEST_F(THC, HostTensorsAreRefusedByTHC) {
  THFloatTensor* host = THFloatTensor_newWithSize1d(3);
  auto* as_cuda = reinterpret_cast<THCudaTensor*>(host);
  expect_th_error([&] { THCudaTensor_resize1d(state, as_cuda, 5); }, 2,
                  "THCudaTensor_resize1d: tensor is on the CPU, but THC's functions take CUDA memory");
  expect_th_error([&] { THCudaTensor_newTranspose(state, as_cuda, 0, 0); }, 2, "is on the CPU");
  EXPECT_EQ(THFloatTensor_size(host, 0), 3);  // left as it was
  THFloatTensor_free(host);
}

TEST_F(THC, DeviceTensorsAreRefusedByTH) {
  THCudaTensor* dev = marked_on_cuda(THFloatTensor_newWithSize2d(2, 3));
  auto* as_host = reinterpret_cast<THFloatTensor*>(dev);
  THFloatTensor* r = THFloatTensor_new();
  expect_th_error([&] { THFloatTensor_add(r, as_host, 1.0f); }, 2,
                  "THFloatTensor_add: t is on cuda:0, but this function takes CPU memory");
  expect_th_error([&] { THFloatTensor_get2d(as_host, 0, 0); }, 1, "is on cuda:0");
  expect_th_error([&] { THFloatTensor_resize1d(as_host, 100); }, 1, "is on cuda:0");
  EXPECT_EQ(r->nDimension, 0);
  THFloatTensor_free(r);
  THFloatTensor_free(unmarked(dev));
}

TEST_F(THC, PointwiseFormsCheckDevicesBeforeAnything) {
  // Host memory marked as on a device: refused before any kernel could
  // read it, tensors on two devices by name, and with no GPU at all the
  // call says so, every tensor left as it was.
  THCudaTensor* a = marked_on_cuda(THFloatTensor_newWithSize2d(2, 3));
  THCudaTensor* b = marked_on_cuda(THFloatTensor_newWithSize2d(3, 2));
  THCudaTensor* r = marked_on_cuda(THFloatTensor_newWithSize1d(4));
  b->storage->deviceIndex = 1;
  expect_th_error([&] { THCudaTensor_cadd(state, r, a, 2.0f, b); }, 5,
                  "THCudaTensor_cadd: expected all tensors on one device, but other is on cuda:1 and self on cuda:0");
  b->storage->deviceIndex = 0;
  if (!cuda::is_available()) {
    expect_th_error([&] { THCudaTensor_cadd(state, r, a, 2.0f, b); }, 0, no_device_reason());
    expect_th_error([&] { THCudaTensor_zero(state, r); }, 0, no_device_reason());
  }
  EXPECT_EQ(THFloatTensor_nDimension(unmarked(r)), 1);  // not resized
  EXPECT_EQ(THFloatTensor_size(reinterpret_cast<THFloatTensor*>(r), 0), 4);
  for (THCudaTensor* t : {a, b, r}) THFloatTensor_free(unmarked(t));
}

TEST_F(THC, IndexTensorsOfTHCAreDeviceTensors) {
  // cutorch's index arguments are THCudaLongTensor: a host one is refused
  // by the argument checks, before anything is read or resized.
  THCudaTensor* src = marked_on_cuda(THFloatTensor_newWithSize2d(2, 3));
  THCudaTensor* dst = marked_on_cuda(THFloatTensor_newWithSize1d(4));
  THLongTensor* host_index = THLongTensor_newWithSize1d(1);
  auto* as_cuda_index = reinterpret_cast<THCudaLongTensor*>(host_index);
  expect_th_error([&] { THCudaTensor_indexSelect(state, dst, src, 0, as_cuda_index); }, 5,
                  "THCudaTensor_indexSelect: index is on the CPU, but THC's functions take CUDA memory");
  expect_th_error([&] { THCudaTensor_scatterFill(state, dst, 0, as_cuda_index, 1.0f); }, 4,
                  "THCudaTensor_scatterFill: index is on the CPU, but THC's functions take CUDA memory");
  EXPECT_EQ(THCudaTensor_size(state, dst, 0), 4);  // not resized
  THLongTensor_free(host_index);
  THFloatTensor_free(unmarked(src));
  THFloatTensor_free(unmarked(dst));
}

TEST_F(THC, GeometryOfDeviceTensors) {
  THCudaTensor* dev = marked_on_cuda(THFloatTensor_newWithSize2d(2, 3));
  EXPECT_EQ(THCudaTensor_nDimension(state, dev), 2);
  EXPECT_EQ(THCudaTensor_size(state, dev, 1), 3);
  EXPECT_EQ(THCudaTensor_stride(state, dev, 0), 3);
  expect_th_error([&] { THCudaTensor_size(state, dev, 5); }, 3, "THCudaTensor_size: dim 5");
  EXPECT_STREQ(THCudaTensor_desc(state, dev).str, "torch.CudaTensor of size 2x3");
  THCudaTensor* t = THCudaTensor_newTranspose(state, dev, 0, 1);
  EXPECT_EQ(t->storage, dev->storage);
  EXPECT_EQ(THCudaTensor_size(state, t, 0), 3);
  EXPECT_EQ(THCudaTensor_stride(state, t, 0), 1);
  THCudaTensor_narrow(state, t, nullptr, 0, 1, 2);
  EXPECT_EQ(THCudaTensor_size(state, t, 0), 2);
  EXPECT_EQ(t->storageOffset, 1);
  THCudaTensor_resize1d(state, dev, 4);  // fits the storage: no allocation
  EXPECT_EQ(THCudaTensor_size(state, dev, 0), 4);
  EXPECT_EQ(THCudaStorage_size(state, THCudaTensor_storage(state, dev)), 6);
  EXPECT_EQ(THCudaTensor_storage(state, dev)->deviceType, 1);
  THCudaTensor_free(state, t);
  THFloatTensor_free(unmarked(dev));
}

TEST_F(THC, CopiesCheckSidesAndCounts) {
  THDoubleTensor* host = THDoubleTensor_newWithSize1d(5);
  THCudaTensor* dev = marked_on_cuda(THFloatTensor_newWithSize2d(2, 3));
  THFloatTensor* host_float = THFloatTensor_newWithSize2d(2, 3);
  expect_th_error([&] { THDoubleTensor_copyCudaFloat(nullptr, host, dev); }, 1, "state is NULL");
  expect_th_error([&] { THDoubleTensor_copyCudaFloat(state, host, dev); }, 3,
                  "THDoubleTensor_copyCudaFloat: src has 6 elements but the result has 5");
  expect_th_error([&] { THDoubleTensor_copyCudaFloat(state, host, reinterpret_cast<THCudaTensor*>(host_float)); }, 3,
                  "src is on the CPU");
  expect_th_error([&] { THCudaTensor_copyFloat(state, dev, reinterpret_cast<THFloatTensor*>(dev)); }, 3,
                  "src is on cuda:0, but this function takes CPU memory");
  expect_th_error([&] { THCudaDoubleTensor_copyCudaFloat(state, reinterpret_cast<THCudaDoubleTensor*>(host), dev); }, 2,
                  "self is on the CPU");
  THFloatTensor_free(host_float);
  THFloatTensor_free(unmarked(dev));
  THDoubleTensor_free(host);
}

// ---- with a GPU --------------------------------------------------------------------

TEST_F(THC, RoundTripsThroughTheDevice) {
  if (!cuda::is_available()) GTEST_SKIP() << "no CUDA device (or ember built without CUDA)";
  THCudaInit(state);
  THFloatTensor* host = ramp_3x4();
  THCudaTensor* dev = uploaded(state, host);
  THCudaDoubleTensor* dev_double = THCudaDoubleTensor_newWithSize1d(state, 12);
  THCudaDoubleTensor_copyCudaFloat(state, dev_double, dev);  // device to device, converted, flat
  THDoubleTensor* back = THDoubleTensor_newWithSize1d(12);
  THDoubleTensor_copyCudaDouble(state, back, dev_double);
  for (long i = 0; i < 12; ++i) EXPECT_EQ(THDoubleTensor_get1d(back, i), static_cast<double>(i) - 5.5);
  // A strided device source is read in its own row-major order, as TH's copy.
  THCudaTensor* dev_t = THCudaTensor_newTranspose(state, dev, 0, 1);
  THFloatTensor* host_t = THFloatTensor_newTranspose(host, 0, 1);
  THFloatTensor* expected = THFloatTensor_newWithSize1d(12);
  THFloatTensor_copy(expected, host_t);
  THFloatTensor* got = THFloatTensor_newWithSize1d(12);
  THFloatTensor_copyCuda(state, got, dev_t);
  for (long i = 0; i < 12; ++i) EXPECT_EQ(THFloatTensor_get1d(got, i), THFloatTensor_get1d(expected, i));
  for (auto* t : {host, host_t, expected, got}) THFloatTensor_free(t);
  THDoubleTensor_free(back);
  THCudaTensor_free(state, dev_t);
  THCudaTensor_free(state, dev);
  THCudaDoubleTensor_free(state, dev_double);
  THCudaShutdown(state);
}

TEST_F(THC, IndexAndClampRunOnTheDevice) {
  if (!cuda::is_available()) GTEST_SKIP() << "no CUDA device (or ember built without CUDA)";
  THCudaInit(state);
  THFloatTensor* host = ramp_3x4();
  THCudaTensor* dev = uploaded(state, host);
  // TH's clamp: t < min ? min : (t > max ? max : t).
  THCudaTensor* clamped = THCudaTensor_new(state);
  THCudaTensor_clamp(state, clamped, dev, -2.0f, 3.0f);
  THFloatTensor* back = THFloatTensor_new();
  THFloatTensor_resize2d(back, 3, 4);
  THFloatTensor_copyCuda(state, back, clamped);
  for (long i = 0; i < 12; ++i) {
    const float x = static_cast<float>(i) - 5.5f;
    EXPECT_EQ(THFloatTensor_get2d(back, i / 4, i % 4), x < -2.0f ? -2.0f : (x > 3.0f ? 3.0f : x));
  }
  // indexSelect with a device index (TH's 1-based values): rows 3 and 1.
  THLongTensor* host_index = THLongTensor_newWithSize1d(2);
  THLongTensor_set1d(host_index, 0, 3);
  THLongTensor_set1d(host_index, 1, 1);
  THCudaLongTensor* index = THCudaLongTensor_newWithSize1d(state, 2);
  THCudaLongTensor_copyLong(state, index, host_index);
  THCudaTensor* rows = THCudaTensor_new(state);
  THCudaTensor_indexSelect(state, rows, dev, 0, index);
  THFloatTensor_resize2d(back, 2, 4);
  THFloatTensor_copyCuda(state, back, rows);
  for (long j = 0; j < 4; ++j) {
    EXPECT_EQ(THFloatTensor_get2d(back, 0, j), THFloatTensor_get2d(host, 2, j));
    EXPECT_EQ(THFloatTensor_get2d(back, 1, j), THFloatTensor_get2d(host, 0, j));
  }
  THLongTensor_free(host_index);
  THFloatTensor_free(back);
  THFloatTensor_free(host);
  for (THCudaTensor* t : {dev, clamped, rows}) THCudaTensor_free(state, t);
  THCudaLongTensor_free(state, index);
  THCudaShutdown(state);
}

// THC's forms of composite ops (zerosLike, diag, tril, equal, renorm) run
// on the device and give TH's host results.
TEST_F(THC, CompositeFormsRunOnTheDevice) {
  if (!cuda::is_available()) GTEST_SKIP() << "no CUDA device (or ember built without CUDA)";
  THCudaInit(state);
  THFloatTensor* host = ramp_3x4();
  THCudaTensor* dev = uploaded(state, host);
  THFloatTensor* want = THFloatTensor_new();
  THCudaTensor* got = THCudaTensor_new(state);
  THFloatTensor_zerosLike(want, host);
  THCudaTensor_zerosLike(state, got, dev);
  EXPECT_TRUE(equal_on_host(state, got, want));
  THFloatTensor_tril(want, host, 1);
  THCudaTensor_tril(state, got, dev, 1);
  EXPECT_TRUE(equal_on_host(state, got, want));
  THFloatTensor_diag(want, host, -1);
  THCudaTensor_diag(state, got, dev, -1);
  EXPECT_TRUE(equal_on_host(state, got, want));
  // The norms are summed in another order on the device: within rounding.
  THFloatTensor_renorm(want, host, 2.0f, 0, 4.0f);
  THCudaTensor_renorm(state, got, dev, 2.0f, 0, 4.0f);
  THFloatTensor* back = THFloatTensor_new();
  THFloatTensor_resizeAs(back, want);
  THFloatTensor_copyCuda(state, back, got);
  for (long i = 0; i < 12; ++i)
    EXPECT_NEAR(THFloatTensor_get2d(back, i / 4, i % 4), THFloatTensor_get2d(want, i / 4, i % 4), 1e-5) << i;
  THFloatTensor_free(back);
  EXPECT_EQ(THCudaTensor_equal(state, dev, dev), 1);
  EXPECT_EQ(THCudaTensor_equal(state, dev, got), 0);
  THFloatTensor_free(want);
  THFloatTensor_free(host);
  for (THCudaTensor* t : {dev, got}) THCudaTensor_free(state, t);
  THCudaShutdown(state);
}

// A result into THC's new tensor (no storage yet) counts as on the
// call's device, where its storage will be made: every op's device check
// passes, and without a GPU making that storage fails, leaving the
// tensor as it was. (They took it for a CPU tensor: on a GPU, products,
// indexSelect, gather, maskedSelect, clamp and nonzero refused it.)
TEST_F(THC, NewTensorsAreOnTheCallsDevice) {
  if (cuda::is_available()) GTEST_SKIP() << "a GPU: the *RunOnTheDevice tests make these results";
  THCudaTensor* a = marked_on_cuda(THFloatTensor_newWithSize2d(3, 4));
  THCudaTensor* b = marked_on_cuda(THFloatTensor_newWithSize2d(3, 4));
  THCudaTensor* vec = marked_on_cuda(THFloatTensor_newWithSize1d(4));
  THCudaTensor* t = marked_on_cuda(THFloatTensor_newWithSize1d(3));
  THCudaTensor* square = marked_on_cuda(THFloatTensor_newWithSize2d(3, 3));
  THCudaTensor* a_t = THCudaTensor_newTranspose(state, a, 0, 1);
  const auto marked = [](auto* host) { return marked_on_cuda(reinterpret_cast<THFloatTensor*>(host)); };
  THLongTensor* zeros = THLongTensor_newWithSize1d(2);
  THLongTensor* zeros2d = THLongTensor_newWithSize2d(3, 4);
  THLongTensor_zero(zeros);
  THLongTensor_zero(zeros2d);
  auto* mask = reinterpret_cast<THCudaByteTensor*>(marked(THByteTensor_newWithSize2d(3, 4)));
  auto* index = reinterpret_cast<THCudaLongTensor*>(marked(zeros));
  auto* index2d = reinterpret_cast<THCudaLongTensor*>(marked(zeros2d));
  THCudaTensor* fresh = THCudaTensor_new(state);
  THCudaLongTensor* fresh_long = THCudaLongTensor_new(state);
  const std::pair<const char*, std::function<void()>> calls[] = {
      {"addmv", [&] { THCudaTensor_addmv(state, fresh, 0.5f, t, 2.0f, a, vec); }},
      {"addmm", [&] { THCudaTensor_addmm(state, fresh, 0.0f, square, 1.0f, a, a_t); }},
      {"cat", [&] { THCudaTensor_cat(state, fresh, a, b, 0); }},
      {"indexSelect", [&] { THCudaTensor_indexSelect(state, fresh, a, 0, index); }},
      {"gather", [&] { THCudaTensor_gather(state, fresh, a, 1, index2d); }},
      {"maskedSelect", [&] { THCudaTensor_maskedSelect(state, fresh, a, mask); }},
      {"clamp", [&] { THCudaTensor_clamp(state, fresh, a, 0.0f, 1.0f); }},
      {"sum", [&] { THCudaTensor_sum(state, fresh, a, 0, 0); }},
      {"max", [&] { THCudaTensor_max(state, fresh, fresh_long, a, 1, 0); }},
      {"nonzero", [&] { THCudaTensor_nonzero(state, fresh_long, a); }},
  };
  for (const auto& [name, call] : calls) {
    SCOPED_TRACE(name);
    expect_th_error(call, 0, std::string("THCudaTensor_") + name + ": ");
    expect_th_error(call, 0, no_device_reason());
    EXPECT_EQ(fresh->storage, nullptr);
    EXPECT_EQ(fresh_long->storage, nullptr);
  }
  THCudaTensor_free(state, fresh);
  THCudaLongTensor_free(state, fresh_long);
  THCudaTensor_free(state, a_t);
  for (THCudaTensor* m : {a, b, vec, t, square}) THFloatTensor_free(unmarked(m));
  THByteTensor_free(reinterpret_cast<THByteTensor*>(unmarked(reinterpret_cast<THCudaTensor*>(mask))));
  for (THCudaLongTensor* m : {index, index2d})
    THLongTensor_free(reinterpret_cast<THLongTensor*>(unmarked(reinterpret_cast<THCudaTensor*>(m))));
}

// THC's matrix products go to cuBLAS; the values (halves) make every sum
// exact, so the device gives TH's host results bit for bit.
TEST_F(THC, MatrixProductsRunOnTheDevice) {
  if (!cuda::is_available()) GTEST_SKIP() << "no CUDA device (or ember built without CUDA)";
  THCudaInit(state);
  THFloatTensor* host = ramp_3x4();
  THCudaTensor* dev = uploaded(state, host);
  THFloatTensor* host_row = THFloatTensor_newSelect(host, 0, 1);
  THFloatTensor* host_col = THFloatTensor_newSelect(host, 1, 2);
  THCudaTensor* row = THCudaTensor_newSelect(state, dev, 0, 1);
  THCudaTensor* col = THCudaTensor_newSelect(state, dev, 1, 2);
  EXPECT_EQ(THCudaTensor_dot(state, row, row), THFloatTensor_dot(host_row, host_row));
  // r = 0.5 col + 2 dev @ row, and 2 dev + 3 col row^T, against TH's.
  THFloatTensor* want = THFloatTensor_new();
  THCudaTensor* got = THCudaTensor_new(state);
  THFloatTensor_addmv(want, 0.5f, host_col, 2.0f, host, host_row);
  THCudaTensor_addmv(state, got, 0.5f, col, 2.0f, dev, row);
  EXPECT_TRUE(equal_on_host(state, got, want));
  THFloatTensor_addr(want, 2.0f, host, 3.0f, host_col, host_row);
  THCudaTensor_addr(state, got, 2.0f, dev, 3.0f, col, row);
  EXPECT_TRUE(equal_on_host(state, got, want));
  THFloatTensor* host_t = THFloatTensor_newTranspose(host, 0, 1);
  THCudaTensor* dev_t = THCudaTensor_newTranspose(state, dev, 0, 1);
  THFloatTensor* square = THFloatTensor_newWithSize2d(3, 3);
  THFloatTensor_zero(square);
  THCudaTensor* dev_square = THCudaTensor_newWithSize2d(state, 3, 3);
  THCudaTensor_zero(state, dev_square);
  THFloatTensor_addmm(want, 0.0f, square, 1.0f, host, host_t);
  THCudaTensor_addmm(state, got, 0.0f, dev_square, 1.0f, dev, dev_t);
  EXPECT_TRUE(equal_on_host(state, got, want));
  for (THFloatTensor* t : {host, host_row, host_col, want, host_t, square}) THFloatTensor_free(t);
  for (THCudaTensor* t : {dev, row, col, got, dev_t, dev_square}) THCudaTensor_free(state, t);
  THCudaShutdown(state);
}

// THC's pointwise forms run the ops' CUDA kernels with TH's rules: r_
// resized like the first input, equal element counts in row-major order
// for different shapes, numbers as host values, a Byte result of a
// comparison, and an integer divisor checked for zeros first.
TEST_F(THC, PointwiseFormsRunTheCudaKernelsWithTHsRules) {
  if (!cuda::is_available()) GTEST_SKIP() << "no CUDA device (or ember built without CUDA)";
  THCudaInit(state);
  THFloatTensor* host = ramp_3x4();
  THCudaTensor* dev = uploaded(state, host);
  THFloatTensor* host_t = THFloatTensor_newTranspose(host, 0, 1);
  THCudaTensor* dev_t = THCudaTensor_newTranspose(state, dev, 0, 1);
  THFloatTensor* want = THFloatTensor_new();
  THCudaTensor* got = THCudaTensor_new(state);
  THFloatTensor_cadd(want, host, 2.0f, host_t);  // 3 x 4 and 4 x 3: flat, each in its row-major order
  THCudaTensor_cadd(state, got, dev, 2.0f, dev_t);
  EXPECT_TRUE(equal_on_host(state, got, want));
  THFloatTensor_mul(want, host_t, 3.0f);
  THCudaTensor_mul(state, got, dev_t, 3.0f);
  EXPECT_TRUE(equal_on_host(state, got, want));
  THCudaTensor_fill(state, dev_t, 7.0f);  // a transposed view: every element of dev
  THFloatTensor_fill(host_t, 7.0f);
  THFloatTensor_resizeAs(want, host);
  THFloatTensor_copy(want, host);
  EXPECT_TRUE(equal_on_host(state, dev, want));
  THCudaTensor_zero(state, dev);
  THFloatTensor_zero(want);
  EXPECT_TRUE(equal_on_host(state, dev, want));
  THCudaByteTensor* less = THCudaByteTensor_new(state);
  THCudaTensor_ltValue(state, less, dev, 0.5f);
  THByteTensor* less_back = THByteTensor_newWithSize2d(3, 4);
  THByteTensor_copyCudaByte(state, less_back, less);
  for (long i = 0; i < 12; ++i) EXPECT_EQ(THByteTensor_get2d(less_back, i / 4, i % 4), 1);
  THCudaIntTensor* ints = THCudaIntTensor_newWithSize1d(state, 3);
  THCudaIntTensor_zero(state, ints);
  THCudaIntTensor* quotient = THCudaIntTensor_new(state);
  expect_th_error([&] { THCudaIntTensor_cdiv(state, quotient, ints, ints); }, 4, "division by zero");
  EXPECT_EQ(THCudaIntTensor_nDimension(state, quotient), 0);  // not resized
  for (THFloatTensor* t : {host, host_t, want}) THFloatTensor_free(t);
  for (THCudaTensor* t : {dev, dev_t, got}) THCudaTensor_free(state, t);
  THCudaByteTensor_free(state, less);
  THByteTensor_free(less_back);
  THCudaIntTensor_free(state, ints);
  THCudaIntTensor_free(state, quotient);
  THCudaShutdown(state);
}

// THC's reductions run the C++ ops on the device and hand TH its results
// in TH's shapes and dtypes: the same values as TH's on the host (the
// ramp's sums are exact), integer sums wrapped to the tensor's dtype.
TEST_F(THC, ReductionsRunOnTheDeviceWithTHsShapes) {
  if (!cuda::is_available()) GTEST_SKIP() << "no CUDA device (or ember built without CUDA)";
  THCudaInit(state);
  THFloatTensor* host = ramp_3x4();
  THCudaTensor* dev = uploaded(state, host);
  EXPECT_EQ(THCudaTensor_sumall(state, dev), THFloatTensor_sumall(host));
  EXPECT_EQ(THCudaTensor_maxall(state, dev), THFloatTensor_maxall(host));
  EXPECT_EQ(THCudaTensor_minall(state, dev), THFloatTensor_minall(host));
  EXPECT_EQ(THCudaTensor_meanall(state, dev), THFloatTensor_meanall(host));
  THFloatTensor* want = THFloatTensor_new();
  THCudaTensor* got = THCudaTensor_new(state);
  for (int dim : {0, 1})
    for (int keepdim : {0, 1}) {
      THFloatTensor_sum(want, host, dim, keepdim);
      THCudaTensor_sum(state, got, dev, dim, keepdim);
      ASSERT_EQ(THCudaTensor_nDimension(state, got), THFloatTensor_nDimension(want));
      EXPECT_TRUE(equal_on_host(state, got, want)) << "dim " << dim << " keepdim " << keepdim;
    }
  // max with indices (0-based, as TH's C API), into the input itself.
  THFloatTensor* want_values = THFloatTensor_new();
  THLongTensor* want_indices = THLongTensor_new();
  THFloatTensor_max(want_values, want_indices, host, 1, 0);
  THCudaLongTensor* indices = THCudaLongTensor_new(state);
  THCudaTensor_max(state, dev, indices, dev, 1, 0);
  EXPECT_TRUE(equal_on_host(state, dev, want_values));
  THLongTensor* indices_back = THLongTensor_newWithSize1d(3);
  THLongTensor_copyCudaLong(state, indices_back, indices);
  EXPECT_TRUE(THLongTensor_equal(indices_back, want_indices));
  // A 1-d sum is TH's [1], not a 0-dim tensor; Int sums stay Int.
  THCudaIntTensor* ints = THCudaIntTensor_newWithSize1d(state, 3);
  THCudaIntTensor_fill(state, ints, 2000000000);
  THCudaIntTensor* total = THCudaIntTensor_new(state);
  THCudaIntTensor_sum(state, total, ints, 0, 0);
  ASSERT_EQ(THCudaIntTensor_nDimension(state, total), 1);
  THIntTensor* total_back = THIntTensor_newWithSize1d(1);
  THIntTensor_copyCudaInt(state, total_back, total);
  EXPECT_EQ(THIntTensor_get1d(total_back, 0), static_cast<int>(static_cast<uint32_t>(6000000000LL)));
  expect_th_error([&] { THCudaIntTensor_sum(state, total, ints, 3, 0); }, 4, "dim");
  for (THFloatTensor* t : {host, want, want_values}) THFloatTensor_free(t);
  THLongTensor_free(want_indices);
  THLongTensor_free(indices_back);
  THIntTensor_free(total_back);
  for (THCudaTensor* t : {dev, got}) THCudaTensor_free(state, t);
  THCudaLongTensor_free(state, indices);
  THCudaIntTensor_free(state, ints);
  THCudaIntTensor_free(state, total);
  THCudaShutdown(state);
}

}  // namespace
}  // namespace ember::test
