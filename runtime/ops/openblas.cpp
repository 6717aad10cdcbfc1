#include "runtime/ops/openblas.h"

#include <cblas.h>
#include <dlfcn.h>
#include <pthread.h>
#include <strings.h>

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "ember/blas.h"
#include "ember/error.h"
#include "runtime/openblas_config.h"
#include "kernels/parallel.h"

namespace ember::rt::openblas {

namespace {

// The routines as cblas.h declares them; the library itself is never
// linked (Note [OpenBLAS core type]).
struct Routines {
  decltype(&cblas_sgemm) sgemm;
  decltype(&cblas_dgemm) dgemm;
  decltype(&cblas_sgemv) sgemv;
  decltype(&cblas_dgemv) dgemv;
  decltype(&cblas_sger) sger;
  decltype(&cblas_dger) dger;
  decltype(&cblas_sdot) sdot;
  decltype(&cblas_ddot) ddot;
  decltype(&cblas_saxpy) saxpy;
  decltype(&cblas_daxpy) daxpy;
  decltype(&cblas_sscal) sscal;
  decltype(&cblas_dscal) dscal;
  decltype(&cblas_scopy) scopy;
  decltype(&cblas_dcopy) dcopy;
  decltype(&cblas_sswap) sswap;
  decltype(&cblas_dswap) dswap;
  decltype(&openblas_set_num_threads) set_num_threads;
  decltype(&openblas_get_config) get_config;
  decltype(&openblas_get_corename) get_corename;
};

struct Library {
  bool loaded = false;
  void* handle = nullptr;
  Routines r{};
  std::string path;     // what was loaded, or why nothing was
  std::string choice;   // where the core type came from
};

// The AVX-512 subsets OpenBLAS's SkylakeX kernels use, supported by the
// CPU and enabled by the OS (GCC's checks include XGETBV).
bool has_skylakex_features() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512vl");
}

bool is_off(const char* v) {
  return !*v || !std::strcmp(v, "off") || !std::strcmp(v, "0") || !std::strcmp(v, "none");
}

// The core to ask for (empty: none) and, in words, why.
std::string choose_core(std::string& why) {
  if (const char* env = std::getenv("OPENBLAS_CORETYPE")) {
    why = str("OPENBLAS_CORETYPE=", env, " from the environment");
    return {};
  }
  if (const char* req = std::getenv("EMBER_OPENBLAS_CORETYPE")) {
    if (is_off(req)) {
      why = "OpenBLAS's own choice, EMBER_OPENBLAS_CORETYPE=off";
      return {};
    }
    why = str("EMBER_OPENBLAS_CORETYPE=", req);
    return req;
  }
  if (has_skylakex_features()) {
    why = "chosen by ember for this AVX-512 CPU, EMBER_OPENBLAS_CORETYPE=off keeps OpenBLAS's own choice";
    return "SkylakeX";
  }
  why = "OpenBLAS's own choice";
  return {};
}

template <class F>
bool bind(void* handle, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(handle, name));
  return f != nullptr;
}

// A private copy's blas_thread_shutdown_, run before every fork. OpenBLAS
// registers it itself, with the C library of its own namespace, which the
// process's fork never calls: a child's first threaded routine then waited
// forever for threads it did not have.
std::atomic<int (*)()> private_thread_shutdown{nullptr};
void stop_private_threads() {
  if (auto stop = private_thread_shutdown.load()) stop();
}

// OpenBLAS at `path`, running `core` where one is asked for: the
// process's copy, unless another library (NumPy) loaded that copy first
// and it chose another core, which is fixed by then; then a private copy
// in a link namespace of its own (dlmopen), loaded while
// OPENBLAS_CORETYPE asks for `core`. `note` says which, where it matters.
void* open_library(const char* path, const std::string& core, std::string& note) {
  void* shared = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
  if (!shared) return dlopen(path, RTLD_NOW | RTLD_LOCAL);
  decltype(&openblas_get_corename) corename = nullptr;
  if (core.empty() || !bind(shared, "openblas_get_corename", corename) || !strcasecmp(corename(), core.c_str()))
    return shared;
  const std::string theirs = corename();
  void* mine = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
  if (!mine) {
    note = str(" (loaded before ember with core ", theirs, "; a private copy failed: ", dlerror(), ")");
    return shared;
  }
  dlclose(shared);
  int (*stop)() = nullptr;
  if (bind(mine, "blas_thread_shutdown_", stop)) {
    private_thread_shutdown.store(stop);
    pthread_atfork(stop_private_threads, nullptr, nullptr);
  }
  note = str(" (a private copy: the process's was loaded before ember, with core ", theirs, ")");
  return mine;
}

Library load() {
  Library lib;
  const std::string core = choose_core(lib.choice);
  if (!core.empty()) setenv("OPENBLAS_CORETYPE", core.c_str(), 1);
  void* handle = nullptr;
  std::string errors, note;
  for (const char* path : {EMBER_OPENBLAS_LIBRARY, "libopenblas.so.0", "libopenblas.so"}) {
    handle = open_library(path, core, note);
    if (handle) {
      lib.path = path + note;
      break;
    }
    errors += str(errors.empty() ? "" : "; ", dlerror());
  }
  if (!core.empty()) unsetenv("OPENBLAS_CORETYPE");
  if (!handle) {
    lib.path = "not loaded: " + errors;
    return lib;
  }
  Routines& r = lib.r;
  const bool ok = bind(handle, "cblas_sgemm", r.sgemm) && bind(handle, "cblas_dgemm", r.dgemm) &&
                  bind(handle, "cblas_sgemv", r.sgemv) && bind(handle, "cblas_dgemv", r.dgemv) &&
                  bind(handle, "cblas_sger", r.sger) && bind(handle, "cblas_dger", r.dger) &&
                  bind(handle, "cblas_sdot", r.sdot) && bind(handle, "cblas_ddot", r.ddot) &&
                  bind(handle, "cblas_saxpy", r.saxpy) && bind(handle, "cblas_daxpy", r.daxpy) &&
                  bind(handle, "cblas_sscal", r.sscal) && bind(handle, "cblas_dscal", r.dscal) &&
                  bind(handle, "cblas_scopy", r.scopy) && bind(handle, "cblas_dcopy", r.dcopy) &&
                  bind(handle, "cblas_sswap", r.sswap) && bind(handle, "cblas_dswap", r.dswap) &&
                  bind(handle, "openblas_set_num_threads", r.set_num_threads) &&
                  bind(handle, "openblas_get_config", r.get_config) &&
                  bind(handle, "openblas_get_corename", r.get_corename);
  if (!ok) {
    lib.path = str("not loaded: ", lib.path, " lacks ", dlerror());
    dlclose(handle);
    return lib;
  }
  // The handle stays open for the life of the process.
  lib.loaded = true;
  lib.handle = handle;
  return lib;
}

const Library& library() {
  static const Library lib = load();
  return lib;
}

// OpenBLAS's thread count follows ember's, set only when it changed.
const Routines& routines() {
  static std::atomic<int> threads{0};
  const Routines& r = library().r;
  const int want = kernels::get_num_threads();
  if (threads.load(std::memory_order_relaxed) != want) {
    r.set_num_threads(want);
    threads.store(want, std::memory_order_relaxed);
  }
  return r;
}

CBLAS_TRANSPOSE trans_of(bool t) { return t ? CblasTrans : CblasNoTrans; }

}  // namespace

bool available() { return library().loaded; }

void* symbol(const char* name) {
  const Library& lib = library();
  if (!lib.loaded) return nullptr;
  routines();  // its thread count follows ember's before the caller runs the routine
  return dlsym(lib.handle, name);
}

std::string library_path() { return library().path; }

void gemm(bool transa, bool transb, int m, int n, int k, float alpha, const float* a, int lda, const float* b, int ldb,
          float beta, float* c, int ldc) {
  routines().sgemm(CblasColMajor, trans_of(transa), trans_of(transb), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
void gemm(bool transa, bool transb, int m, int n, int k, double alpha, const double* a, int lda, const double* b,
          int ldb, double beta, double* c, int ldc) {
  routines().dgemm(CblasColMajor, trans_of(transa), trans_of(transb), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
void gemv(bool trans, int m, int n, float alpha, const float* a, int lda, const float* x, int incx, float beta,
          float* y, int incy) {
  routines().sgemv(CblasColMajor, trans_of(trans), m, n, alpha, a, lda, x, incx, beta, y, incy);
}
void gemv(bool trans, int m, int n, double alpha, const double* a, int lda, const double* x, int incx, double beta,
          double* y, int incy) {
  routines().dgemv(CblasColMajor, trans_of(trans), m, n, alpha, a, lda, x, incx, beta, y, incy);
}
void ger(int m, int n, float alpha, const float* x, int incx, const float* y, int incy, float* a, int lda) {
  routines().sger(CblasColMajor, m, n, alpha, x, incx, y, incy, a, lda);
}
void ger(int m, int n, double alpha, const double* x, int incx, const double* y, int incy, double* a, int lda) {
  routines().dger(CblasColMajor, m, n, alpha, x, incx, y, incy, a, lda);
}
float dot(int n, const float* x, int incx, const float* y, int incy) { return routines().sdot(n, x, incx, y, incy); }
double dot(int n, const double* x, int incx, const double* y, int incy) { return routines().ddot(n, x, incx, y, incy); }
void axpy(int n, float alpha, const float* x, int incx, float* y, int incy) {
  routines().saxpy(n, alpha, x, incx, y, incy);
}
void axpy(int n, double alpha, const double* x, int incx, double* y, int incy) {
  routines().daxpy(n, alpha, x, incx, y, incy);
}
void scal(int n, float alpha, float* x, int incx) { routines().sscal(n, alpha, x, incx); }
void scal(int n, double alpha, double* x, int incx) { routines().dscal(n, alpha, x, incx); }
void copy(int n, const float* x, int incx, float* y, int incy) { routines().scopy(n, x, incx, y, incy); }
void copy(int n, const double* x, int incx, double* y, int incy) { routines().dcopy(n, x, incx, y, incy); }
void swap(int n, float* x, int incx, float* y, int incy) { routines().sswap(n, x, incx, y, incy); }
void swap(int n, double* x, int incx, double* y, int incy) { routines().dswap(n, x, incx, y, incy); }

std::string info() {
  const Library& lib = library();
  if (!lib.loaded) return str("OpenBLAS ", lib.path, "; products run ember's generic loops");
  return str(lib.r.get_config(), "; core ", lib.r.get_corename(), ": ", lib.choice, "; ", lib.path);
}

}  // namespace ember::rt::openblas

namespace ember {

std::string blas_info() { return rt::openblas::info(); }

}  // namespace ember
