// THStorage_* for every dtype (schemas/storage/storage.yaml), through the C
// API as TH code calls it: the bodies are in generic/th_storage.h,
// expanded once per dtype, and each test runs all ten; then THLongStorage's
// own functions. Errors reach TH's handlers, which these tests make throw.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "TH/TH.h"
#include "ember/dtype.h"
#include "runtime_test_util.h"
#include "th_test_util.h"

#define TH_GENERIC_FILE "tests/runtime/generic/th_storage.h"
#include "THGenerateEmberTypes.h"

namespace {

class THStorageTest : public ::testing::Test {
 protected:
  // Runs `body` with the StorageTests of every dtype.
  template <class Body>
  static void each_dtype(Body body) {
#define EMBER_RUN(Name, cpp, acc) \
  {                               \
    SCOPED_TRACE(#Name);          \
    body(StorageTests##Name{});   \
  }
    EMBER_FORALL_DTYPES(EMBER_RUN)
#undef EMBER_RUN
  }
  ember::test::THThrowingHandlers handlers_;
};

TEST_F(THStorageTest, NewAndAccess) { each_dtype([](auto t) { t.new_and_access(); }); }
TEST_F(THStorageTest, SetGet) { each_dtype([](auto t) { t.set_get(); }); }
TEST_F(THStorageTest, NewWithValues) { each_dtype([](auto t) { t.new_with_values(); }); }
TEST_F(THStorageTest, NewWithMapping) { each_dtype([](auto t) { t.new_with_mapping(); }); }
TEST_F(THStorageTest, NewWithData) { each_dtype([](auto t) { t.new_with_data(); }); }
TEST_F(THStorageTest, NewWithAllocator) { each_dtype([](auto t) { t.new_with_allocator(); }); }
TEST_F(THStorageTest, Flags) { each_dtype([](auto t) { t.flags(); }); }
TEST_F(THStorageTest, RetainFree) { each_dtype([](auto t) { t.retain_free(); }); }
TEST_F(THStorageTest, Swap) { each_dtype([](auto t) { t.swap(); }); }
TEST_F(THStorageTest, Resize) { each_dtype([](auto t) { t.resize(); }); }
TEST_F(THStorageTest, FillAndCopy) { each_dtype([](auto t) { t.fill_and_copy(); }); }
TEST_F(THStorageTest, CopyAllDTypes) { each_dtype([](auto t) { t.copy_all_dtypes(); }); }
TEST_F(THStorageTest, Errors) { each_dtype([](auto t) { t.errors(); }); }

}  // namespace

// THLongStorage's own functions: size lists and TH's shape inference.
namespace {

using ember::test::expect_th_error;
using ember::test::longs;

std::vector<long> values_of(THLongStorage* s) {
  return std::vector<long>(s->data, s->data + s->size);
}

class THLongStorageTest : public ::testing::Test {
 protected:
  ember::test::THThrowingHandlers handlers_;
};

TEST_F(THLongStorageTest, SizeDesc) {
  THLongStorage* s = longs({2, 3, 4});
  EXPECT_STREQ(THLongStorage_sizeDesc(s).str, "[2 x 3 x 4]");
  THLongStorage* none = longs({});
  EXPECT_STREQ(THLongStorage_sizeDesc(none).str, "[]");
  expect_th_error([] { THLongStorage_sizeDesc(NULL); }, 1, "NULL");
  THLongStorage_free(none);
  THLongStorage_free(s);
}

TEST_F(THLongStorageTest, NewInferSize) {
  THLongStorage* size = longs({2, -1, 4});
  THLongStorage* inferred = THLongStorage_newInferSize(size, 24);
  EXPECT_NE(inferred, size) << "a new storage";
  EXPECT_EQ(values_of(inferred), (std::vector<long>{2, 3, 4}));
  EXPECT_EQ(values_of(size), (std::vector<long>{2, -1, 4})) << "size itself unchanged";
  THLongStorage* exact = longs({2, 3});
  THLongStorage* copy = THLongStorage_newInferSize(exact, 6);
  EXPECT_EQ(values_of(copy), (std::vector<long>{2, 3}));
  THLongStorage* two = longs({-1, -1});
  THLongStorage* bad = longs({2, -2});
  THLongStorage* zero = longs({0, -1});
  expect_th_error([&] { THLongStorage_newInferSize(size, 25); }, 2, "invalid for 25 elements");
  expect_th_error([&] { THLongStorage_newInferSize(exact, 7); }, 2, "invalid for 7 elements");
  expect_th_error([&] { THLongStorage_newInferSize(two, 4); }, 1, "only one size may be -1");
  expect_th_error([&] { THLongStorage_newInferSize(bad, 4); }, 1, "negative");
  expect_th_error([&] { THLongStorage_newInferSize(zero, 0); }, 2, "invalid for 0 elements");
  expect_th_error([] { THLongStorage_newInferSize(NULL, 0); }, 1, "NULL");
  for (THLongStorage* s : {size, inferred, exact, copy, two, bad, zero}) THLongStorage_free(s);
}

TEST_F(THLongStorageTest, InferSize) {
  THLongStorage* out = THLongStorage_new();
  char error[128] = "";
  long a[2] = {3, 1}, b[1] = {4}, c[3] = {2, 1, 1}, d[2] = {2, 3};
  EXPECT_EQ(THLongStorage_inferSize2(out, a, 2, b, 1, error, sizeof error), 0);
  EXPECT_EQ(values_of(out), (std::vector<long>{3, 4}));
  EXPECT_EQ(THLongStorage_inferSize2(out, a, 2, d, 2, error, sizeof error), -1);
  EXPECT_NE(std::string(error).find("must match"), std::string::npos) << error;
  EXPECT_EQ(THLongStorage_inferSize2(out, a, 2, d, 2, NULL, 0), -1) << "no buffer: only the result";

  long* shapes[3] = {a, b, c};
  long dims[3] = {2, 1, 3};
  EXPECT_EQ(THLongStorage_inferSizeN(out, 3, shapes, dims, error, sizeof error), 0);
  EXPECT_EQ(values_of(out), (std::vector<long>{2, 3, 4}));
  shapes[1] = d;
  dims[1] = 2;
  EXPECT_EQ(THLongStorage_inferSizeN(out, 3, shapes, dims, error, sizeof error), -1);

  expect_th_error([&] { THLongStorage_inferSize2(NULL, a, 2, b, 1, error, sizeof error); }, 1, "NULL");
  expect_th_error([&] { THLongStorage_inferSize2(out, NULL, 2, b, 1, error, sizeof error); }, 2, "NULL");
  expect_th_error([&] { THLongStorage_inferSize2(out, a, 0, b, 1, error, sizeof error); }, 0, "cannot expand");
  expect_th_error([&] { THLongStorage_inferSizeN(out, 0, shapes, dims, error, sizeof error); }, 2, "positive");
  expect_th_error([&] { THLongStorage_inferSizeN(out, 3, NULL, dims, error, sizeof error); }, 3, "NULL");
  THLongStorage_free(out);
}

TEST_F(THLongStorageTest, InferExpandGeometry) {
  long sizes[2] = {3, 1}, strides[2] = {1, 1};
  long *esizes = nullptr, *estrides = nullptr;
  char error[128] = "";
  THLongStorage* to = longs({2, 3, 4});
  ASSERT_EQ(THLongStorage_inferExpandGeometry(sizes, strides, 2, to, &esizes, &estrides, error, sizeof error), 0);
  EXPECT_EQ(std::vector<long>(esizes, esizes + 3), (std::vector<long>{2, 3, 4}));
  EXPECT_EQ(std::vector<long>(estrides, estrides + 3), (std::vector<long>{0, 1, 0})) << "expanded dims: stride 0";
  THFree(esizes);
  THFree(estrides);

  THLongStorage* keep = longs({-1, 5});
  ASSERT_EQ(THLongStorage_inferExpandGeometry(sizes, strides, 2, keep, &esizes, &estrides, error, sizeof error), 0);
  EXPECT_EQ(std::vector<long>(esizes, esizes + 2), (std::vector<long>{3, 5}));
  EXPECT_EQ(std::vector<long>(estrides, estrides + 2), (std::vector<long>{1, 0}));
  THFree(esizes);
  THFree(estrides);

  THLongStorage* mismatch = longs({4, 1});
  THLongStorage* leading = longs({-1, 3, 1});
  THLongStorage* fewer = longs({3});
  EXPECT_EQ(THLongStorage_inferExpandGeometry(sizes, strides, 2, mismatch, &esizes, &estrides, error, sizeof error), -1);
  EXPECT_NE(std::string(error).find("must match the existing size (3)"), std::string::npos) << error;
  EXPECT_EQ(THLongStorage_inferExpandGeometry(sizes, strides, 2, leading, &esizes, &estrides, error, sizeof error), -1);
  EXPECT_NE(std::string(error).find("leading"), std::string::npos) << error;
  EXPECT_EQ(THLongStorage_inferExpandGeometry(sizes, strides, 2, fewer, &esizes, &estrides, error, sizeof error), -1);
  expect_th_error([&] { THLongStorage_inferExpandGeometry(NULL, strides, 2, to, &esizes, &estrides, error, 1); }, 1,
                  "NULL");
  expect_th_error([&] { THLongStorage_inferExpandGeometry(sizes, strides, 2, NULL, &esizes, &estrides, error, 1); },
                  4, "NULL");
  expect_th_error([&] { THLongStorage_inferExpandGeometry(sizes, strides, 2, to, NULL, &estrides, error, 1); }, 5,
                  "NULL");
  for (THLongStorage* s : {to, keep, mismatch, leading, fewer}) THLongStorage_free(s);
}

}  // namespace
