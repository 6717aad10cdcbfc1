// PyTorch 1.13's shape, joining and splitting ops of the C++ API
// (schemas/tensor/pick.yaml, join.yaml, reorder.yaml and the views and
// splits of views.yaml and structure.yaml). Values are checked against
// the positions they were taken from, worked out from the indices; the
// Python tests check every dtype and layout against NumPy.
#include <gtest/gtest.h>

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

double at(const Tensor& t, const Index& idx) {
  Tensor e = t;
  for (int64_t i : idx) e = select(e, 0, i);
  return e.item<double>();
}

std::vector<int64_t> shape(std::initializer_list<int64_t> s) { return s; }

TEST(ShapeOps, Where) {
  Tensor cond = from_vector<bool>({true, false, true}, {3});
  Tensor x = counting({2, 3});
  Tensor y = from_vector<int8_t>({-1, -2, -3}, {3});
  Tensor r = where(cond, x, y);
  ASSERT_EQ(r.shape(), shape({2, 3}));
  EXPECT_EQ(r.dtype(), DType::Float);
  test::for_each_index({2, 3}, [&](const Index& i) {
    EXPECT_EQ(at(r, i), i[1] == 1 ? -2.0 : double(i[0] * 3 + i[1]));
  });
  // Numbers promote as wrapped numbers; the condition never promotes.
  EXPECT_EQ(where(cond, y, 5).dtype(), DType::Char);
  EXPECT_EQ(where(cond, y, 0.5).dtype(), DType::Float);
  EXPECT_EQ(where(cond, 1, 2).dtype(), DType::Long);
  EXPECT_EQ(where(cond, 1.5, 2).dtype(), DType::Float);
  EXPECT_EQ(where(cond, Scalar(true), Scalar(false)).dtype(), DType::Bool);
  EXPECT_EQ(at(where(cond, 1, 2), {1}), 2);
  EXPECT_EQ(where(cond.to(DType::Byte), y, from_vector<int8_t>({7, 7, 7}, {3})).dtype(), DType::Char)
      << "a uint8 condition is read as bool";
  // out=, overlapping an input.
  Tensor out = x.clone();
  where_out(out, cond, out, y);
  EXPECT_EQ(at(out, {1, 1}), -2);
  EXPECT_EQ(at(out, {1, 2}), 5);
  // The one-argument form: NumPy's nonzero.
  std::vector<Tensor> pos = where(from_vector<float>({0, 1, 2, 0}, {2, 2}));
  ASSERT_EQ(pos.size(), 2u);
  EXPECT_EQ(pos[0].dtype(), DType::Long);
  EXPECT_EQ(at(pos[0], {0}), 0);
  EXPECT_EQ(at(pos[1], {0}), 1);
  EXPECT_EQ(at(pos[0], {1}), 1);
  EXPECT_EQ(at(pos[1], {1}), 0);
  EXPECT_EQ(where(scalar_tensor(3, DType::Float)).size(), 1u);

  expect_error([&] { where(x, x, x); }, ErrorKind::Type, "condition", {"bool"});
  expect_error([&] { where(cond, empty({2}), y); }, ErrorKind::Value, "other", {"broadcast"});
}

TEST(ShapeOps, Stack) {
  Tensor a = counting({2, 3});
  Tensor b = a.t().contiguous().t();  // the same values, column-major
  Tensor s = stack({a, b}, 1);
  ASSERT_EQ(s.shape(), shape({2, 2, 3}));
  test::for_each_index({2, 2, 3}, [&](const Index& i) { EXPECT_EQ(at(s, i), double(i[0] * 3 + i[2])); });
  EXPECT_EQ(stack({a, a}, -1).shape(), shape({2, 3, 2}));
  EXPECT_EQ(stack({scalar_tensor(1, DType::Int), scalar_tensor(2, DType::Long)}).dtype(), DType::Long);
  Tensor out = empty({0});
  stack_out(out, {a, a}, 0);
  EXPECT_EQ(out.shape(), shape({2, 2, 3}));

  Tensor v = counting({3});
  EXPECT_EQ(hstack({v, v}).shape(), shape({6}));
  EXPECT_EQ(hstack({a, a}).shape(), shape({2, 6}));
  EXPECT_EQ(vstack({v, v}).shape(), shape({2, 3}));
  EXPECT_EQ(vstack({a, v}).shape(), shape({3, 3}));
  EXPECT_EQ(dstack({v, v}).shape(), shape({1, 3, 2}));
  EXPECT_EQ(dstack({a, a}).shape(), shape({2, 3, 2}));
  Tensor c = column_stack({v, counting({3, 2})});
  ASSERT_EQ(c.shape(), shape({3, 3}));
  EXPECT_EQ(at(c, {2, 0}), 2);
  EXPECT_EQ(at(c, {2, 2}), 5);

  expect_error([&] { stack({a, v}); }, ErrorKind::Value, "tensors", {"same shape"});
  expect_error([&] { hstack({}); }, ErrorKind::Value, "tensors", {"hstack"});
  expect_error([&] { stack({a}, 3); }, ErrorKind::Index, "dim");
}

TEST(ShapeOps, Atleast) {
  Tensor s = scalar_tensor(4, DType::Float);
  EXPECT_EQ(atleast_1d(s).shape(), shape({1}));
  EXPECT_EQ(atleast_2d(s).shape(), shape({1, 1}));
  EXPECT_EQ(atleast_3d(s).shape(), shape({1, 1, 1}));
  Tensor v = counting({3});
  EXPECT_EQ(atleast_2d(v).shape(), shape({1, 3}));
  EXPECT_EQ(atleast_3d(v).shape(), shape({1, 3, 1}));
  EXPECT_EQ(atleast_3d(counting({2, 3})).shape(), shape({2, 3, 1}));
  expect_view_of(atleast_3d(v), v, {1, 3, 1}, [](const Index& i) { return Index{i[1]}; });
  std::vector<Tensor> both = atleast_2d(std::vector<Tensor>{s, v});
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[1].shape(), shape({1, 3}));
  EXPECT_TRUE(atleast_1d(std::vector<Tensor>{}).empty());
}

TEST(ShapeOps, Flip) {
  Tensor t = counting({2, 3});
  Tensor f = flip(t, {0, 1});
  test::for_each_index({2, 3}, [&](const Index& i) { EXPECT_EQ(at(f, i), double((1 - i[0]) * 3 + 2 - i[1])); });
  Tensor lr = fliplr(t.t());
  test::for_each_index({3, 2}, [&](const Index& i) { EXPECT_EQ(at(lr, i), double((1 - i[1]) * 3 + i[0])); });
  EXPECT_EQ(at(flipud(t), {0, 2}), 5);
  Tensor same = flip(t, {});
  EXPECT_NE(same.storage().impl(), t.storage().impl()) << "always a copy";
  EXPECT_EQ(flip(scalar_tensor(2, DType::Int), {0}).item<int>(), 2);
  // rot90: one quarter turn takes [i][j] from [j][n-1-i].
  Tensor r = rot90(t);
  ASSERT_EQ(r.shape(), shape({3, 2}));
  test::for_each_index({3, 2}, [&](const Index& i) { EXPECT_EQ(at(r, i), double(i[1] * 3 + 2 - i[0])); });
  Tensor back = rot90(t, -1);
  test::for_each_index({3, 2}, [&](const Index& i) { EXPECT_EQ(at(back, i), double((1 - i[1]) * 3 + i[0])); });
  EXPECT_EQ(at(rot90(t, 2), {0, 0}), 5);
  EXPECT_EQ(at(rot90(t, 4), {0, 1}), 1);

  // tile pads dims with leading 1s: [2, 3] tiled by [2] is tiled by [1, 2].
  Tensor tiled = tile(t, {2});
  ASSERT_EQ(tiled.shape(), shape({2, 6}));
  test::for_each_index({2, 6}, [&](const Index& i) { EXPECT_EQ(at(tiled, i), double(i[0] * 3 + i[1] % 3)); });
  EXPECT_EQ(tile(t, {2, 1, 1}).shape(), shape({2, 2, 3}));

  expect_error([&] { tile(t, {-1}); }, ErrorKind::Value, "dims");
  expect_error([&] { flip(t, {1, -1}); }, ErrorKind::Value, "dims", {"more than once"});
  expect_error([&] { fliplr(counting({3})); }, ErrorKind::Value, "self");
  expect_error([&] { rot90(t, 1, {0, 0}); }, ErrorKind::Value, "dims");
}

TEST(ShapeOps, Roll) {
  Tensor t = counting({2, 3});
  Tensor r = roll(t, {1}, {1});
  test::for_each_index({2, 3}, [&](const Index& i) { EXPECT_EQ(at(r, i), double(i[0] * 3 + (i[1] + 2) % 3)); });
  Tensor both = roll(t, {-1, 4}, {0, 1});
  test::for_each_index({2, 3}, [&](const Index& i) {
    EXPECT_EQ(at(both, i), double(((i[0] + 1) % 2) * 3 + (i[1] + 2) % 3));
  });
  // Without dims the flattened tensor rolls: element k comes from k - 2.
  Tensor flat = roll(t.t(), {2});
  ASSERT_EQ(flat.shape(), shape({3, 2}));
  const double column_major[] = {0, 3, 1, 4, 2, 5};
  test::for_each_index({3, 2}, [&](const Index& i) { EXPECT_EQ(at(flat, i), column_major[(i[0] * 2 + i[1] + 4) % 6]); });
  EXPECT_EQ(roll(empty({0, 3}), {1}, {0}).shape(), shape({0, 3}));

  expect_error([&] { roll(t, {1, 1}); }, ErrorKind::Value, "shifts");
  expect_error([&] { roll(t, {1}, {0, 1}); }, ErrorKind::Value, "dims");
}

TEST(ShapeOps, Split) {
  Tensor t = counting({5, 2});
  std::vector<Tensor> parts = split(t, std::vector<int64_t>{1, 4});
  ASSERT_EQ(parts.size(), 2u);
  expect_view_of(parts[1], t, {4, 2}, [](const Index& i) { return Index{i[0] + 1, i[1]}; });
  EXPECT_EQ(split_with_sizes(t, {0, 5}).at(0).shape(), shape({0, 2}));
  // tensor_split: 5 rows in 3 sections are 2, 2, 1 long.
  std::vector<Tensor> sec = tensor_split(t, 3);
  ASSERT_EQ(sec.size(), 3u);
  EXPECT_EQ(sec[0].size(0), 2);
  EXPECT_EQ(sec[2].size(0), 1);
  expect_view_of(sec[1], t, {2, 2}, [](const Index& i) { return Index{i[0] + 2, i[1]}; });
  EXPECT_EQ(tensor_split(t, 7).size(), 7u);
  std::vector<Tensor> cut = tensor_split(t, {1, 3, 9});
  ASSERT_EQ(cut.size(), 4u);
  EXPECT_EQ(cut[1].size(0), 2);
  EXPECT_EQ(cut[3].size(0), 0);
  EXPECT_EQ(tensor_split(t, from_vector<int64_t>({1}, {1}), 1).at(1).shape(), shape({5, 1}));
  EXPECT_EQ(tensor_split(t, scalar_tensor(2, DType::Long)).size(), 2u);
  std::vector<Tensor> rows = unbind(t, 1);
  ASSERT_EQ(rows.size(), 2u);
  expect_view_of(rows[1], t, {5}, [](const Index& i) { return Index{i[0], 1}; });
  Tensor n = narrow_copy(t, 0, 1, 2);
  EXPECT_NE(n.storage().impl(), t.storage().impl());
  EXPECT_EQ(at(n, {1, 1}), 5);

  expect_error([&] { split_with_sizes(t, {2, 2}); }, ErrorKind::Value, "split_sizes", {"sum to 4"});
  expect_error([&] { split(t, std::vector<int64_t>{2, 2}); }, ErrorKind::Value, "split_size");
  expect_error([&] { tensor_split(t, 0); }, ErrorKind::Value, "sections");
  expect_error([&] { unbind(scalar_tensor(1, DType::Float)); }, ErrorKind::Index, "self");
}

TEST(ShapeOps, Views) {
  Tensor t = counting({2, 3, 4});
  expect_view_of(movedim(t, {0}, {2}), t, {3, 4, 2}, [](const Index& i) { return Index{i[2], i[0], i[1]}; });
  expect_view_of(moveaxis(t, {2, 0}, {0, 1}), t, {4, 2, 3}, [](const Index& i) { return Index{i[1], i[2], i[0]}; });
  expect_view_of(swapaxes(t, 0, -1), t, {4, 3, 2}, [](const Index& i) { return Index{i[2], i[1], i[0]}; });
  expect_view_of(swapdims(t, 1, 2), t, {2, 4, 3}, [](const Index& i) { return Index{i[0], i[2], i[1]}; });
  expect_view_of(unflatten(t, 2, {2, -1}), t, {2, 3, 2, 2},
                 [](const Index& i) { return Index{i[0], i[1], i[2] * 2 + i[3]}; });
  expect_view_of(flatten(t, 1), t, {2, 12}, [](const Index& i) { return Index{i[0], i[1] / 4, i[1] % 4}; });
  EXPECT_EQ(flatten(scalar_tensor(1, DType::Float)).shape(), shape({1}));
  EXPECT_EQ(flatten(t.transpose(0, 1), 0, 1).shape(), shape({6, 4}));
  EXPECT_EQ(ravel(t.transpose(0, 2)).shape(), shape({24}));
  EXPECT_EQ(at(ravel(t.transpose(0, 2)), {1}), 12);

  expect_error([&] { movedim(t, {0, 0}, {1, 2}); }, ErrorKind::Value, "source", {"repeated"});
  expect_error([&] { movedim(t, {0}, {1, 2}); }, ErrorKind::Value, "destination");
  expect_error([&] { unflatten(t, 1, {2, 2}); }, ErrorKind::Value, "sizes");
  expect_error([&] { flatten(t, 2, 1); }, ErrorKind::Value, "end_dim");
}

TEST(ShapeOps, Meshgrid) {
  Tensor a = counting({3});
  Tensor b = counting({4}).narrow(0, 1, 2);  // 1, 2: a view, not at offset 0
  Tensor c = scalar_tensor(7, DType::Float);
  std::vector<Tensor> ij = meshgrid({a, b, c});
  ASSERT_EQ(ij.size(), 3u);
  // Grid i holds tensors[i] along dim i: views of the inputs (expand).
  expect_view_of(ij[0], a, {3, 2, 1}, [](const Index& i) { return Index{i[0]}; });
  EXPECT_EQ(ij[1].storage().impl(), b.storage().impl());
  test::for_each_index({3, 2, 1}, [&](const Index& i) {
    EXPECT_EQ(at(ij[1], i), double(1 + i[1]));
    EXPECT_EQ(at(ij[2], i), 7.0);
  });
  // 'xy' swaps the first two dims: grid 0 varies along dim 1.
  std::vector<Tensor> xy = meshgrid({a, b, c}, "xy");
  expect_view_of(xy[0], a, {2, 3, 1}, [](const Index& i) { return Index{i[1]}; });
  test::for_each_index({2, 3, 1}, [&](const Index& i) { EXPECT_EQ(at(xy[1], i), double(1 + i[0])); });
  ASSERT_EQ(meshgrid({a}, "xy")[0].shape(), shape({3}));

  expect_error([&] { meshgrid({}); }, ErrorKind::Value, "tensors");
  expect_error([&] { meshgrid({a, counting({2, 2})}); }, ErrorKind::Value, "tensors");
  expect_error([&] { meshgrid({a, a.to(DType::Long)}); }, ErrorKind::Type, "tensors");
  expect_error([&] { meshgrid({a}, "ji"); }, ErrorKind::Value, "indexing", {"ji"});
}

TEST(ShapeOps, RepeatInterleave) {
  Tensor t = counting({2, 3});
  // Per-slice counts along dim 1: columns 0, 2, 2 (column 1 dropped).
  Tensor r = repeat_interleave(t, from_vector<int64_t>({1, 0, 2}, {3}), 1);
  ASSERT_EQ(r.shape(), shape({2, 3}));
  test::for_each_index({2, 3}, [&](const Index& i) { EXPECT_EQ(at(r, i), double(i[0] * 3 + (i[1] == 0 ? 0 : 2))); });
  // One count, no dim: the flattened elements each twice.
  Tensor flat = t.t().repeat_interleave(2);
  ASSERT_EQ(flat.shape(), shape({12}));
  for (int64_t k = 0; k < 12; ++k) EXPECT_EQ(at(flat, {k}), double((k / 2 % 2) * 3 + k / 4));
  // A 0-dim or one-element count tensor serves every slice; int32 counts work too.
  EXPECT_EQ(repeat_interleave(t, scalar_tensor(3, DType::Long), 0).shape(), shape({6, 3}));
  EXPECT_EQ(repeat_interleave(t, from_vector<int32_t>({2}, {1}), -1, 6).shape(), shape({2, 6}));
  EXPECT_EQ(repeat_interleave(t, 0, 0).shape(), shape({0, 3}));
  EXPECT_EQ(repeat_interleave(scalar_tensor(5, DType::Int), 3).shape(), shape({3}));
  // The counts alone: each position i repeated counts[i] times, in their dtype.
  Tensor counts = from_vector<int32_t>({2, 0, 1}, {3});
  Tensor positions = repeat_interleave(counts);
  EXPECT_EQ(positions.dtype(), DType::Int);
  ASSERT_EQ(positions.shape(), shape({3}));
  EXPECT_EQ(at(positions, {0}), 0);
  EXPECT_EQ(at(positions, {1}), 0);
  EXPECT_EQ(at(positions, {2}), 2);

  expect_error([&] { repeat_interleave(t, -1); }, ErrorKind::Value, "repeats");
  expect_error([&] { repeat_interleave(t, from_vector<int64_t>({1, -1}, {2}), 0); }, ErrorKind::Value, "repeats");
  expect_error([&] { repeat_interleave(t, from_vector<int64_t>({1, 1, 1}, {3}), 0); }, ErrorKind::Value, "repeats");
  expect_error([&] { repeat_interleave(t, ones({1, 2}, DType::Long), 0); }, ErrorKind::Value, "repeats");
  expect_error([&] { repeat_interleave(t, ones({2}), 0); }, ErrorKind::Type, "repeats");
  expect_error([&] { repeat_interleave(t, 2, 0, 5); }, ErrorKind::Value, "output_size");
  expect_error([&] { repeat_interleave(t, 2, 2); }, ErrorKind::Index, "dim");
  expect_error([&] { repeat_interleave(scalar_tensor(1, DType::Float), 2, 0); }, ErrorKind::Index, "dim");
  expect_error([&] { repeat_interleave(scalar_tensor(2, DType::Long)); }, ErrorKind::Value, "repeats");
  expect_error([&] { repeat_interleave(from_vector<int64_t>({-2}, {1})); }, ErrorKind::Value, "repeats");
}

TEST(ShapeOps, Kron) {
  // Block (i, j) of kron(a, b) is a[i][j] * b: element (i * 2 + k, j * 3 + l) is a[i][j] * b[k][l].
  Tensor a = counting({2, 2});
  Tensor b = counting({2, 3}).t().t();
  Tensor k = kron(a, b);
  ASSERT_EQ(k.shape(), shape({4, 6}));
  test::for_each_index({4, 6}, [&](const Index& i) {
    EXPECT_EQ(at(k, i), double((i[0] / 2) * 2 + i[1] / 3) * double((i[0] % 2) * 3 + i[1] % 3));
  });
  // Fewer dims are padded with leading 1s: a vector against a matrix.
  Tensor v = from_vector<int64_t>({1, 10}, {2});
  Tensor m = kron(v, a.to(DType::Long));
  ASSERT_EQ(m.shape(), shape({2, 4}));
  EXPECT_EQ(m.dtype(), DType::Long);
  test::for_each_index({2, 4}, [&](const Index& i) {
    EXPECT_EQ(at(m, i), double(i[1] < 2 ? 1 : 10) * double(i[0] * 2 + i[1] % 2));
  });
  // Dtypes promote as mul's; bool with bool stays bool.
  EXPECT_EQ(kron(v, a).dtype(), DType::Float);
  Tensor bools = kron(from_vector<bool>({true, false}, {2}), from_vector<bool>({true, true}, {2}));
  EXPECT_EQ(bools.dtype(), DType::Bool);
  EXPECT_EQ(at(bools, {1}), 1);
  EXPECT_EQ(at(bools, {2}), 0);
  EXPECT_EQ(kron(scalar_tensor(3, DType::Long), scalar_tensor(4, DType::Long)).item<int64_t>(), 12);
  // out= overlapping an input gets what the call on copies gives.
  Tensor out = a.clone();
  kron_out(out, out, a);
  ASSERT_EQ(out.shape(), shape({4, 4}));
  EXPECT_EQ(at(out, {3, 3}), 9);
  Tensor ints = empty({0}, DType::Long);
  expect_error([&] { kron_out(ints, a, a); }, ErrorKind::Type, "out");
  EXPECT_EQ(ints.numel(), 0) << "a call that raises leaves out as it was";
}

}  // namespace
}  // namespace ember
