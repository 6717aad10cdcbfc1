// The kernels on PERFORMANCE.md's benchmark shapes, called directly with
// raw buffers (no tensors, no dispatch). The argument is the thread
// count. bench/kernels/numpy_peer.py times NumPy on the same ops; run
// both in one session and compare medians:
//   bench_kernels --benchmark_repetitions=9 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "kernels/copy.h"
#include "kernels/parallel.h"
#include "kernels/pointwise.h"
#include "kernels/reduce.h"
#include "kernels/reducers.h"
#include "kernels/sleef_math.h"
#include "kernels/vec_math.h"

namespace {

using namespace ember::kernels;

constexpr int64_t kN = int64_t{1} << 24;  // B1, B3, B5, B11
constexpr int64_t kSide = 4096;           // B2, B4, B7

struct Free {
  void operator()(void* p) const { std::free(p); }
};

// 2 MiB aligned and advised into transparent huge pages, as NumPy does
// for its arrays (>= 4 MiB): with 4 KiB pages the transposed walks of B2
// and B7 would measure TLB misses, not the kernels.
template <class T>
std::unique_ptr<T[], Free> buffer(int64_t n, T value) {
  constexpr size_t kHuge = size_t{2} << 20;
  const size_t bytes = (static_cast<size_t>(n) * sizeof(T) + kHuge - 1) / kHuge * kHuge;
  T* p = static_cast<T*>(std::aligned_alloc(kHuge, bytes));
  madvise(p, bytes, MADV_HUGEPAGE);
  for (int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(value + static_cast<T>(i % 7));
  return std::unique_ptr<T[], Free>(p);
}

// A 1-D dense geometry of n elements for N operands of type T.
template <int N, class T>
Operands<N> dense(int64_t n, T* const (&data)[N]) {
  Operands<N> ops;
  ops.ndim = 1;
  ops.shape[0] = n;
  for (int k = 0; k < N; ++k) {
    ops.strides[k][0] = sizeof(T);
    ops.data[k] = reinterpret_cast<char*>(data[k]);
  }
  return ops;
}

// A kSide x kSide geometry; transposed[k] makes operand k column-major.
template <int N, class T>
Operands<N> square(T* const (&data)[N], const bool (&transposed)[N]) {
  Operands<N> ops;
  ops.ndim = 2;
  ops.shape[0] = ops.shape[1] = kSide;
  for (int k = 0; k < N; ++k) {
    ops.strides[k][0] = (transposed[k] ? 1 : kSide) * int64_t{sizeof(T)};
    ops.strides[k][1] = (transposed[k] ? kSide : 1) * int64_t{sizeof(T)};
    ops.data[k] = reinterpret_cast<char*>(data[k]);
  }
  return ops;
}

class Threads {
 public:
  explicit Threads(int n) : saved_(get_num_threads()) { set_num_threads(n); }
  ~Threads() { set_num_threads(saved_); }

 private:
  int saved_;
};

template <class T>
void add_dense(benchmark::State& state) {
  Threads threads(static_cast<int>(state.range(0)));
  auto a = buffer<T>(kN, 1), b = buffer<T>(kN, 2), c = buffer<T>(kN, 0);
  T* data[3] = {c.get(), a.get(), b.get()};
  for (auto _ : state) pointwise<T, T, 2>(dense<3>(kN, data), [](T x, T y) { return x + y; });
  state.SetBytesProcessed(state.iterations() * kN * 3 * int64_t{sizeof(T)});
}

void B1_add_f32(benchmark::State& state) { add_dense<float>(state); }
void B11_add_i32(benchmark::State& state) { add_dense<int32_t>(state); }

// STREAM's add, the bandwidth B1 and B11 are held to.
void stream_add_f32(benchmark::State& state) {
  auto a = buffer<float>(kN, 1), b = buffer<float>(kN, 2), c = buffer<float>(kN, 0);
  float* __restrict pc = c.get();
  const float* __restrict pa = a.get();
  const float* __restrict pb = b.get();
  for (auto _ : state) {
#pragma omp simd
    for (int64_t i = 0; i < kN; ++i) pc[i] = pa[i] + pb[i];
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kN * 3 * int64_t{sizeof(float)});
}

void B2_add_transposed(benchmark::State& state) {
  Threads threads(static_cast<int>(state.range(0)));
  const int64_t n = kSide * kSide;
  auto a = buffer<float>(n, 1), b = buffer<float>(n, 2), c = buffer<float>(n, 0);
  float* data[3] = {c.get(), a.get(), b.get()};
  for (auto _ : state)
    pointwise<float, float, 2>(square<3>(data, {false, false, true}), [](float x, float y) { return x + y; });
}

void B3_sum_all(benchmark::State& state) {
  Threads threads(static_cast<int>(state.range(0)));
  auto a = buffer<float>(kN, 1);
  float* data[1] = {a.get()};
  for (auto _ : state) benchmark::DoNotOptimize(reduce_all<float>(dense<1>(kN, data), Sum<float>{}));
}

// The max of every element: the select lanes (Note [select lanes] in kernels/reduce.h).
void max_all_f32(benchmark::State& state) {
  Threads threads(static_cast<int>(state.range(0)));
  auto a = buffer<float>(kN, 1);
  float* data[1] = {a.get()};
  for (auto _ : state) benchmark::DoNotOptimize(reduce_all<float>(dense<1>(kN, data), Max<float>{}));
}

void sum_dim(benchmark::State& state, int dim) {
  Threads threads(static_cast<int>(state.range(0)));
  auto a = buffer<float>(kSide * kSide, 1), out = buffer<float>(kSide, 0);
  float* data[2] = {out.get(), a.get()};
  Operands<2> ops = square<2>(data, {false, false});
  ops.strides[0][dim] = 0;
  ops.strides[0][1 - dim] = sizeof(float);
  for (auto _ : state) {
    reduce_dim<float, float>(ops, dim, Sum<float>{});
    benchmark::ClobberMemory();
  }
}

void B4a_sum_dim1(benchmark::State& state) { sum_dim(state, 1); }
void B4b_sum_dim0(benchmark::State& state) { sum_dim(state, 0); }

void B5_exp_f32(benchmark::State& state) {
  Threads threads(static_cast<int>(state.range(0)));
  auto a = buffer<float>(kN, -3), c = buffer<float>(kN, 0);
  float* data[2] = {c.get(), a.get()};
  for (auto _ : state) pointwise<float, float, 1>(dense<2>(kN, data), [](float x) { return vec::exp(x); });
}

// The vec_math fast paths against the C library's function in the same
// loop (what the kernel would run without them), on varied inputs.
template <class F>
void unary_f32(benchmark::State& state, double lo, F f) {
  Threads threads(static_cast<int>(state.range(0)));
  auto a = buffer<float>(kN, 0), c = buffer<float>(kN, 0);
  for (int64_t i = 0; i < kN; ++i) a[i] = static_cast<float>(lo + 0.01 * static_cast<double>(i % 1000 + 1));
  float* data[2] = {c.get(), a.get()};
  for (auto _ : state) pointwise<float, float, 1>(dense<2>(kN, data), f);
}

void B20_log_f32_vec(benchmark::State& s) { unary_f32(s, 0.0, [](float x) { return vec::log(x); }); }
void B20_log_f32_libm(benchmark::State& s) { unary_f32(s, 0.0, [](float x) { return std::log(x); }); }
void B21_sigmoid_f32_vec(benchmark::State& s) { unary_f32(s, -5.0, [](float x) { return vec::sigmoid(x); }); }
void B21_sigmoid_f32_libm(benchmark::State& s) {
  unary_f32(s, -5.0, [](float x) { return 1.0f / (1.0f + std::exp(-x)); });
}
// Note [float tanh by table], through its vector variants.
void B22_tanh_f32_table(benchmark::State& s) { unary_f32(s, -5.0, [](float x) { return ::ember_tanhf(x); }); }
void B22_tanh_f32_libm(benchmark::State& s) { unary_f32(s, -5.0, [](float x) { return std::tanh(x); }); }

void B7_copy_transposed(benchmark::State& state) {
  Threads threads(static_cast<int>(state.range(0)));
  const int64_t n = kSide * kSide;
  auto a = buffer<float>(n, 1), c = buffer<float>(n, 0);
  float* data[2] = {c.get(), a.get()};
  for (auto _ : state) copy<float, float>(square<2>(data, {false, true}));
}

#define EMBER_BENCH(fn) BENCHMARK(fn)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()
EMBER_BENCH(B1_add_f32);
EMBER_BENCH(B2_add_transposed);
EMBER_BENCH(B3_sum_all);
EMBER_BENCH(max_all_f32);
EMBER_BENCH(B4a_sum_dim1);
EMBER_BENCH(B4b_sum_dim0);
EMBER_BENCH(B5_exp_f32);
EMBER_BENCH(B7_copy_transposed);
EMBER_BENCH(B11_add_i32);
EMBER_BENCH(B20_log_f32_vec);
EMBER_BENCH(B20_log_f32_libm);
EMBER_BENCH(B21_sigmoid_f32_vec);
EMBER_BENCH(B21_sigmoid_f32_libm);
EMBER_BENCH(B22_tanh_f32_table);
EMBER_BENCH(B22_tanh_f32_libm);
BENCHMARK(stream_add_f32)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
