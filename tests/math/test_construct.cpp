// The construction ops through the C++ API (schemas/math/construct.yaml)
// for every dtype they declare, against values worked out by loops here:
// exact integer and double arithmetic, stored in the dtype the way ember
// stores any double.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "ember/tensor.h"
#include "index_test_util.h"
#include "runtime/core/generator.h"
#include "runtime_test_util.h"

namespace ember::test {
namespace {

std::vector<DType> numeric_dtypes() {
  std::vector<DType> d;
  for (DType t : all_dtypes())
    if (t != DType::Bool) d.push_back(t);
  return d;
}

// Relative closeness for computed floating values (exact for integers).
void expect_near_values(const Tensor& t, DType dtype, const std::vector<double>& want, double rel) {
  ASSERT_EQ(t.dtype(), dtype);
  ASSERT_EQ(t.numel(), static_cast<int64_t>(want.size()));
  const std::vector<double> got = values_of(t);
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_NEAR(got[i], want[i], rel * std::max(1.0, std::fabs(want[i]))) << "element " << i;
}

double eps(DType d) {
  switch (d) {
    case DType::Float: return 1.2e-7;
    case DType::Double: return 2.3e-16;
    case DType::Half: return 9.8e-4;
    case DType::BFloat16: return 7.9e-3;
    default: return 0;
  }
}

TEST(Construct, Filled) {
  for (DType dt : all_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    expect_tensor(zeros({2, 3}, dt), dt, {2, 3}, std::vector<double>(6, 0));
    expect_tensor(ones({4}, dt), dt, {4}, std::vector<double>(4, 1));
    expect_tensor(ones({}, dt), dt, {}, {1});
    expect_tensor(zeros({0, 2}, dt), dt, {0, 2}, {});
    expect_tensor(full({2}, dt == DType::Bool ? Scalar(true) : Scalar(3), dt), dt, {2}, {dt == DType::Bool ? 1.0 : 3.0, dt == DType::Bool ? 1.0 : 3.0});
    const Tensor like = make(patterned({3, 2}, dt), {3, 2}, dt, Layout::Transposed);
    expect_tensor(zeros_like(like), dt, {3, 2}, std::vector<double>(6, 0));
    expect_tensor(ones_like(like), dt, {3, 2}, std::vector<double>(6, 1));
    expect_tensor(full_like(like, 1), dt, {3, 2}, std::vector<double>(6, 1));
    expect_tensor(zeros_like(like, kDouble), kDouble, {3, 2}, std::vector<double>(6, 0));
    expect_tensor(ones_like(scalar_tensor(5, dt)), dt, {}, {1});
    // PyTorch's preserve_format: a dense input's strides are kept, others
    // made dense in the input's order (here transposed), expanded ones contiguous.
    EXPECT_EQ(zeros_like(like).strides().vec(), like.strides().vec());
    EXPECT_EQ(full_like(like, 1, kDouble).strides().vec(), like.strides().vec());
    EXPECT_EQ(ones_like(like.narrow(0, 0, 2)).strides().vec(), zeros({2, 2}, dt).t().strides().vec());
    EXPECT_TRUE(zeros_like(zeros({3}, dt).expand({2, 3})).is_contiguous());
    // out=: resized, written in place, in out's dtype
    Tensor out = make(patterned({2, 2}, dt), {2, 2}, dt, Layout::Transposed);
    zeros_out(out, {2, 2});
    expect_tensor(out, dt, {2, 2}, std::vector<double>(4, 0));
    ones_out(out, {3});
    expect_tensor(out, dt, {3}, {1, 1, 1});
    full_out(out, {1}, 1, dt);
    expect_tensor(out, dt, {1}, {1});
  }
  EXPECT_EQ(zeros({1}).dtype(), default_dtype());
  EXPECT_EQ(full({1}, true).dtype(), kBool);
  EXPECT_EQ(full({1}, 7).dtype(), kLong);
  EXPECT_EQ(full({1}, 0.5).dtype(), default_dtype());
  expect_tensor(full({2}, 0.5, kHalf), kHalf, {2}, {0.5, 0.5});
  expect_error([] { zeros({2, -1}); }, ErrorKind::Value, "size");
  expect_error([] { full({-1}, 1); }, ErrorKind::Value, "size");
  Tensor f = empty({0});
  expect_error([&] { zeros_out(f, {2}, kInt); }, ErrorKind::Type, "out");
  // Fill values the dtype cannot hold are errors (PyTorch's rule), at each integer dtype's edges.
  expect_tensor(full({1}, 255, kByte), kByte, {1}, {255});
  expect_tensor(full({1}, -128, kChar), kChar, {1}, {-128});
  expect_error([] { full({1}, 256, kByte); }, ErrorKind::Value, "fill_value");
  expect_error([] { full({1}, -1, kByte); }, ErrorKind::Value, "fill_value");
  expect_error([] { full({1}, 128, kChar); }, ErrorKind::Value, "fill_value");
  expect_error([] { full({1}, 2147483648.0, kInt); }, ErrorKind::Value, "fill_value");
  expect_error([] { full({1}, 1e6, kHalf); }, ErrorKind::Value, "fill_value");
  expect_error([&] { full_like(ones({2}, kShort), 40000); }, ErrorKind::Value, "fill_value");
  Tensor g = ones({2}, kByte);
  expect_error([&] { full_out(g, {2}, 300); }, ErrorKind::Value, "fill_value");
  expect_tensor(g, kByte, {2}, {1, 1});
  expect_tensor(full({1}, std::numeric_limits<double>::infinity(), kHalf), kHalf, {1}, {std::numeric_limits<double>::infinity()});
}

// start + i * step in the dtype's accumulate type (int64, or double for
// float and double; half and bfloat16 use float, which these values do
// not tell apart from double).
std::vector<double> steps_of(double start, double step, int64_t n) {
  std::vector<double> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(start + static_cast<double>(i) * step);
  return v;
}

// Tensor.new_*: self's dtype unless dtype= is given, never the value's.
TEST(Construct, NewFactories) {
  for (DType d : all_dtypes()) {
    const Tensor t = zeros({3}, d).transpose(0, 0);
    expect_tensor(t.new_zeros({2, 3}), d, {2, 3}, std::vector<double>(6, 0));
    expect_tensor(t.new_ones({2}), d, {2}, {1, 1});
    expect_tensor(t.new_full({2}, 1), d, {2}, {1, 1});
    const Tensor e = t.new_empty({4, 0});
    EXPECT_EQ(e.dtype(), d);
    EXPECT_EQ(e.shape(), (Shape{4, 0}));
    EXPECT_TRUE(e.is_contiguous());
    expect_tensor(t.new_zeros({1}, kDouble), kDouble, {1}, {0});
  }
  expect_tensor(zeros({1}, kLong).new_full({2}, 7), kLong, {2}, {7, 7});
  expect_error([] { zeros({2}).new_empty({-1}); }, ErrorKind::Value, "size");
  expect_error([] { zeros({2}).new_zeros({-1}); }, ErrorKind::Value, "size");
  expect_error([] { zeros({2}, kByte).new_full({2}, 300); }, ErrorKind::Value, "fill_value");
}

TEST(Construct, Arange) {
  for (DType dt : numeric_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    expect_tensor(arange(10, dt), dt, {10}, steps_of(0, 1, 10));
    expect_tensor(arange(0, 10, 3, dt), dt, {4}, {0, 3, 6, 9});
    expect_tensor(arange(0, 9, 3, dt), dt, {3}, {0, 3, 6});
    expect_tensor(arange(7, 0, -2, dt), dt, {4}, {7, 5, 3, 1});
    expect_tensor(arange(3, 3, 1, dt), dt, {0}, {});
    if (is_floating(dt)) {
      expect_tensor(arange(0.5, 2.0, 0.25, dt), dt, {6}, steps_of(0.5, 0.25, 6));
      expect_tensor(arange(0, 1, 0.375, dt), dt, {3}, {0, 0.375, 0.75});
    } else {
      // integer dtypes take the arguments as integers first for the
      // values; the length is ceil((3.7 - 0.5) / 1) = 4 computed in double,
      // except for int64, whose length PyTorch computes from the integers
      // (ceil((3 - 0) / 1) = 3) to stay exact beyond 2^53
      if (dt == kLong)
        expect_tensor(arange(0.5, 3.7, 1, dt), dt, {3}, {0, 1, 2});
      else
        expect_tensor(arange(0.5, 3.7, 1, dt), dt, {4}, {0, 1, 2, 3});
    }
    Tensor out = make({9, 9, 9}, {3}, dt, Layout::Narrowed);
    arange_out(out, 1, 7, 2);
    expect_tensor(out, dt, {3}, {1, 3, 5});
    arange_out(out, 5);
    expect_tensor(out, dt, {5}, steps_of(0, 1, 5));
  }
  EXPECT_EQ(arange(5).dtype(), kLong);
  EXPECT_EQ(arange(0.0, 5).dtype(), default_dtype());
  EXPECT_EQ(arange(0, 5, 0.5).dtype(), default_dtype());
  // int64 ranges are exact beyond double's 2^53
  const int64_t big = int64_t{1} << 60;
  const Tensor b = arange(big, big + 3);
  EXPECT_EQ(b.data<int64_t>()[2], big + 2);
  // the float sum is computed in double, then rounded once
  expect_tensor(arange(0, 1, 0.1, kFloat), kFloat, {10}, steps_of(0, 0.1, 10));
  expect_error([] { arange(0, 5, 0); }, ErrorKind::Value, "step");
  expect_error([] { arange(5, 0, 1); }, ErrorKind::Value, "step");
  expect_error([] { arange(0, std::numeric_limits<double>::infinity(), 1.0); }, ErrorKind::Value, "end");
  try {
    arange(0, 2, 1, kBool);
    ADD_FAILURE() << "arange of bool";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Type);
  }
}

TEST(Construct, Range) {
  for (DType dt : numeric_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    expect_tensor(range(0, 9, 3, dt), dt, {4}, {0, 3, 6, 9});
    expect_tensor(range(0, 10, 3, dt), dt, {4}, {0, 3, 6, 9});
    expect_tensor(range(4, 1, -1, dt), dt, {4}, {4, 3, 2, 1});
    expect_tensor(range(2, 2, 1, dt), dt, {1}, {2});
  }
  EXPECT_EQ(range(1, 4).dtype(), default_dtype());
  expect_tensor(range(1, 4), kFloat, {4}, {1, 2, 3, 4});
  expect_error([] { range(0, 5, 0); }, ErrorKind::Value, "step");
  expect_error([] { range(0, 5, -1); }, ErrorKind::Value, "step");
}

TEST(Construct, Linspace) {
  for (DType dt : numeric_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    if (is_floating(dt)) {
      for (int64_t n : {2, 3, 7, 100}) {
        std::vector<double> want;
        for (int64_t i = 0; i < n; ++i) want.push_back(-1.5 + 4.0 * static_cast<double>(i) / static_cast<double>(n - 1));
        const Tensor t = linspace(-1.5, 2.5, n, dt);
        expect_near_values(t, dt, want, 8 * eps(dt));
        EXPECT_EQ(values_of(t).front(), -1.5);  // both ends exact
        EXPECT_EQ(values_of(t).back(), 2.5);
      }
    } else {
      expect_tensor(linspace(0, 10, 5, dt), dt, {5}, {0, 2, 5, 7, 10});  // 2.5 and 7.5 truncate
    }
    expect_tensor(linspace(3, 9, 1, dt), dt, {1}, {3});
    expect_tensor(linspace(3, 9, 0, dt), dt, {0}, {});
    Tensor out = make({0, 0, 0}, {3}, dt, Layout::Narrowed);
    linspace_out(out, 2, 6, 3);
    expect_tensor(out, dt, {3}, {2, 4, 6});
  }
  EXPECT_EQ(linspace(0, 1, 3).dtype(), default_dtype());
  expect_error([] { linspace(0, 1, -1); }, ErrorKind::Value, "steps");
}

TEST(Construct, Logspace) {
  for (DType dt : numeric_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    if (dt == DType::Byte || dt == DType::Char) {
      expect_tensor(logspace(0, 2, 3, 10.0, dt), dt, {3}, {1, 10, 100});
    } else {
      expect_near_values(logspace(0, 3, 4, 10.0, dt), dt, {1, 10, 100, 1000}, 4 * eps(dt));
    }
    expect_near_values(logspace(0, 4, 5, 2.0, dt), dt, {1, 2, 4, 8, 16}, 4 * eps(dt));
  }
  std::vector<double> want;
  for (int i = 0; i < 5; ++i) want.push_back(std::pow(10.0, -1.0 + 0.5 * i));
  expect_near_values(logspace(-1, 1, 5, 10.0, kDouble), kDouble, want, 1e-15);
  expect_error([] { logspace(0, 1, -2); }, ErrorKind::Value, "steps");
}

TEST(Construct, Eye) {
  for (DType dt : all_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    expect_tensor(eye(3, std::nullopt, dt), dt, {3, 3}, {1, 0, 0, 0, 1, 0, 0, 0, 1});
    expect_tensor(eye(2, 4, dt), dt, {2, 4}, {1, 0, 0, 0, 0, 1, 0, 0});
    expect_tensor(eye(3, 1, dt), dt, {3, 1}, {1, 0, 0});
    expect_tensor(eye(0, std::nullopt, dt), dt, {0, 0}, {});
    Tensor out = make(patterned({3, 3}, dt), {3, 3}, dt, Layout::Transposed);
    eye_out(out, 3);
    expect_tensor(out, dt, {3, 3}, {1, 0, 0, 0, 1, 0, 0, 0, 1});
  }
  EXPECT_EQ(eye(2).dtype(), default_dtype());
  expect_error([] { eye(-1); }, ErrorKind::Value, "n");
  expect_error([] { eye(2, -1); }, ErrorKind::Value, "m");
}

TEST(Construct, TriIndices) {
  // Against the row-major scan of every (r, c) of the matrix.
  for (DType dt : {DType::Long, DType::Int}) {
    for (auto [row, col] : std::vector<std::pair<int64_t, int64_t>>{{3, 4}, {4, 3}, {0, 3}, {3, 0}, {1, 1}}) {
      for (int64_t offset : {-5, -1, 0, 2, 7}) {
        SCOPED_TRACE(str(dtype_name(dt), " ", row, " x ", col, " offset ", offset));
        std::vector<double> lower_r, lower_c, upper_r, upper_c;
        for (int64_t r = 0; r < row; ++r)
          for (int64_t c = 0; c < col; ++c) {
            auto& rs = c - r <= offset ? lower_r : upper_r;
            auto& cs = c - r <= offset ? lower_c : upper_c;
            rs.push_back(double(r));
            cs.push_back(double(c));
            if (c - r == offset) {  // the diagonal is in both
              upper_r.push_back(double(r));
              upper_c.push_back(double(c));
            }
          }
        lower_r.insert(lower_r.end(), lower_c.begin(), lower_c.end());
        upper_r.insert(upper_r.end(), upper_c.begin(), upper_c.end());
        const int64_t nl = static_cast<int64_t>(lower_c.size()), nu = static_cast<int64_t>(upper_c.size());
        expect_tensor(tril_indices(row, col, offset, dt), dt, {2, nl}, lower_r);
        expect_tensor(triu_indices(row, col, offset, dt), dt, {2, nu}, upper_r);
      }
    }
  }
  EXPECT_EQ(tril_indices(2, 2).dtype(), DType::Long);
  EXPECT_EQ(triu_indices(2, 2, std::numeric_limits<int64_t>::min()).size(1), 4) << "a far offset takes every row whole";
  EXPECT_EQ(tril_indices(2, 2, std::numeric_limits<int64_t>::max()).size(1), 4);
  expect_error([] { tril_indices(-1, 2); }, ErrorKind::Value, "row");
  expect_error([] { triu_indices(2, -1); }, ErrorKind::Value, "col");
  expect_error([] { tril_indices(2, 2, 0, DType::Float); }, ErrorKind::Type, "dtype");
  expect_error([] { triu_indices(2, 2, 0, DType::Short); }, ErrorKind::Type, "dtype");
}

TEST(Construct, Diag) {
  for (DType dt : all_dtypes()) {
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout));
      const std::vector<double> v = patterned({3}, dt, 1);
      for (int64_t k = -2; k <= 2; ++k) {
        const int64_t n = 3 + (k < 0 ? -k : k);
        std::vector<double> want(static_cast<size_t>(n * n), 0);
        for (int64_t i = 0; i < 3; ++i) want[(k >= 0 ? i : i - k) * n + (k >= 0 ? i + k : i)] = v[i];
        expect_tensor(diag(make(v, {3}, dt, layout), k), dt, {n, n}, want);
      }
      const std::vector<double> m = patterned({3, 4}, dt);
      for (int64_t k = -4; k <= 5; ++k) {
        std::vector<double> want;
        for (int64_t r = 0; r < 3; ++r)
          if (r + k >= 0 && r + k < 4) want.push_back(m[r * 4 + r + k]);
        expect_tensor(make(m, {3, 4}, dt, layout).diag(k), dt, {static_cast<int64_t>(want.size())}, want);
      }
      Tensor out = make(std::vector<double>(2, 0), {2}, dt, Layout::Narrowed);
      diag_out(out, make(m, {3, 4}, dt, layout), 2);
      expect_tensor(out, dt, {2}, {m[2], m[7]});
    }
  }
  expect_error([] { diag(zeros({2, 2, 2})); }, ErrorKind::Value, "self");
  expect_error([] { diag(zeros({})); }, ErrorKind::Value, "self");
}

// tril keeps column - row <= k, triu column - row >= k; batches too.
std::vector<double> ref_triangle(const std::vector<double>& v, const Shape& shape, int64_t k, bool lower) {
  std::vector<double> out = v;
  const int64_t rows = shape[shape.size() - 2], cols = shape.back();
  for (int64_t i = 0; i < count(shape); ++i) {
    const int64_t d = (i % cols) - (i / cols) % rows;
    if (lower ? d > k : d < k) out[i] = 0;
  }
  return out;
}

TEST(Construct, Triangles) {
  for (DType dt : all_dtypes()) {
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout));
      for (const Shape& shape : {Shape{3, 4}, Shape{2, 3, 4}, Shape{4, 2}}) {
        const std::vector<double> v = patterned(shape, dt, 2);
        for (int64_t k : {int64_t{-3}, int64_t{-1}, int64_t{0}, int64_t{1}, int64_t{5},
                          std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()}) {
          expect_tensor(tril(make(v, shape, dt, layout), k), dt, shape, ref_triangle(v, shape, k, true));
          expect_tensor(make(v, shape, dt, layout).triu(k), dt, shape, ref_triangle(v, shape, k, false));
        }
        Tensor self = make(v, shape, dt, layout);
        self.tril_(-1);
        expect_tensor(self, dt, shape, ref_triangle(v, shape, -1, true));
        Tensor out = empty({1}, dt);
        triu_out(out, make(v, shape, dt, layout), 1);
        expect_tensor(out, dt, shape, ref_triangle(v, shape, 1, false));
      }
    }
  }
  // the zeroed elements are 0 even where self held NaN
  const double nan = std::numeric_limits<double>::quiet_NaN();
  expect_tensor(tril(from_vector<double>({nan, nan, nan, nan}, {2, 2})), kDouble, {2, 2}, {nan, 0, nan, nan});
  expect_error([] { tril(zeros({3})); }, ErrorKind::Value, "self");
  expect_error([] { zeros({3}).triu_(0); }, ErrorKind::Value, "self");
}

TEST(Construct, Cat) {
  for (DType dt : all_dtypes()) {
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout));
      const std::vector<double> a = patterned({2, 3}, dt), b = patterned({1, 3}, dt, 1), c = patterned({2, 2}, dt, 2);
      std::vector<double> want0 = a;
      want0.insert(want0.end(), b.begin(), b.end());
      expect_tensor(cat({make(a, {2, 3}, dt, layout), make(b, {1, 3}, dt, layout)}), dt, {3, 3}, want0);
      std::vector<double> want1;
      for (int r = 0; r < 2; ++r) {
        want1.insert(want1.end(), a.begin() + r * 3, a.begin() + r * 3 + 3);
        want1.insert(want1.end(), c.begin() + r * 2, c.begin() + r * 2 + 2);
      }
      expect_tensor(cat({make(a, {2, 3}, dt, layout), make(c, {2, 2}, dt, layout), empty({0}, dt)}, -1), dt, {2, 5},
                    want1);
      Tensor out = make(std::vector<double>(10, 0), {2, 5}, dt, Layout::Transposed);
      cat_out(out, {make(a, {2, 3}, dt), make(c, {2, 2}, dt)}, 1);
      expect_tensor(out, dt, {2, 5}, want1);
    }
  }
  // dtypes promote; the legacy empty vector is skipped; out aliasing an input
  expect_tensor(cat({from_vector<int32_t>({1, 2}, {2}), from_vector<double>({0.5}, {1})}), kDouble, {3}, {1, 2, 0.5});
  expect_tensor(cat({empty({0}, kInt), empty({0}, kInt)}), kInt, {0}, {});
  expect_tensor(cat({zeros({0, 2}), ones({1, 2})}), kFloat, {1, 2}, {1, 1});
  Tensor x = from_vector<float>({1, 2}, {2});
  cat_out(x, {x, x}, 0);
  expect_tensor(x, kFloat, {4}, {1, 2, 1, 2});
  Tensor i = empty({0}, kInt);
  expect_error([&] { cat_out(i, {zeros({1})}, 0); }, ErrorKind::Type, "out");
  expect_error([] { cat({}); }, ErrorKind::Value, "tensors");
  expect_error([] { cat({zeros({2, 3}), zeros({2, 4})}); }, ErrorKind::Value, "tensors");
  expect_error([] { cat({zeros({2, 3}), zeros({3})}); }, ErrorKind::Value, "tensors");
  expect_error([] { cat({zeros({})}); }, ErrorKind::Value, "tensors");
  expect_error([] { cat({zeros({2})}, 1); }, ErrorKind::Index, "dim");
}

TEST(Construct, Reshape) {
  for (DType dt : all_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    const std::vector<double> v = patterned({2, 6}, dt);
    const Tensor c = make(v, {2, 6}, dt);
    const Tensor r = reshape(c, {3, -1});
    expect_tensor(r, dt, {3, 4}, v);
    EXPECT_EQ(r.data_ptr(), c.data_ptr()) << "a view";
    const Tensor t = make(v, {2, 6}, dt, Layout::Transposed);
    expect_tensor(t.reshape({12}), dt, {12}, v);
    expect_tensor(t.reshape({2, 6}), dt, {2, 6}, v);
    EXPECT_EQ(t.reshape({2, 6}).data_ptr(), t.data_ptr()) << "same shape: a view";
    const Tensor n = make(v, {2, 6}, dt, Layout::Narrowed);
    expect_tensor(n.reshape({2, 3, 2}), dt, {2, 3, 2}, v);
    EXPECT_EQ(n.reshape({2, 3, 2}).data_ptr(), n.data_ptr()) << "splitting a dim keeps a view";
    expect_tensor(reshape(make({v[0]}, {}, dt), {1, 1}), dt, {1, 1}, {v[0]});
    expect_tensor(reshape(make({v[0]}, {1}, dt), {}), dt, {}, {v[0]});
    expect_tensor(reshape(empty({0, 3}, dt), {3, 0, 5}), dt, {3, 0, 5}, {});
  }
  expect_error([] { reshape(zeros({2, 3}), {4}); }, ErrorKind::Value, "shape");
  expect_error([] { reshape(zeros({2, 3}), {-1, -1}); }, ErrorKind::Value, "shape");
  expect_error([] { reshape(zeros({0}), {-1, 0}); }, ErrorKind::Value, "shape");
}

TEST(Construct, Equal) {
  for (DType dt : all_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    const std::vector<double> v = patterned({3, 4}, dt);
    EXPECT_TRUE(equal(make(v, {3, 4}, dt), make(v, {3, 4}, dt, Layout::Transposed)));
    std::vector<double> w = v;
    w[7] = dt == DType::Bool ? 1 - w[7] : w[7] + 1;
    EXPECT_FALSE(make(v, {3, 4}, dt).equal(make(w, {3, 4}, dt, Layout::Narrowed)));
    EXPECT_FALSE(equal(make(v, {3, 4}, dt), make(v, {12}, dt)));
    EXPECT_TRUE(equal(empty({0, 2}, dt), empty({0, 2}, dt)));
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(equal(from_vector<double>({nan}, {1}), from_vector<double>({nan}, {1})));
  EXPECT_TRUE(equal(from_vector<double>({-0.0}, {1}), from_vector<double>({0.0}, {1})));
  expect_error([] { equal(zeros({2}), zeros({2}, kInt)); }, ErrorKind::Type, "other");
}

// Torch7's randperm loop written out over std::mt19937, whose seeding and
// output the C++ standard fixes (THConstruct.Randperm checks ember's
// stream against the standard's value).
std::vector<double> ref_randperm(int64_t n, uint32_t seed) {
  std::mt19937 engine(seed);
  std::vector<double> p(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) p[i] = static_cast<double>(i);
  for (int64_t i = 0; i < n - 1; ++i) {
    const int64_t z = static_cast<int64_t>(engine() % static_cast<uint32_t>(n - i));
    std::swap(p[i], p[i + z]);
  }
  return p;
}

TEST(Construct, Randperm) {
  for (DType dt : numeric_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    for (int64_t n : {0, 1, 2, 7, 100}) {
      rt::manual_seed(rt::default_generator(), 1234);
      expect_tensor(randperm(n, dt), dt, {n}, ref_randperm(n, 1234));
    }
    // out= keeps out's layout and dtype; a permutation either way
    Tensor out = make({9, 9, 9}, {3}, dt, Layout::Narrowed);
    randperm_out(out, 40);
    std::vector<double> got = values_of(out);
    std::sort(got.begin(), got.end());
    for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], static_cast<double>(i));
  }
  EXPECT_EQ(randperm(3).dtype(), kLong);
  // the default generator moves on: two draws of 50 differ (1 in 50! to fail)
  EXPECT_FALSE(equal(randperm(50), randperm(50)));
  // the largest n each dtype holds exactly
  EXPECT_EQ(randperm(2049, kHalf).numel(), 2049);
  EXPECT_EQ(randperm(257, kBFloat16).numel(), 257);
  expect_error([] { randperm(2050, kHalf); }, ErrorKind::Value, "n");
  expect_error([] { randperm(258, kBFloat16); }, ErrorKind::Value, "n");
  expect_error([] { randperm(129, kChar); }, ErrorKind::Value, "n");
  expect_error([] { randperm(-1); }, ErrorKind::Value, "n");
  try {
    randperm(2, kBool);
    ADD_FAILURE() << "randperm of bool";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Type);
  }
}

}  // namespace
}  // namespace ember::test
