/* CHECK(cond): on failure, reports the condition and counts it in the
 * caller's `failures`. */
#ifndef COMPAT_CHECK_H
#define COMPAT_CHECK_H

#include <stdio.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

#endif
