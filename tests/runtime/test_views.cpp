// View ops (runtime/core/views.cpp and their generated C++ and TH C forms).
// Each view is checked against addresses from the naive row-major formula
// over its contiguous base (view_test_util.h), plus its strides and offset
// worked out by hand, a write through the view read back through the base,
// negative dims, and every error with its kind and argument. The TH forms
// are checked for Float, Half and Bool (th_view_checks.h).
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "ember/tensor.h"
#include "runtime_test_util.h"
#include "th_view_checks.h"
#include "view_test_util.h"

namespace ember {
namespace {

using test::expect_error;
using test::expect_view_of;
using test::Index;
using V = std::vector<int64_t>;

// A contiguous float tensor whose element k holds k.
Tensor iota(IntList sizes) {
  Tensor t = empty(sizes, DType::Float);
  float* p = t.data<float>();
  for (int64_t k = 0; k < t.numel(); ++k) p[k] = static_cast<float>(k);
  return t;
}

float at(const Tensor& base, int64_t k) { return base.data<float>()[k]; }

// Both visit the same memory in the same row-major order.
void expect_same_elements(const Tensor& view, const Tensor& src) {
  ASSERT_EQ(view.numel(), src.numel());
  std::vector<const char*> a, b;
  test::for_each_index(view.shape(), [&](const Index& i) { a.push_back(test::address(view, i)); });
  test::for_each_index(src.shape(), [&](const Index& i) { b.push_back(test::address(src, i)); });
  EXPECT_EQ(a, b);
}

Tensor th_empty() { return Tensor::adopt(rt::tensor_new(DType::Float)); }

TEST(Views, Narrow) {
  Tensor base = iota({3, 4, 5});
  Tensor v = base.narrow(1, 1, 2);
  expect_view_of(v, base, {3, 2, 5}, [](const Index& i) { return Index{i[0], i[1] + 1, i[2]}; });
  EXPECT_EQ(v.strides().vec(), (V{20, 5, 1}));
  EXPECT_EQ(v.storage_offset(), 5);

  expect_view_of(base.narrow(-1, 2, 3), base, {3, 4, 3}, [](const Index& i) { return Index{i[0], i[1], i[2] + 2}; });
  expect_view_of(base.narrow(0, -2, 2), base, {2, 4, 5}, [](const Index& i) { return Index{i[0] + 1, i[1], i[2]}; });
  EXPECT_EQ(base.narrow(2, 5, 0).shape(), (V{3, 4, 0}));  // an empty slice at the end
  // Offsets add up through views of views.
  Tensor vv = base.narrow(2, 1, 3).narrow(0, 1, 2);
  EXPECT_EQ(vv.storage_offset(), 21);
  expect_view_of(vv, base, {2, 4, 3}, [](const Index& i) { return Index{i[0] + 1, i[1], i[2] + 1}; });

  v.fill_(-1);
  for (int64_t k = 0; k < base.numel(); ++k) {
    const int64_t j = k / 5 % 4;
    EXPECT_EQ(at(base, k), (j == 1 || j == 2) ? -1.0f : static_cast<float>(k)) << k;
  }

  expect_error([&] { base.narrow(3, 0, 1); }, ErrorKind::Index, "dim", {"narrow"});
  expect_error([&] { base.narrow(-4, 0, 1); }, ErrorKind::Index, "dim");
  expect_error([&] { base.narrow(2, 6, 0); }, ErrorKind::Index, "start");
  expect_error([&] { base.narrow(2, -6, 1); }, ErrorKind::Index, "start");
  expect_error([&] { base.narrow(2, 3, 3); }, ErrorKind::Index, "length", {"exceeds"});
  expect_error([&] { base.narrow(2, 0, -1); }, ErrorKind::Index, "length");
  expect_error([&] { th_empty().narrow(0, 0, 0); }, ErrorKind::Index, "self");
  expect_error([&] { scalar_tensor(1.0, DType::Float).narrow(0, 0, 1); }, ErrorKind::Index, "self");

  test::th_narrow_checks<THFloatTensor>();
  test::th_narrow_checks<THHalfTensor>();
  test::th_narrow_checks<THBoolTensor>();
}

TEST(Views, Slice) {
  // Expected positions from Python itself: list(range(7))[start:end:step].
  struct Case {
    std::optional<int64_t> start, end;
    int64_t step;
    V want;
  };
  const Case cases[] = {
      {std::nullopt, std::nullopt, 1, {0, 1, 2, 3, 4, 5, 6}},
      {std::nullopt, std::nullopt, 2, {0, 2, 4, 6}},
      {1, std::nullopt, 3, {1, 4}},
      {2, 5, 1, {2, 3, 4}},
      {-3, std::nullopt, 1, {4, 5, 6}},
      {std::nullopt, -2, 2, {0, 2, 4}},
      {-100, 100, 1, {0, 1, 2, 3, 4, 5, 6}},
      {5, 2, 1, {}},
      {7, std::nullopt, 1, {}},
      {3, 3, 1, {}},
      {-1, std::nullopt, 5, {6}},
      {0, 7, 7, {0}},
      {1, 7, 100, {1}},
      {std::nullopt, std::nullopt, int64_t{1} << 62, {0}},
  };
  Tensor base = iota({3, 7, 2});
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::Message() << "start " << c.start.value_or(-999) << " end " << c.end.value_or(-999)
                                      << " step " << c.step);
    Tensor v = base.slice(1, c.start, c.end, c.step);
    expect_view_of(v, base, {3, static_cast<int64_t>(c.want.size()), 2},
                   [&](const Index& i) { return Index{i[0], c.want[i[1]], i[2]}; });
    // Along dim 0 of a 1-d tensor, with a negative dim.
    Tensor vec = iota({7});
    expect_view_of(vec.slice(-1, c.start, c.end, c.step), vec, {static_cast<int64_t>(c.want.size())},
                   [&](const Index& i) { return Index{c.want[i[0]]}; });
  }
  Tensor v = base.slice(1, 1, std::nullopt, 3);
  EXPECT_EQ(v.strides().vec(), (V{14, 6, 1}));
  EXPECT_EQ(v.storage_offset(), 2);
  EXPECT_TRUE(base.slice().is_same_size(base));  // defaults: the whole of dim 0
  // Slices of slices compose: [1::2][1:] of 7 elements is 3, 5.
  Tensor vv = iota({7}).slice(0, 1, std::nullopt, 2).slice(0, 1);
  EXPECT_EQ(vv.shape(), (V{2}));
  EXPECT_EQ(vv.stride(0), 2);
  EXPECT_EQ(vv.storage_offset(), 3);
  // An empty dim slices to empty.
  EXPECT_EQ(iota({0, 3}).slice(0, 1, 5, 2).shape(), (V{0, 3}));

  v.fill_(-1);  // base[:, 1::3, :]
  for (int64_t k = 0; k < base.numel(); ++k) {
    const int64_t j = k / 2 % 7;
    EXPECT_EQ(at(base, k), (j == 1 || j == 4) ? -1.0f : static_cast<float>(k)) << k;
  }

  expect_error([&] { base.slice(1, 0, 2, 0); }, ErrorKind::Value, "step", {"slice", "positive"});
  expect_error([&] { base.slice(1, 0, 2, -1); }, ErrorKind::Value, "step");
  expect_error([&] { base.slice(3); }, ErrorKind::Index, "dim", {"slice"});
  expect_error([&] { base.slice(-4); }, ErrorKind::Index, "dim");
  expect_error([&] { scalar_tensor(1.0, DType::Float).slice(0); }, ErrorKind::Index, "self", {"0-dim"});
  expect_error([&] { th_empty().slice(0); }, ErrorKind::Index, "self");
}

TEST(Views, Select) {
  Tensor base = iota({3, 4, 5});
  Tensor v = base.select(1, 2);
  expect_view_of(v, base, {3, 5}, [](const Index& i) { return Index{i[0], 2, i[1]}; });
  EXPECT_EQ(v.strides().vec(), (V{20, 1}));
  EXPECT_EQ(v.storage_offset(), 10);
  Tensor last = base.select(0, -1);
  expect_view_of(last, base, {4, 5}, [](const Index& i) { return Index{2, i[0], i[1]}; });
  EXPECT_EQ(last.storage_offset(), 40);
  Tensor col = base.select(-1, 4);
  expect_view_of(col, base, {3, 4}, [](const Index& i) { return Index{i[0], i[1], 4}; });
  EXPECT_EQ(col.strides().vec(), (V{20, 5}));

  // From a 1-d tensor: a 0-dim tensor over that element.
  Tensor e = base.select(0, 1).select(0, 3).select(0, 2);
  EXPECT_TRUE(e.is_scalar());
  EXPECT_EQ(e.numel(), 1);
  EXPECT_EQ(e.storage_offset(), 20 + 15 + 2);
  EXPECT_EQ(e.item<float>(), 37.0f);

  v.fill_(-1);
  for (int64_t k = 0; k < base.numel(); ++k)
    EXPECT_EQ(at(base, k), k / 5 % 4 == 2 ? -1.0f : static_cast<float>(k)) << k;

  expect_error([&] { base.select(1, 4); }, ErrorKind::Index, "index", {"select"});
  expect_error([&] { base.select(1, -5); }, ErrorKind::Index, "index");
  expect_error([&] { base.select(3, 0); }, ErrorKind::Index, "dim");
  expect_error([&] { e.select(0, 0); }, ErrorKind::Index, "self");
  expect_error([&] { th_empty().select(0, 0); }, ErrorKind::Index, "self");
  expect_error([&] { iota({0}).select(0, 0); }, ErrorKind::Index, "index");

  test::th_select_checks<THFloatTensor>();
  test::th_select_checks<THHalfTensor>();
  test::th_select_checks<THBoolTensor>();
}

TEST(Views, Transpose) {
  Tensor base = iota({3, 4, 5});
  Tensor v = base.transpose(0, 2);
  expect_view_of(v, base, {5, 4, 3}, [](const Index& i) { return Index{i[2], i[1], i[0]}; });
  EXPECT_EQ(v.strides().vec(), (V{1, 5, 20}));
  EXPECT_EQ(v.storage_offset(), 0);
  expect_view_of(base.transpose(-1, 0), base, {5, 4, 3}, [](const Index& i) { return Index{i[2], i[1], i[0]}; });
  expect_view_of(base.transpose(1, 1), base, {3, 4, 5}, [](const Index& i) { return i; });
  Tensor s = scalar_tensor(2.0, DType::Float).transpose(0, -1);
  EXPECT_TRUE(s.is_scalar());

  v.select(0, 4).fill_(-1);  // v[4] is base[:, :, 4]
  for (int64_t k = 0; k < base.numel(); ++k) EXPECT_EQ(at(base, k), k % 5 == 4 ? -1.0f : static_cast<float>(k)) << k;

  expect_error([&] { base.transpose(3, 0); }, ErrorKind::Index, "dim0", {"transpose"});
  expect_error([&] { base.transpose(0, -4); }, ErrorKind::Index, "dim1");
  expect_error([&] { th_empty().transpose(0, 0); }, ErrorKind::Index, "self");

  test::th_transpose_checks<THFloatTensor>();
  test::th_transpose_checks<THHalfTensor>();
  test::th_transpose_checks<THBoolTensor>();
}

TEST(Views, T) {
  Tensor m = iota({3, 4});
  Tensor v = m.t();
  expect_view_of(v, m, {4, 3}, [](const Index& i) { return Index{i[1], i[0]}; });
  EXPECT_EQ(v.strides().vec(), (V{1, 4}));
  v.select(0, 0).fill_(-1);  // column 0 of m
  for (int64_t k = 0; k < m.numel(); ++k) EXPECT_EQ(at(m, k), k % 4 == 0 ? -1.0f : static_cast<float>(k)) << k;

  Tensor vec = iota({5});
  Tensor tv = vec.t();  // Torch7's t(): a vector comes back as it is
  EXPECT_FALSE(tv.is_same(vec));
  expect_view_of(tv, vec, {5}, [](const Index& i) { return i; });
  Tensor s = scalar_tensor(3, DType::Long).t();
  EXPECT_TRUE(s.is_scalar());
  EXPECT_EQ(s.item<int64_t>(), 3);

  expect_error([] { iota({2, 3, 4}).t(); }, ErrorKind::Value, "self", {"at most 2 dims"});
}

// PyTorch's in-place views: self itself takes the view's geometry, on the
// same storage, and an error leaves it as it was.
TEST(Views, InPlace) {
  const Tensor base = iota({2, 1, 3});
  Tensor x = base.view({2, 1, 3});
  EXPECT_TRUE(&x.transpose_(0, 2) == &x);
  expect_view_of(x, base, {3, 1, 2}, [](const Index& i) { return Index{i[2], 0, i[0]}; });
  x.squeeze_();
  expect_view_of(x, base, {3, 2}, [](const Index& i) { return Index{i[1], 0, i[0]}; });
  x.t_();
  expect_view_of(x, base, {2, 3}, [](const Index& i) { return Index{i[0], 0, i[1]}; });
  x.unsqueeze_(-1).swapaxes_(1, 2);
  expect_view_of(x, base, {2, 1, 3}, [](const Index& i) { return Index{i[0], 0, i[2]}; });
  x.squeeze_(1);
  expect_view_of(x, base, {2, 3}, [](const Index& i) { return Index{i[0], 0, i[1]}; });
  Tensor one = iota({1});
  one.squeeze_(0);
  EXPECT_TRUE(one.is_scalar());

  expect_error([&] { x.transpose_(0, 5); }, ErrorKind::Index, "dim1");
  expect_error([&] { iota({2, 3, 4}).t_(); }, ErrorKind::Value, "self", {"at most 2 dims"});
  expect_view_of(x, base, {2, 3}, [](const Index& i) { return Index{i[0], 0, i[1]}; });
}

TEST(Views, Permute) {
  Tensor base = iota({2, 3, 4});
  Tensor v = base.permute({2, 0, 1});
  expect_view_of(v, base, {4, 2, 3}, [](const Index& i) { return Index{i[1], i[2], i[0]}; });
  EXPECT_EQ(v.strides().vec(), (V{1, 12, 4}));
  EXPECT_EQ(v.storage_offset(), 0);
  expect_view_of(base.permute({-1, 0, -2}), base, {4, 2, 3}, [](const Index& i) { return Index{i[1], i[2], i[0]}; });
  expect_view_of(base.permute({0, 1, 2}), base, {2, 3, 4}, [](const Index& i) { return i; });
  EXPECT_TRUE(scalar_tensor(1, DType::Int).permute({}).is_scalar());

  v.select(0, 3).fill_(-1);  // base[:, :, 3]
  for (int64_t k = 0; k < base.numel(); ++k) EXPECT_EQ(at(base, k), k % 4 == 3 ? -1.0f : static_cast<float>(k)) << k;

  expect_error([&] { base.permute({0, 1}); }, ErrorKind::Value, "dims", {"permute", "2 dims for a 3-dim"});
  expect_error([&] { base.permute({0, 1, 2, 0}); }, ErrorKind::Value, "dims");
  expect_error([&] { base.permute({0, 0, 1}); }, ErrorKind::Value, "dims", {"twice"});
  expect_error([&] { base.permute({0, -3, 1}); }, ErrorKind::Value, "dims", {"twice"});
  expect_error([&] { base.permute({0, 1, 3}); }, ErrorKind::Index, "dims");
}

TEST(Views, Unfold) {
  Tensor vec = iota({7});
  Tensor w = vec.unfold(0, 3, 2);
  expect_view_of(w, vec, {3, 3}, [](const Index& i) { return Index{i[0] * 2 + i[1]}; });
  EXPECT_EQ(w.strides().vec(), (V{2, 1}));

  Tensor m = iota({3, 7});
  Tensor rows = m.unfold(1, 2, 3);
  expect_view_of(rows, m, {3, 2, 2}, [](const Index& i) { return Index{i[0], i[1] * 3 + i[2]}; });
  EXPECT_EQ(rows.strides().vec(), (V{7, 3, 1}));
  Tensor cols = m.unfold(0, 2, 1);
  expect_view_of(cols, m, {2, 7, 2}, [](const Index& i) { return Index{i[0] + i[2], i[1]}; });
  EXPECT_EQ(cols.strides().vec(), (V{7, 1, 7}));
  expect_view_of(m.unfold(-1, 7, 1), m, {3, 1, 7}, [](const Index& i) { return Index{i[0], i[2]}; });
  EXPECT_EQ(vec.unfold(0, 0, 1).shape(), (V{8, 0}));  // empty windows fit at every position
  Tensor one = scalar_tensor(5.0, DType::Float).unfold(0, 1, 1);
  EXPECT_EQ(one.shape(), (V{1}));
  EXPECT_EQ(one.item<float>(), 5.0f);

  // Overlapping windows share elements: a write shows up in both.
  cols.select(0, 1).select(1, 0).fill_(-1);  // m[1, :], the second row of window 1
  for (int64_t k = 0; k < m.numel(); ++k) EXPECT_EQ(at(m, k), k / 7 == 1 ? -1.0f : static_cast<float>(k)) << k;
  EXPECT_EQ(cols.select(0, 0).select(1, 1).select(0, 3).item<float>(), -1.0f);

  expect_error([&] { vec.unfold(0, 8, 1); }, ErrorKind::Value, "size", {"unfold", "exceeds"});
  expect_error([&] { vec.unfold(0, -1, 1); }, ErrorKind::Value, "size");
  expect_error([&] { vec.unfold(0, 2, 0); }, ErrorKind::Value, "step", {"positive"});
  expect_error([&] { vec.unfold(0, 2, -1); }, ErrorKind::Value, "step");
  expect_error([&] { m.unfold(2, 1, 1); }, ErrorKind::Index, "dim");
  expect_error([&] { th_empty().unfold(0, 1, 1); }, ErrorKind::Index, "self");

  test::th_unfold_checks<THFloatTensor>();
  test::th_unfold_checks<THHalfTensor>();
  test::th_unfold_checks<THBoolTensor>();
}

TEST(Views, Expand) {
  Tensor col = iota({3, 1});
  Tensor v = col.expand({2, 3, 4});
  expect_view_of(v, col, {2, 3, 4}, [](const Index& i) { return Index{i[1], 0}; });
  EXPECT_EQ(v.strides().vec(), (V{0, 1, 0}));
  EXPECT_EQ(v.storage_offset(), 0);
  expect_view_of(col.expand({-1, 4}), col, {3, 4}, [](const Index& i) { return Index{i[0], 0}; });
  expect_view_of(col.expand({3, 0}), col, {3, 0}, [](const Index& i) { return i; });
  Tensor s = scalar_tensor(7.0, DType::Float);
  Tensor sv = s.expand({2, 2});
  EXPECT_EQ(sv.strides().vec(), (V{0, 0}));
  EXPECT_EQ(sv.data_ptr(), s.data_ptr());
  Tensor same = iota({2, 3}).expand({2, 3});
  EXPECT_EQ(same.strides().vec(), (V{3, 1}));

  col.data<float>()[2] = -1;  // written in the base, seen at every expanded position
  test::for_each_index({2, 4}, [&](const Index& i) { EXPECT_EQ(*reinterpret_cast<const float*>(test::address(v, {i[0], 2, i[1]})), -1.0f); });

  expect_error([&] { col.expand({4}); }, ErrorKind::Value, "size", {"expand", "fewer dims"});
  expect_error([&] { col.expand({2, 4}); }, ErrorKind::Value, "size", {"size 3 of dim 0 cannot expand to 2"});
  expect_error([&] { col.expand({-1, 3, 4}); }, ErrorKind::Value, "size", {"leading"});
  expect_error([&] { col.expand({3, -2}); }, ErrorKind::Value, "size");

  test::th_expand_checks<THFloatTensor>();
  test::th_expand_checks<THHalfTensor>();
  test::th_expand_checks<THBoolTensor>();
}

TEST(Views, View) {
  Tensor base = iota({2, 3, 4});
  auto flat = [&](const std::vector<int64_t>& sizes) {
    return [sizes, &base](const Index& i) {
      int64_t k = 0;
      for (size_t d = 0; d < i.size(); ++d) k = k * sizes[d] + i[d];
      return Index{k / 12, k / 4 % 3, k % 4};
    };
  };
  Tensor v = base.view({4, 6});
  expect_view_of(v, base, {4, 6}, flat({4, 6}));
  EXPECT_EQ(v.strides().vec(), (V{6, 1}));
  Tensor inferred = base.view({2, -1, 2});
  expect_view_of(inferred, base, {2, 6, 2}, flat({2, 6, 2}));
  EXPECT_EQ(inferred.strides().vec(), (V{12, 2, 1}));
  expect_view_of(base.view({-1}), base, {24}, flat({24}));
  expect_view_of(base.view({1, 24, 1}), base, {1, 24, 1}, flat({1, 24, 1}));
  Tensor s = iota({1, 1}).view({});
  EXPECT_TRUE(s.is_scalar());
  EXPECT_EQ(iota({0, 3}).view({3, 0}).shape(), (V{3, 0}));
  Tensor back = scalar_tensor(4.0, DType::Float).view({1, 1});
  EXPECT_EQ(back.shape(), (V{1, 1}));

  v.select(0, 1).fill_(-1);  // flat elements 6..11
  for (int64_t k = 0; k < base.numel(); ++k)
    EXPECT_EQ(at(base, k), (k >= 6 && k < 12) ? -1.0f : static_cast<float>(k)) << k;

  expect_error([&] { base.view({5, 5}); }, ErrorKind::Value, "size", {"view", "invalid for a tensor of 24"});
  expect_error([&] { base.view({-1, -1}); }, ErrorKind::Value, "size", {"only one"});
  expect_error([&] { base.view({-2, -12}); }, ErrorKind::Value, "size");
  expect_error([&] { base.view({5, -1}); }, ErrorKind::Value, "size");
  expect_error([&] { base.view({}); }, ErrorKind::Value, "size");
  expect_error([] { iota({0, 3}).view({3, 0, -1}); }, ErrorKind::Value, "size");  // -1 could be anything

  test::th_view_checks<THFloatTensor>();
  test::th_view_checks<THHalfTensor>();
  test::th_view_checks<THBoolTensor>();
}

TEST(Views, ViewNonContiguous) {
  // The expected strides are PyTorch 1.13's for the same views; strides of
  // size-1 dims are not compared (any stride addresses a size-1 dim).
  auto expect_strides = [](const Tensor& t, const V& want) {
    ASSERT_EQ(t.dim(), static_cast<int64_t>(want.size()));
    for (int64_t d = 0; d < t.dim(); ++d) {
      if (t.size(d) != 1) {
        EXPECT_EQ(t.stride(d), want[d]) << "dim " << d;
      }
    }
  };

  Tensor tr = iota({2, 3}).t();
  expect_strides(tr.view({3, 2}), {1, 3});
  expect_strides(tr.view({3, 1, 2}), {1, 6, 3});
  expect_same_elements(tr.view({3, 1, 2}), tr);
  expect_error([&] { tr.view({6}); }, ErrorKind::Value, "size", {"not compatible with the strides"});
  expect_error([&] { tr.view({2, 3}); }, ErrorKind::Value, "size");

  Tensor nar = iota({4, 6}).narrow(1, 0, 3);
  expect_strides(nar.view({2, 2, 3}), {12, 6, 1});
  expect_same_elements(nar.view({2, 2, 3}), nar);
  expect_strides(nar.view({4, 3, 1}), {6, 1, 1});
  expect_error([&] { nar.view({12}); }, ErrorKind::Value, "size");

  Tensor ex = iota({1, 3}).expand({4, 3});
  Tensor exv = ex.view({2, 2, 3});
  expect_strides(exv, {0, 0, 1});
  expect_same_elements(exv, ex);
  expect_error([&] { ex.view({12}); }, ErrorKind::Value, "size");

  Tensor per = iota({2, 3, 4}).permute({1, 0, 2});
  expect_strides(per, {4, 12, 1});
  Tensor perv = per.view({3, 2, 2, 2});
  expect_strides(perv, {4, 12, 2, 1});
  expect_same_elements(perv, per);
  expect_error([&] { per.view({3, 8}); }, ErrorKind::Value, "size");

  // Size-1 dims with arbitrary strides do not break contiguity.
  Tensor odd = Tensor::adopt(rt::tensor_new_with_storage(DType::Float, iota({6}).storage().impl(), 0, {2, 1, 3}, {3, 99, 1}));
  expect_strides(odd.view({6}), {1});
  expect_strides(odd.view({3, 2}), {2, 1});
  expect_same_elements(odd.view({3, 2}), odd);

  // A write through a view of a non-contiguous tensor lands in the base.
  Tensor base = iota({4, 6});
  base.narrow(1, 0, 3).view({2, 2, 3}).select(0, 1).fill_(-1);  // rows 2 and 3, columns 0..2
  for (int64_t k = 0; k < base.numel(); ++k)
    EXPECT_EQ(at(base, k), (k / 6 >= 2 && k % 6 < 3) ? -1.0f : static_cast<float>(k)) << k;
}

TEST(Views, Squeeze) {
  Tensor base = iota({1, 3, 1, 2});
  Tensor all = base.squeeze();
  expect_view_of(all, base, {3, 2}, [](const Index& i) { return Index{0, i[0], 0, i[1]}; });
  EXPECT_EQ(all.strides().vec(), (V{2, 1}));
  expect_view_of(base.squeeze(0), base, {3, 1, 2}, [](const Index& i) { return Index{0, i[0], i[1], i[2]}; });
  expect_view_of(base.squeeze(-2), base, {1, 3, 2}, [](const Index& i) { return Index{i[0], i[1], 0, i[2]}; });
  Tensor kept = base.squeeze(1);  // size 3: nothing to remove
  EXPECT_FALSE(kept.is_same(base));
  expect_view_of(kept, base, {1, 3, 1, 2}, [](const Index& i) { return i; });
  Tensor s = iota({1, 1}).squeeze();
  EXPECT_TRUE(s.is_scalar());
  EXPECT_TRUE(s.squeeze().is_scalar());
  EXPECT_TRUE(s.squeeze(0).is_scalar());
  Tensor none = th_empty().squeeze();
  EXPECT_EQ(none.dim(), 0);
  EXPECT_FALSE(none.is_scalar());

  all.select(1, 1).fill_(-1);
  for (int64_t k = 0; k < base.numel(); ++k) EXPECT_EQ(at(base, k), k % 2 == 1 ? -1.0f : static_cast<float>(k)) << k;

  expect_error([&] { base.squeeze(4); }, ErrorKind::Index, "dim", {"squeeze"});
  expect_error([&] { base.squeeze(-5); }, ErrorKind::Index, "dim");
  expect_error([&] { th_empty().squeeze(0); }, ErrorKind::Index, "self");

  test::th_squeeze_checks<THFloatTensor>();
  test::th_squeeze_checks<THHalfTensor>();
  test::th_squeeze_checks<THBoolTensor>();
}

TEST(Views, Unsqueeze) {
  Tensor base = iota({3, 2});
  struct Case {
    int64_t dim;
    V sizes, strides;
  };
  for (const Case& c : {Case{0, {1, 3, 2}, {6, 2, 1}}, Case{1, {3, 1, 2}, {2, 2, 1}}, Case{2, {3, 2, 1}, {2, 1, 1}},
                        Case{-1, {3, 2, 1}, {2, 1, 1}}, Case{-3, {1, 3, 2}, {6, 2, 1}}}) {
    Tensor v = base.unsqueeze(c.dim);
    const int64_t at_dim = c.dim < 0 ? c.dim + 3 : c.dim;
    expect_view_of(v, base, c.sizes, [at_dim](const Index& i) {
      Index j = i;
      j.erase(j.begin() + at_dim);
      return j;
    });
    EXPECT_EQ(v.strides().vec(), c.strides) << "dim " << c.dim;
  }
  Tensor s = scalar_tensor(1.5, DType::Float).unsqueeze(0);
  EXPECT_EQ(s.shape(), (V{1}));
  EXPECT_EQ(s.item<float>(), 1.5f);

  base.unsqueeze(1).select(2, 0).fill_(-1);  // column 0
  for (int64_t k = 0; k < base.numel(); ++k) EXPECT_EQ(at(base, k), k % 2 == 0 ? -1.0f : static_cast<float>(k)) << k;

  expect_error([&] { base.unsqueeze(3); }, ErrorKind::Index, "dim", {"unsqueeze"});
  expect_error([&] { base.unsqueeze(-4); }, ErrorKind::Index, "dim");

  test::th_unsqueeze_checks<THFloatTensor>();
  test::th_unsqueeze_checks<THHalfTensor>();
  test::th_unsqueeze_checks<THBoolTensor>();
}

// Views that add dims stop at EMBER_MAX_DIMS with the error every tensor
// of too many dims gets, naming the op, and build the largest one allowed.
TEST(Views, DimsStopAtTheLimit) {
  const V ones_max(EMBER_MAX_DIMS, 1), ones_over(EMBER_MAX_DIMS + 1, 1);
  Tensor full = iota({1}).view(ones_max);
  EXPECT_EQ(full.dim(), EMBER_MAX_DIMS);
  V wide = ones_max;
  wide.back() = 2;
  EXPECT_EQ(iota({2}).expand(wide).shape(), wide);
  expect_error([&] { full.unsqueeze(0); }, ErrorKind::Value, "", {"unsqueeze", "at most"});
  expect_error([&] { full.unfold(0, 1, 1); }, ErrorKind::Value, "", {"unfold", "at most"});
  expect_error([&] { iota({1}).view(ones_over); }, ErrorKind::Value, "", {"view", "at most"});
  expect_error([&] { iota({1}).expand(ones_over); }, ErrorKind::Value, "", {"expand", "at most"});
  EXPECT_EQ(full.dim(), EMBER_MAX_DIMS) << "left as it was";
}

}  // namespace
}  // namespace ember
