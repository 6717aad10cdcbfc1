// OpenBLAS, loaded at the first Float/Double matrix product: the cblas
// routines ember calls, as function pointers.
//
// Note [OpenBLAS core type]: a DYNAMIC_ARCH OpenBLAS (Debian's 0.3.21)
// picks its kernels once, while the library initialises, from the CPU
// model. Models it does not know get the generic "Prescott" kernels:
// sgemm at ~32 GFLOP/s on an AVX-512 Xeon where its SkylakeX kernels
// reach ~155. OPENBLAS_CORETYPE overrides the choice, but only when set
// before the library initialises, which a library linked against OpenBLAS
// cannot arrange (OpenBLAS's constructor runs before ours). So ember does
// not link OpenBLAS: it dlopens it (the library pkg-config named at build
// time, else libopenblas.so.0) on first use, with
//   - OPENBLAS_CORETYPE left alone when the environment sets it;
//   - EMBER_OPENBLAS_CORETYPE=<core> setting it to <core> for the load,
//     and =off (or 0, none, empty) keeping OpenBLAS's own choice;
//   - otherwise OPENBLAS_CORETYPE=SkylakeX for the load when the CPU and
//     OS support the AVX-512 subsets SkylakeX's kernels use (F, CD, BW, DQ,
//     VL): correct on every such CPU, and what OpenBLAS would pick on the
//     ones it knows.
// The variable is removed again after the load, so child processes do not
// inherit it (setenv is not thread-safe against getenv elsewhere in the
// process for that moment). Where the process has that library loaded
// already with another core (NumPy loads it at import, through
// libblas.so.3, with the generic kernels), ember loads a private copy in a
// link namespace of its own (dlmopen), with the core asked for, rather
// than run 4-5x slower products; that copy's threads are stopped before
// each fork, as OpenBLAS does for its own. blas_info() says which core
// runs, why, and whether the copy is private.
//
// OpenBLAS runs its routines on as many threads as ember's own setting
// (THSetNumThreads / OMP_NUM_THREADS); Note [deterministic parallelism]
// does not extend to OpenBLAS, whose sums may group differently with the
// thread count.
#pragma once

#include <string>

namespace ember::rt::openblas {

// Whether OpenBLAS is loaded (the first call loads it). When it is not,
// every product runs ember's generic loops (kernels/gemm.h, kernels/blas.h).
bool available();

// cblas's routines, column-major, for available() only; sizes, leading
// dims and increments must fit OpenBLAS's int. Each first sets OpenBLAS's
// thread count to ember's.
void gemm(bool transa, bool transb, int m, int n, int k, float alpha, const float* a, int lda, const float* b, int ldb,
          float beta, float* c, int ldc);
void gemm(bool transa, bool transb, int m, int n, int k, double alpha, const double* a, int lda, const double* b,
          int ldb, double beta, double* c, int ldc);
void gemv(bool trans, int m, int n, float alpha, const float* a, int lda, const float* x, int incx, float beta,
          float* y, int incy);
void gemv(bool trans, int m, int n, double alpha, const double* a, int lda, const double* x, int incx, double beta,
          double* y, int incy);
void ger(int m, int n, float alpha, const float* x, int incx, const float* y, int incy, float* a, int lda);
void ger(int m, int n, double alpha, const double* x, int incx, const double* y, int incy, double* a, int lda);
float dot(int n, const float* x, int incx, const float* y, int incy);
double dot(int n, const double* x, int incx, const double* y, int incy);
void axpy(int n, float alpha, const float* x, int incx, float* y, int incy);
void axpy(int n, double alpha, const double* x, int incx, double* y, int incy);
void scal(int n, float alpha, float* x, int incx);
void scal(int n, double alpha, double* x, int incx);
void copy(int n, const float* x, int incx, float* y, int incy);
void copy(int n, const double* x, int incx, double* y, int incy);
void swap(int n, float* x, int incx, float* y, int incy);
void swap(int n, double* x, int incx, double* y, int incy);

// A symbol of the loaded OpenBLAS (its LAPACK routines, runtime/ops/lapack.cpp),
// or NULL when OpenBLAS is not loaded or lacks it. Sets OpenBLAS's thread
// count to ember's first, as the routines above do.
void* symbol(const char* name);

// The library loaded, or "not loaded: <why>".
std::string library_path();

// One line: the library, its build configuration, the core it runs, and
// where that choice came from (Note [OpenBLAS core type]).
std::string info();

}  // namespace ember::rt::openblas
