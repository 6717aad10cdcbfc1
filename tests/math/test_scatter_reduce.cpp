// scatter_reduce and scatter's reduce= through the C++ API
// (schemas/math/indexing.yaml), every dtype and layout, against a naive
// loop that reduces the values landing on each place in index order.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "index_test_util.h"
#include "runtime_test_util.h"

namespace ember::test {
namespace {

// The stored values of `self` reduced with src over index's shape along dim (2-d).
std::vector<double> ref_reduce(std::vector<double> self, const Shape& shape, int64_t dim, const std::vector<int64_t>& index,
                               const Shape& index_shape, const std::vector<double>& src, const Shape& src_shape,
                               const std::string& reduce, bool include_self, DType dtype) {
  std::vector<std::vector<double>> landing(self.size());
  for (int64_t i = 0; i < count(index_shape); ++i) {
    Shape at = unravel(i, index_shape);
    const double v = src[at[0] * src_shape[1] + at[1]];
    at[dim] = index[i];
    landing[at[0] * shape[1] + at[1]].push_back(v);
  }
  const bool integral = !is_floating(dtype);
  for (size_t p = 0; p < self.size(); ++p) {
    if (landing[p].empty()) continue;
    std::vector<double> vals = landing[p];
    if (include_self) vals.insert(vals.begin(), self[p]);
    double acc = vals[0];
    for (size_t k = 1; k < vals.size(); ++k) {
      const double v = vals[k];
      if (reduce == "sum" || reduce == "mean") acc += v;
      if (reduce == "prod") acc *= v;
      if (reduce == "amax") acc = std::max(acc, v);
      if (reduce == "amin") acc = std::min(acc, v);
    }
    if (dtype == kBool) acc = acc != 0;  // sum is or, prod is and
    if (reduce == "mean") acc = integral ? std::floor(acc / vals.size()) : acc / vals.size();
    self[p] = acc;
  }
  return self;
}

TEST(ScatterReduce, Reductions) {
  const Shape shape{3, 4}, index_shape{2, 3};
  for (DType d : all_dtypes())
    for (Layout l : all_layouts())
      for (const char* reduce : {"sum", "prod", "mean", "amax", "amin"})
        for (bool include_self : {true, false})
          for (int64_t dim : {0, 1}) {
            if (d == kBool && std::string(reduce) == "mean") continue;
            SCOPED_TRACE(std::string(dtype_name(d)) + " " + layout_name(l) + " " + reduce + " dim " +
                         std::to_string(dim) + (include_self ? " include_self" : ""));
            const std::vector<double> self = patterned(shape, d, 1), src = patterned(shape, d, 4);
            std::vector<int64_t> index;
            for (int64_t i = 0; i < count(index_shape); ++i) index.push_back((i * 5 + 1) % shape[dim]);
            const Tensor idx = from_vector(index, index_shape);
            const std::vector<double> want =
                ref_reduce(self, shape, dim, index, index_shape, src, shape, reduce, include_self, d);
            const Tensor s = make(self, shape, d, l), x = make(src, shape, d, l);
            expect_tensor(scatter_reduce(s, dim, idx, x, reduce, include_self), d, shape, want);
            Tensor inplace = make(self, shape, d, l);
            inplace.scatter_reduce_(dim, idx, x, reduce, include_self);
            expect_tensor(inplace, d, shape, want);
            Tensor out = empty({0}, d);
            scatter_reduce_out(out, s, dim, idx, x, reduce, include_self);
            expect_tensor(out, d, shape, want);
          }
  // NaN wins amax and amin.
  const double nan = std::nan("");
  const Tensor got = scatter_reduce(zeros({2}, kDouble), 0, from_vector<int64_t>({0, 0, 1}, {3}),
                                    from_vector<double>({nan, 1, 2}, {3}), "amax");
  expect_tensor(got, kDouble, {2}, {nan, 2});
  // Integer mean is floor division.
  expect_tensor(scatter_reduce(from_vector<int64_t>({-1, 0}, {2}), 0, from_vector<int64_t>({0, 0}, {2}),
                               from_vector<int64_t>({-3, 1}, {2}), "mean"),
                kLong, {2}, {-1, 0});
}

TEST(ScatterReduce, ScatterReduceArg) {
  for (DType d : all_dtypes())
    for (Layout l : all_layouts()) {
      const Shape shape{3, 4};
      const std::vector<double> self = patterned(shape, d, 2), src = patterned(shape, d, 3);
      const std::vector<int64_t> index{2, 0, 2, 1, 0, 0, 1, 2};
      const Tensor idx = from_vector(index, {2, 4});
      const Tensor s = make(self, shape, d, l), x = make(src, shape, d, l);
      expect_tensor(scatter(s, 0, idx, x, "add"), d, shape,
                    ref_reduce(self, shape, 0, index, {2, 4}, src, shape, "sum", true, d));
      expect_tensor(scatter(s, 0, idx, x, "multiply"), d, shape,
                    ref_reduce(self, shape, 0, index, {2, 4}, src, shape, "prod", true, d));
      Tensor t = make(self, shape, d, l);
      t.scatter_(0, idx, Scalar(d == kBool ? 1 : 2), "multiply");
      const std::vector<double> twos(12, d == kBool ? 1 : 2);
      expect_tensor(t, d, shape, ref_reduce(self, shape, 0, index, {2, 4}, twos, shape, "prod", true, d));
    }
}

TEST(ScatterReduce, Errors) {
  const Tensor idx = from_vector<int64_t>({0}, {1});
  expect_error([&] { scatter_reduce(zeros({3}), 0, idx, zeros({1}), "max"); }, ErrorKind::Value, "reduce",
               {"scatter_reduce", "'max'"});
  expect_error([&] { scatter_reduce(zeros({3}), 0, idx, zeros({1}, kInt), "sum"); }, ErrorKind::Type, "src");
  expect_error([&] { scatter_reduce(zeros({3}), 0, from_vector<int64_t>({3}, {1}), zeros({1}), "sum"); },
               ErrorKind::Index, "index");
  expect_error([&] { scatter_reduce(zeros({3}, kBool), 0, idx, zeros({1}, kBool), "mean"); }, ErrorKind::Type, "self");
  expect_error([&] { zeros({3}).scatter_(0, idx, zeros({1}), "mean"); }, ErrorKind::Value, "reduce");
  // A call that raises leaves self and out= as they were.
  Tensor self = full({3}, 5.0), out = full({3}, 7.0);
  expect_error([&] { self.scatter_reduce_(0, from_vector<int64_t>({0, 9}, {2}), ones({2}), "sum", false); },
               ErrorKind::Index, "index");
  expect_tensor(self, kFloat, {3}, {5, 5, 5});
  expect_error([&] { scatter_reduce_out(out, self, 0, from_vector<int64_t>({9}, {1}), ones({1}), "amin"); },
               ErrorKind::Index, "index");
  expect_tensor(out, kFloat, {3}, {7, 7, 7});
  // out= overlapping self gives what a separate out gives.
  Tensor a = from_vector<float>({1, 2, 3}, {3});
  scatter_reduce_out(a, a, 0, from_vector<int64_t>({2, 2}, {2}), from_vector<float>({4, 5}, {2}), "sum");
  expect_tensor(a, kFloat, {3}, {1, 2, 12});
}

}  // namespace
}  // namespace ember::test
