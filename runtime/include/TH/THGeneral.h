/* TH's THGeneral.h (Torch7 lib/TH, last commit): error handlers, memory,
 * threads, small numeric helpers and the macros TH code is written with.
 * C header, usable from C and C++; names and signatures are TH's.
 *
 * Differences from TH, on purpose:
 *  - _THError and _THArgCheck return when the installed handler returns
 *    (TH's defaults never did); ember's own C functions then return a
 *    zero/NULL value. The default handlers print to stderr and abort().
 *  - THAlloc/THRealloc/THFree go through THDefaultAllocator, so their
 *    memory is 64-byte aligned and interchangeable with storage memory. */
#ifndef TH_GENERAL_INC
#define TH_GENERAL_INC

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __cplusplus
#define TH_EXTERNC extern "C"
#else
#define TH_EXTERNC extern
#endif
#define TH_API TH_EXTERNC __attribute__((visibility("default")))

#define TH_NO_RETURN __attribute__((noreturn))
#define TH_UNREACHABLE __builtin_unreachable();
#define TH_UNUSED __attribute__((unused))

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Index tensors passed to the C API are 1-based, as in Torch7. */
#ifndef TH_INDEX_BASE
#define TH_INDEX_BASE 1
#endif

typedef void (*THErrorHandlerFunction)(const char *msg, void *data);
typedef void (*THArgErrorHandlerFunction)(int argNumber, const char *msg, void *data);

#define TH_DESC_BUFF_LEN 64
typedef struct {
  char str[TH_DESC_BUFF_LEN];
} THDescBuff;

/* Errors. Handlers set with THSet*Handler apply to the calling thread and
 * override the process-wide ones set with THSetDefault*Handler; passing
 * NULL restores the fallback (the process-wide handler, or the built-in
 * print-and-abort one). A handler may longjmp out. */
TH_API void _THError(const char *file, const int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
TH_API void _THAssertionFailed(const char *file, const int line, const char *exp, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
TH_API void _THArgCheck(const char *file, int line, int condition, int argNumber, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
TH_API void THSetErrorHandler(THErrorHandlerFunction new_handler, void *data);
TH_API void THSetDefaultErrorHandler(THErrorHandlerFunction new_handler, void *data);
TH_API void THSetArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data);
TH_API void THSetDefaultArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data);

/* Memory. THAlloc(0) returns NULL. On failure the calling thread's GC
 * handler (THSetGCHandler) runs once and the allocation is retried. */
TH_API void *THAlloc(ptrdiff_t size);
TH_API void *THRealloc(void *ptr, ptrdiff_t size);
TH_API void THFree(void *ptr);
TH_API void THSetGCHandler(void (*torchGCHandlerFunction)(void *data), void *data);

/* Threads (OpenMP). THInferNumThreads makes the calling thread use the
 * count last given to THSetNumThreads: OpenMP keeps the count per thread,
 * so threads started later would otherwise use the environment's. */
TH_API void THSetNumThreads(int num_threads);
TH_API int THGetNumThreads(void);
TH_API int THGetNumCores(void);
TH_API void THInferNumThreads(void);

/* Numerics (TH's THGeneral and THLogAdd). */
TH_API double THLog1p(const double x);
TH_API double THLogAdd(double log_a, double log_b);
TH_API double THLogSub(double log_a, double log_b);
TH_API double THExpMinusApprox(const double x);

/* Sizes (TH's THSize). */
TH_API int THSize_isSameSizeAs(const long *sizeA, long dimsA, const long *sizeB, long dimsB);
TH_API ptrdiff_t THSize_nElement(long dims, long *size);
TH_API THDescBuff _THSizeDesc(const long *size, const long ndim);

#define THError(...) _THError(__FILE__, __LINE__, __VA_ARGS__)

#define THCleanup(...) __VA_ARGS__

#define THArgCheck(...)                           \
  do {                                            \
    _THArgCheck(__FILE__, __LINE__, __VA_ARGS__); \
  } while (0)

#define THArgCheckWithCleanup(condition, cleanup, ...) \
  do                                                   \
    if (!(condition)) {                                \
      cleanup                                          \
      _THArgCheck(__FILE__, __LINE__, 0, __VA_ARGS__); \
    }                                                  \
  while (0)

#define THAssert(exp)                                         \
  do {                                                        \
    if (!(exp)) {                                             \
      _THAssertionFailed(__FILE__, __LINE__, #exp, "%s", ""); \
    }                                                         \
  } while (0)

#define THAssertMsg(exp, ...)                                    \
  do {                                                           \
    if (!(exp)) {                                                \
      _THAssertionFailed(__FILE__, __LINE__, #exp, __VA_ARGS__); \
    }                                                            \
  } while (0)

#define TH_CONCAT_STRING_2(x, y) TH_CONCAT_STRING_2_EXPAND(x, y)
#define TH_CONCAT_STRING_2_EXPAND(x, y) #x #y

#define TH_CONCAT_STRING_3(x, y, z) TH_CONCAT_STRING_3_EXPAND(x, y, z)
#define TH_CONCAT_STRING_3_EXPAND(x, y, z) #x #y #z

#define TH_CONCAT_STRING_4(x, y, z, w) TH_CONCAT_STRING_4_EXPAND(x, y, z, w)
#define TH_CONCAT_STRING_4_EXPAND(x, y, z, w) #x #y #z #w

#define TH_CONCAT_2(x, y) TH_CONCAT_2_EXPAND(x, y)
#define TH_CONCAT_2_EXPAND(x, y) x##y

#define TH_CONCAT_3(x, y, z) TH_CONCAT_3_EXPAND(x, y, z)
#define TH_CONCAT_3_EXPAND(x, y, z) x##y##z

#define TH_CONCAT_4(x, y, z, w) TH_CONCAT_4_EXPAND(x, y, z, w)
#define TH_CONCAT_4_EXPAND(x, y, z, w) x##y##z##w

#define THMin(X, Y) ((X) < (Y) ? (X) : (Y))
#define THMax(X, Y) ((X) > (Y) ? (X) : (Y))

#endif
