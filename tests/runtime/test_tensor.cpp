// Tensors (runtime/core/tensor.cpp): lifetime and storage sharing, TH's resize
// rules, geometry checks against the storage, 0-dim scalars against TH's
// empty tensor, contiguity, overflow-checked sizes and dim wrapping.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "ember/tensor.h"
#include "ember/tensor_impl.h"
#include "ember/views.h"
#include "runtime_test_util.h"

namespace ember::rt {
namespace {

using test::CountingAllocator;
using test::expect_error;

std::vector<int64_t> sizes_of(const TensorImpl* t) { return sizes(t).vec(); }
std::vector<int64_t> strides_of(const TensorImpl* t) { return strides(t).vec(); }

// A tensor of `sizes` with strides `strides` over a fresh storage of `n`.
TensorImpl* over_storage(int64_t n, IntList sz, IntList st, int64_t offset = 0) {
  StorageImpl* s = storage_new(DType::Float, n);
  TensorImpl* t = tensor_new_with_storage(DType::Float, s, offset, sz, st);
  storage_release(s);
  return t;
}

TEST(Tensor, NewHasNoStorageNoDimsAndNoElements) {
  TensorImpl* t = tensor_new(DType::Int);
  EXPECT_EQ(t->storage, nullptr);
  EXPECT_EQ(t->nDimension, 0);
  EXPECT_FALSE(is_scalar(t));
  EXPECT_EQ(numel(t), 0);
  EXPECT_EQ(data_bytes(t), nullptr);
  EXPECT_EQ(t->refcount, 1);
  EXPECT_EQ(t->flag, TH_TENSOR_REFCOUNTED);
  EXPECT_EQ(dtype(t), DType::Int);
  tensor_release(t);
}

TEST(Tensor, EmptyIsContiguousOverItsOwnStorage) {
  TensorImpl* t = tensor_empty(DType::Short, {2, 3, 4});
  EXPECT_EQ(sizes_of(t), (std::vector<int64_t>{2, 3, 4}));
  EXPECT_EQ(strides_of(t), (std::vector<int64_t>{12, 4, 1}));
  EXPECT_EQ(t->storageOffset, 0);
  ASSERT_NE(t->storage, nullptr);
  EXPECT_EQ(t->storage->size, 24);
  EXPECT_EQ(t->storage->refcount, 1);
  EXPECT_EQ(numel(t), 24);
  tensor_release(t);
}

TEST(Tensor, StorageLivesAsLongAsAnyTensorOrViewUsesIt) {
  CountingAllocator counting;
  StorageImpl* s = storage_new(DType::Float, 12, counting.get(), counting.ctx());
  TensorImpl* t = tensor_new_with_storage(DType::Float, s, 0, {3, 4}, {});
  EXPECT_EQ(s->refcount, 2);
  storage_release(s);
  TensorImpl* v = narrow(t, 1, 1, 2);
  TensorImpl* a = tensor_alias(t);
  EXPECT_EQ(s->refcount, 3);
  tensor_retain(t);
  tensor_release(t);
  tensor_release(t);
  tensor_release(a);
  EXPECT_EQ(counting.frees, 0);
  EXPECT_EQ(s->refcount, 1);
  tensor_release(v);
  EXPECT_EQ(counting.frees, 1);
  EXPECT_EQ(counting.live, 0);
}

TEST(Tensor, CppValueTypeSharesOneTensor) {
  CountingAllocator counting;
  StorageImpl* s = storage_new(DType::Float, 4, counting.get(), counting.ctx());
  {
    Tensor a = Tensor::adopt(tensor_new_with_storage(DType::Float, s, 0, {4}, {}));
    storage_release(s);
    Tensor b = a;
    EXPECT_TRUE(a.is_same(b));
    EXPECT_EQ(a.impl()->refcount, 2);
    Tensor c = std::move(b);
    EXPECT_FALSE(b.defined());
    EXPECT_EQ(a.impl()->refcount, 2);
    Tensor d = Tensor::borrow(c.impl());
    EXPECT_EQ(a.impl()->refcount, 3);
  }
  EXPECT_EQ(counting.frees, 1);
  EXPECT_EQ(counting.live, 0);
}

TEST(Tensor, ResizeGrowsTheStorageAndNeverShrinksIt) {
  CountingAllocator counting;
  StorageImpl* s = storage_new(DType::Float, 6, counting.get(), counting.ctx());
  TensorImpl* t = tensor_new_with_storage(DType::Float, s, 0, {2, 3}, {});
  storage_release(s);
  static_cast<float*>(s->data)[5] = 42;
  resize(t, {3, 4});
  EXPECT_EQ(sizes_of(t), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(strides_of(t), (std::vector<int64_t>{4, 1}));
  EXPECT_EQ(t->storage, s);  // grown in place, not replaced
  EXPECT_EQ(s->size, 12);
  EXPECT_EQ(static_cast<float*>(s->data)[5], 42.0f);
  resize(t, {2, 2});
  EXPECT_EQ(s->size, 12);
  EXPECT_EQ(strides_of(t), (std::vector<int64_t>{2, 1}));
  resize(t, {0});
  EXPECT_EQ(s->size, 12);
  EXPECT_EQ(numel(t), 0);
  tensor_release(t);
  EXPECT_EQ(counting.live, 0);
}

TEST(Tensor, ResizeCountsFromTheStorageOffset) {
  TensorImpl* t = over_storage(10, {2}, {}, 8);
  resize(t, {5});
  EXPECT_EQ(t->storageOffset, 8);
  EXPECT_EQ(t->storage->size, 13);
  tensor_release(t);
}

TEST(Tensor, ResizeToTheSameSizesKeepsTheStrides) {
  TensorImpl* t = over_storage(6, {3, 2}, {1, 3});  // a transposed 2x3
  resize(t, {3, 2});
  EXPECT_EQ(strides_of(t), (std::vector<int64_t>{1, 3}));
  resize(t, {2, 3});
  EXPECT_EQ(strides_of(t), (std::vector<int64_t>{3, 1}));
  resize(t, {2, 3}, {1, 2});  // explicit strides are taken as given
  EXPECT_EQ(strides_of(t), (std::vector<int64_t>{1, 2}));
  tensor_release(t);
}

TEST(Tensor, ResizeGivesATensorWithoutStorageAStorage) {
  TensorImpl* t = tensor_new(DType::Double);
  resize(t, {4, 5});
  ASSERT_NE(t->storage, nullptr);
  EXPECT_EQ(t->storage->size, 20);
  EXPECT_EQ(dtype(t->storage), DType::Double);
  EXPECT_EQ(t->storage->refcount, 1);
  tensor_release(t);

  TensorImpl* e = tensor_new(DType::Double);
  resize(e, {0, 3});  // no elements: no storage needed
  EXPECT_EQ(e->storage, nullptr);
  EXPECT_EQ(sizes_of(e), (std::vector<int64_t>{0, 3}));
  tensor_release(e);
}

TEST(Tensor, ResizeErrorsLeaveTheTensorAsItWas) {
  TensorImpl* t = over_storage(6, {2, 3}, {});
  expect_error([&] { resize(t, {2, -1}); }, ErrorKind::Value, "size", {"resize", "-1"});
  expect_error([&] { resize(t, {int64_t{1} << 40, int64_t{1} << 40}); }, ErrorKind::Memory, "", {"overflow"});
  expect_error([&] { resize(t, std::vector<int64_t>(EMBER_MAX_DIMS + 1, 1)); }, ErrorKind::Value, "", {"at most"});
  EXPECT_EQ(sizes_of(t), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(t->storage->size, 6);
  tensor_release(t);
}

TEST(Tensor, ManyDimsMoveBetweenInlineAndHeapArrays) {
  TensorImpl* t = tensor_new(DType::Byte);
  std::vector<int64_t> eight(8, 2);
  resize(t, eight);
  EXPECT_NE(t->size, t->inlineSize);
  EXPECT_EQ(numel(t), 256);
  EXPECT_EQ(t->stride[0], 128);
  resize(t, std::vector<int64_t>(10, 1));
  EXPECT_EQ(t->nDimension, 10);
  resize(t, {16, 16});
  EXPECT_EQ(t->size, t->inlineSize);
  EXPECT_EQ(strides_of(t), (std::vector<int64_t>{16, 1}));
  TensorImpl* u = tensor_new(DType::Byte);
  resize(u, eight);
  set(t, u);  // heap arrays are copied, not shared
  EXPECT_NE(t->size, u->size);
  tensor_release(u);
  EXPECT_EQ(numel(t), 256);
  tensor_release(t);
}

TEST(Tensor, ResizeAsTakesTheOthersSizes) {
  TensorImpl* like = over_storage(24, {4, 3}, {1, 4});
  TensorImpl* t = tensor_new(DType::Float);
  resize_as(t, like);
  EXPECT_EQ(sizes_of(t), (std::vector<int64_t>{4, 3}));
  EXPECT_EQ(strides_of(t), (std::vector<int64_t>{3, 1}));
  TensorImpl* s = tensor_empty(DType::Float, {});
  resize_as(t, s);
  EXPECT_TRUE(is_scalar(t));
  tensor_release(s);
  tensor_release(t);
  tensor_release(like);
}

TEST(Tensor, SetStorageChecksEveryAddressedElement) {
  StorageImpl* s = storage_new(DType::Float, 6);
  TensorImpl* t = tensor_new(DType::Float);
  set_storage(t, s, 2, {2, 2}, {2, 1}, "setStorage");  // reaches element 2 + 2 + 1 = 5
  EXPECT_EQ(s->refcount, 2);
  expect_error([&] { set_storage(t, s, 0, {2, 4}, {}, "setStorage"); }, ErrorKind::Value, "size",
               {"setStorage", "reach element 7 of a storage of 6 elements"});
  expect_error([&] { set_storage(t, s, 3, {2, 2}, {2, 1}, "setStorage"); }, ErrorKind::Value, "size");
  expect_error([&] { set_storage(t, s, -1, {2}, {}, "setStorage"); }, ErrorKind::Value, "storageOffset",
               {"negative"});
  expect_error([&] { set_storage(t, s, 0, {2}, {-1}, "setStorage"); }, ErrorKind::Value, "stride", {"negative"});
  expect_error([&] { set_storage(t, s, 0, {-2}, {}, "setStorage"); }, ErrorKind::Value, "size", {"negative"});
  expect_error([&] { set_storage(t, s, 0, {2, 2}, {1}, "setStorage"); }, ErrorKind::Value, "stride",
               {"2 sizes but 1 strides"});
  expect_error([&] { set_storage(t, s, 0, {2}, {int64_t{1} << 62}, "setStorage"); }, ErrorKind::Value, "size");
  expect_error([&] { set_storage(t, s, 0, {3}, {INT64_MAX / 2 + 1}, "setStorage"); }, ErrorKind::Memory, "",
               {"overflow"});
  expect_error([&] { set_storage(t, nullptr, 0, {1}, {}, "setStorage"); }, ErrorKind::Value, "size",
               {"storage of 0 elements"});
  StorageImpl* ints = storage_new(DType::Int, 6);
  expect_error([&] { set_storage(t, ints, 0, {1}, {}, "setStorage"); }, ErrorKind::Type, "storage");
  storage_release(ints);
  // Every failure left the first geometry in place.
  EXPECT_EQ(sizes_of(t), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(strides_of(t), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(t->storageOffset, 2);
  EXPECT_EQ(t->storage, s);
  // Sizes of 0 address nothing, whatever the offset and strides.
  set_storage(t, s, 100, {0, 5}, {1000, 1000}, "setStorage");
  EXPECT_EQ(numel(t), 0);
  set_storage(t, nullptr, 0, {}, {}, "setStorage");
  EXPECT_EQ(s->refcount, 1);
  tensor_release(t);
  storage_release(s);
}

TEST(Tensor, SetSharesTheOthersStorageAndGeometry) {
  TensorImpl* src = over_storage(12, {3, 2}, {1, 3}, 1);
  TensorImpl* t = tensor_new(DType::Float);
  set(t, src);
  EXPECT_EQ(t->storage, src->storage);
  EXPECT_EQ(t->storageOffset, 1);
  EXPECT_EQ(sizes_of(t), sizes_of(src));
  EXPECT_EQ(strides_of(t), strides_of(src));
  EXPECT_EQ(src->storage->refcount, 2);
  set(t, t);
  EXPECT_EQ(src->storage->refcount, 2);
  tensor_release(src);
  tensor_release(t);
}

TEST(Tensor, ScalarIsZeroDimWithOneElementUnlikeTHsEmptyTensor) {
  TensorImpl* scalar = tensor_empty(DType::Float, {});
  EXPECT_EQ(scalar->nDimension, 0);
  EXPECT_TRUE(is_scalar(scalar));
  EXPECT_EQ(numel(scalar), 1);
  EXPECT_EQ(scalar->storage->size, 1);
  EXPECT_TRUE(is_contiguous(scalar));

  TensorImpl* empty = tensor_new(DType::Float);
  EXPECT_EQ(empty->nDimension, 0);
  EXPECT_FALSE(is_scalar(empty));
  EXPECT_EQ(numel(empty), 0);
  EXPECT_TRUE(is_contiguous(empty));

  resize(scalar, {});  // TH's resize to no dims: the empty tensor
  EXPECT_FALSE(is_scalar(scalar));
  EXPECT_EQ(numel(scalar), 0);
  resize_scalar(empty);
  EXPECT_TRUE(is_scalar(empty));
  EXPECT_EQ(numel(empty), 1);
  ASSERT_NE(empty->storage, nullptr);
  EXPECT_EQ(empty->storage->size, 1);

  // A scalar at an offset needs the element at that offset.
  StorageImpl* s = storage_new(DType::Float, 3);
  TensorImpl* at2 = tensor_new_with_storage(DType::Float, s, 2, {}, {}, true);
  EXPECT_EQ(data_bytes(at2), static_cast<char*>(s->data) + 8);
  expect_error([&] { tensor_new_with_storage(DType::Float, s, 3, {}, {}, true); }, ErrorKind::Value, "size");
  TensorImpl* not_scalar = tensor_new_with_storage(DType::Float, s, 3, {}, {}, false);
  EXPECT_EQ(numel(not_scalar), 0);
  storage_release(s);
  tensor_release(not_scalar);
  tensor_release(at2);
  tensor_release(scalar);
  tensor_release(empty);
}

TEST(Tensor, IsContiguousIgnoresSizeOneDims) {
  struct Case {
    std::vector<int64_t> sizes, strides;
    bool contiguous;
  };
  const Case cases[] = {
      {{2, 3}, {3, 1}, true},
      {{2, 3}, {1, 2}, false},
      {{2, 1, 3}, {3, 99, 1}, true},     // a size-1 dim's stride is irrelevant
      {{1, 4}, {0, 1}, true},
      {{4, 1}, {1, 7}, true},
      {{2, 3}, {4, 1}, false},           // a row padded to 4
      {{3}, {2}, false},
      {{3, 2}, {0, 1}, false},           // expanded
      {{0, 3}, {5, 7}, true},            // no elements
      {{2, 0}, {9, 9}, true},
      {{1, 1, 1}, {5, 6, 7}, true},
  };
  for (const Case& c : cases) {
    TensorImpl* t = over_storage(1000, c.sizes, c.strides);
    EXPECT_EQ(is_contiguous(t), c.contiguous) << sizes_text(c.sizes) << " strides " << sizes_text(c.strides);
    tensor_release(t);
  }
}

TEST(Tensor, ContiguousStrides) {
  int64_t st[4];
  contiguous_strides({2, 3, 4}, st);
  EXPECT_EQ(std::vector<int64_t>(st, st + 3), (std::vector<int64_t>{12, 4, 1}));
  contiguous_strides({2, 0, 4, 1}, st);
  EXPECT_EQ(std::vector<int64_t>(st, st + 4), (std::vector<int64_t>{4, 4, 1, 1}));
}

TEST(Tensor, HugeSizesAreMemoryErrorsNotCrashes) {
  const int64_t big = int64_t{1} << 40;
  expect_error([&] { tensor_empty(DType::Float, {big, big}); }, ErrorKind::Memory, "", {"overflow"});
  expect_error([&] { tensor_empty(DType::Double, {int64_t{1} << 61}); }, ErrorKind::Memory, "", {"overflow"});
  expect_error([&] { ember::empty({big, big, big}); }, ErrorKind::Memory, "");
  expect_error([&] { tensor_empty(DType::Float, {-3}); }, ErrorKind::Value, "size");
  TensorImpl* t = tensor_new(DType::Float);
  expect_error([&] { resize(t, {big, big}); }, ErrorKind::Memory, "");
  EXPECT_EQ(t->nDimension, 0);
  tensor_release(t);
}

TEST(Tensor, WrapDim) {
  EXPECT_EQ(wrap_dim(0, 3, "op"), 0);
  EXPECT_EQ(wrap_dim(2, 3, "op"), 2);
  EXPECT_EQ(wrap_dim(-1, 3, "op"), 2);
  EXPECT_EQ(wrap_dim(-3, 3, "op"), 0);
  EXPECT_EQ(wrap_dim(0, 0, "op"), 0);  // a 0-dim tensor accepts 0 and -1
  EXPECT_EQ(wrap_dim(-1, 0, "op"), 0);
  expect_error([] { wrap_dim(3, 3, "myop"); }, ErrorKind::Index, "dim", {"myop", "[-3, 2]"});
  expect_error([] { wrap_dim(-4, 3, "myop", "dim1"); }, ErrorKind::Index, "dim1", {"-4"});
  expect_error([] { wrap_dim(1, 0, "myop"); }, ErrorKind::Index, "dim");
}

TEST(Tensor, HasInternalOverlap) {
  TensorImpl* a = over_storage(3, {4, 3}, {0, 1});
  EXPECT_TRUE(has_internal_overlap(a));
  TensorImpl* b = over_storage(3, {1, 3}, {0, 1});
  EXPECT_FALSE(has_internal_overlap(b));
  tensor_release(a);
  tensor_release(b);
}

TEST(Tensor, CppAccessors) {
  Tensor t = ember::empty({2, 5}, DType::Int);
  EXPECT_EQ(t.dim(), 2);
  EXPECT_EQ(t.size(-1), 5);
  EXPECT_EQ(t.stride(0), 5);
  EXPECT_EQ(t.numel(), 10);
  EXPECT_EQ(t.element_size(), 4u);
  EXPECT_EQ(t.data<int32_t>(), static_cast<int32_t*>(t.data_ptr()));
  expect_error([&] { t.data<float>(); }, ErrorKind::Type, "T", {"int32", "float32"});
  expect_error([&] { t.size(2); }, ErrorKind::Index, "dim");
  const Tensor scalar = ember::empty({}, DType::Int);  // no dims: no entry to read
  expect_error([&] { scalar.size(0); }, ErrorKind::Index, "dim", {"0-dim"});
  expect_error([&] { scalar.stride(-1); }, ErrorKind::Index, "dim", {"0-dim"});
  EXPECT_EQ(sizes_text({2, 5}), "[2 x 5]");
}

}  // namespace
}  // namespace ember::rt
