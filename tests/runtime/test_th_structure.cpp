// THTensor_* structure functions for every dtype
// (schemas/tensor/structure.yaml), through the C API as TH code calls
// them: the bodies are in generic/th_structure.h, expanded once per dtype,
// and each test runs all ten. Errors reach TH's handlers, which these
// tests make throw.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TH/TH.h"
#include "ember/dtype.h"
#include "th_test_util.h"

using ember::test::longs;

#define TH_GENERIC_FILE "tests/runtime/generic/th_structure.h"
#include "THGenerateEmberTypes.h"

namespace {

class THStructureTest : public ::testing::Test {
 protected:
  // Runs `body` with the StructureTests of every dtype.
  template <class Body>
  static void each_dtype(Body body) {
#define EMBER_RUN(Name, cpp, acc) \
  {                               \
    SCOPED_TRACE(#Name);          \
    body(StructureTests##Name{}); \
  }
    EMBER_FORALL_DTYPES(EMBER_RUN)
#undef EMBER_RUN
  }
  ember::test::THThrowingHandlers handlers_;
};

TEST_F(THStructureTest, Accessors) { each_dtype([](auto t) { t.accessors(); }); }
TEST_F(THStructureTest, Flags) { each_dtype([](auto t) { t.flags(); }); }
TEST_F(THStructureTest, NewAndFree) { each_dtype([](auto t) { t.new_and_free(); }); }
TEST_F(THStructureTest, NewWithTensor) { each_dtype([](auto t) { t.new_with_tensor(); }); }
TEST_F(THStructureTest, NewWithStorage) { each_dtype([](auto t) { t.new_with_storage(); }); }
TEST_F(THStructureTest, NewWithSize) { each_dtype([](auto t) { t.new_with_size(); }); }
TEST_F(THStructureTest, ExpandNd) { each_dtype([](auto t) { t.expand_nd(); }); }
TEST_F(THStructureTest, Resize) { each_dtype([](auto t) { t.resize(); }); }
TEST_F(THStructureTest, SetAndSetStorage) { each_dtype([](auto t) { t.set_and_set_storage(); }); }
TEST_F(THStructureTest, Queries) { each_dtype([](auto t) { t.queries(); }); }
TEST_F(THStructureTest, FreeCopyTo) { each_dtype([](auto t) { t.free_copy_to(); }); }
TEST_F(THStructureTest, Elements) { each_dtype([](auto t) { t.elements(); }); }
TEST_F(THStructureTest, Desc) { each_dtype([](auto t) { t.desc(); }); }
TEST_F(THStructureTest, CopyTranspose) { each_dtype([](auto t) { t.copy_transpose(); }); }
TEST_F(THStructureTest, Errors) { each_dtype([](auto t) { t.errors(); }); }

}  // namespace
