// PERFORMANCE.md's benchmark set through ember's public APIs (the C++ API,
// and TH's C API for the per-call cost), outputs preallocated. Run through
// bench/compare.py, which times NumPy on the same work in the same run and
// prints ember/NumPy ratios. Thread count: THSetNumThreads / OMP_NUM_THREADS
// (compare.py runs single-threaded).
#include <benchmark/benchmark.h>
#include <cblas.h>
#include <dlfcn.h>

#include "TH/TH.h"
#include "ember/blas.h"
#include "ember/kernel_log.h"
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

// B6: 1024^3 matrix products through ember, and the same cblas call made
// directly on the OpenBLAS ember loaded (the same library, the same core:
// ember dlopens it first, so this dlopen finds it by soname). Both report
// GFLOP/s.
constexpr int64_t kGemm = 1024;

void gemm_through_ember(benchmark::State& state, DType dtype) {
  Tensor a = ramp({kGemm, kGemm}, dtype), b = ramp({kGemm, kGemm}, dtype), out = empty({kGemm, kGemm}, dtype);
  state.SetLabel(blas_info());
  for (auto _ : state) mm_out(out, a, b);
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * kGemm * kGemm * kGemm / 1e9, benchmark::Counter::kIsIterationInvariantRate);
}

void* openblas_as_loaded_by_ember() {
  mm(ones({2, 2}), ones({2, 2}));  // loads OpenBLAS (core choice included) and sets its thread count
  return dlopen("libopenblas.so.0", RTLD_NOW | RTLD_NOLOAD);
}

template <class T, class F>
void gemm_direct(benchmark::State& state, DType dtype, const char* symbol) {
  void* lib = openblas_as_loaded_by_ember();
  F* f = lib ? reinterpret_cast<F*>(dlsym(lib, symbol)) : nullptr;
  if (!f) {
    state.SkipWithError("OpenBLAS is not loaded");
    return;
  }
  Tensor a = ramp({kGemm, kGemm}, dtype), b = ramp({kGemm, kGemm}, dtype), out = empty({kGemm, kGemm}, dtype);
  const T* pa = static_cast<const T*>(a.data_ptr());
  const T* pb = static_cast<const T*>(b.data_ptr());
  T* pc = static_cast<T*>(out.data_ptr());
  const int n = static_cast<int>(kGemm);
  for (auto _ : state) f(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, T(1), pa, n, pb, n, T(0), pc, n);
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * kGemm * kGemm * kGemm / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  dlclose(lib);
}

void B6_sgemm_1024(benchmark::State& state) { gemm_through_ember(state, kFloat); }
void B6_sgemm_1024_cblas(benchmark::State& state) { gemm_direct<float, decltype(cblas_sgemm)>(state, kFloat, "cblas_sgemm"); }
void B6_dgemm_1024(benchmark::State& state) { gemm_through_ember(state, kDouble); }
void B6_dgemm_1024_cblas(benchmark::State& state) { gemm_direct<double, decltype(cblas_dgemm)>(state, kDouble, "cblas_dgemm"); }

// The generic GEMM (kernels/gemm.h) of the dtypes OpenBLAS lacks, beside
// sgemm of the same size (the target: int32 within 2x of it).
void B6_sgemm_512(benchmark::State& state) {
  Tensor a = ramp({512, 512}, kFloat), b = ramp({512, 512}, kFloat), out = empty({512, 512}, kFloat);
  for (auto _ : state) mm_out(out, a, b);
}
void B6_bf16_mm_512(benchmark::State& state) {
  Tensor a = ramp({512, 512}, kBFloat16), b = ramp({512, 512}, kBFloat16), out = empty({512, 512}, kBFloat16);
  for (auto _ : state) mm_out(out, a, b);
}
void B6_int32_mm_512(benchmark::State& state) {
  Tensor a = ramp({512, 512}, kInt), b = ramp({512, 512}, kInt), out = empty({512, 512}, kInt);
  for (auto _ : state) mm_out(out, a, b);
}
// 8-bit integers take VNNI's narrow tile (Note [int32 gemm by halves]).
void B6_int8_mm_512(benchmark::State& state) {
  Tensor a = ramp({512, 512}, kChar), b = ramp({512, 512}, kChar), out = empty({512, 512}, kChar);
  for (auto _ : state) mm_out(out, a, b);
}

// B9: 5x5 valid cross-correlation of a 512^2 float32 plane (Torch7's
// xcorr2, PyTorch's conv2d), into a preallocated result.
void B9_xcorr2_5x5_512_f32(benchmark::State& state) {
  Tensor x = ramp({512, 512}, kFloat), k = ramp({5, 5}, kFloat), out = empty({508, 508}, kFloat);
  for (auto _ : state) xcorr2_out(out, x, k);
}

// The math fast paths (kernels/vec_math.h) on varied inputs, so that no
// input-dependent shortcut of a peer's implementation dominates: log on
// (0, 10], sigmoid and tanh on [-5, 5).
Tensor varied(int64_t n, DType dtype, double lo, double step) {
  Tensor t = empty({n}, kDouble);
  double* p = t.data<double>();
  for (int64_t i = 0; i < n; ++i) p[i] = lo + step * static_cast<double>(i % 1000 + 1);
  return t.to(dtype);
}

void B20_log_f32(benchmark::State& state) {
  Tensor a = varied(kN, kFloat, 0.0, 0.01), out = empty({kN}, kFloat);
  for (auto _ : state) log_out(out, a);
}

void B20_log_f64(benchmark::State& state) {
  Tensor a = varied(kN, kDouble, 0.0, 0.01), out = empty({kN}, kDouble);
  for (auto _ : state) log_out(out, a);
}

void B21_sigmoid_f32(benchmark::State& state) {
  Tensor a = varied(kN, kFloat, -5.0, 0.01), out = empty({kN}, kFloat);
  for (auto _ : state) sigmoid_out(out, a);
}

void B22_tanh_f32(benchmark::State& state) {
  Tensor a = varied(kN, kFloat, -5.0, 0.01), out = empty({kN}, kFloat);
  for (auto _ : state) tanh_out(out, a);
}

// Pointwise math of issue 4 on varied inputs: integer remainder (divisors
// 1..9), a comparison into a bool mask, NaN-propagating maximum, clamp,
// and pow by a non-integral number.
void B23_remainder_i32(benchmark::State& state) {
  Tensor a = varied(kN, kInt, -500.0, 1.0), b = varied(kN, kInt, 1.0, 0.008), out = empty({kN}, kInt);
  for (auto _ : state) remainder_out(out, a, b);
}

void B24_lt_f32(benchmark::State& state) {
  Tensor a = varied(kN, kFloat, -5.0, 0.01), b = varied(kN, kFloat, -4.0, 0.008), out = empty({kN}, kBool);
  for (auto _ : state) lt_out(out, a, b);
}

void B25_maximum_f32(benchmark::State& state) {
  Tensor a = varied(kN, kFloat, -5.0, 0.01), b = varied(kN, kFloat, -4.0, 0.008), out = empty({kN}, kFloat);
  for (auto _ : state) maximum_out(out, a, b);
}

void B26_clamp_f32(benchmark::State& state) {
  Tensor a = varied(kN, kFloat, -5.0, 0.01), out = empty({kN}, kFloat);
  for (auto _ : state) clamp_out(out, a, Scalar(-1.0), Scalar(1.0));
}

void B27_pow_f32(benchmark::State& state) {
  Tensor a = varied(kN, kFloat, 0.0, 0.01), out = empty({kN}, kFloat);
  for (auto _ : state) pow_out(out, a, Scalar(2.5));
}

// The dense same-dtype copy (kernels/copy.h), streamed past the cache.
void B28_copy_f32(benchmark::State& state) {
  Tensor a = ramp({kN}, kFloat), out = empty({kN}, kFloat);
  for (auto _ : state) out.copy_(a);
  state.SetBytesProcessed(state.iterations() * kN * 8);
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

// B8 values only: msort, the values of sort along dim 0 without the
// positions (Note [values-only sort]), against np.sort.
void B8_msort_f32(benchmark::State& state) {
  Tensor a = uniform({kIdx}), values = empty({kIdx}, kFloat);
  for (auto _ : state) msort_out(values, a);
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
BENCHMARK(B6_sgemm_1024)->Unit(benchmark::kMillisecond);
BENCHMARK(B6_sgemm_1024_cblas)->Unit(benchmark::kMillisecond);
BENCHMARK(B6_dgemm_1024)->Unit(benchmark::kMillisecond);
BENCHMARK(B6_dgemm_1024_cblas)->Unit(benchmark::kMillisecond);
BENCHMARK(B6_sgemm_512)->Unit(benchmark::kMillisecond);
BENCHMARK(B6_bf16_mm_512)->Unit(benchmark::kMillisecond);
BENCHMARK(B6_int8_mm_512)->Unit(benchmark::kMillisecond);
BENCHMARK(B6_int32_mm_512)->Unit(benchmark::kMillisecond);
BENCHMARK(B7_copy_transposed_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B9_xcorr2_5x5_512_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B10_cadd_4_f32_TH)->Unit(benchmark::kNanosecond);
BENCHMARK(B10_add_4_f32_cpp)->Unit(benchmark::kNanosecond);
BENCHMARK(B11_add_i32)->Unit(benchmark::kMillisecond);
BENCHMARK(B12_index_select_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B13_gather_dim1_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B20_log_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B20_log_f64)->Unit(benchmark::kMillisecond);
BENCHMARK(B21_sigmoid_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B22_tanh_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B23_remainder_i32)->Unit(benchmark::kMillisecond);
BENCHMARK(B24_lt_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B25_maximum_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B26_clamp_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B27_pow_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B28_copy_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B8_sort_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B8_msort_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B14_topk100_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B15_cumsum_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(B16_max_dim1_f32)->Unit(benchmark::kMillisecond);

// The SIMD target the kernels were compiled for, in the report's context
// (compare.py prints it).
int main(int argc, char** argv) {
  benchmark::AddCustomContext("ember_simd", ember::cpu_simd_target());
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
