// The CUDA kernels' element code run on the host: the operand plans built
// from tensors (dimension collapsing, numbers travelling in the kernel's
// parameters, the kept and reduced dims of a reduction) and each element's
// offsets and conversion, exactly as kernels/cuda/pointwise.cuh and
// reduce.cuh run them on a GPU, compared with the CPU engine's results for
// the same op. So the indexing that CUDA kernels use is tested on every
// machine, GPU or not.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ember/tensor.h"
#include "kernels/cuda/device_operands.h"
#include "kernels/cuda/reduce_operands.h"
#include "kernels/reducers.h"
#include "runtime/ops/reduce_plan.h"
#include "runtime/ops/tensor_operands.h"

namespace {

using ember::DType;
using ember::Tensor;
namespace kc = ember::kernels::cuda;

// out = f(a, b) element by element through the device path; `b_value`:
// b is a number at a host address instead (its bit in host_values).
template <class T, class OutT, class F>
void run_on_host(const Tensor& out, const Tensor& a, const Tensor* b, const T* b_value, const F& f) {
  ember::kernels::Operands<3> ops;
  ember::rt::set_loop_shape(ops, out.sizes());
  ember::rt::set_operand(ops, 0, out.impl());
  ember::rt::set_operand(ops, 1, a.impl());
  if (b) ember::rt::set_operand(ops, 2, b->impl());
  else ember::rt::set_scalar_operand(ops, 2, b_value);
  const int bytes[3] = {sizeof(OutT), sizeof(T), sizeof(T)};
  kc::DeviceOperands<3> d;
  ASSERT_TRUE(kc::make_device_operands(ops, b ? 0u : 4u, bytes, &d));
  if (!b) {
    EXPECT_EQ(d.data[2], nullptr);  // the value is in the parameters, not at the host address
  }
  for (int64_t i = 0; i < out.numel(); ++i) {
    if (d.ndim == 1) kc::pointwise_element<OutT, T, 2, true>(d, i, f);
    else kc::pointwise_element<OutT, T, 2, false>(d, i, f);
  }
}

std::vector<Tensor> layouts(const Tensor& t) {  // t is 3 x 4 x 5
  return {t, t.transpose(0, 2).contiguous().transpose(0, 2), t.narrow(2, 1, 3).contiguous().expand({3, 4, 3}),
          t.select(1, 2).unsqueeze(1).expand({3, 4, 5}), t.flip({1})};
}

TEST(DeviceOperands, AddOverEveryLayoutMatchesTheCpuEngine) {
  const Tensor base = ember::arange(60, DType::Float).reshape({3, 4, 5}).mul(0.25);
  const Tensor other = ember::arange(60, DType::Float).reshape({3, 4, 5}).remainder(7);
  for (const Tensor& a : layouts(base)) {
    for (const Tensor& b : layouts(other)) {
      if (a.sizes() != b.sizes()) continue;
      const Tensor expected = ember::add(a, b, 3);
      for (const Tensor& out : {ember::empty(a.sizes(), DType::Float),
                                ember::empty({a.size(2), a.size(1), a.size(0)}, DType::Float).permute({2, 1, 0})}) {
        run_on_host<float, float>(out, a, &b, nullptr, [](float x, float y) { return x + 3.0f * y; });
        EXPECT_TRUE(ember::equal(out, expected));
      }
    }
  }
}

TEST(DeviceOperands, BroadcastsAndHostNumbers) {
  const Tensor a = ember::arange(12, DType::Double).reshape({3, 4}).sub(5);
  const Tensor row = ember::arange(4, DType::Double).mul(-1.5).expand({3, 4});
  Tensor out = ember::empty({3, 4}, DType::Double);
  run_on_host<double, double>(out, a, &row, nullptr, [](double x, double y) { return x * y; });
  EXPECT_TRUE(ember::equal(out, ember::mul(a, row)));
  const double value = 2.5;
  run_on_host<double, double>(out, a.t().contiguous().t(), nullptr, &value, [](double x, double y) { return x - y; });
  EXPECT_TRUE(ember::equal(out, ember::sub(a, 2.5)));
}

TEST(DeviceOperands, ConversionsFollowTheCpuRule) {
  // int8 wraps; Half computes in float and rounds back; comparisons give bool.
  const Tensor c = ember::arange(-128, 128, 1, DType::Char).reshape({16, 16});
  Tensor out_c = ember::empty({16, 16}, DType::Char);
  run_on_host<int8_t, int8_t>(out_c, c, &c, nullptr, [](int8_t x, int8_t y) { return static_cast<int8_t>(x * y); });
  EXPECT_TRUE(ember::equal(out_c, ember::mul(c, c)));

  const Tensor h = ember::arange(64, DType::Float).mul(0.37).to(DType::Half).reshape({8, 8});
  const Tensor h2 = ember::add(h.flip({1}), 1);
  Tensor out_h = ember::empty({8, 8}, DType::Half);
  run_on_host<ember::Half, ember::Half>(out_h, h, &h2, nullptr, [](float x, float y) { return x / y; });
  EXPECT_TRUE(ember::equal(out_h, ember::div(h, h2)));

  const Tensor f = ember::arange(20, DType::Float).remainder(6).reshape({4, 5});
  const Tensor g = f.flip({0});
  Tensor out_b = ember::empty({4, 5}, DType::Bool);
  run_on_host<float, bool>(out_b, f, &g, nullptr, [](float x, float y) { return x < y; });
  EXPECT_TRUE(ember::equal(out_b, ember::lt(f, g)));
}

TEST(DeviceOperands, TooManyDimsAfterCollapsingAreRefused) {
  // 17 dims whose strides no neighbour can merge with.
  ember::kernels::Operands<2> ops;
  ops.ndim = kc::kMaxDims + 1;
  int64_t stride = 8;
  for (int d = ops.ndim - 1; d >= 0; --d, stride *= 3) {
    ops.shape[d] = 2;
    ops.strides[0][d] = ops.strides[1][d] = stride;
  }
  ops.data[0] = ops.data[1] = nullptr;
  const int bytes[2] = {8, 8};
  kc::DeviceOperands<2> d;
  EXPECT_FALSE(kc::make_device_operands(ops, 0u, bytes, &d));
  ops.ndim = kc::kMaxDims;  // the outer 16 of them fit
  EXPECT_TRUE(kc::make_device_operands(ops, 0u, bytes, &d));
  EXPECT_EQ(d.ndim, kc::kMaxDims);
}

// out = reduce(self along dim) through the reduction plan: each output's
// slice cut into `chunks` parts combined separately and merged in order,
// as the CUDA kernels split long slices.
template <class T, class OutT, class R>
void reduce_on_host(const Tensor& out, const Tensor& self, int dim, const R& r, int64_t chunks) {
  ember::kernels::Operands<2> ops;
  ember::rt::set_reduce_operands<2>(ops, self.impl(), dim, true, {out.impl()});
  kc::ReduceOperands<1> p;
  ASSERT_TRUE(kc::make_reduce_operands(ops, dim, &p));
  ASSERT_EQ(p.outputs(), out.numel());
  const int64_t per_chunk = (p.length + chunks - 1) / chunks;
  for (int64_t j = 0; j < p.outputs(); ++j) {
    int64_t out_off[1], in_off;
    p.offsets(j, out_off, in_off);
    auto acc = r.identity();
    for (int64_t c = 0; c < chunks; ++c) {
      const int64_t begin = c * per_chunk, end = std::min(begin + per_chunk, p.length);
      auto part = r.identity();
      for (int64_t lane = 0; lane < 3; ++lane)  // three lanes, every third element each
        part = r.merge(part, kc::reduce_range<T>(p, r, r.identity(), in_off, begin + lane, end, 3));
      acc = r.merge(acc, part);
    }
    kc::reduce_store<OutT>(p, r, out_off[0], acc);
  }
}

// (values, indices) = the best of self along dim through the index plan:
// `lanes` interleaved partial bests merged in the order `merge_order`
// gives (merge_best must not care).
void best_on_host(const Tensor& values, const Tensor& indices, const Tensor& self, int dim, int lanes, bool reversed) {
  ember::kernels::Operands<3> ops;
  ember::rt::set_reduce_operands<3>(ops, self.impl(), dim, false, {values.impl(), indices.impl()});
  kc::ReduceOperands<2> p;
  ASSERT_TRUE(kc::make_reduce_operands(ops, dim, &p));
  const auto greater = [](float a, float b) { return a > b; };
  for (int64_t j = 0; j < p.outputs(); ++j) {
    int64_t out_off[2], in_off;
    p.offsets(j, out_off, in_off);
    kc::Best<float> best{0, -1};
    for (int l = 0; l < lanes; ++l) {
      const int lane = reversed ? lanes - 1 - l : l;
      best = kc::merge_best(best, kc::best_of_range<float>(p, greater, kc::Best<float>{0, -1}, in_off, lane, p.length, lanes),
                            greater);
    }
    kc::store_best<float>(p, out_off, best);
  }
}

TEST(DeviceOperands, ReductionsAlongEachDimMatchTheCpuEngine) {
  const Tensor x = ember::arange(120, DType::Long).remainder(17).sub(8).reshape({4, 5, 6});
  for (const Tensor& self : {x, x.transpose(0, 2).contiguous().transpose(0, 2), x.flip({1})}) {
    for (int dim = 0; dim < 3; ++dim) {
      for (int64_t chunks : {1, 2, 4}) {
        Tensor out = ember::empty(ember::sum(self, dim, true).sizes(), DType::Long);
        reduce_on_host<int64_t, int64_t>(out, self, dim, ember::kernels::Sum<int64_t>{}, chunks);
        EXPECT_TRUE(ember::equal(out, ember::sum(self, dim, true))) << dim << " " << chunks;
      }
    }
  }
  // NaN propagates through max however the slice is split.
  Tensor f = ember::arange(30, DType::Float).reshape({5, 6});
  f.select(0, 3).select(0, 2).fill_(std::nanf(""));
  Tensor out = ember::empty({1, 6}, DType::Float);
  reduce_on_host<float, float>(out, f, 0, ember::kernels::Max<float>{}, 2);
  EXPECT_TRUE(ember::allclose(out, ember::amax(f, {0}, true), 0, 0, true));
  // Variance: the merge of partial moments gives the one-pass result.
  const Tensor d = ember::arange(40, DType::Double).mul(0.37).sin().reshape({8, 5});
  Tensor var = ember::empty({8, 1}, DType::Double);
  reduce_on_host<double, double>(var, d, 1, ember::kernels::Variance<double>{1.0, false}, 2);
  EXPECT_TRUE(ember::allclose(var, ember::var(d, 1, true, true), 1e-12, 1e-15));
}

TEST(DeviceOperands, BestWithIndicesIsTheSameInAnyMergeOrder) {
  // Ties (the first position wins) and NaNs (the first NaN wins).
  Tensor x = ember::arange(7 * 9, DType::Float).remainder(5).reshape({7, 9});
  x.select(0, 2).select(0, 6).fill_(std::nanf(""));
  x.select(0, 5).select(0, 6).fill_(std::nanf(""));
  for (int dim = 0; dim < 2; ++dim) {
    const auto [want_v, want_i] = ember::max(x, dim);
    for (int lanes : {1, 2, 4}) {
      for (bool reversed : {false, true}) {
        Tensor v = ember::empty(want_v.sizes(), DType::Float), i = ember::empty(want_i.sizes(), DType::Long);
        best_on_host(v, i, x, dim, lanes, reversed);
        EXPECT_TRUE(ember::allclose(v, want_v, 0, 0, true)) << dim << " " << lanes;
        EXPECT_TRUE(ember::equal(i, want_i)) << dim << " " << lanes << " " << reversed;
      }
    }
  }
}

TEST(DeviceOperands, AReductionOfEveryDimHasOneOutput) {
  const Tensor x = ember::arange(24, DType::Int).reshape({2, 3, 4}).transpose(0, 2);  // folded as run_reduce_dims folds it
  const Tensor folded = x.contiguous().reshape({24});
  Tensor out = ember::empty({1}, DType::Long);
  reduce_on_host<int32_t, int64_t>(out, folded, 0, ember::kernels::Sum<int32_t>{}, 3);
  EXPECT_EQ(out.item<int64_t>(), 276);  // 0 + 1 + ... + 23
}

}  // namespace
