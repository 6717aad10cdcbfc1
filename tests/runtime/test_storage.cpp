// Storages (runtime/core/storage.cpp): creation, flags, reference counts (the
// buffer is freed exactly once, through the allocator that made it),
// resize, swap, wrapped memory, storage views and file mappings.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>

#include "ember/storage_impl.h"
#include "runtime_test_util.h"

namespace ember::rt {
namespace {

using test::CountingAllocator;
using test::expect_error;

constexpr char kDefaultFlags = TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM;

float* fdata(StorageImpl* s) { return static_cast<float*>(s->data); }

TEST(Storage, NewHasItsSizeDtypeFlagsAndOneReference) {
  CountingAllocator counting;
  StorageImpl* s = storage_new(DType::Double, 10, counting.get(), counting.ctx());
  EXPECT_EQ(s->size, 10);
  EXPECT_EQ(dtype(s), DType::Double);
  EXPECT_EQ(storage_nbytes(s), 80);
  EXPECT_EQ(s->refcount, 1);
  EXPECT_EQ(s->flag, kDefaultFlags);
  EXPECT_EQ(s->allocator, counting.get());
  EXPECT_EQ(s->allocatorContext, counting.ctx());
  EXPECT_EQ(s->view, nullptr);
  ASSERT_NE(s->data, nullptr);
  EXPECT_EQ(counting.mallocs, 1);
  storage_release(s);
  EXPECT_EQ(counting.frees, 1);
  EXPECT_EQ(counting.live, 0);
}

TEST(Storage, DefaultAllocatorWhenNoneIsGiven) {
  StorageImpl* s = storage_new(DType::Float, 3, nullptr);
  EXPECT_EQ(s->allocator, &THDefaultAllocator);
  storage_release(s);
}

TEST(Storage, SizeZeroAllocatesNothing) {
  CountingAllocator counting;
  StorageImpl* s = storage_new(DType::Float, 0, counting.get(), counting.ctx());
  EXPECT_EQ(s->data, nullptr);
  EXPECT_EQ(s->size, 0);
  EXPECT_EQ(counting.mallocs, 0);
  storage_release(s);
  EXPECT_EQ(counting.live, 0);
}

TEST(Storage, BadSizesAreErrorsNotShortAllocations) {
  expect_error([] { storage_new(DType::Float, -1); }, ErrorKind::Value, "size", {"storage_new", "-1"});
  // 2^62 floats are 2^64 bytes: the byte count overflows int64.
  expect_error([] { storage_new(DType::Float, int64_t{1} << 62); }, ErrorKind::Memory, "", {"overflow"});
}

TEST(Storage, FailedAllocationIsAMemoryError) {
  THAllocator refusing{[](void*, ptrdiff_t) -> void* { return nullptr; }, nullptr, [](void*, void*) {}};
  expect_error([&] { storage_new(DType::Int, 4, &refusing); }, ErrorKind::Memory, "", {"16 bytes"});
}

TEST(Storage, RetainAndReleaseFreeExactlyOnce) {
  CountingAllocator counting;
  StorageImpl* s = storage_new(DType::Float, 4, counting.get(), counting.ctx());
  storage_retain(s);
  storage_retain(s);
  EXPECT_EQ(s->refcount, 3);
  storage_release(s);
  storage_release(s);
  EXPECT_EQ(counting.frees, 0);
  EXPECT_EQ(s->refcount, 1);
  storage_release(s);
  EXPECT_EQ(counting.frees, 1);
  EXPECT_EQ(counting.live, 0);
  storage_retain(nullptr);  // null is ignored, as TH's retain/free of NULL
  storage_release(nullptr);
}

TEST(Storage, WithoutRefcountedRetainAndReleaseDoNothing) {
  CountingAllocator counting;
  StorageImpl* s = storage_new(DType::Float, 4, counting.get(), counting.ctx());
  storage_clear_flag(s, TH_STORAGE_REFCOUNTED);
  storage_retain(s);
  storage_release(s);
  storage_release(s);
  EXPECT_EQ(s->refcount, 1);
  EXPECT_EQ(counting.frees, 0);
  storage_set_flag(s, TH_STORAGE_REFCOUNTED);
  storage_release(s);
  EXPECT_EQ(counting.frees, 1);
}

TEST(Storage, WithoutFreememTheBufferStaysWithItsOwner) {
  CountingAllocator counting;
  StorageImpl* s = storage_new(DType::Float, 4, counting.get(), counting.ctx());
  void* data = s->data;
  storage_clear_flag(s, TH_STORAGE_FREEMEM);
  EXPECT_EQ(s->flag, TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE);
  storage_release(s);
  EXPECT_EQ(counting.frees, 0);
  counting.get()->free(counting.ctx(), data);
  EXPECT_EQ(counting.live, 0);
}

TEST(Storage, ResizeKeepsTheCommonPrefix) {
  CountingAllocator counting;
  StorageImpl* s = storage_new(DType::Float, 4, counting.get(), counting.ctx());
  for (int i = 0; i < 4; ++i) fdata(s)[i] = static_cast<float>(i) + 0.5f;
  storage_resize(s, 100);
  ASSERT_EQ(s->size, 100);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(fdata(s)[i], static_cast<float>(i) + 0.5f);
  fdata(s)[99] = 7;  // the new tail is writable
  storage_resize(s, 2);
  ASSERT_EQ(s->size, 2);
  EXPECT_EQ(fdata(s)[0], 0.5f);
  EXPECT_EQ(fdata(s)[1], 1.5f);
  EXPECT_EQ(counting.reallocs, 2);
  storage_resize(s, 0);
  EXPECT_EQ(s->size, 0);
  EXPECT_EQ(s->data, nullptr);
  EXPECT_EQ(counting.live, 0);  // resizing to 0 frees the buffer
  storage_resize(s, 3);
  EXPECT_EQ(s->size, 3);
  storage_release(s);
  EXPECT_EQ(counting.live, 0);
}

TEST(Storage, ResizeErrors) {
  StorageImpl* s = storage_new(DType::Float, 4);
  expect_error([&] { storage_resize(s, -2); }, ErrorKind::Value, "size", {"storage_resize"});
  expect_error([&] { storage_resize(s, int64_t{1} << 62); }, ErrorKind::Memory, "", {"overflow"});
  EXPECT_EQ(s->size, 4);
  storage_clear_flag(s, TH_STORAGE_RESIZABLE);
  expect_error([&] { storage_resize(s, 8); }, ErrorKind::Value, "self", {"not resizable"});
  EXPECT_EQ(s->size, 4);
  storage_release(s);
}

TEST(Storage, ResizingMemoryItDoesNotOwnCopiesIt) {
  float mine[3] = {1, 2, 3};
  CountingAllocator counting;
  StorageImpl* s = storage_new_with_data(DType::Float, mine, 3, counting.get(), counting.ctx());
  storage_clear_flag(s, TH_STORAGE_FREEMEM);
  storage_resize(s, 5);
  EXPECT_NE(s->data, static_cast<void*>(mine));
  EXPECT_EQ(fdata(s)[2], 3.0f);
  EXPECT_TRUE(s->flag & TH_STORAGE_FREEMEM);  // the copy is the storage's own
  fdata(s)[0] = 9;
  EXPECT_EQ(mine[0], 1.0f);
  storage_release(s);
  EXPECT_EQ(counting.mallocs, 1);
  EXPECT_EQ(counting.live, 0);
}

TEST(Storage, SwapExchangesEverythingButReferenceCounts) {
  CountingAllocator ca, cb;
  StorageImpl* a = storage_new(DType::Int, 2, ca.get(), ca.ctx());
  StorageImpl* b = storage_new(DType::Int, 5, cb.get(), cb.ctx());
  storage_retain(b);
  void* a_data = a->data;
  void* b_data = b->data;
  storage_clear_flag(a, TH_STORAGE_RESIZABLE);
  storage_swap(a, b);
  EXPECT_EQ(a->data, b_data);
  EXPECT_EQ(a->size, 5);
  EXPECT_EQ(a->allocator, cb.get());
  EXPECT_EQ(a->allocatorContext, cb.ctx());
  EXPECT_EQ(a->flag, kDefaultFlags);
  EXPECT_EQ(b->data, a_data);
  EXPECT_EQ(b->size, 2);
  EXPECT_EQ(b->allocator, ca.get());
  EXPECT_EQ(b->flag, TH_STORAGE_REFCOUNTED | TH_STORAGE_FREEMEM);
  EXPECT_EQ(a->refcount, 1);
  EXPECT_EQ(b->refcount, 2);
  storage_release(a);  // frees b's old buffer through b's old allocator
  EXPECT_EQ(cb.frees, 1);
  EXPECT_EQ(ca.frees, 0);
  storage_release(b);
  storage_release(b);
  EXPECT_EQ(ca.frees, 1);
  EXPECT_EQ(ca.live + cb.live, 0);
}

TEST(Storage, SwapNeedsOneDtype) {
  StorageImpl* a = storage_new(DType::Int, 2);
  StorageImpl* b = storage_new(DType::Float, 2);
  expect_error([&] { storage_swap(a, b); }, ErrorKind::Type, "other");
  storage_release(a);
  storage_release(b);
}

TEST(Storage, SetAndClearFlag) {
  StorageImpl* s = storage_new(DType::Byte, 1);
  storage_set_flag(s, TH_STORAGE_VIEW);
  EXPECT_EQ(s->flag, kDefaultFlags | TH_STORAGE_VIEW);
  storage_clear_flag(s, TH_STORAGE_VIEW | TH_STORAGE_RESIZABLE);
  EXPECT_EQ(s->flag, TH_STORAGE_REFCOUNTED | TH_STORAGE_FREEMEM);
  storage_release(s);
}

TEST(Storage, NewWithDataTakesOverTheBuffer) {
  CountingAllocator counting;
  void* data = counting.get()->malloc(counting.ctx(), 6 * sizeof(int16_t));
  StorageImpl* s = storage_new_with_data(DType::Short, data, 6, counting.get(), counting.ctx());
  EXPECT_EQ(s->data, data);
  EXPECT_EQ(s->size, 6);
  EXPECT_EQ(s->flag, kDefaultFlags);
  storage_release(s);
  EXPECT_EQ(counting.frees, 1);
  EXPECT_EQ(counting.live, 0);
}

TEST(Storage, NewWithDataChecksItsArguments) {
  expect_error([] { storage_new_with_data(DType::Float, nullptr, 3); }, ErrorKind::Value, "data", {"null"});
  float x = 0;
  expect_error([&] { storage_new_with_data(DType::Float, &x, -1); }, ErrorKind::Value, "size");
  StorageImpl* empty = storage_new_with_data(DType::Float, nullptr, 0);
  EXPECT_EQ(empty->size, 0);
  storage_release(empty);
}

// TH's storage views: a storage over part of another's buffer that keeps
// the other alive through its `view` reference.
TEST(Storage, ViewSharesMemoryAndKeepsItsBaseAlive) {
  CountingAllocator counting;
  StorageImpl* base = storage_new(DType::Float, 10, counting.get(), counting.ctx());
  for (int i = 0; i < 10; ++i) fdata(base)[i] = static_cast<float>(i);
  StorageImpl* v = storage_new_with_data(DType::Float, fdata(base) + 3, 4, nullptr);
  storage_clear_flag(v, TH_STORAGE_FREEMEM | TH_STORAGE_RESIZABLE);
  storage_set_flag(v, TH_STORAGE_VIEW);
  storage_retain(base);
  v->view = base;

  EXPECT_EQ(fdata(v)[0], 3.0f);
  fdata(v)[1] = 40;
  EXPECT_EQ(fdata(base)[4], 40.0f);
  storage_release(base);  // the view still holds it
  EXPECT_EQ(counting.frees, 0);
  EXPECT_EQ(fdata(v)[3], 6.0f);
  storage_release(v);
  EXPECT_EQ(counting.frees, 1);
  EXPECT_EQ(counting.live, 0);
}

class StorageMapping : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/ember-storage-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { std::system(("rm -rf " + dir_).c_str()); }
  std::string path(const char* name) const { return dir_ + "/" + name; }
  static off_t file_size(const std::string& p) {
    struct stat st;
    return ::stat(p.c_str(), &st) == 0 ? st.st_size : -1;
  }
  std::string dir_;
};

TEST_F(StorageMapping, WritesThroughOneMappingAreReadThroughAnother) {
  const std::string file = path("a.bin");
  StorageImpl* w = storage_new_with_mapping(DType::Float, file.c_str(), 8, TH_ALLOCATOR_MAPPED_SHARED);
  EXPECT_EQ(w->size, 8);
  EXPECT_EQ(file_size(file), 32);  // a shared mapping creates the file at its size
  EXPECT_EQ(w->allocator, &THMapAllocator);
  EXPECT_FALSE(w->flag & TH_STORAGE_RESIZABLE);  // a mapping keeps the file's size
  for (int i = 0; i < 8; ++i) fdata(w)[i] = static_cast<float>(i * i);

  StorageImpl* r = storage_new_with_mapping(DType::Float, file.c_str(), 0, TH_ALLOCATOR_MAPPED_SHARED);
  ASSERT_EQ(r->size, 8);  // size 0: the whole file
  EXPECT_NE(r->data, w->data);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(fdata(r)[i], static_cast<float>(i * i));
  fdata(r)[2] = -1;
  EXPECT_EQ(fdata(w)[2], -1.0f);
  expect_error([&] { storage_resize(r, 16); }, ErrorKind::Value, "self");
  storage_release(w);
  storage_release(r);

  std::ifstream in(file, std::ios::binary);  // and the bytes reached the file
  float values[8];
  in.read(reinterpret_cast<char*>(values), sizeof values);
  EXPECT_EQ(values[3], 9.0f);
  EXPECT_EQ(values[2], -1.0f);
}

TEST_F(StorageMapping, PrivateMappingDoesNotWriteBack) {
  const std::string file = path("p.bin");
  std::ofstream(file, std::ios::binary) << std::string(6, '\x01');
  StorageImpl* s = storage_new_with_mapping(DType::Short, file.c_str(), 0, 0);
  ASSERT_EQ(s->size, 3);
  EXPECT_EQ(static_cast<int16_t*>(s->data)[0], 0x0101);
  static_cast<int16_t*>(s->data)[0] = 5;
  storage_release(s);
  std::ifstream in(file, std::ios::binary);
  EXPECT_EQ(in.get(), 1);
}

TEST_F(StorageMapping, FileLengthMustBeAMultipleOfTheElementSize) {
  const std::string file = path("odd.bin");
  std::ofstream(file, std::ios::binary) << std::string(10, 'x');
  expect_error([&] { storage_new_with_mapping(DType::Int, file.c_str(), 0, TH_ALLOCATOR_MAPPED_SHARED); },
               ErrorKind::Value, "filename", {"10 bytes", "not a multiple of the element size 4"});
  StorageImpl* s = storage_new_with_mapping(DType::Short, file.c_str(), 0, TH_ALLOCATOR_MAPPED_SHARED);
  EXPECT_EQ(s->size, 5);
  storage_release(s);
}

TEST_F(StorageMapping, BadArguments) {
  expect_error([] { storage_new_with_mapping(DType::Float, nullptr, 0, 0); }, ErrorKind::Value, "filename");
  const std::string missing = path("missing.bin");
  expect_error([&] { storage_new_with_mapping(DType::Float, missing.c_str(), 4, 0); }, ErrorKind::Runtime, "",
               {"missing.bin"});
  expect_error([&] { storage_new_with_mapping(DType::Float, missing.c_str(), -1, TH_ALLOCATOR_MAPPED_SHARED); },
               ErrorKind::Value, "size");
  EXPECT_EQ(file_size(missing), -1);  // no failed call left a file behind
}

TEST_F(StorageMapping, EmptyFileGivesAnEmptyStorage) {
  const std::string file = path("empty.bin");
  std::ofstream(file, std::ios::binary).flush();
  StorageImpl* s = storage_new_with_mapping(DType::Double, file.c_str(), 0, TH_ALLOCATOR_MAPPED_SHARED);
  EXPECT_EQ(s->size, 0);
  EXPECT_EQ(s->data, nullptr);
  storage_release(s);
}

}  // namespace
}  // namespace ember::rt
