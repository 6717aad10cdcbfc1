// Splitting a loop over OpenMP threads.
//
// Note [deterministic parallelism]: no result may depend on how many
// threads ran. Pointwise work is element-independent, so any split is
// fine. Reductions never let a thread's chunk decide an order of
// operations: they cut the work into fixed blocks whose boundaries depend
// only on the sizes, reduce each block on its own, and merge the block
// results in block order on one thread.
//
// parallel_for runs f inline, without touching OpenMP, when the range is
// at most one grain, when called from inside a parallel region (nested
// teams would oversubscribe the cores), or when one thread is configured:
// entering even `omp parallel if(false)` costs ~280 ns, more than a small
// op's arithmetic. f must not throw: an exception cannot leave an OpenMP
// region.
//
// Note [threads after fork]: GNU OpenMP cannot start a team in a child
// forked from a process that had one: the child waits forever for the
// parent's pool threads, which fork does not copy (Python's
// multiprocessing hung on the child's first large op). So the first team
// registers a fork handler, and a child forked after it runs every op on
// one thread: its forking thread's count becomes 1, and set_num_threads
// keeps it there.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

#ifdef _OPENMP
#include <omp.h>
#include <pthread.h>
#endif

namespace ember::kernels {

// Elements below which pointwise work stays on one thread: about 10 us of
// simple arithmetic, several times the cost of waking a second thread.
constexpr int64_t kGrain = 32768;

namespace parallel_detail {

// Whether this process is a child forked after a team ran (Note [threads
// after fork]).
inline std::atomic<bool> forked_after_team{false};

#ifdef _OPENMP
inline void one_thread_after_fork() {
  forked_after_team.store(true, std::memory_order_relaxed);
  omp_set_num_threads(1);
}

// Registers the fork handler once, before the first team.
inline void guard_fork() {
  static const bool registered = pthread_atfork(nullptr, nullptr, one_thread_after_fork) == 0;
  (void)registered;
}
#endif

}  // namespace parallel_detail

inline int get_num_threads() {
#ifdef _OPENMP
  return parallel_detail::forked_after_team.load(std::memory_order_relaxed) ? 1 : omp_get_max_threads();
#else
  return 1;
#endif
}

// The threads a parallel_for called here could use: 1 inside a parallel
// region.
inline int free_threads() {
#ifdef _OPENMP
  return omp_in_parallel() ? 1 : get_num_threads();
#else
  return 1;
#endif
}

// Applies to parallel regions started by the calling thread (OpenMP's
// nthreads setting is per thread); n < 1 counts as 1, and so does every
// n in a child forked after a team ran (Note [threads after fork]).
inline void set_num_threads(int n) {
#ifdef _OPENMP
  omp_set_num_threads(parallel_detail::forked_after_team.load(std::memory_order_relaxed) ? 1 : std::max(n, 1));
#else
  (void)n;
#endif
}

// Calls f(b, e) on disjoint chunks covering [begin, end), one per thread,
// using no more than ceil((end - begin) / grain) threads.
template <class F>
void parallel_for(int64_t begin, int64_t end, int64_t grain, const F& f) {
  const int64_t n = end - begin;
  if (n <= 0) return;
#ifdef _OPENMP
  grain = std::max<int64_t>(grain, 1);
  const int64_t nt = n <= grain ? 1 : std::min<int64_t>(get_num_threads(), (n + grain - 1) / grain);
  if (nt > 1 && !omp_in_parallel()) {
    parallel_detail::guard_fork();
#pragma omp parallel num_threads(static_cast<int>(nt))
    {
      // The team may be smaller than asked for; split by its real size.
      const int64_t team = omp_get_num_threads();
      const int64_t chunk = (n + team - 1) / team;
      const int64_t b = begin + omp_get_thread_num() * chunk;
      if (b < end) f(b, std::min(end, b + chunk));
    }
    return;
  }
#endif
  f(begin, end);
}

}  // namespace ember::kernels
