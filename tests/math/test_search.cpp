// unique, unique_consecutive, bincount, searchsorted and bucketize through
// the C++ API (schemas/math/search.yaml), for every dtype and for
// contiguous, transposed and narrowed inputs, against naive references:
// ordered maps of values (or rows) and linear counts.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "index_test_util.h"
#include "runtime_test_util.h"

namespace ember::test {
namespace {

using Row = std::vector<double>;

// self's slices along dim (every element without dim), row-major inside each slice.
std::vector<Row> rows_of(const std::vector<double>& v, const Shape& shape, std::optional<int64_t> dim) {
  if (!dim) {
    std::vector<Row> rows;
    for (double x : v) rows.push_back({x});
    return rows;
  }
  std::vector<Row> rows(static_cast<size_t>(shape[*dim]));
  for (int64_t i = 0; i < count(shape); ++i) rows[unravel(i, shape)[*dim]].push_back(v[i]);
  return rows;
}

struct Expected {
  std::vector<Row> output;
  std::vector<double> inverse, counts;
};

Expected ref_unique(const std::vector<Row>& rows) {
  std::map<Row, int64_t> seen;
  for (const Row& r : rows) ++seen[r];
  Expected e;
  std::map<Row, int64_t> group;
  for (const auto& [row, n] : seen) {
    group[row] = static_cast<int64_t>(e.output.size());
    e.output.push_back(row);
    e.counts.push_back(static_cast<double>(n));
  }
  for (const Row& r : rows) e.inverse.push_back(static_cast<double>(group[r]));
  return e;
}

Expected ref_unique_consecutive(const std::vector<Row>& rows) {
  Expected e;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (i == 0 || rows[i] != rows[i - 1]) {
      e.output.push_back(rows[i]);
      e.counts.push_back(0);
    }
    ++e.counts.back();
    e.inverse.push_back(static_cast<double>(e.output.size() - 1));
  }
  return e;
}

// The output's values, row-major, for slices stacked along dim of a 2-d self.
std::vector<double> stacked(const std::vector<Row>& out, std::optional<int64_t> dim, Shape& shape,
                            const Shape& self_shape) {
  std::vector<double> v;
  const int64_t n = static_cast<int64_t>(out.size());
  if (!dim) {
    for (const Row& r : out) v.push_back(r[0]);
    shape = {n};
  } else if (*dim == 0) {
    for (const Row& r : out) v.insert(v.end(), r.begin(), r.end());
    shape = {n, self_shape[1]};
  } else {
    shape = {self_shape[0], n};
    for (int64_t i = 0; i < self_shape[0]; ++i)
      for (const Row& r : out) v.push_back(r[i]);
  }
  return v;
}

void check_unique(bool consecutive, const Tensor& t, const std::vector<double>& v, const Shape& shape,
                  std::optional<int64_t> dim) {
  const std::vector<Row> rows = rows_of(v, shape, dim);
  const Expected e = consecutive ? ref_unique_consecutive(rows) : ref_unique(rows);
  auto [out, inverse, counts] = consecutive ? unique_consecutive(t, true, true, dim) : unique(t, true, true, true, dim);
  Shape out_shape;
  const std::vector<double> want = stacked(e.output, dim, out_shape, shape);
  expect_tensor(out, t.dtype(), out_shape, want);
  expect_tensor(inverse, kLong, dim ? Shape{shape[*dim]} : shape, e.inverse);
  expect_tensor(counts, kLong, {static_cast<int64_t>(e.counts.size())}, e.counts);
}

TEST(Search, Unique) {
  const Shape shape{4, 5};
  for (DType d : all_dtypes())
    for (Layout l : all_layouts()) {
      SCOPED_TRACE(std::string(dtype_name(d)) + " " + layout_name(l));
      const std::vector<double> v = patterned(shape, d, 1);
      const Tensor t = make(v, shape, d, l);
      check_unique(false, t, v, shape, std::nullopt);
      // Results not asked for are empty; sorted=False sorts all the same.
      auto [out, inverse, counts] = unique(t, false);
      EXPECT_EQ(values_of(out), values_of(std::get<0>(unique(t))));
      EXPECT_EQ(inverse.numel(), 0);
      EXPECT_EQ(counts.numel(), 0);
    }
  // A 0-dim self: a 1-element output, a 0-dim inverse.
  auto [out, inverse, counts] = unique(full({}, 3.0), true, true, true);
  expect_tensor(out, kFloat, {1}, {3});
  expect_tensor(inverse, kLong, {}, {0});
  expect_tensor(counts, kLong, {1}, {1});
  // -0 equals +0; each NaN stays its own (Note [unique equality]), last.
  const double nan = std::nan("");
  auto [o2, i2, c2] = unique(from_vector<double>({nan, 1, -0.0, 0.0, nan, 1}, {6}), true, true, true);
  expect_tensor(o2, kDouble, {4}, {0, 1, nan, nan});
  expect_tensor(i2, kLong, {6}, {2, 1, 0, 0, 3, 1});
  expect_tensor(c2, kLong, {4}, {2, 2, 1, 1});
  // Empty.
  auto [o3, i3, c3] = unique(zeros({0, 3}), true, true, true);
  expect_tensor(o3, kFloat, {0}, {});
  expect_tensor(i3, kLong, {0, 3}, {});
  expect_tensor(c3, kLong, {0}, {});
}

TEST(Search, UniqueDim) {
  const Shape shape{4, 3};
  for (DType d : all_dtypes())
    for (Layout l : all_layouts())
      for (int64_t dim : {0, 1}) {
        SCOPED_TRACE(std::string(dtype_name(d)) + " " + layout_name(l) + " dim " + std::to_string(dim));
        // Rows 0 and 2 equal; columns from a pattern that repeats.
        std::vector<double> v = patterned(shape, d, 2);
        for (int64_t j = 0; j < 3; ++j) v[2 * 3 + j] = v[j];
        check_unique(false, make(v, shape, d, l), v, shape, dim);
      }
  auto [o, i, c] = unique(zeros({0, 3}), true, true, true, 0);
  expect_tensor(o, kFloat, {0, 3}, {});
  expect_tensor(i, kLong, {0}, {});
  // Negative dims count from the end.
  const Tensor m = from_vector<int64_t>({1, 2, 1, 2, 0, 1}, {3, 2});
  EXPECT_EQ(values_of(std::get<0>(unique(m, true, false, false, -2))), (std::vector<double>{0, 1, 1, 2}));
}

TEST(Search, UniqueConsecutive) {
  const Shape shape{4, 3};
  for (DType d : all_dtypes())
    for (Layout l : all_layouts())
      for (std::optional<int64_t> dim : {std::optional<int64_t>(), std::optional<int64_t>(0), std::optional<int64_t>(1)}) {
        SCOPED_TRACE(std::string(dtype_name(d)) + " " + layout_name(l));
        std::vector<double> v = patterned(shape, d, 3);
        for (int64_t j = 0; j < 3; ++j) v[1 * 3 + j] = v[j];  // rows 0 and 1 equal: one run
        v[5] = v[4];
        check_unique(true, make(v, shape, d, l), v, shape, dim);
      }
}

TEST(Search, Bincount) {
  const std::vector<DType> integral{kByte, kChar, kShort, kInt, kLong};
  for (DType d : integral)
    for (Layout l : all_layouts()) {
      SCOPED_TRACE(std::string(dtype_name(d)) + " " + layout_name(l));
      const std::vector<double> v{3, 0, 4, 3, 1, 3};
      const Tensor t = make(v, {6}, d, l);
      expect_tensor(bincount(t), kLong, {5}, {1, 1, 0, 3, 1});
      expect_tensor(t.bincount(Tensor(), 7), kLong, {7}, {1, 1, 0, 3, 1, 0, 0});
      // float32 weights sum in float32; others in float64.
      const std::vector<double> w{0.5, 1, 2, 0.25, 4, 8};
      expect_tensor(bincount(t, make(w, {6}, kFloat, l)), kFloat, {5}, {1, 4, 0, 8.75, 2});
      expect_tensor(bincount(t, make(w, {6}, kDouble, l)), kDouble, {5}, {1, 4, 0, 8.75, 2});
      expect_tensor(bincount(t, make({1, 2, 3, 4, 5, 6}, {6}, kInt, l)), kDouble, {5}, {2, 5, 0, 11, 3});
      expect_tensor(bincount(t, make({1, 0, 1, 1, 0, 1}, {6}, kHalf, l)), kDouble, {5}, {0, 0, 0, 3, 1});
    }
  expect_tensor(bincount(zeros({0}, kLong)), kLong, {0}, {});
  expect_tensor(bincount(zeros({0}, kLong), Tensor(), 2), kLong, {2}, {0, 0});
}

// Positions by counting: elements < v (left) or <= v (right).
int64_t ref_position(const std::vector<double>& row, double v, bool right) {
  int64_t n = 0;
  for (double x : row) n += right ? x <= v : x < v;
  return n;
}

TEST(Search, Searchsorted) {
  std::vector<DType> dtypes;
  for (DType d : all_dtypes())
    if (d != kBool) dtypes.push_back(d);
  const std::vector<double> seq{0, 1, 1, 3, 4};
  const Shape vshape{2, 4};
  const std::vector<double> values{-1, 0, 1, 2, 3, 4, 5, 1};
  for (DType d : dtypes)
    for (Layout l : all_layouts())
      for (bool right : {false, true}) {
        SCOPED_TRACE(std::string(dtype_name(d)) + " " + layout_name(l) + (right ? " right" : " left"));
        if (d == kByte && values[0] < 0) continue;
        std::vector<double> want;
        for (double v : values) want.push_back(static_cast<double>(ref_position(seq, v, right)));
        const Tensor s = make(seq, {5}, d, l), v = make(values, vshape, d, l);
        expect_tensor(searchsorted(s, v, false, right), kLong, vshape, want);
        expect_tensor(searchsorted(s, v, true, false, right ? "right" : "left"), kInt, vshape, want);
        Tensor out = empty({0}, kLong);
        searchsorted_out(out, s, v, false, right);
        expect_tensor(out, kLong, vshape, want);
        // A sequence per row of values.
        const std::vector<double> seq2{0, 1, 2, 3, 3, 4, 4, 4, 4, 5};
        std::vector<double> want2;
        for (int64_t i = 0; i < 8; ++i) {
          const std::vector<double> row(seq2.begin() + (i / 4) * 5, seq2.begin() + (i / 4) * 5 + 5);
          want2.push_back(static_cast<double>(ref_position(row, values[i], right)));
        }
        expect_tensor(searchsorted(make(seq2, {2, 5}, d, l), v, false, right), kLong, vshape, want2);
        // An unsorted sequence with its sorter.
        const Tensor perm = longs({4, 0, 3, 1, 2});
        const std::vector<double> shuffled{1, 3, 4, 1, 0};  // shuffled[perm[i]] is seq[i]
        expect_tensor(searchsorted(make(shuffled, {5}, d, l), v, false, right, std::nullopt, perm), kLong, vshape, want);
      }
  // Numbers, and promotion: an int sequence searched for 2.5 compares in float.
  expect_tensor(searchsorted(from_vector<int64_t>({1, 2, 3}, {3}), Scalar(2.5)), kLong, {}, {2});
  expect_tensor(searchsorted(from_vector<int64_t>({1, 2, 3}, {3}), from_vector<double>({2.5}, {1})), kLong, {1}, {2});
  expect_tensor(searchsorted(zeros({0}), ones({2})), kLong, {2}, {0, 0});
}

TEST(Search, Bucketize) {
  const std::vector<double> bounds{1, 3, 5};
  const std::vector<double> values{0, 1, 2, 3, 5, 6};
  for (DType d : all_dtypes()) {
    if (d == kBool) continue;
    for (Layout l : all_layouts())
      for (bool right : {false, true}) {
        std::vector<double> want;
        for (double v : values) want.push_back(static_cast<double>(ref_position(bounds, v, right)));
        const Tensor v = make(values, {2, 3}, d, l);
        expect_tensor(bucketize(v, make(bounds, {3}, d, l), false, right), kLong, {2, 3}, want);
        Tensor out = empty({0}, kInt);
        bucketize_out(out, v, make(bounds, {3}, d, l), true, right);
        expect_tensor(out, kInt, {2, 3}, want);
      }
  }
  expect_tensor(bucketize(Scalar(4), from_vector<int64_t>({1, 3, 5}, {3})), kLong, {}, {2});
}

TEST(Search, Errors) {
  expect_error([] { unique(zeros({}), true, false, false, 0); }, ErrorKind::Index, "dim");
  expect_error([] { unique(zeros({2}), true, false, false, 1); }, ErrorKind::Index, "dim");
  expect_error([] { unique(zeros({0, 3}), true, false, false, 1); }, ErrorKind::Value, "self", {"unique", "size-0"});
  expect_error([] { unique_consecutive(zeros({3}), false, false, 1); }, ErrorKind::Index, "dim");
  expect_error([] { bincount(from_vector<int64_t>({1, -1}, {2})); }, ErrorKind::Value, "self", {"bincount", "-1"});
  expect_error([] { bincount(zeros({2, 2}, kLong)); }, ErrorKind::Value, "self");
  expect_error([] { bincount(zeros({2})); }, ErrorKind::Type, "self", {"bincount", "float32"});
  expect_error([] { bincount(zeros({2}, kLong), Tensor(), -1); }, ErrorKind::Value, "minlength");
  expect_error([] { bincount(zeros({2}, kLong), ones({3})); }, ErrorKind::Value, "weights");
  const Tensor s = ones({3}), v = ones({2});
  expect_error([&] { searchsorted(s, v, false, false, "up"); }, ErrorKind::Value, "side", {"searchsorted", "'up'"});
  expect_error([&] { searchsorted(s, v, false, true, "left"); }, ErrorKind::Value, "side");
  expect_error([&] { searchsorted(ones({2, 3}), ones({3, 2})); }, ErrorKind::Value, "sorted_sequence");
  expect_error([&] { searchsorted(ones({}), Scalar(1)); }, ErrorKind::Value, "sorted_sequence");
  expect_error([&] { searchsorted(ones({2, 3}), Scalar(1)); }, ErrorKind::Value, "sorted_sequence");
  expect_error([&] { searchsorted(s, v, false, false, std::nullopt, zeros({3}, kInt)); }, ErrorKind::Type, "sorter");
  expect_error([&] { searchsorted(s, v, false, false, std::nullopt, zeros({2}, kLong)); }, ErrorKind::Value, "sorter");
  expect_error([&] { searchsorted(s, v, false, false, std::nullopt, longs({0, 1, 3})); }, ErrorKind::Index, "sorter");
  expect_error([&] { bucketize(v, ones({2, 2})); }, ErrorKind::Value, "boundaries", {"bucketize"});
  expect_error([&] { searchsorted(ones({3}, kBool), ones({2}, kBool)); }, ErrorKind::Type, "self");
  // out= keeps its values when the call raises; a wrong out dtype is an error.
  Tensor out = full({2}, 7, kLong);
  expect_error([&] { searchsorted_out(out, s, v, false, false, std::nullopt, longs({0, 1, 3})); }, ErrorKind::Index,
               "sorter");
  expect_tensor(out, kLong, {2}, {7, 7});
  expect_error([&] { searchsorted_out(out, s, v, true); }, ErrorKind::Type, "out");
  expect_tensor(out, kLong, {2}, {7, 7});
}

}  // namespace
}  // namespace ember::test
