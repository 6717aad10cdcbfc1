// index and index_put (PyTorch's advanced indexing, Note [advanced
// indexing] in runtime/ops/advanced_index.h) for every dtype, against a naive
// NumPy-rule reference: broadcast the int64 indices, place the broadcast
// shape where the indexed dims were (adjacent) or first, and read each
// result element from the source position its coordinates name.
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "ember/tensor.h"
#include "index_test_util.h"
#include "runtime_test_util.h"

namespace ember::test {
namespace {

struct Idx {
  std::vector<int64_t> v;
  Shape shape;
};
using Indices = std::vector<std::optional<Idx>>;

// For each element of the result (row-major), the row-major position in
// self it reads; `out_shape` gets the result's shape.
std::vector<int64_t> ref_positions(const Shape& shape, Indices idx, Shape& out_shape) {
  idx.resize(shape.size());
  std::vector<size_t> defined;
  Shape b;
  for (size_t d = 0; d < idx.size(); ++d) {
    if (!idx[d]) continue;
    defined.push_back(d);
    const Shape& s = idx[d]->shape;
    Shape nb(std::max(b.size(), s.size()), 1);
    for (size_t i = 0; i < nb.size(); ++i) {
      const int64_t x = i + b.size() >= nb.size() ? b[i + b.size() - nb.size()] : 1;
      const int64_t y = i + s.size() >= nb.size() ? s[i + s.size() - nb.size()] : 1;
      nb[i] = x == 1 ? y : x;
    }
    b = nb;
  }
  const bool adjacent = defined.back() - defined.front() + 1 == defined.size();
  const size_t first = adjacent ? defined.front() : 0;
  std::vector<size_t> rest;  // unindexed dims, in order
  for (size_t d = 0; d < shape.size(); ++d)
    if (!idx[d]) rest.push_back(d);
  out_shape.clear();
  size_t r = 0;
  for (; r < rest.size() && rest[r] < first; ++r) out_shape.push_back(shape[rest[r]]);
  const size_t b_at = out_shape.size();
  out_shape.insert(out_shape.end(), b.begin(), b.end());
  for (; r < rest.size(); ++r) out_shape.push_back(shape[rest[r]]);

  std::vector<int64_t> pos(static_cast<size_t>(count(out_shape)));
  for (int64_t o = 0; o < count(out_shape); ++o) {
    const Shape at = unravel(o, out_shape);
    const Shape bat(at.begin() + b_at, at.begin() + b_at + b.size());
    Shape src(shape.size());
    size_t k = 0;
    for (size_t i = 0; i < at.size(); ++i)
      if (i < b_at || i >= b_at + b.size()) src[rest[k++]] = at[i];
    for (size_t d : defined) {
      const Idx& t = *idx[d];
      Shape tat(t.shape.size());  // bat broadcast down to t's shape
      for (size_t i = 0; i < t.shape.size(); ++i) tat[i] = t.shape[i] == 1 ? 0 : bat[i + b.size() - t.shape.size()];
      int64_t v = t.v[ravel(tat, t.shape)];
      src[d] = v < 0 ? v + shape[d] : v;
    }
    pos[o] = ravel(src, shape);
  }
  return pos;
}

TensorList to_list(const Indices& idx, Layout layout) {
  TensorList list;
  for (const auto& i : idx) list.push_back(i ? longs_laid(i->v, i->shape, layout) : Tensor());
  return list;
}

void check_index(DType dt, Layout layout, const Shape& shape, const Indices& idx) {
  const std::vector<double> v = patterned(shape, dt);
  Shape out_shape;
  const std::vector<int64_t> pos = ref_positions(shape, idx, out_shape);
  std::vector<double> want;
  for (int64_t p : pos) want.push_back(v[p]);
  expect_tensor(index(make(v, shape, dt, layout), to_list(idx, layout)), dt, out_shape, want);
}

void check_put(DType dt, Layout layout, const Shape& shape, const Indices& idx, bool accumulate) {
  const std::vector<double> v = patterned(shape, dt);
  Shape out_shape;
  const std::vector<int64_t> pos = ref_positions(shape, idx, out_shape);
  const std::vector<double> values = patterned(out_shape, dt, 3);
  std::vector<double> want = v;
  for (size_t o = 0; o < pos.size(); ++o) want[pos[o]] = accumulate ? want[pos[o]] + values[o] : values[o];
  Tensor self = make(v, shape, dt, layout);
  Tensor& r = self.index_put_(to_list(idx, layout), make(values, out_shape, dt, layout), accumulate);
  EXPECT_TRUE(r.is_same(self));
  expect_tensor(self, dt, shape, want);
  const Tensor fresh = make(v, shape, dt);
  expect_tensor(index_put(fresh, to_list(idx, Layout::Contiguous), make(values, out_shape, dt), accumulate), dt, shape,
                want);
  expect_tensor(fresh, dt, shape, v);
}

// Index lists covering: one index on each dim, multi-dim index tensors,
// negative values, broadcasting, adjacent and separated indexed dims.
std::vector<Indices> cases() {
  const Idx i3{{2, -1, 0}, {3}};
  const Idx i22{{1, 0, 3, -4}, {2, 2}};
  const Idx c21{{0, 2}, {2, 1}};
  const Idx r3{{1, 1, -1}, {3}};
  return {
      {i3},                              // dim 0
      {std::nullopt, i22},               // a middle dim, 2-d index
      {std::nullopt, std::nullopt, Idx{{4, 0}, {2}}},
      {c21, r3},                         // adjacent, broadcast to [2, 3]
      {std::nullopt, c21, Idx{{4, 1, 0}, {3}}},
      {c21, std::nullopt, Idx{{3, 0, 1}, {3}}},  // separated: [2, 3] first
      {Idx{{1}, {}}, std::nullopt, Idx{{-1}, {}}},  // 0-dim indices
      {Idx{{}, {0}}},                    // empty
  };
}

TEST(AdvancedIndex, Index) {
  const Shape shape{3, 4, 5};
  for (DType dt : all_dtypes())
    for (Layout layout : all_layouts())
      for (const Indices& idx : cases()) {
        SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout));
        check_index(dt, layout, shape, idx);
      }
}

TEST(AdvancedIndex, Placement) {
  const Tensor x = zeros({5, 6, 7, 8});
  const Tensor i = zeros({2, 3}, kLong);
  EXPECT_EQ(index(x, {Tensor(), i, i}).shape(), (Shape{5, 2, 3, 8}));
  EXPECT_EQ(index(x, {i, Tensor(), i}).shape(), (Shape{2, 3, 6, 8}));
  EXPECT_EQ(index(x, {Tensor(), i, Tensor(), i}).shape(), (Shape{2, 3, 5, 7}));
  EXPECT_EQ(index(x, {Tensor(), Tensor(), Tensor(), i}).shape(), (Shape{5, 6, 7, 2, 3}));
  EXPECT_EQ(x.index({longs({0})}).shape(), (Shape{1, 6, 7, 8}));
  // no index: a copy of self
  const Tensor y = from_vector<float>({1, 2}, {2});
  const Tensor c = index(y, {Tensor()});
  expect_tensor(c, kFloat, {2}, {1, 2});
  EXPECT_NE(c.data_ptr(), y.data_ptr());
}

TEST(AdvancedIndex, Masks) {
  for (DType dt : all_dtypes()) {
    for (DType mdt : {DType::Bool, DType::Byte}) {
      SCOPED_TRACE(std::string(dtype_name(dt)) + ", mask " + dtype_name(mdt));
      const Shape shape{3, 4};
      const std::vector<double> v = patterned(shape, dt);
      // a full mask: the selected elements in row-major order
      const std::vector<double> m{1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1};
      std::vector<double> want;
      for (size_t k = 0; k < m.size(); ++k)
        if (m[k]) want.push_back(v[k]);
      expect_tensor(index(make(v, shape, dt, Layout::Transposed), {make(m, shape, mdt)}), dt, {5}, want);
      // a mask over dim 1, with an int64 index on dim 0 (they broadcast)
      const std::vector<double> cols{0, 1, 0, 1};
      const Tensor r = index(make(v, shape, dt), {longs({2, 0}), make(cols, {4}, mdt)});
      expect_tensor(r, dt, {2}, {v[2 * 4 + 1], v[0 * 4 + 3]});
      // a mask over dim 0 keeps the other dims
      expect_tensor(index(make(v, shape, dt), {make({0, 1, 1}, {3}, mdt)}), dt, {2, 4},
                    std::vector<double>(v.begin() + 4, v.end()));
      // 0-dim masks add a dim of size 1 (true) or 0 (false)
      expect_tensor(index(make(v, shape, dt), {make({1}, {}, mdt)}), dt, {1, 3, 4}, v);
      expect_tensor(index(make(v, shape, dt), {make({0}, {}, mdt)}), dt, {0, 3, 4}, {});
      // index_put through a mask
      Tensor self = make(v, shape, dt);
      const double one = 1;
      self.index_put_({make(m, shape, mdt)}, make({one}, {}, dt));
      std::vector<double> put = v;
      for (size_t k = 0; k < m.size(); ++k)
        if (m[k]) put[k] = one;
      expect_tensor(self, dt, shape, put);
    }
  }
}

TEST(AdvancedIndex, Put) {
  const Shape shape{3, 4, 5};
  for (DType dt : all_dtypes())
    for (Layout layout : all_layouts())
      for (const Indices& idx : cases()) {
        SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout));
        check_put(dt, layout, shape, idx, false);
      }
  // values broadcast; duplicates: the last in row-major order wins
  Tensor x = zeros({4});
  x.index_put_({longs({1, 3, 1})}, from_vector<float>({5, 6, 7}, {3}));
  expect_tensor(x, kFloat, {4}, {0, 7, 0, 6});
  x.index_put_({longs({0, 2})}, from_vector<float>({9}, {}));
  expect_tensor(x, kFloat, {4}, {9, 7, 9, 6});
  // no index: a copy into all of self
  Tensor y = zeros({2, 2});
  y.index_put_({Tensor()}, from_vector<float>({1, 2}, {2}));
  expect_tensor(y, kFloat, {2, 2}, {1, 2, 1, 2});
}

TEST(AdvancedIndex, PutAccumulate) {
  const Shape shape{3, 4, 5};
  for (DType dt : all_dtypes())
    for (const Indices& idx : cases()) {
      SCOPED_TRACE(dtype_name(dt));
      check_put(dt, Layout::Transposed, shape, idx, true);
    }
  Tensor x = zeros({3}, kLong);
  x.index_put_({longs({1, 1, 1, 2})}, ones({4}, kLong), true);
  expect_tensor(x, kLong, {3}, {0, 3, 1});
  Tensor y = zeros({2, 2});
  y.index_put_({longs({0, 0}), longs({1, 1})}, from_vector<float>({0.5f, 0.25f}, {2}), true);
  expect_tensor(y, kFloat, {2, 2}, {0, 0.75, 0, 0});
}

TEST(AdvancedIndex, Errors) {
  const Tensor x = zeros({3, 4});
  expect_error([&] { index(x, {longs({0}), longs({0}), longs({0})}); }, ErrorKind::Index, "indices", {"too many indices"});
  expect_error([&] { index(x, {longs({3})}); }, ErrorKind::Index, "indices", {"index 3", "dim 0 of size 3"});
  expect_error([&] { index(x, {Tensor(), longs({-5})}); }, ErrorKind::Index, "indices", {"-5", "dim 1 of size 4"});
  expect_error([&] { index(x, {longs({0}), longs({0, 4})}); }, ErrorKind::Index, "indices", {"index 4", "dim 1"});
  expect_error([&] { index(x, {zeros({1}, kInt)}); }, ErrorKind::Type, "indices", {"int32"});
  expect_error([&] { index(x, {longs({0, 1}), longs({0, 1, 2})}); }, ErrorKind::Value, "indices");
  expect_error([&] { index(x, {ones({4}, kBool)}); }, ErrorKind::Index, "indices", {"does not match"});
  expect_error([&] { index(x, {from_vector<uint8_t>({0, 2, 1}, {3})}); }, ErrorKind::Value, "indices", {"0 and 1"});
  Tensor y = from_vector<float>({1, 2, 3}, {3});
  expect_error([&] { y.index_put_({longs({0, 1})}, zeros({3})); }, ErrorKind::Value, "values");
  expect_error([&] { y.index_put_({longs({0})}, zeros({1}, kDouble)); }, ErrorKind::Type, "values");
  expect_error([&] { y.index_put_({longs({0, 3})}, zeros({2})); }, ErrorKind::Index, "indices");
  expect_error([&] { y.index_put_({longs({0, 3})}, zeros({2}), true); }, ErrorKind::Index, "indices");
  expect_tensor(y, kFloat, {3}, {1, 2, 3});
  expect_error([&] { zeros({1}).expand({3}).index_put_({longs({0})}, zeros({1})); }, ErrorKind::Value, "self");
}

}  // namespace
}  // namespace ember::test
