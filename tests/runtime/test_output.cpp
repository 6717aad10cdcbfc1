// The output rule (runtime/ops/output.h, Note [output aliasing]) and the
// overlap predicates it decides with, then the C++ and TH C calls that
// broke it before: results into an input, failed calls that touched their
// output, TH's empty tensor reaching a kernel, sizes beyond int64. Results
// are checked against the same call on copies or values worked out by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"
#include "runtime/core/memory_overlap.h"
#include "runtime/ops/output.h"
#include "runtime_test_util.h"
#include "th_test_util.h"

namespace ember {
namespace {

using test::expect_error;

Tensor floats(std::vector<float> values, IntList shape) {
  Tensor t = empty(shape, DType::Float);
  for (size_t k = 0; k < values.size(); ++k) t.data<float>()[k] = values[k];
  return t;
}

std::vector<float> values_of(const Tensor& t) {
  const Tensor c = t.contiguous();
  return std::vector<float>(c.data<float>(), c.data<float>() + c.numel());
}

// The geometry and values of a tensor, to compare before and after a call.
struct Snapshot {
  std::vector<int64_t> sizes, strides;
  int64_t offset;
  std::vector<float> values;
  explicit Snapshot(const Tensor& t)
      : sizes(t.shape()), strides(t.strides().vec()), offset(t.storage_offset()), values(values_of(t)) {}
  bool operator==(const Snapshot& o) const {
    return sizes == o.sizes && strides == o.strides && offset == o.offset && values == o.values;
  }
};

TEST(MemoryOverlap, AddressRangesDecide) {
  const Tensor a = empty({4, 4}, DType::Float);
  EXPECT_TRUE(rt::may_overlap(a.impl(), a.t().impl()));
  EXPECT_TRUE(rt::may_overlap(a.narrow(0, 0, 2).impl(), a.narrow(0, 1, 2).impl()));
  EXPECT_FALSE(rt::may_overlap(a.narrow(0, 0, 2).impl(), a.narrow(0, 2, 2).impl()));
  EXPECT_FALSE(rt::may_overlap(a.impl(), empty({4, 4}, DType::Float).impl()));
  EXPECT_FALSE(rt::may_overlap(a.narrow(0, 0, 0).impl(), a.impl()));  // no element, no byte
  // Conservative: rows 0 and 2 against row 1 interleave, yet count as overlapping.
  EXPECT_TRUE(rt::may_overlap(a.narrow(0, 1, 1).impl(), a.unfold(0, 1, 2).impl()));
}

TEST(MemoryOverlap, SameElementsIgnoresStridesOfSizeOneDims) {
  const Tensor a = empty({3, 1}, DType::Float);
  const Tensor b = a.t().t();
  EXPECT_TRUE(rt::same_elements(a.impl(), b.impl()));
  EXPECT_FALSE(rt::same_elements(a.impl(), a.view({1, 3}).impl()));
  EXPECT_FALSE(rt::same_elements(a.impl(), a.narrow(0, 1, 2).impl()));
}

TEST(Output, WritesTheCallersTensorWhenNothingOverlaps) {
  Tensor out = empty({0}, DType::Float);
  const Tensor in = floats({1, 2, 3}, {3});
  rt::Output o("op", &out, "out");
  const TensorBase& target = o.target({3}, DType::Float, {&in}, rt::Reads::Any);
  EXPECT_TRUE(target.is_same(out));  // resized in place, no copy
  EXPECT_EQ(out.shape(), (std::vector<int64_t>{3}));
}

TEST(Output, StagesWhenTheOutputOverlapsAnInput) {
  Tensor a = floats({1, 2, 3, 4}, {2, 2});
  rt::Output o("op", &a, "out");
  Tensor target(o.target({2}, DType::Float, {&a}, rt::Reads::Any));
  EXPECT_FALSE(target.is_same(a));
  EXPECT_EQ(a.shape(), (std::vector<int64_t>{2, 2}));  // untouched until finish()
  target.fill_(7);
  EXPECT_TRUE(o.finish().is_same(a));
  EXPECT_EQ(values_of(a), (std::vector<float>{7, 7}));
}

TEST(Output, AnElementwiseInputHoldingTheOutputsElementsIsRead) {
  Tensor a = floats({1, 2}, {2});
  rt::Output same("op", &a, "self");
  EXPECT_TRUE(same.target({2}, DType::Float, {&a}, rt::Reads::Elementwise).is_same(a));
  const Tensor t = a.view({1, 2}).t();
  rt::Output other("op", &a, "self");
  EXPECT_FALSE(other.target({2}, DType::Float, {&t}, rt::Reads::Elementwise).is_same(a));
}

TEST(Output, ExpandedOutputsAreRefused) {
  const Tensor e = floats({1}, {1}).expand({3});
  expect_error([&] { rt::Output("op", &e, "out"); }, ErrorKind::Value, "out");
}

TEST(Output, KeepValuesStartsFromTheCallersValues) {
  Tensor a = floats({1, 2, 3}, {3});
  rt::Output o("op", &a, "self");
  const Tensor target(o.target({3}, DType::Float, {&a}, rt::Reads::Any, true));
  EXPECT_FALSE(target.is_same(a));
  EXPECT_EQ(values_of(target), (std::vector<float>{1, 2, 3}));
}

// ---- the C++ API --------------------------------------------------------------

TEST(OutputAliasing, ReductionsIntoTheirInput) {
  Tensor a = floats({1, 2, 3, 4, 5, 6}, {3, 2});
  const Tensor expected = sum(a.clone(), 1);
  sum_out(a, a, 1);
  EXPECT_EQ(values_of(a), values_of(expected));
  Tensor b = floats({1, 5, 7, 2}, {2, 2});
  Tensor idx = empty({0}, DType::Long);
  max_out(b, idx, b, 1);
  EXPECT_EQ(values_of(b), (std::vector<float>{5, 7}));
  EXPECT_EQ(idx.data<int64_t>()[0], 1);
  EXPECT_EQ(idx.data<int64_t>()[1], 0);
}

TEST(OutputAliasing, MaskedFillWithAMaskInSelf) {
  Tensor a = empty({4}, DType::Byte);
  const uint8_t v[] = {0, 1, 0, 1};
  for (int k = 0; k < 4; ++k) a.data<uint8_t>()[k] = v[k];
  a.masked_fill_(a, 7);
  const uint8_t want[] = {0, 7, 0, 7};
  for (int k = 0; k < 4; ++k) EXPECT_EQ(a.data<uint8_t>()[k], want[k]);
}

TEST(OutputAliasing, FailedCallsLeaveTheOutputIntact) {
  Tensor o = floats({1, 2, 3, 4, 5}, {5});
  const Snapshot before(o);
  expect_error([&] { neg_out(o, empty({2}, DType::Bool)); }, ErrorKind::Type, "self");
  EXPECT_TRUE(Snapshot(o) == before);
  expect_error([&] { sum_out(o, floats({1, 2}, {2}), 3); }, ErrorKind::Index, "dim");
  EXPECT_TRUE(Snapshot(o) == before);
  Tensor i = empty({3}, DType::Long);
  i.fill_(9);
  expect_error([&] { remainder_out(i, ones({2}, DType::Long), zeros({2}, DType::Long)); }, ErrorKind::Value, "other");
  EXPECT_EQ(i.shape(), (std::vector<int64_t>{3}));
  EXPECT_EQ(i.data<int64_t>()[2], 9);
}

// Same-shape calls with out= take Note [small pointwise]'s path: an out
// that is an input, one shifted by an element over an input's storage,
// and a failing divisor check, against the same call on copies.
TEST(OutputAliasing, SameShapeOutThroughTheSmallPath) {
  const std::vector<float> xs = {1, 2, 3, 4, 5, 6}, ys = {0.5f, -1, 2, -3, 4, -5};
  auto sums = [](const std::vector<float>& a, const std::vector<float>& b) {
    std::vector<float> r(a.size());
    for (size_t k = 0; k < a.size(); ++k) r[k] = a[k] + b[k];
    return r;
  };
  {
    Tensor a = floats(xs, {6}), b = floats(ys, {6});
    add_out(a, a, b);
    EXPECT_EQ(values_of(a), sums(xs, ys));
    Tensor c = floats(xs, {6});
    add_out(b, c, b);
    EXPECT_EQ(values_of(b), sums(xs, ys));
  }
  for (int64_t shift : {-1, 1}) {
    Tensor whole = floats({0, 1, 2, 3, 4, 5, 6, 7}, {8}), b = floats(ys, {6});
    Tensor a = whole.narrow(0, 1, 6), out = whole.narrow(0, 1 + shift, 6);
    const std::vector<float> a_before = values_of(a);
    add_out(out, a, b);
    EXPECT_EQ(values_of(out), sums(a_before, ys)) << shift;
  }
  Tensor o = empty({3}, DType::Long);
  o.fill_(9);
  expect_error([&] { remainder_out(o, ones({3}, DType::Long), zeros({3}, DType::Long)); }, ErrorKind::Value, "other");
  EXPECT_EQ(o.data<int64_t>()[0], 9);
  EXPECT_EQ(o.data<int64_t>()[2], 9);
}

TEST(OutputAliasing, ExpandChecksTheElementCount) {
  const Tensor one = floats({1}, {1, 1});
  expect_error([&] { one.expand({int64_t{1} << 32, int64_t{1} << 32}); }, ErrorKind::Value, "size");
  EXPECT_EQ(one.expand({int64_t{1} << 31, int64_t{1} << 31}).numel(), int64_t{1} << 62);
}

TEST(OutputAliasing, NewBoolMemoryIsFalse) {
  const Tensor b = empty({64}, DType::Bool);
  for (int k = 0; k < 64; ++k) EXPECT_EQ(reinterpret_cast<const uint8_t*>(b.data_ptr())[k], 0);
}

// ---- TH's C API ------------------------------------------------------------------

TEST(THOutputAliasing, ReductionIntoItsInput) {
  test::THThrowingHandlers handlers;
  THFloatTensor* t = THFloatTensor_newWithSize2d(2, 3);
  for (int k = 0; k < 6; ++k) THFloatTensor_data(t)[k] = static_cast<float>(k);
  THFloatTensor_sum(t, t, 1, 0);
  ASSERT_EQ(THFloatTensor_nDimension(t), 1);
  EXPECT_EQ(THFloatTensor_get1d(t, 0), 3.0f);
  EXPECT_EQ(THFloatTensor_get1d(t, 1), 12.0f);
  THFloatTensor_free(t);
}

TEST(THOutputAliasing, DivisionByZeroLeavesTheResultIntact) {
  test::THThrowingHandlers handlers;
  THLongTensor* r = THLongTensor_newWithSize1d(3);
  THLongTensor* t = THLongTensor_newWithSize2d(2, 2);
  THLongTensor_fill(r, 5);
  THLongTensor_fill(t, 4);
  test::expect_th_error([&] { THLongTensor_div(r, t, 0); }, 3, "division by zero");
  EXPECT_EQ(THLongTensor_nDimension(r), 1);
  EXPECT_EQ(THLongTensor_size(r, 0), 3);
  EXPECT_EQ(THLongTensor_get1d(r, 2), 5);
  THLongTensor_free(r);
  THLongTensor_free(t);
}

TEST(THOutputAliasing, EmptyTensorsReachNoKernel) {
  test::THThrowingHandlers handlers;
  THCharTensor* r = THCharTensor_new();
  THCharTensor* t = THCharTensor_new();
  THCharTensor_cumprod(r, t, 0);
  EXPECT_EQ(THCharTensor_nElement(r), 0);
  THByteTensor* s = THByteTensor_new();
  THByteTensor* e = THByteTensor_new();
  THByteTensor_sum(s, e, 0, 0);
  EXPECT_EQ(THByteTensor_nElement(s), 1);
  EXPECT_EQ(THByteTensor_get1d(s, 0), 0);
  THCharTensor_free(r);
  THCharTensor_free(t);
  THByteTensor_free(s);
  THByteTensor_free(e);
}

// A 0-dim result and TH's empty tensor both have no sizes; the fuzzer
// found the contiguous shortcut (runtime/th/plan.h) taking them as one
// shape. TH resizes the result like the input: empty, as TH's.
TEST(THOutputAliasing, ZeroDimResultAndEmptyInput) {
  test::THThrowingHandlers handlers;
  Tensor r = zeros({}, DType::Byte);
  THByteTensor* e = THByteTensor_new();
  THByteTensor_cbitand(reinterpret_cast<THByteTensor*>(r.impl()), e, e);
  EXPECT_EQ(r.numel(), 0);
  EXPECT_EQ(THByteTensor_nElement(e), 0);
  THByteTensor_free(e);
}

TEST(THOutputAliasing, DiagOfItselfWithoutElements) {
  test::THThrowingHandlers handlers;
  // TH code has no [0 x 0] matrix (newWithSize2d(0, 0) is TH's empty
  // tensor); the C++ API has, and passes it to TH functions as it is.
  Tensor zero = empty({0, 0}, DType::Int);
  auto* t = reinterpret_cast<THIntTensor*>(zero.impl());
  THIntTensor_diag(t, t, 0);
  EXPECT_EQ(THIntTensor_nElement(t), 0);
  THIntTensor* none = THIntTensor_newWithSize2d(0, 0);
  test::expect_th_error([&] { THIntTensor_diag(none, none, 0); }, 2, "");
  EXPECT_EQ(THIntTensor_nDimension(none), 0);
  THIntTensor_free(none);
}

TEST(THOutputAliasing, CatChecksItsDimensionAndInputsFirst) {
  test::THThrowingHandlers handlers;
  THLongTensor* r = THLongTensor_newWithSize1d(2);
  THLongTensor_fill(r, 3);
  THLongTensor* a = THLongTensor_newWithSize1d(1);
  Tensor zero = empty({0}, DType::Long);  // a size-0 dim comes from the C++ API only
  auto* empty_rows = reinterpret_cast<THLongTensor*>(zero.impl());
  test::expect_th_error([&] { THLongTensor_cat(r, a, a, 1 << 30); }, 4, "invalid dimension");
  test::expect_th_error([&] { THLongTensor_cat(r, a, empty_rows, 1); }, 0, "does not fill");
  EXPECT_EQ(THLongTensor_size(r, 0), 2);
  EXPECT_EQ(THLongTensor_get1d(r, 1), 3);
  THLongTensor_free(r);
  THLongTensor_free(a);
}

TEST(THOutputAliasing, NewExpandChecksTheElementCount) {
  test::THThrowingHandlers handlers;
  THFloatTensor* t = THFloatTensor_newWithSize2d(1, 1);
  THLongStorage* size = test::longs({long{1} << 32, long{1} << 32});
  test::expect_th_error([&] { THFloatTensor_newExpand(t, size); }, 2, "2^63");
  THLongStorage_free(size);
  THFloatTensor_free(t);
}

TEST(THOutputAliasing, NullTensorsAreErrors) {
  test::THThrowingHandlers handlers;
  THFloatTensor* t = THFloatTensor_newWithSize1d(2);
  test::expect_th_error([&] { THFloatTensor_dist(t, nullptr, 2); }, 2, "NULL");
  THFloatTensor_free(t);
}

}  // namespace
}  // namespace ember
