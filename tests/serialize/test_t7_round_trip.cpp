// Values through ember::save and ember::load (disk files) and through
// serialize/deserialize (memory files), every Torch7 dtype, both formats:
// what comes back has the same bytes, geometry and sharing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "runtime_test_util.h"
#include "t7_test_util.h"

namespace ember::test {
namespace {

using t7::Format;
using t7::Value;

class T7RoundTrip : public ::testing::TestWithParam<Format> {
 protected:
  Format format() const { return GetParam(); }
  // Through a disk file, checking that a memory file holds the same bytes.
  Value round_trip(const Value& v) {
    const std::string path = ::testing::TempDir() + "ember_t7_round_trip.t7";
    save(v, path, format());
    std::FILE* f = std::fopen(path.c_str(), "rb");
    std::string disk;
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) disk.append(buf, n);
    std::fclose(f);
    EXPECT_EQ(disk, t7::serialize(v, format()));
    Value back = load(path, format());
    std::remove(path.c_str());
    return back;
  }
};

TEST_P(T7RoundTrip, Numbers) {
  const double values[] = {0.0, -0.0, 1.5, -1e300, 5e-324, std::numeric_limits<double>::max(),
                           std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                           9007199254740993.0};
  for (double x : values) {
    const double y = round_trip(Value(x)).number();
    EXPECT_EQ(std::memcmp(&x, &y, sizeof x), 0) << x;
  }
  EXPECT_TRUE(std::isnan(round_trip(Value(std::nan(""))).number()));
}

TEST_P(T7RoundTrip, StringsWithEveryByte) {
  std::string s;
  for (int c = 0; c < 256; ++c) s += static_cast<char>(c);
  EXPECT_EQ(round_trip(Value(s)).string(), s);
  EXPECT_EQ(round_trip(Value("\n")).string(), "\n");
}

TEST_P(T7RoundTrip, EveryDTypeKeepsGeometryAndSharing) {
  for (DType d : kTorchDTypes) {
    SCOPED_TRACE(dtype_name(d));
    const Storage s = pattern_storage(d, 24);
    const TensorBase a = view_of(s, 2, {3, 4}, {5, 1});   // rows of a wider matrix
    const TensorBase b = view_of(s, 0, {4, 3}, {1, 4});   // transposed
    const TensorBase c = view_of(s, 7, {2, 3}, {0, 2});   // a broadcast row
    const TensorBase z = TensorBase::adopt(rt::tensor_new_with_storage(d, s.impl(), 5, {}, {}, true));  // 0-dim
    const Value back = round_trip(Value(t7::array({Value(a), Value(b), Value(c), Value(a), Value(z)})));
    const TensorBase ra = back.get(1).tensor(), rb = back.get(2).tensor(), rc = back.get(3).tensor();
    for (auto [orig, got] : {std::pair{a, ra}, {b, rb}, {c, rc}}) {
      EXPECT_EQ(got.dtype(), d);
      EXPECT_EQ(got.sizes().vec(), orig.sizes().vec());
      EXPECT_EQ(got.strides().vec(), orig.strides().vec());
      EXPECT_EQ(got.storage_offset(), orig.storage_offset());
      EXPECT_EQ(got.storage().impl(), ra.storage().impl());  // one storage, shared
    }
    EXPECT_TRUE(same_bytes(ra.storage(), s));
    EXPECT_EQ(back.get(4).tensor().impl(), ra.impl());  // the same tensor twice
    // Torch7 has no 0-dim tensors: a scalar comes back as one element.
    const TensorBase rz = back.get(5).tensor();
    EXPECT_EQ(rz.sizes().vec(), std::vector<int64_t>{1});
    EXPECT_EQ(rz.storage_offset(), 5);
  }
}

TEST_P(T7RoundTrip, StoragesAndEmptyTensors) {
  for (DType d : kTorchDTypes) {
    SCOPED_TRACE(dtype_name(d));
    const Storage s = pattern_storage(d, 5);
    EXPECT_TRUE(same_bytes(round_trip(Value(s)).storage(), s));
    EXPECT_EQ(round_trip(Value(Storage(d, 0))).storage().size(), 0);
    const TensorBase e = view_of(pattern_storage(d, 3), 1, {2, 0}, {1, 1});
    const TensorBase re = round_trip(Value(e)).tensor();
    EXPECT_EQ(re.sizes().vec(), (std::vector<int64_t>{2, 0}));
    EXPECT_EQ(re.storage_offset(), 1);
  }
}

TEST_P(T7RoundTrip, NestedTablesKeepIdentity) {
  auto shared = t7::array({Value(1), Value("two")});
  auto dict = std::make_shared<t7::Table>();
  dict->entries.push_back({Value("a"), Value(shared)});
  dict->entries.push_back({Value(true), Value(shared)});
  dict->entries.push_back({Value(shared), Value(2.5)});  // a table as a key
  const Value back = round_trip(Value(dict));
  const auto& e = back.table()->entries;
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(back.get("a").table(), back.get(true).table());
  EXPECT_EQ(e[2].first.table(), back.get("a").table());
  EXPECT_EQ(back.get("a").get(2).string(), "two");
}

TEST_P(T7RoundTrip, SaveRefusesWhatTorch7CannotHoldAndLeavesNoFile) {
  const std::string path = ::testing::TempDir() + "ember_t7_refused.t7";
  for (DType d : {DType::Bool, DType::BFloat16}) {
    expect_error([&] { save(Value(TensorBase(rt::empty({2}, d))), path, format()); }, ErrorKind::Type, "value",
                 {"save: Torch7 has no class for", dtype_name(d)});
    EXPECT_EQ(std::fopen(path.c_str(), "rb"), nullptr);
  }
  auto cyclic = std::make_shared<t7::Table>();
  cyclic->entries.push_back({Value(1), Value(cyclic)});
  expect_error([&] { t7::serialize(Value(cyclic), format()); }, ErrorKind::Value, "value", {"save:", "cycle"});
  cyclic->entries.clear();  // break the cycle so that the table is freed
  auto nil_key = std::make_shared<t7::Table>();
  nil_key->entries.push_back({Value(), Value(1)});
  expect_error([&] { t7::serialize(Value(nil_key), format()); }, ErrorKind::Value, "value", {"nil"});
  expect_error([&] { load(path + ".missing", format()); }, ErrorKind::Runtime, "path", {"load: cannot open"});
}

INSTANTIATE_TEST_SUITE_P(Formats, T7RoundTrip, ::testing::Values(Format::Binary, Format::Ascii),
                         [](const auto& info) { return info.param == Format::Binary ? "Binary" : "Ascii"; });

}  // namespace
}  // namespace ember::test
