// Malformed .t7 files: each is a ValueError naming "load", what is wrong
// and where, never a crash or an allocation larger than the file.
#include <gtest/gtest.h>

#include <climits>
#include <cmath>

#include "runtime_test_util.h"
#include "t7_test_util.h"

namespace ember::test {
namespace {

using t7::Format;
using t7::Value;

class T7BadFile : public ::testing::TestWithParam<Format> {
 protected:
  Bytes bytes() const { return Bytes{GetParam() == Format::Ascii, {}}; }
  void expect_bad(const std::string& file, const std::vector<std::string>& parts) {
    std::vector<std::string> all = {"load: "};
    all.insert(all.end(), parts.begin(), parts.end());
    expect_error([&] { t7::deserialize(file, GetParam()); }, ErrorKind::Value, "file", all);
  }
};

// A file using every kind of value, cut short at every byte.
TEST_P(T7BadFile, EveryTruncationIsAnError) {
  const Storage s = pattern_storage(DType::Short, 5);
  auto dict = std::make_shared<t7::Table>();
  dict->entries.push_back({Value("t"), Value(view_of(s, 1, {2, 2}, {2, 1}))});
  dict->entries.push_back({Value("s"), Value(s)});
  dict->entries.push_back({Value(false), Value(t7::array({Value(1.25), Value("x")}))});
  const std::string full = t7::serialize(Value(dict), GetParam());
  for (size_t n = 0; n < full.size(); ++n) {
    const std::string cut = full.substr(0, n);
    // Ascii's last newline is spacing: the values are all there without it.
    if (GetParam() == Format::Ascii && full.find_first_not_of('\n', n) == std::string::npos) continue;
    SCOPED_TRACE(n);
    expect_bad(cut, {"(at byte "});
  }
}

TEST_P(T7BadFile, TypeTags) {
  expect_bad(bytes().i32(9).out, {"unknown type tag 9", "(at byte 0)"});
  expect_bad(bytes().i32(-1).out, {"unknown type tag -1"});
  for (int tag : {6, 7, 8}) expect_bad(bytes().i32(tag).i32(1).out, {"Lua function"});
  // The tag of the second entry of a table, after a known number of bytes.
  Bytes b = bytes();
  b.i32(3).i32(1).i32(1).i32(1).f64(1);
  const size_t at = b.out.size();
  b.i32(42);
  expect_bad(b.out, {"unknown type tag 42", "(at byte " + std::to_string(at) + ")"});
}

TEST_P(T7BadFile, SizesBeyondTheFileAreRefusedBeforeAllocating) {
  expect_bad(bytes().i32(2).i32(INT_MAX).chars("abc").out, {"2147483647 string bytes declared, but only"});
  expect_bad(bytes().i32(2).i32(-5).out, {"negative count -5 of string bytes"});
  expect_bad(bytes().torch(1, "torch.DoubleStorage").i64(LONG_MAX / 4).out, {"storage elements declared"});
  expect_bad(bytes().torch(1, "torch.ByteStorage").i64(-1).out, {"negative count -1 of storage elements"});
  expect_bad(bytes().i32(3).i32(1).i32(INT_MAX).out, {"table entries declared"});
  expect_bad(bytes().i32(3).i32(1).i32(-2).out, {"negative count -2 of table entries"});
  expect_bad(bytes().torch(1, "torch.FloatTensor").i32(INT_MAX).out, {"dimension count 2147483647"});
  expect_bad(bytes().torch(1, "torch.FloatTensor").i32(-1).out, {"dimension count -1"});
  expect_bad(bytes().torch(1, "torch.FloatTensor").i32(65).out, {"dimension count 65 is not in 0..64"});
  expect_bad(bytes().i32(4).i32(1).i32(INT_MAX).out, {"a version string"});
}

TEST_P(T7BadFile, UnknownClasses) {
  expect_bad(bytes().torch(1, "nn.Linear").i32(0).out, {"unknown Torch class <nn.Linear>"});
  expect_bad(bytes().torch(1, "torch.BoolTensor").out, {"unknown Torch class <torch.BoolTensor>"});
  expect_bad(bytes().i32(4).i32(1).i32(3).chars("V 1").i32(0).out, {"unknown Torch class <>"});
}

// A Float tensor header (sizes, strides, 1-based offset) over `storage`.
Bytes& tensor(Bytes& b, std::vector<long> sizes, std::vector<long> strides, long offset1) {
  return b.torch(1, "torch.FloatTensor").i32(static_cast<int>(sizes.size())).longs(sizes).longs(strides).i64(offset1);
}

TEST_P(T7BadFile, TensorGeometryOutsideItsStorage) {
  const std::vector<float> four = {1, 2, 3, 4};
  auto with_storage = [&](std::vector<long> sizes, std::vector<long> strides, long offset1) {
    Bytes b = bytes();
    tensor(b, sizes, strides, offset1).torch(2, "torch.FloatStorage").i64(4).floats(four);
    return b.out;
  };
  EXPECT_EQ(t7::deserialize(with_storage({2, 2}, {2, 1}, 1), GetParam()).tensor().numel(), 4);  // the control
  expect_bad(with_storage({2, 3}, {2, 1}, 1), {"reaches outside its storage of 4 elements"});
  expect_bad(with_storage({2, 2}, {2, 1}, 2), {"reaches outside"});
  expect_bad(with_storage({2}, {LONG_MAX}, 1), {"reaches outside"});
  expect_bad(with_storage({LONG_MAX, LONG_MAX}, {LONG_MAX, LONG_MAX}, 1), {"reaches outside"});
  expect_bad(with_storage({2}, {-1}, 1), {"stride -1 of dim 0 is negative"});
  expect_bad(with_storage({-2}, {1}, 1), {"size -2 of dim 0 is negative"});
  expect_bad(with_storage({2}, {1}, 0), {"1-based storage offset 0 is below 1"});
  expect_bad(with_storage({0}, {1}, 9), {"empty tensor's storage offset 8 lies beyond"});
  Bytes no_storage = bytes();
  tensor(no_storage, {3}, {1}, 1).i32(0);
  expect_bad(no_storage.out, {"reaches outside its storage of 0 elements"});
}

TEST_P(T7BadFile, TensorStorageOfTheWrongKind) {
  Bytes number = bytes();
  tensor(number, {1}, {1}, 1).i32(1).f64(3);
  expect_bad(number.out, {"float32 tensor's storage is not a float32 storage"});
  Bytes wrong_type = bytes();
  tensor(wrong_type, {1}, {1}, 1).torch(2, "torch.DoubleStorage").i64(1).f64(3);
  expect_bad(wrong_type.out, {"is not a float32 storage"});
}

TEST_P(T7BadFile, ReferenceCycles) {
  // Table #1 = {[1] = table #1}: legal Lua, refused by ember.
  expect_bad(bytes().i32(3).i32(1).i32(1).i32(1).f64(1).i32(3).i32(1).out,
             {"object 1 refers to itself before it is complete (a reference cycle)"});
  // A tensor whose storage is the tensor itself, by number.
  Bytes self_storage = bytes();
  tensor(self_storage, {1}, {1}, 1).i32(4).i32(1);
  expect_bad(self_storage.out, {"object 1 refers to itself"});
  // A reference to a finished object is fine, whatever tag it carries.
  Bytes shared = bytes();
  shared.i32(3).i32(1).i32(2).i32(1).f64(1).i32(3).i32(2).i32(0).i32(1).f64(2).i32(4).i32(2);
  const Value v = t7::deserialize(shared.out, GetParam());
  EXPECT_EQ(v.get(1).table(), v.get(2).table());
}

TEST_P(T7BadFile, NestingDeeperThanTheLimit) {
  Bytes b = bytes();
  for (int i = 1; i <= 1001; ++i) b.i32(3).i32(i).i32(1).i32(1).f64(1);
  expect_bad(b.out, {"nest deeper than 1000 levels"});
}

TEST_P(T7BadFile, KeysLuaForbidsAndRepeatedKeys) {
  expect_bad(bytes().i32(3).i32(1).i32(1).i32(0).i32(1).f64(1).out, {"a table key is nil"});
  expect_bad(bytes().i32(3).i32(1).i32(1).i32(1).f64(std::nan("")).i32(1).f64(1).out, {"a table key is NaN"});
  // As Lua's t[k] = v: the later value wins and a nil value removes.
  Bytes b = bytes();
  b.i32(3).i32(1).i32(3).string("a").i32(1).f64(1).string("b").i32(1).f64(2).string("a").i32(1).f64(3);
  const Value v = t7::deserialize(b.out, GetParam());
  ASSERT_EQ(v.table()->entries.size(), 2u);
  EXPECT_EQ(v.get("a").number(), 3);
  Bytes removed = bytes();
  removed.i32(3).i32(1).i32(2).string("a").i32(1).f64(1).string("a").i32(0);
  EXPECT_TRUE(t7::deserialize(removed.out, GetParam()).table()->entries.empty());
}

TEST_P(T7BadFile, AsciiTextWhereANumberBelongs) {
  if (GetParam() != Format::Ascii) GTEST_SKIP() << "ascii only";
  expect_bad("x\n", {"cannot read a type tag as ascii", "(at byte 0)"});
  expect_bad("1\nnope\n", {"cannot read a number as ascii", "(at byte 2)"});
}

INSTANTIATE_TEST_SUITE_P(Formats, T7BadFile, ::testing::Values(Format::Binary, Format::Ascii),
                         [](const auto& info) { return info.param == Format::Binary ? "Binary" : "Ascii"; });

}  // namespace
}  // namespace ember::test
