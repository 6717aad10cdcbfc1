// THStorage_* for every dtype (schemas/storage/storage.yaml), through the C
// API as TH code calls it: the bodies are in generic/th_storage.h,
// expanded once per dtype, and each test runs all ten. Errors reach TH's
// handlers, which these tests make throw.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#include "TH/TH.h"
#include "ember/dtype.h"
#include "runtime_test_util.h"
#include "th_throwing_handlers.h"

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
