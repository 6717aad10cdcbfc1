// The sorts of (key, position) pairs in kernels/sort_pairs.h side by side,
// per key width and slice length: what kVqsortMin's lengths are read
// from; the same for bare keys (kernels/sort_values.h, kBareVqsortMin);
// and the parallel sort of kernels/sort_parallel.h on every thread
// (OMP_NUM_THREADS), what kParallelSortMin is read from.
//
//   build/bench/kernels/bench_sort [--benchmark_filter=...]
//
// Keys are random 32- or 64-bit integers (every dtype's keys are
// unsigned integers, Note [sort order]); each iteration rebuilds the
// pairs (or copies the keys), as sort_dim (sort_values_dim) does, so the
// times include that pass.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "kernels/parallel.h"
#include "kernels/sort_pairs.h"
#include "kernels/sort_parallel.h"
#include "kernels/sort_values.h"
#include "kernels/vqsort.h"

namespace {

using ember::kernels::KeyIndex;
namespace detail = ember::kernels::detail;

enum class Algorithm { Merge, Radix, Vqsort, Std, Parallel };

template <class K, Algorithm A>
void sort_pairs(benchmark::State& state) {
  const int64_t n = state.range(0);
  std::mt19937_64 gen(1);
  std::vector<K> keys(static_cast<size_t>(n));
  for (K& k : keys) k = static_cast<K>(gen());
  std::vector<KeyIndex<K>> a(keys.size()), b(keys.size());
  for (auto _ : state) {
    for (int64_t i = 0; i < n; ++i) a[i] = {static_cast<uint32_t>(i), keys[i]};
    if constexpr (A == Algorithm::Merge)
      std::stable_sort(a.begin(), a.end(), [](const KeyIndex<K>& x, const KeyIndex<K>& y) { return x.key < y.key; });
    else if constexpr (A == Algorithm::Radix) benchmark::DoNotOptimize(detail::radix_sort(a.data(), b.data(), n));
    else if constexpr (A == Algorithm::Vqsort) benchmark::DoNotOptimize(detail::vqsort_pairs(a.data(), n));
    else benchmark::DoNotOptimize(ember::kernels::sort_keys_parallel(a.data(), b.data(), n, ember::kernels::get_num_threads()));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetLabel(A == Algorithm::Vqsort ? ember::kernels::sort_simd_target() : "");
}

template <class K, Algorithm A>
void sort_bare(benchmark::State& state) {
  static_assert(A != Algorithm::Merge && A != Algorithm::Radix);
  const int64_t n = state.range(0);
  std::mt19937_64 gen(1);
  std::vector<K> keys(static_cast<size_t>(n));
  for (K& k : keys) k = static_cast<K>(gen());
  std::vector<K> a(keys.size()), b(keys.size());
  for (auto _ : state) {
    std::copy(keys.begin(), keys.end(), a.begin());
    if constexpr (A == Algorithm::Vqsort)
      ember::kernels::vqsort(a.data(), n);
    else if constexpr (A == Algorithm::Std)
      std::sort(a.begin(), a.end());
    else
      benchmark::DoNotOptimize(ember::kernels::sample_sort_parallel(
          a.data(), b.data(), n, ember::kernels::get_num_threads(), [](K k) { return k; },
          ember::kernels::sort_bare_keys<K>));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
}

void lengths(benchmark::internal::Benchmark* b) { b->RangeMultiplier(4)->Range(64, 1 << 20); }

BENCHMARK(sort_pairs<uint32_t, Algorithm::Merge>)->Apply(lengths);
BENCHMARK(sort_pairs<uint32_t, Algorithm::Radix>)->Apply(lengths);
BENCHMARK(sort_pairs<uint32_t, Algorithm::Vqsort>)->Apply(lengths);
BENCHMARK(sort_pairs<uint64_t, Algorithm::Merge>)->Apply(lengths);
BENCHMARK(sort_pairs<uint64_t, Algorithm::Radix>)->Apply(lengths);
BENCHMARK(sort_pairs<uint64_t, Algorithm::Vqsort>)->Apply(lengths);
BENCHMARK(sort_pairs<uint32_t, Algorithm::Parallel>)->Apply(lengths)->UseRealTime();
BENCHMARK(sort_pairs<uint64_t, Algorithm::Parallel>)->Apply(lengths)->UseRealTime();
BENCHMARK(sort_bare<uint32_t, Algorithm::Std>)->Apply(lengths);
BENCHMARK(sort_bare<uint32_t, Algorithm::Vqsort>)->Apply(lengths);
BENCHMARK(sort_bare<uint32_t, Algorithm::Parallel>)->Apply(lengths)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
