// How many threads ember's CPU ops may use, as PyTorch's
// set_num_threads/get_num_threads (Python: ember.set_num_threads and
// ember.get_num_threads).
//
// The ops run on OpenMP, which keeps the count per thread: a count set
// here applies to the calling thread's later ops, and is recorded for
// the process, so that a thread started later takes it with
// rt::infer_num_threads() (TH's THInferNumThreads); threads not told
// begin with OMP_NUM_THREADS, else one per core. Results do not depend
// on the count (Note [deterministic parallelism]), except for OpenBLAS's
// float and double products (runtime/ops/openblas.h).
#pragma once

#include "ember/export.h"

namespace ember {

// n >= 1, else ember::Error (Value, argument "n") and nothing changes.
EMBER_CPP_API void set_num_threads(int n);

// The threads the calling thread's ops may use.
EMBER_CPP_API int get_num_threads();

namespace rt {
// Gives the calling thread the count last set for the process, if any.
EMBER_CPP_API void infer_num_threads();
}  // namespace rt

}  // namespace ember
