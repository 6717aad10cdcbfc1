// The CUDA index kernels' per-thread work (kernels/cuda/index_loops.h) run
// on the host over host memory: the fiber split of a scatter (Note
// [scatter fibers]) walked fiber by fiber must give exactly the CPU
// scatter's result (the same last winner, sums in the same order, bit for
// bit), and the gather's elements the CPU gather's. So the GPU's
// traversal is tested on every machine, GPU or not.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/cuda/index_loops.h"
#include "kernels/gather.h"

namespace ember::kernels {
namespace {

namespace kc = ember::kernels::cuda;

// Operands over `shape` with byte strides per operand.
Operands<3> layout(const std::vector<int64_t>& shape, const std::vector<std::vector<int64_t>>& strides,
                   std::vector<char*> data) {
  Operands<3> ops;
  ops.ndim = static_cast<int>(shape.size());
  for (int d = 0; d < ops.ndim; ++d) {
    ops.shape[d] = shape[d];
    for (int k = 0; k < 3; ++k) ops.strides[k][d] = strides[k][d];
  }
  for (int k = 0; k < 3; ++k) ops.data[k] = data[k];
  return ops;
}

// Every fiber of the split of `ops`, one after another, as the GPU's
// threads would run them (they touch disjoint elements, so any order).
template <class T, class Combine>
kc::FiberSplit scatter_by_fibers(const Operands<3>& ops, const IndexedDim& dim, const Combine& combine,
                                 unsigned host_values = 0) {
  kc::FiberSplit split;
  EXPECT_TRUE(kc::split_fibers(in_order(ops), host_values, sizeof(T), &split));
  for (int64_t t = split.outer.numel(); t-- > 0;) kc::scatter_fiber<T>(split, t, split.fiber.numel(), dim, combine);
  return split;
}

// index_add_ along dim 0 of a [4, 3] float destination from a [6, 3]
// source stored transposed, with duplicate indices and values whose sum
// depends on its order.
TEST(CudaIndexLoops, IndexAddFibersSumInTheCpuOrder) {
  std::vector<float> src(18);
  for (size_t i = 0; i < src.size(); ++i) src[i] = (i % 3 == 0 ? 1e8f : 1.0f) * static_cast<float>(i + 1) * 0.37f;
  const std::vector<int64_t> index{2, 0, 2, 3, 2, 0};
  std::vector<float> cpu(12, 0.5f), gpu(12, 0.5f);
  const auto ops_for = [&](std::vector<float>& dst) {
    return layout({6, 3}, {{0, 4}, {4, 24}, {8, 0}},
                  {reinterpret_cast<char*>(dst.data()), reinterpret_cast<char*>(src.data()),
                   reinterpret_cast<char*>(const_cast<int64_t*>(index.data()))});
  };
  const IndexedDim dim{4, 12, 0, false};
  scatter<float>(ops_for(cpu), dim, AddScaled<float>{1.5f});
  const kc::FiberSplit split = scatter_by_fibers<float>(ops_for(gpu), dim, AddScaled<float>{1.5f});
  EXPECT_EQ(split.outer.numel(), 3) << "one thread per column";
  EXPECT_EQ(split.fiber.numel(), 6) << "each walks the indexed dim";
  EXPECT_EQ(std::memcmp(cpu.data(), gpu.data(), cpu.size() * sizeof(float)), 0);
  float want = 0.5f;  // column 0 of row 2, summed in index order
  for (int i : {0, 2, 4}) want = want + 1.5f * src[static_cast<size_t>(i)];  // (i, 0) of a column-major source
  EXPECT_EQ(gpu[6], want);
}

// scatter_ along dim 1 with a 2-d index: the last duplicate in row-major
// order wins, for every element size.
template <class S>
void check_scatter_assign() {
  const std::vector<int64_t> index{1, 1, 0, 3, 2, 2, 2, 0};  // [2, 4]
  std::vector<S> src(8);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<S>(i * 37 + 5);
  std::vector<S> cpu(8, S(9)), gpu(8, S(9));  // [2, 4]
  const auto ops_for = [&](std::vector<S>& dst) {
    const int64_t s = sizeof(S);
    return layout({2, 4}, {{4 * s, 0}, {4 * s, s}, {32, 8}},
                  {reinterpret_cast<char*>(dst.data()), reinterpret_cast<char*>(src.data()),
                   reinterpret_cast<char*>(const_cast<int64_t*>(index.data()))});
  };
  const IndexedDim dim{4, static_cast<int64_t>(sizeof(S)), 0, false};
  scatter<S>(ops_for(cpu), dim, Assign{});
  scatter_by_fibers<S>(ops_for(gpu), dim, Assign{});
  EXPECT_EQ(cpu, gpu);
  EXPECT_EQ(gpu[1], src[1]) << "index 1 twice in row 0: the second wins";
}

TEST(CudaIndexLoops, ScatterAssignKeepsTheLastDuplicate) {
  check_scatter_assign<uint8_t>();
  check_scatter_assign<uint16_t>();
  check_scatter_assign<uint32_t>();
  check_scatter_assign<uint64_t>();
}

// A fill value travels in the parameters (index_fill_, scatter_ with a
// value); byte offsets in the index (advanced indexing) make the whole
// loop one fiber.
TEST(CudaIndexLoops, FillValuesAndOneFiber) {
  std::vector<double> cpu(6, 1.0), gpu(6, 1.0);
  double value = -2.25;
  const std::vector<int64_t> index{2, 0, -1};  // -1 wraps to 2
  const auto ops_for = [&](std::vector<double>& dst) {
    return layout({2, 3}, {{24, 0}, {0, 0}, {0, 8}},
                  {reinterpret_cast<char*>(dst.data()), reinterpret_cast<char*>(&value),
                   reinterpret_cast<char*>(const_cast<int64_t*>(index.data()))});
  };
  const IndexedDim dim{3, 8, 0, true};
  scatter<double>(ops_for(cpu), dim, Extreme<false>{});
  const kc::FiberSplit split = scatter_by_fibers<double>(ops_for(gpu), dim, Extreme<false>{}, 2u);
  EXPECT_EQ(split.outer.data[1], nullptr) << "the value is in the parameters";
  EXPECT_EQ(cpu, gpu);

  std::vector<int64_t> offsets{16, 8, 16, 0};  // bytes into dst, two landing on one place
  std::vector<int32_t> values{1, 2, 3, 4}, cpu32(5, 0), gpu32(5, 0);
  const auto flat = [&](std::vector<int32_t>& dst) {
    return layout({2, 2}, {{0, 0}, {8, 4}, {16, 8}},
                  {reinterpret_cast<char*>(dst.data()), reinterpret_cast<char*>(values.data()),
                   reinterpret_cast<char*>(offsets.data())});
  };
  const IndexedDim bytes{int64_t{1} << 40, 1, 0, false};
  scatter<int32_t>(flat(cpu32), bytes, AddScaled<int32_t>{3});
  const kc::FiberSplit one = scatter_by_fibers<int32_t>(flat(gpu32), bytes, AddScaled<int32_t>{3});
  EXPECT_EQ(one.outer.numel(), 1);
  EXPECT_EQ(cpu32, gpu32);
  EXPECT_EQ(gpu32[4], 3 * (1 + 3));
}

// gather along dim 1 of a [3, 5] source into [3, 4] with a transposed index.
TEST(CudaIndexLoops, GatherElementsMatchTheCpuGather) {
  std::vector<uint16_t> src(15);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint16_t>(i * 1000 + 7);
  std::vector<int64_t> index(12);  // [3, 4] stored column-major
  for (size_t i = 0; i < index.size(); ++i) index[i] = static_cast<int64_t>((i * 3 + 1) % 5) - 5 * (i % 2);
  std::vector<uint16_t> cpu(12), gpu(12);
  const auto ops_for = [&](std::vector<uint16_t>& out) {
    return layout({3, 4}, {{8, 2}, {10, 0}, {8, 24}},
                  {reinterpret_cast<char*>(out.data()), reinterpret_cast<char*>(src.data()),
                   reinterpret_cast<char*>(index.data())});
  };
  const IndexedDim dim{5, 2, 0, true};
  BadIndex bad;
  gather<uint16_t>(ops_for(cpu), dim, bad);
  ASSERT_FALSE(bad.seen());
  kc::DeviceOperands<3> d;
  const int bytes[3] = {0, 0, 0};
  ASSERT_TRUE(kc::make_device_operands(ops_for(gpu), 0, bytes, &d));
  for (int64_t i = 0; i < d.numel(); ++i) kc::gather_element<uint16_t>(d, i, dim);
  EXPECT_EQ(cpu, gpu);
}

}  // namespace
}  // namespace ember::kernels
