// take and take_along_dim (schemas/math/indexing.yaml) through the C++ API,
// every dtype and layout, against the positions worked out by hand from
// the row-major order; the Python tests compare them with NumPy.
#include <gtest/gtest.h>

#include <vector>

#include "ember/tensor.h"
#include "index_test_util.h"
#include "runtime_test_util.h"

namespace ember::test {
namespace {

TEST(TakeOps, Take) {
  for (DType dt : all_dtypes()) {
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout));
      const std::vector<double> v = patterned({2, 3}, dt);
      const Tensor self = make(v, {2, 3}, dt, layout);
      // Positions in the flat row-major order; -1 is the last element.
      const Tensor index = longs_laid({0, -1, 4, -6, 2, 5}, {3, 2}, layout);
      expect_tensor(take(self, index), dt, {3, 2}, {v[0], v[5], v[4], v[0], v[2], v[5]});
      expect_tensor(self.take(scalar_tensor(3, kLong)), dt, {}, {v[3]});
      Tensor out = empty({0}, dt);
      take_out(out, self, index);
      expect_tensor(out, dt, {3, 2}, {v[0], v[5], v[4], v[0], v[2], v[5]});
    }
  }
  // out= that is self itself reads self before it writes.
  Tensor a = from_vector<float>({1, 2, 3, 4}, {4});
  take_out(a, a, longs({3, 2, 1, 0}));
  expect_tensor(a, DType::Float, {4}, {4, 3, 2, 1});
  expect_tensor(take(zeros({0}), zeros({0}, kLong)), DType::Float, {0}, {});
}

TEST(TakeOps, TakeAlongDim) {
  for (DType dt : all_dtypes()) {
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout));
      const std::vector<double> v = patterned({2, 3}, dt);
      const Tensor self = make(v, {2, 3}, dt, layout);
      // Along dim 1: result[i][j] = self[i][indices[i][j]].
      expect_tensor(take_along_dim(self, longs_laid({2, 0, 1, 1}, {2, 2}, layout), 1), dt, {2, 2},
                    {v[2], v[0], v[4], v[4]});
      // Along dim 0 with indices of one column: it broadcasts over self's 3 columns.
      expect_tensor(self.take_along_dim(longs({1, 0, 1}, {3, 1}), 0), dt, {3, 3},
                    {v[3], v[4], v[5], v[0], v[1], v[2], v[3], v[4], v[5]});
      // Without dim: both flattened.
      expect_tensor(take_along_dim(self, longs({5, 0}, {2, 1})), dt, {2}, {v[5], v[0]});
      Tensor out = empty({0}, dt);
      take_along_dim_out(out, self, longs({1}, {1, 1}), -1);
      expect_tensor(out, dt, {2, 1}, {v[1], v[4]});
    }
  }
  // self of one row broadcasts to the rows of indices.
  const Tensor row = from_vector<float>({10, 20, 30}, {1, 3});
  expect_tensor(take_along_dim(row, longs({2, 0, 1, 1}, {2, 2}), 1), DType::Float, {2, 2}, {30, 10, 20, 20});
}

TEST(TakeOps, Errors) {
  const Tensor self = zeros({2, 3});
  expect_error([&] { take(self, longs({6})); }, ErrorKind::Index, "index", {"take", "6"});
  expect_error([&] { take(self, longs({-7})); }, ErrorKind::Index, "index", {"take", "-7"});
  expect_error([&] { take(zeros({0}), longs({0})); }, ErrorKind::Index, "index");
  expect_error([&] { take(self, zeros({1}, kInt)); }, ErrorKind::Type, "index");
  expect_error([&] { take_along_dim(self, longs({-1}, {1, 1}), 1); }, ErrorKind::Index, "indices", {"take_along_dim"});
  expect_error([&] { take_along_dim(self, longs({6})); }, ErrorKind::Index, "indices");
  expect_error([&] { take_along_dim(self, longs({0}), 0); }, ErrorKind::Value, "indices");
  expect_error([&] { take_along_dim(self, zeros({1, 2}, kLong), 0); }, ErrorKind::Value, "indices");
  expect_error([&] { take_along_dim(self, zeros({1, 1}, kInt), 0); }, ErrorKind::Type, "indices");
  expect_error([&] { take_along_dim(self, zeros({1, 1}, kLong), 2); }, ErrorKind::Index, "dim");
  // A call that raises leaves out= as it was.
  Tensor out = from_vector<float>({7, 8}, {2});
  expect_error([&] { take_out(out, self, longs({0, 9})); }, ErrorKind::Index, "index");
  expect_error([&] { take_along_dim_out(out, self, longs({0, 3}, {1, 2}), 1); }, ErrorKind::Index, "indices");
  expect_tensor(out, DType::Float, {2}, {7, 8});
}

}  // namespace
}  // namespace ember::test
