/* TH's LAPACK wrappers: THFloatLapack_gesv and friends (Float and Double;
 * LAPACK's column-major conventions and argument order, info as LAPACK
 * sets it), the generic name THLapack_(NAME) for code expanded through
 * THGenerateFloatTypes.h, and TH's macros that turn an info into an
 * error. See docs/lapack.md. */
#ifndef TH_LAPACK_INC
#define TH_LAPACK_INC

#include "THGeneral.h"
#include "THLapackFunctions.h"

#define THLapack_(NAME) TH_CONCAT_4(TH, Real, Lapack_, NAME)

/* LAPACK's integer: ember's OpenBLAS has 32-bit LAPACK integers. */
#define LAPACK_INT int

/* info < 0: LAPACK rejected argument -info; info > 0: `fmt` (given `func`,
 * `info` and the rest) says what it means for the routine. */
#define THLapackCheck(fmt, func, info, ...)                              \
  if ((info) < 0) {                                                      \
    THError("Lapack Error in %s : Illegal Argument %d", func, -(info));  \
  } else if ((info) > 0) {                                               \
    THError(fmt, func, info, ##__VA_ARGS__);                             \
  }

/* The same, running `cleanup` first (freeing what the caller allocated). */
#define THLapackCheckWithCleanup(fmt, cleanup, func, info, ...)          \
  if ((info) < 0) {                                                      \
    cleanup                                                              \
    THError("Lapack Error in %s : Illegal Argument %d", func, -(info));  \
  } else if ((info) > 0) {                                               \
    cleanup                                                              \
    THError(fmt, func, info, ##__VA_ARGS__);                             \
  }

#endif
