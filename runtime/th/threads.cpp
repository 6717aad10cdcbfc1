// TH's thread-count controls, over OpenMP.
//
// OpenMP keeps the thread count per thread (its nthreads ICV), and a
// thread started later begins with OMP_NUM_THREADS, not with what the
// main thread set. So THSetNumThreads also records the count for the
// process, and THInferNumThreads applies that record to the calling
// thread; TH needed it to reconcile OpenMP with MKL, ember for its own
// worker threads.
#include <omp.h>

#include <atomic>

#include "TH/THGeneral.h"

namespace {

std::atomic<int> process_num_threads{0};  // 0 until THSetNumThreads is called

}  // namespace

void THSetNumThreads(int num_threads) {
  if (num_threads <= 0) {
    THArgCheck(0, 1, "THSetNumThreads: the number of threads must be positive, got %d", num_threads);
    return;
  }
  process_num_threads.store(num_threads, std::memory_order_relaxed);
  omp_set_num_threads(num_threads);
}

int THGetNumThreads(void) { return omp_get_max_threads(); }

int THGetNumCores(void) { return omp_get_num_procs(); }

void THInferNumThreads(void) {
  const int n = process_num_threads.load(std::memory_order_relaxed);
  if (n > 0) omp_set_num_threads(n);
}
