// The Torch7-level structure ops of the C++ API (schemas/tensor/structure.yaml):
// is_contiguous / is_same_size / is_set_to / numel, the dtype queries,
// subview, view_as, reshape_as, expand_as, broadcast_to, repeat, split, chunk, type_as and to_byte .. to_bfloat16.
// Views are checked element by element against the row-major addresses of
// their base (view_test_util.h); copies against values worked out from the
// indices.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ember/tensor.h"
#include "runtime_test_util.h"
#include "view_test_util.h"

namespace ember {
namespace {

using test::expect_error;
using test::expect_view_of;
using test::Index;

// [sizes] holding 0, 1, 2, ... in row-major order, as float.
Tensor counting(std::vector<int64_t> sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<float> values(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) values[static_cast<size_t>(i)] = static_cast<float>(i);
  return from_vector(values, sizes);
}

// Element idx of t, as a double (any dtype, any layout).
double at(const Tensor& t, const Index& idx) {
  Tensor e = t;
  for (int64_t i : idx) e = select(e, 0, i);
  return e.item<double>();
}

TEST(StructureOps, Queries) {
  Tensor t = empty({3, 4});
  Tensor tt = t.t();
  EXPECT_TRUE(is_contiguous(t));
  EXPECT_FALSE(is_contiguous(tt));
  EXPECT_TRUE(is_same_size(t, empty({3, 4}, DType::Bool)));
  EXPECT_FALSE(t.is_same_size(tt));
  EXPECT_TRUE(is_set_to(t, Tensor::adopt(rt::tensor_alias(t.impl()))));
  EXPECT_FALSE(t.is_set_to(empty({3, 4})));
  EXPECT_FALSE(t.is_set_to(narrow(t, 0, 0, 2)));
  EXPECT_FALSE(is_set_to(scalar_tensor(1, DType::Float), select(empty({1}), 0, 0)))
      << "different storages";
  Tensor th_empty = Tensor::adopt(rt::tensor_new(DType::Float));
  EXPECT_FALSE(th_empty.is_set_to(th_empty)) << "without storage, set to nothing (TH's rule)";
  EXPECT_EQ(numel(t), 12);
  EXPECT_EQ(numel(th_empty), 0);
  EXPECT_EQ(numel(scalar_tensor(1, DType::Half)), 1);
}

TEST(StructureOps, DTypeQueries) {
  for (int i = 0; i < kNumDTypes; ++i) {
    const DType d = static_cast<DType>(i);
    SCOPED_TRACE(dtype_name(d));
    const Tensor t = zeros({2}, d);
    const bool floating = d == DType::Float || d == DType::Double || d == DType::Half || d == DType::BFloat16;
    EXPECT_EQ(is_floating_point(t), floating);
    EXPECT_EQ(t.is_signed(), d != DType::Byte && d != DType::Bool);
    EXPECT_FALSE(t.is_complex());
    EXPECT_FALSE(is_nonzero(zeros({1}, d)));
    EXPECT_TRUE(ones({1, 1}, d).is_nonzero());
  }
  EXPECT_TRUE(is_nonzero(full({}, std::nan(""), DType::Float))) << "NaN is not zero";
  EXPECT_TRUE(is_nonzero(full({1}, -0.5, DType::Double)));
  expect_error([] { is_nonzero(zeros({2})); }, ErrorKind::Runtime, "self", {"is_nonzero", "2 elements"});
  expect_error([] { is_nonzero(zeros({0})); }, ErrorKind::Runtime, "self", {"0 elements"});
}

TEST(StructureOps, Subview) {
  Tensor t = counting({2, 3, 4});
  expect_view_of(subview(t, {1, 1}), t, {1, 3, 4}, [](const Index& i) { return Index{i[0] + 1, i[1], i[2]}; });
  expect_view_of(t.subview({0, 1, 1, 2}), t, {2, 2, 4}, [](const Index& i) { return Index{i[0], i[1] + 1, i[2]}; });
  // -1 is the last index: dim 0 -> 1..1, dim 1 -> 0..2, dim 2 -> 2..3.
  expect_view_of(subview(t, {-1, -1, 0, -1, -2, -1}), t, {1, 3, 2},
                 [](const Index& i) { return Index{i[0] + 1, i[1], i[2] + 2}; });
  expect_view_of(subview(t, {}), t, {2, 3, 4}, [](const Index& i) { return i; });

  expect_error([&] { subview(t, {0}); }, ErrorKind::Value, "ranges", {"pairs"});
  expect_error([&] { subview(t, {0, 0, 0, 0, 0, 0, 0, 0}); }, ErrorKind::Value, "ranges", {"4 ranges"});
  expect_error([&] { subview(t, {1, 0}); }, ErrorKind::Index, "ranges", {"[1, 0]"});
  expect_error([&] { subview(t, {0, 2}); }, ErrorKind::Index, "ranges", {"size 2"});
  expect_error([&] { subview(t, {-3, 0}); }, ErrorKind::Index, "ranges", {"[-3, 0]"});
}

TEST(StructureOps, ViewAsExpandAs) {
  Tensor t = counting({2, 3});
  expect_view_of(view_as(t, empty({3, 2}, DType::Long)), t, {3, 2},
                 [](const Index& i) { return Index{(i[0] * 2 + i[1]) / 3, (i[0] * 2 + i[1]) % 3}; });
  Tensor col = counting({3, 1});
  Tensor wide = col.expand_as(empty({2, 3, 4}));
  expect_view_of(wide, col, {2, 3, 4}, [](const Index& i) { return Index{i[1], 0}; });
  EXPECT_EQ(wide.strides().vec(), (std::vector<int64_t>{0, 1, 0}));

  // reshape_as: a view of a contiguous input, a copy of a transposed one.
  expect_view_of(t.reshape_as(empty({3, 2})), t, {3, 2},
                 [](const Index& i) { return Index{(i[0] * 2 + i[1]) / 3, (i[0] * 2 + i[1]) % 3}; });
  Tensor flat = t.t().reshape_as(empty({6}));
  EXPECT_NE(flat.storage().impl(), t.storage().impl());
  test::for_each_index({6}, [&](const Index& i) { EXPECT_EQ(at(flat, i), at(t, {i[0] % 2, i[0] / 2})); });
  expect_error([&] { t.reshape_as(empty({4})); }, ErrorKind::Value, "other", {"reshape_as", "6 elements"});

  expect_error([&] { view_as(t, empty({4})); }, ErrorKind::Value, "other", {"6 elements"});
  expect_error([&] { expand_as(t, empty({4, 3})); }, ErrorKind::Value, "other");
  expect_error([&] { expand_as(t, empty({2, 1})); }, ErrorKind::Value, "other", {"does not expand"});
  expect_error([&] { expand_as(t, empty({3})); }, ErrorKind::Value, "other");
}

TEST(StructureOps, BroadcastTo) {
  Tensor col = counting({3, 1});
  Tensor wide = broadcast_to(col, {2, 3, 4});
  expect_view_of(wide, col, {2, 3, 4}, [](const Index& i) { return Index{i[1], 0}; });
  EXPECT_EQ(wide.strides().vec(), (std::vector<int64_t>{0, 1, 0}));
  expect_view_of(col.broadcast_to({3, -1}), col, {3, 1}, [](const Index& i) { return i; });
  expect_error([&] { broadcast_to(col, {3, 2, 4}); }, ErrorKind::Value, "size", {"broadcast_to"});
  expect_error([&] { broadcast_to(col, {4}); }, ErrorKind::Value, "size", {"broadcast_to", "fewer dims"});
}

TEST(StructureOps, Repeat) {
  const DType dtypes[] = {DType::Float, DType::Byte, DType::Long, DType::Half, DType::Bool, DType::BFloat16};
  for (DType dtype : dtypes) {
    SCOPED_TRACE(dtype_name(dtype));
    Tensor t = counting({2, 3}).to(dtype);
    auto value = [&](int64_t v) { return dtype == DType::Bool ? double(v != 0) : double(v); };
    Tensor r = repeat(t, {2, 2});
    ASSERT_EQ(r.shape(), (std::vector<int64_t>{4, 6}));
    EXPECT_EQ(r.dtype(), dtype);
    EXPECT_NE(r.storage().impl(), t.storage().impl()) << "a copy";
    test::for_each_index({4, 6}, [&](const Index& i) { EXPECT_EQ(at(r, i), value((i[0] % 2) * 3 + i[1] % 3)); });
    // Leading dims added, from a transposed (non-contiguous) input.
    Tensor lead = t.t().repeat({2, 1, 2});
    ASSERT_EQ(lead.shape(), (std::vector<int64_t>{2, 3, 4}));
    test::for_each_index({2, 3, 4}, [&](const Index& i) { EXPECT_EQ(at(lead, i), value((i[2] % 2) * 3 + i[1])); });
  }
  Tensor s = scalar_tensor(7, DType::Int);
  EXPECT_EQ(repeat(s, {3}).shape(), (std::vector<int64_t>{3}));
  EXPECT_EQ(at(repeat(s, {3}), {2}), 7);
  EXPECT_EQ(repeat(s, {}).dim(), 0);
  EXPECT_EQ(repeat(s, {}).item<int>(), 7);
  EXPECT_EQ(repeat(counting({2}), {0, 3}).shape(), (std::vector<int64_t>{0, 6}));

  expect_error([&] { repeat(counting({2, 3}), {2}); }, ErrorKind::Value, "repeats", {"at least 2"});
  expect_error([&] { repeat(counting({2}), {-1}); }, ErrorKind::Value, "repeats", {">= 0"});
}

TEST(StructureOps, SplitChunk) {
  Tensor t = counting({5, 2});
  std::vector<Tensor> rows = split(t, 2);
  ASSERT_EQ(rows.size(), 3u);
  const int64_t lengths[] = {2, 2, 1};
  for (int p = 0; p < 3; ++p)
    expect_view_of(rows[p], t, {lengths[p], 2}, [p](const Index& i) { return Index{i[0] + 2 * p, i[1]}; });
  std::vector<Tensor> cols = t.split(1, 1);
  ASSERT_EQ(cols.size(), 2u);
  expect_view_of(cols[1], t, {5, 1}, [](const Index& i) { return Index{i[0], 1}; });
  EXPECT_EQ(split(t, 7, -2).size(), 1u) << "one piece when split_size exceeds the dim";
  std::vector<Tensor> none = split(empty({0, 2}), 3);
  ASSERT_EQ(none.size(), 1u) << "a dim of size 0 gives one empty piece";
  EXPECT_EQ(none[0].shape(), (std::vector<int64_t>{0, 2}));

  // chunk: split_size = ceil(5 / chunks).
  EXPECT_EQ(chunk(t, 2).size(), 2u);
  EXPECT_EQ(chunk(t, 2)[0].size(0), 3);
  EXPECT_EQ(chunk(t, 2)[1].size(0), 2);
  EXPECT_EQ(t.chunk(3).size(), 3u);
  EXPECT_EQ(chunk(t, 10).size(), 5u) << "at most the dim's size pieces";
  expect_view_of(chunk(t, 2, 1)[1], t, {5, 1}, [](const Index& i) { return Index{i[0], 1}; });

  expect_error([&] { split(t, 0); }, ErrorKind::Value, "split_size", {"positive"});
  expect_error([&] { split(t, 1, 2); }, ErrorKind::Index, "dim");
  expect_error([&] { split(scalar_tensor(1, DType::Float), 1); }, ErrorKind::Index, "self");
  expect_error([&] { chunk(t, 0); }, ErrorKind::Value, "chunks", {"positive"});
  expect_error([&] { chunk(t, 2, -3); }, ErrorKind::Index, "dim");
}

TEST(StructureOps, Conversions) {
  const Tensor t = counting({2, 2});
  const struct {
    Tensor (*convert)(const Tensor&);
    DType dtype;
  } cases[] = {{to_byte, DType::Byte},   {to_char, DType::Char},   {to_short, DType::Short},
               {to_int, DType::Int},     {to_long, DType::Long},   {to_float, DType::Float},
               {to_double, DType::Double}, {to_half, DType::Half}, {to_bool, DType::Bool},
               {to_bfloat16, DType::BFloat16}};
  for (const auto& c : cases) {
    SCOPED_TRACE(dtype_name(c.dtype));
    Tensor r = c.convert(t);
    EXPECT_EQ(r.dtype(), c.dtype);
    EXPECT_EQ(r.shape(), t.shape());
    test::for_each_index({2, 2}, [&](const Index& i) {
      const double v = static_cast<double>(i[0] * 2 + i[1]);
      EXPECT_EQ(at(r, i), c.dtype == DType::Bool ? double(v != 0) : v);
    });
    EXPECT_TRUE(c.convert(r).is_same(r)) << "already that dtype: the tensor itself";
    EXPECT_EQ(type_as(t, r).dtype(), c.dtype);
    EXPECT_TRUE(r.type_as(r).is_same(r));
  }
  EXPECT_EQ(t.to_half().dtype(), DType::Half);
  EXPECT_EQ(t.to_bool().to_long().sum().item<int64_t>(), 3) << "nonzero values become true";
}

}  // namespace
}  // namespace ember
