// TH's construction C functions (THTensor_zeros .. THTensor_equal,
// schemas/math/construct.yaml) for every dtype, through the C API as TH
// code calls them: the bodies are in generic/th_construct.h, expanded once
// per dtype. Errors reach TH's handlers, which these tests make throw.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "TH/TH.h"
#include "ember/dtype.h"
#include "th_test_util.h"

#define TH_GENERIC_FILE "tests/math/generic/th_construct.h"
#include "THGenerateEmberTypes.h"

namespace {

class THConstruct : public ::testing::Test {
 protected:
  template <class Body>
  static void each_dtype(Body body) {
#define EMBER_RUN(Name, cpp, acc) \
  {                               \
    SCOPED_TRACE(#Name);          \
    body(ConstructTests##Name{}); \
  }
    EMBER_FORALL_DTYPES(EMBER_RUN)
#undef EMBER_RUN
  }
  ember::test::THThrowingHandlers handlers_;
};

TEST_F(THConstruct, Filled) { each_dtype([](auto t) { t.filled(); }); }
TEST_F(THConstruct, Ranges) { each_dtype([](auto t) { t.ranges(); }); }
TEST_F(THConstruct, Eye) { each_dtype([](auto t) { t.eye(); }); }
TEST_F(THConstruct, Diag) { each_dtype([](auto t) { t.diag(); }); }
TEST_F(THConstruct, Triangles) { each_dtype([](auto t) { t.triangles(); }); }
TEST_F(THConstruct, Cat) { each_dtype([](auto t) { t.cat(); }); }
TEST_F(THConstruct, Reshape) { each_dtype([](auto t) { t.reshape(); }); }
TEST_F(THConstruct, Randperm) { each_dtype([](auto t) { t.randperm(); }); }
TEST_F(THConstruct, Equal) { each_dtype([](auto t) { t.equal(); }); }

}  // namespace
