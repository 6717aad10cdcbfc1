// One long run of sort elements sorted by several threads: (key,
// position) pairs (sort) or keys alone (the values-only sort,
// kernels/sort_values.h).
//
// Note [parallel sort of one slice]: sort_dim gives each slice to one
// thread, so a single long slice (B8: one 2^20-element tensor) would sort
// on one thread however many there are. Here the elements are cut into
// one part per thread by splitters drawn from a sample, every thread
// moves its share of the elements to their parts, and each part is then
// sorted on its own thread. An element's part depends on its rank alone
// (equal elements share a part), so the parts hold disjoint ranges of one
// order and their concatenation is the sorted run: the result is the
// same, element for element, whatever the thread count. Pairs are unique
// (the position breaks ties, detail::key_index_less); equal bare keys are
// indistinguishable.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/parallel.h"
#include "kernels/sort_pairs.h"

namespace ember::kernels {

// Runs shorter than this sort on one thread: the two extra passes over
// the pairs cost more than a second thread saves (bench_sort).
constexpr int64_t kParallelSortMin = int64_t{1} << 16;

namespace detail {

// At most this many parts; more threads than this leave some idle.
constexpr int kMaxParts = 64;
// Samples drawn per part: the largest part then exceeds n / parts by a
// few percent.
constexpr int64_t kSamplesPerPart = 512;

// Pair x as one unsigned integer ordered as key_index_less orders pairs:
// comparisons of it compile without branches, which a random split
// mispredicts half the time (the count pass ran 4x slower so).
template <class K>
inline auto pair_rank(const KeyIndex<K>& x) {
  if constexpr (sizeof(K) == 8)
    return (static_cast<unsigned __int128>(x.key) << 64) | x.idx;
  else
    return (static_cast<uint64_t>(x.key) << 32) | x.idx;
}

// The part of an element of rank r: how many splitters are at or below it.
template <class R>
inline int part_of(R r, const R* splitters, int count) {
  int part = 0;
  for (int j = 0; j < count; ++j) part += r >= splitters[j];
  return part;
}

}  // namespace detail

// Sorts a[0, n) by rank(element) on up to `threads` threads, each part
// by sort_run(part, scratch, length), which returns whichever of the two
// holds its result; b is scratch of n. Returns a or b, whichever holds the
// result. Throws std::bad_alloc (before any thread starts) when the
// sample cannot be had.
template <class E, class Rank, class SortRun>
E* sample_sort_parallel(E* a, E* b, int64_t n, int threads, const Rank& rank, const SortRun& sort_run) {
  using R = decltype(rank(E{}));
  const int parts = static_cast<int>(std::min<int64_t>({threads, detail::kMaxParts, n / kParallelSortMin + 1}));
  if (parts < 2) return sort_run(a, b, n);

  // Splitters: evenly spaced samples, sorted, every kSamplesPerPart-th.
  const int64_t samples = detail::kSamplesPerPart * parts;
  std::vector<R> sample(static_cast<size_t>(samples));
  for (int64_t i = 0; i < samples; ++i) sample[static_cast<size_t>(i)] = rank(a[i * (n / samples)]);
  std::sort(sample.begin(), sample.end());
  R splitters[detail::kMaxParts - 1];
  for (int j = 1; j < parts; ++j) splitters[j - 1] = sample[static_cast<size_t>(j * detail::kSamplesPerPart)];

  // Thread t moves chunk t, a[n t / parts, n (t + 1) / parts), into the
  // parts; begin[t][p] is where its elements of part p go in b.
  int64_t begin[detail::kMaxParts][detail::kMaxParts] = {};
  const auto chunk = [&](int t, int64_t& lo, int64_t& hi) {
    lo = n * t / parts;
    hi = n * (t + 1) / parts;
  };
  parallel_for(0, parts, 1, [&](int64_t t0, int64_t t1) {
    for (int64_t t = t0; t < t1; ++t) {
      int64_t lo, hi;
      chunk(static_cast<int>(t), lo, hi);
      int64_t* count = begin[t];
      for (int64_t i = lo; i < hi; ++i) ++count[detail::part_of(rank(a[i]), splitters, parts - 1)];
    }
  });
  int64_t part_begin[detail::kMaxParts + 1];
  int64_t offset = 0;
  for (int p = 0; p < parts; ++p) {
    part_begin[p] = offset;
    for (int t = 0; t < parts; ++t) {
      const int64_t c = begin[t][p];
      begin[t][p] = offset;
      offset += c;
    }
  }
  part_begin[parts] = n;
  parallel_for(0, parts, 1, [&](int64_t t0, int64_t t1) {
    for (int64_t t = t0; t < t1; ++t) {
      int64_t lo, hi;
      chunk(static_cast<int>(t), lo, hi);
      int64_t* next = begin[t];
      for (int64_t i = lo; i < hi; ++i) b[next[detail::part_of(rank(a[i]), splitters, parts - 1)]++] = a[i];
    }
  });

  // Each part sorted in place in b, with a's same range as its scratch.
  parallel_for(0, parts, 1, [&](int64_t p0, int64_t p1) {
    for (int64_t p = p0; p < p1; ++p) {
      const int64_t lo = part_begin[p], len = part_begin[p + 1] - lo;
      const E* sorted = sort_run(b + lo, a + lo, len);
      if (sorted != b + lo) std::memcpy(b + lo, sorted, static_cast<size_t>(len) * sizeof(E));
    }
  });
  return b;
}

// Sorts pairs a[0, n) as sort_keys does, on up to `threads` threads.
template <class K>
KeyIndex<K>* sort_keys_parallel(KeyIndex<K>* a, KeyIndex<K>* b, int64_t n, int threads) {
  // (A lambda, not the function's address: GCC called pair_rank through
  // the pointer, once per element in each of the two passes.)
  return sample_sort_parallel(a, b, n, threads, [](const KeyIndex<K>& x) { return detail::pair_rank(x); },
                              sort_keys<K>);
}

}  // namespace ember::kernels
