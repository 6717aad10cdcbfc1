// PERFORMANCE.md's benchmark set through ember's public APIs (the C++ API,
// and TH's C API for the per-call cost), outputs preallocated. Run through
// bench/compare.py, which times NumPy on the same work in the same run and
// prints ember/NumPy ratios. Thread count: THSetNumThreads / OMP_NUM_THREADS
// (compare.py runs single-threaded).
#include <benchmark/benchmark.h>

#include "TH/TH.h"
#include "ember/tensor.h"

namespace {

using namespace ember;

constexpr int64_t kN = int64_t{1} << 24;
constexpr int64_t kSide = 4096;

// Values that keep exp finite and sums exact enough.
Tensor ramp(IntList sizes, DType dtype) {
  Tensor t = empty(sizes, dtype);
  t.fill_(0.5);
  return t;
}

void B1_add_f32_contiguous(benchmark::State& state) {
  Tensor a = ramp({kN}, kFloat), b = ramp({kN}, kFloat), out = empty({kN}, kFloat);
  for (auto _ : state) add_out(out, a, b);
  state.SetBytesProcessed(state.iterations() * kN * 12);
}

void B2_add_f32_transposed(benchmark::State& state) {
  Tensor a = ramp({kSide, kSide}, kFloat), b = ramp({kSide, kSide}, kFloat).t(), out = empty({kSide, kSide}, kFloat);
  for (auto _ : state) add_out(out, a, b);
}

void B3_sumall_f32(benchmark::State& state) {
  Tensor a = ramp({kN}, kFloat);
  for (auto _ : state) benchmark::DoNotOptimize(THFloatTensor_sumall(reinterpret_cast<THFloatTensor*>(a.impl())));
}

void B4a_sum_dim1_f32(benchmark::State& state) {
  Tensor a = ramp({kSide, kSide}, kFloat), out = empty({kSide}, kFloat);
  for (auto _ : state) sum_out(out, a, 1);
}

void B4b_sum_dim0_f32(benchmark::State& state) {
  Tensor a = ramp({kSide, kSide}, kFloat), out = empty({kSide}, kFloat);
  for (auto _ : state) sum_out(out, a, 0);
}

void B5_exp_f32(benchmark::State& state) {
  Tensor a = ramp({kN}, kFloat), out = empty({kN}, kFloat);
  for (auto _ : state) exp_out(out, a);
}

void B7_copy_transposed_f32(benchmark::State& state) {
  Tensor a = ramp({kSide, kSide}, kFloat).t(), out = empty({kSide, kSide}, kFloat);
  for (auto _ : state) out.copy_(a);
}

THFloatTensor* th(const Tensor& t) { return reinterpret_cast<THFloatTensor*>(t.impl()); }

void B10_cadd_4_f32_TH(benchmark::State& state) {
  Tensor a = ramp({4}, kFloat), b = ramp({4}, kFloat), r = empty({4}, kFloat);
  for (auto _ : state) THFloatTensor_cadd(th(r), th(a), 1.0f, th(b));
}

void B10_add_4_f32_cpp(benchmark::State& state) {
  Tensor a = ramp({4}, kFloat), b = ramp({4}, kFloat), out = empty({4}, kFloat);
  for (auto _ : state) add_out(out, a, b);
}

void B11_add_i32(benchmark::State& state) {
  Tensor a = ramp({kN}, kInt), b = ramp({kN}, kInt), out = empty({kN}, kInt);
  for (auto _ : state) add_out(out, a, b);
  state.SetBytesProcessed(state.iterations() * kN * 12);
}

// 2^20 int64 indices in [0, bound), the same in every run (an LCG).
Tensor random_indices(IntList sizes, int64_t bound) {
  Tensor t = empty(sizes, kLong);
  int64_t* p = t.data<int64_t>();
  uint64_t x = 12345;
  for (int64_t i = 0; i < t.numel(); ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    p[i] = static_cast<int64_t>((x >> 33) % static_cast<uint64_t>(bound));
  }
  return t;
}

constexpr int64_t kIdx = int64_t{1} << 20;

void B12_index_select_f32(benchmark::State& state) {
  Tensor src = ramp({kIdx}, kFloat), idx = random_indices({kIdx}, kIdx), out = empty({kIdx}, kFloat);
  for (auto _ : state) index_select_out(out, src, 0, idx);
}

void B13_gather_dim1_f32(benchmark::State& state) {
  Tensor src = ramp({1024, 1024}, kFloat), idx = random_indices({1024, 1024}, 1024), out = empty({1024, 1024}, kFloat);
  for (auto _ : state) gather_out(out, src, 1, idx);
}

// Uniform floats in [0, 1) from a fixed LCG, the same every run.
// compare.py draws its own uniform data: the cost of sort and topk
// depends on the distribution, not on the values.
Tensor uniform(IntList sizes) {
  Tensor t = empty(sizes, kFloat);
  float* p = t.data<float>();
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int64_t i = 0; i < t.numel(); ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    p[i] = static_cast<float>(x >> 40) * (1.0f / 16777216.0f);
  }
  return t;
}

void B8_sort_f32(benchmark::State& state) {
  Tensor a = uniform({kIdx}), values = empty({kIdx}, kFloat), indices = empty({kIdx}, kLong);
  for (auto _ : state) sort_out(values, indices, a);
}

void B14_topk100_f32(benchmark::State& state) {
  Tensor a = uniform({kIdx}), values = empty({100}, kFloat), indices = empty({100}, kLong);
  for (auto _ : state) topk_out(values, indices, a, 100);
}

void B15_cumsum_f32(benchmark::State& state) {
  Tensor a = uniform({kN}), out = empty({kN}, kFloat);
  for (auto _ : state) cumsum_out(out, a, 0);
}

void B16_max_dim1_f32(benchmark::State& state) {
  Tensor a = uniform({kSide, kSide}), values = empty({kSide}, kFloat), indices = empty({kSide}, kLong);
  for (auto _ : state) max_out(values, indices, a, 1);
}

}  // namespace

BENCHMARK(B1_add_f32_contiguous)->Unit(benchmark::kMillisecond);
BENCHMARK(B2_add_f32_transposed)->Unit(benchmark::kMillisecond);
BENCHMARK(B3_sumall_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B4a_sum_dim1_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B4b_sum_dim0_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B5_exp_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B7_copy_transposed_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B10_cadd_4_f32_TH)->Unit(benchmark::kNanosecond);
BENCHMARK(B10_add_4_f32_cpp)->Unit(benchmark::kNanosecond);
BENCHMARK(B11_add_i32)->Unit(benchmark::kMillisecond);
BENCHMARK(B12_index_select_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B13_gather_dim1_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B8_sort_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B14_topk100_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B15_cumsum_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B16_max_dim1_f32)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
