// The exact bytes ember writes for small objects, against bytes built by
// hand from the format (t7_test_util.h's Bytes), in binary and ascii; and
// that those hand-built bytes load back to the same values.
#include <gtest/gtest.h>

#include "t7_test_util.h"

namespace ember::test {
namespace {

using t7::Format;
using t7::Value;

class T7Bytes : public ::testing::TestWithParam<Format> {
 protected:
  Format format() const { return GetParam(); }
  Bytes bytes() const { return Bytes{GetParam() == Format::Ascii, {}}; }
};

TEST_P(T7Bytes, Scalars) {
  EXPECT_EQ(t7::serialize(Value(), format()), bytes().i32(0).out);
  EXPECT_EQ(t7::serialize(Value(0.1), format()), bytes().i32(1).f64(0.1).out);
  EXPECT_EQ(t7::serialize(Value(-3), format()), bytes().i32(1).f64(-3).out);
  EXPECT_EQ(t7::serialize(Value(true), format()), bytes().i32(5).i32(1).out);
  EXPECT_EQ(t7::serialize(Value(false), format()), bytes().i32(5).i32(0).out);
  EXPECT_EQ(t7::serialize(Value("hi\n there"), format()), bytes().string("hi\n there").out);
  EXPECT_EQ(t7::serialize(Value(""), format()), bytes().string("").out);

  EXPECT_TRUE(t7::deserialize(bytes().i32(0).out, format()).is_nil());
  EXPECT_EQ(t7::deserialize(bytes().i32(1).f64(0.1).out, format()).number(), 0.1);
  EXPECT_EQ(t7::deserialize(bytes().i32(5).i32(1).out, format()).boolean(), true);
  EXPECT_EQ(t7::deserialize(bytes().i32(5).i32(7).out, format()).boolean(), false);  // File.lua: == 1
  EXPECT_EQ(t7::deserialize(bytes().string(std::string("a\0b", 3)).out, format()).string(), std::string("a\0b", 3));
}

// {"x", t, t} where t = {k = 2}: the second reference to t is its number.
TEST_P(T7Bytes, TablesAndSharedReferences) {
  auto inner = std::make_shared<t7::Table>();
  inner->entries.push_back({Value("k"), Value(2)});
  const Value v(t7::array({Value("x"), Value(inner), Value(inner)}));
  Bytes b = bytes();
  b.i32(3).i32(1).i32(3);  // table #1 with 3 entries
  b.i32(1).f64(1).string("x");
  b.i32(1).f64(2).i32(3).i32(2).i32(1).string("k").i32(1).f64(2);  // table #2
  b.i32(1).f64(3).i32(3).i32(2);                                     // table #2 again
  EXPECT_EQ(t7::serialize(v, format()), b.out);

  const Value back = t7::deserialize(b.out, format());
  ASSERT_EQ(back.table()->entries.size(), 3u);
  EXPECT_EQ(back.get(1).string(), "x");
  EXPECT_EQ(back.get(2).table(), back.get(3).table());
  EXPECT_EQ(back.get(2).get("k").number(), 2);
}

// A 2x2 view (offset 1, transposed strides) of a 6-element FloatStorage,
// and the storage itself after it: written once, referenced by number.
TEST_P(T7Bytes, TensorAndItsStorage) {
  const Storage s = pattern_storage(DType::Float, 6);
  const TensorBase t = view_of(s, 1, {2, 2}, {1, 2});
  const Value v(t7::array({Value(t), Value(s)}));
  std::vector<float> elems(6);
  std::memcpy(elems.data(), s.data_ptr(), sizeof(float) * 6);
  Bytes b = bytes();
  b.i32(3).i32(1).i32(2);
  b.i32(1).f64(1).torch(2, "torch.FloatTensor").i32(2).longs({2, 2}).longs({1, 2}).i64(2);
  b.torch(3, "torch.FloatStorage").i64(6).floats(elems);
  b.i32(1).f64(2).i32(4).i32(3);
  EXPECT_EQ(t7::serialize(v, format()), b.out);

  const Value back = t7::deserialize(b.out, format());
  const TensorBase bt = back.get(1).tensor();
  EXPECT_EQ(bt.sizes().vec(), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(bt.strides().vec(), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(bt.storage_offset(), 1);
  EXPECT_EQ(bt.storage().impl(), back.get(2).storage().impl());
  EXPECT_TRUE(same_bytes(back.get(2).storage(), s));
}

// Torch7's empty tensor: no dims, offset 1, a nil storage.
TEST_P(T7Bytes, EmptyTorch7Tensor) {
  Bytes b = bytes();
  b.torch(1, "torch.DoubleTensor").i32(0).i64(1).i32(0);
  const TensorBase t = t7::deserialize(b.out, format()).tensor();
  EXPECT_EQ(t.dtype(), DType::Double);
  EXPECT_EQ(t.sizes().vec(), std::vector<int64_t>{0});
  EXPECT_TRUE(t.storage().defined());
}

// Files from before versioning: the class name where "V 1" would be.
TEST_P(T7Bytes, UnversionedClassName) {
  Bytes b = bytes();
  b.i32(4).i32(1).i32(16).chars("torch.IntStorage").i64(2);
  b.ascii ? b.text("%d %d\n", 5, -6) : (b.raw<int32_t>(5), b.raw<int32_t>(-6));
  const Storage s = t7::deserialize(b.out, format()).storage();
  ASSERT_EQ(s.size(), 2);
  EXPECT_EQ(static_cast<int32_t*>(s.data_ptr())[0], 5);
  EXPECT_EQ(static_cast<int32_t*>(s.data_ptr())[1], -6);
}

INSTANTIATE_TEST_SUITE_P(Formats, T7Bytes, ::testing::Values(Format::Binary, Format::Ascii),
                         [](const auto& info) { return info.param == Format::Binary ? "Binary" : "Ascii"; });

}  // namespace
}  // namespace ember::test
