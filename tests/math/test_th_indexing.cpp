// TH's indexed and masked C functions (THTensor_indexSelect ..
// THTensor_nonzero, schemas/math/indexing.yaml) for every dtype, through
// the C API as TH code calls them: the bodies are in generic/th_indexing.h,
// expanded once per dtype. Errors reach TH's handlers, which these tests
// make throw.
#include <gtest/gtest.h>

#include <vector>

#include "TH/TH.h"
#include "ember/dtype.h"
#include "th_test_util.h"

#define TH_GENERIC_FILE "tests/math/generic/th_indexing.h"
#include "THGenerateEmberTypes.h"

namespace {

class THIndexingTest : public ::testing::Test {
 protected:
  template <class Body>
  static void each_dtype(Body body) {
#define EMBER_RUN(Name, cpp, acc) \
  {                               \
    SCOPED_TRACE(#Name);          \
    body(IndexingTests##Name{});  \
  }
    EMBER_FORALL_DTYPES(EMBER_RUN)
#undef EMBER_RUN
  }
  ember::test::THThrowingHandlers handlers_;
};

using THIndexing = THIndexingTest;
using THMasked = THIndexingTest;

TEST_F(THIndexing, IndexSelect) { each_dtype([](auto t) { t.index_select(); }); }
TEST_F(THIndexing, IndexCopy) { each_dtype([](auto t) { t.index_copy(); }); }
TEST_F(THIndexing, IndexAdd) { each_dtype([](auto t) { t.index_add(); }); }
TEST_F(THIndexing, IndexFill) { each_dtype([](auto t) { t.index_fill(); }); }
TEST_F(THIndexing, Gather) { each_dtype([](auto t) { t.gather(); }); }
TEST_F(THIndexing, Scatter) { each_dtype([](auto t) { t.scatter(); }); }
TEST_F(THIndexing, ScatterAdd) { each_dtype([](auto t) { t.scatter_add(); }); }
TEST_F(THIndexing, ScatterFill) { each_dtype([](auto t) { t.scatter_fill(); }); }
TEST_F(THIndexing, Errors) { each_dtype([](auto t) { t.errors(); }); }
TEST_F(THMasked, Fill) { each_dtype([](auto t) { t.masked_fill(); }); }
TEST_F(THMasked, Copy) { each_dtype([](auto t) { t.masked_copy(); }); }
TEST_F(THMasked, Select) { each_dtype([](auto t) { t.masked_select(); }); }
TEST_F(THMasked, Nonzero) { each_dtype([](auto t) { t.nonzero(); }); }

}  // namespace
