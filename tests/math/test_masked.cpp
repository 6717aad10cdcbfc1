// masked_fill, masked_scatter, masked_select and nonzero through the C++
// API (schemas/math/indexing.yaml), for every dtype, bool and uint8 masks,
// broadcast masks and non-contiguous tensors, against naive loops.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "ember/tensor.h"
#include "index_test_util.h"
#include "runtime_test_util.h"

namespace ember::test {
namespace {

// A mask of `shape` (bool or uint8) set where (i * 5 + seed) % 3 == 0.
std::vector<double> mask_values(const Shape& shape, int64_t seed = 0) {
  std::vector<double> m(static_cast<size_t>(count(shape)));
  for (size_t i = 0; i < m.size(); ++i) m[i] = (static_cast<int64_t>(i) * 5 + seed) % 3 == 0;
  return m;
}

TEST(Masked, Fill) {
  const Shape shape{3, 5};
  for (DType dt : all_dtypes()) {
    const std::vector<double> v = patterned(shape, dt);
    const double value = dt == DType::Bool ? 1 : 4;
    for (Layout layout : all_layouts()) {
      for (DType mdt : {DType::Bool, DType::Byte}) {
        SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout) + ", mask " + dtype_name(mdt));
        const std::vector<double> m = mask_values(shape);
        std::vector<double> want = v;
        for (size_t i = 0; i < v.size(); ++i)
          if (m[i]) want[i] = value;
        Tensor self = make(v, shape, dt, layout);
        Tensor& r = self.masked_fill_(make(m, shape, mdt, layout), Scalar(value));
        EXPECT_TRUE(r.is_same(self));
        expect_tensor(self, dt, shape, want);
        const Tensor fresh = make(v, shape, dt, layout);
        expect_tensor(masked_fill(fresh, make(m, shape, mdt), make({value}, {}, dt)), dt, shape, want);
        expect_tensor(fresh, dt, shape, v);
      }
    }
  }
}

TEST(Masked, FillLayouts) {
  for (DType dt : all_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    const double value = dt == DType::Bool ? 1 : 2;
    // in place: a [5] mask broadcast over the rows of self
    const Shape shape{3, 5};
    const std::vector<double> v = patterned(shape, dt), m = mask_values({5}, 1);
    std::vector<double> want = v;
    for (int64_t i = 0; i < 15; ++i)
      if (m[i % 5]) want[i] = value;
    Tensor self = make(v, shape, dt, Layout::Transposed);
    self.masked_fill_(make(m, {5}, DType::Bool), Scalar(value));
    expect_tensor(self, dt, shape, want);
    // the function form broadcasts self too: [3, 1] with a [5] mask gives [3, 5]
    const std::vector<double> col = patterned({3, 1}, dt);
    std::vector<double> want2(15);
    for (int64_t i = 0; i < 15; ++i) want2[i] = m[i % 5] ? value : col[i / 5];
    expect_tensor(masked_fill(make(col, {3, 1}, dt), make(m, {5}, DType::Bool), Scalar(value)), dt, shape, want2);
    // a 0-dim mask, an empty tensor
    Tensor s = make(v, shape, dt);
    s.masked_fill_(make({1}, {}, DType::Bool), Scalar(value));
    expect_tensor(s, dt, shape, std::vector<double>(15, value));
    Tensor e = empty({0, 3}, dt);
    e.masked_fill_(empty({0, 3}, DType::Bool), Scalar(value));
    EXPECT_EQ(e.numel(), 0);
  }
  // NaN and infinity values
  Tensor f = zeros({2});
  f.masked_fill_(from_vector<bool>({true, false}, {2}), std::numeric_limits<double>::quiet_NaN());
  EXPECT_TRUE(std::isnan(values_of(f)[0]));
  EXPECT_EQ(values_of(f)[1], 0);
}

TEST(Masked, Scatter) {
  const Shape shape{3, 4};
  for (DType dt : all_dtypes()) {
    const std::vector<double> v = patterned(shape, dt), src = patterned({4, 4}, dt, 2);
    for (Layout layout : all_layouts()) {
      for (DType mdt : {DType::Bool, DType::Byte}) {
        SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout) + ", mask " + dtype_name(mdt));
        const std::vector<double> m = mask_values(shape, 2);
        std::vector<double> want = v;
        size_t k = 0;
        for (size_t i = 0; i < v.size(); ++i)
          if (m[i]) want[i] = src[k++];
        Tensor self = make(v, shape, dt, layout);
        self.masked_scatter_(make(m, shape, mdt, layout), make(src, {4, 4}, dt, layout));
        expect_tensor(self, dt, shape, want);
        expect_tensor(masked_scatter(make(v, shape, dt), make(m, shape, mdt), make(src, {4, 4}, dt)), dt, shape, want);
      }
    }
    // a broadcast mask: the k-th set position in row-major order of self
    const std::vector<double> m = {1, 0, 0, 1};
    std::vector<double> want = v;
    size_t k = 0;
    for (size_t i = 0; i < v.size(); ++i)
      if (m[i % 4]) want[i] = src[k++];
    Tensor self = make(v, shape, dt, Layout::Transposed);
    self.masked_scatter_(make(m, {4}, DType::Bool), make(src, {16}, dt));
    expect_tensor(self, dt, shape, want);
  }
}

TEST(Masked, Select) {
  for (DType dt : all_dtypes()) {
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout));
      // self [4, 1] and mask [3] broadcast to [4, 3]
      const std::vector<double> v = patterned({4, 3}, dt), m = mask_values({4, 3}, 1);
      std::vector<double> want;
      for (size_t i = 0; i < v.size(); ++i)
        if (m[i]) want.push_back(v[i]);
      expect_tensor(masked_select(make(v, {4, 3}, dt, layout), make(m, {4, 3}, DType::Byte, layout)), dt,
                    {static_cast<int64_t>(want.size())}, want);
      const std::vector<double> col = patterned({4, 1}, dt), row = {1, 0, 1};
      std::vector<double> want2;
      for (int64_t i = 0; i < 12; ++i)
        if (row[i % 3]) want2.push_back(col[i / 3]);
      Tensor out = make(std::vector<double>(8, 0), {8}, dt, Layout::Narrowed);
      masked_select_out(out, make(col, {4, 1}, dt, layout), make(row, {3}, DType::Bool));
      expect_tensor(out, dt, {8}, want2);
    }
    expect_tensor(masked_select(make({3}, {}, dt), make({0}, {}, DType::Bool)), dt, {0}, {});
    expect_tensor(empty({0, 2}, dt).masked_select(ones({2}, kBool)), dt, {0}, {});
  }
}

TEST(Masked, Nonzero) {
  for (DType dt : all_dtypes()) {
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(std::string(dtype_name(dt)) + ", " + layout_name(layout));
      const Shape shape{3, 2, 4};
      const std::vector<double> v = patterned(shape, dt, 1);
      std::vector<double> want;
      int64_t n = 0;
      for (int64_t i = 0; i < count(shape); ++i)
        if (v[i] != 0) {
          for (int64_t c : unravel(i, shape)) want.push_back(static_cast<double>(c));
          ++n;
        }
      expect_tensor(nonzero(make(v, shape, dt, layout)), kLong, {n, 3}, want);
      Tensor out = make(std::vector<double>(static_cast<size_t>(n * 3), 0), {n, 3}, kLong, Layout::Transposed);
      nonzero_out(out, make(v, shape, dt, layout));
      expect_tensor(out, kLong, {n, 3}, want);
    }
    expect_tensor(nonzero(make({1}, {}, dt)), kLong, {1, 0}, {});
    expect_tensor(nonzero(make({0}, {}, dt)), kLong, {0, 0}, {});
    expect_tensor(nonzero(empty({2, 0}, dt)), kLong, {0, 2}, {});
  }
  // -0.0 is zero; NaN and denormals (where the dtype keeps them) are not
  for (DType dt : {kFloat, kDouble, kHalf, kBFloat16}) {
    SCOPED_TRACE(dtype_name(dt));
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Tensor t = from_vector<double>({-0.0, nan, 0.0, 1e-40, -2, 6e-8}, {6}).to(dt);
    std::vector<double> want;
    const std::vector<double> v = values_of(t);
    for (size_t i = 0; i < v.size(); ++i)
      if (v[i] != 0) want.push_back(static_cast<double>(i));
    EXPECT_GE(want.size(), 2u);
    expect_tensor(nonzero(t), kLong, {static_cast<int64_t>(want.size()), 1}, want);
  }
}

TEST(Masked, Errors) {
  Tensor self = from_vector<float>({1, 2, 3}, {3});
  expect_error([&] { self.masked_fill_(zeros({3}), 1); }, ErrorKind::Type, "mask", {"masked_fill", "bool or uint8", "float32"});
  expect_error([&] { self.masked_fill_(from_vector<uint8_t>({0, 2, 1}, {3}), 1); }, ErrorKind::Value, "mask", {"0 and 1"});
  expect_error([&] { self.masked_fill_(ones({2, 3}, kBool), 1); }, ErrorKind::Value, "mask", {"broadcast"});
  expect_error([&] { self.masked_fill_(ones({3}, kBool), zeros({1})); }, ErrorKind::Value, "value");
  expect_error([&] { self.masked_scatter_(ones({3}, kBool), zeros({2})); }, ErrorKind::Value, "source", {"3 set elements"});
  expect_error([&] { self.masked_scatter_(ones({3}, kBool), zeros({3}, kLong)); }, ErrorKind::Type, "source");
  expect_error([&] { masked_select(self, ones({2}, kBool)); }, ErrorKind::Value, "mask");
  Tensor out = empty({0}, kLong);
  expect_error([&] { masked_select_out(out, self, ones({3}, kBool)); }, ErrorKind::Type, "out");
  Tensor fout = empty({0});
  expect_error([&] { nonzero_out(fout, self); }, ErrorKind::Type, "out");
  expect_error([&] { zeros({1}).expand({3}).masked_fill_(ones({3}, kBool), 1); }, ErrorKind::Value, "self");
  expect_tensor(self, kFloat, {3}, {1, 2, 3});
}

}  // namespace
}  // namespace ember::test
