// TH's thread-count controls, over ember's (ember/threads.h): the same
// per-thread OpenMP count and process record, with TH's error reporting.
#include <omp.h>

#include "TH/THGeneral.h"
#include "ember/threads.h"

void THSetNumThreads(int num_threads) {
  if (num_threads <= 0) {
    THArgCheck(0, 1, "THSetNumThreads: the number of threads must be positive, got %d", num_threads);
    return;
  }
  ember::set_num_threads(num_threads);
}

int THGetNumThreads(void) { return ember::get_num_threads(); }

int THGetNumCores(void) { return omp_get_num_procs(); }

void THInferNumThreads(void) { ember::rt::infer_num_threads(); }
