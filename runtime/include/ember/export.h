/* Symbol visibility. The library is built with -fvisibility=hidden (calls
 * inside it skip the PLT); what users may call is marked:
 * EMBER_API for C functions (TH's API), EMBER_CPP_API for C++ ones. */
#ifndef EMBER_EXPORT_H
#define EMBER_EXPORT_H

#define EMBER_VISIBLE __attribute__((visibility("default")))

#ifdef __cplusplus
#define EMBER_API extern "C" EMBER_VISIBLE
#define EMBER_CPP_API EMBER_VISIBLE
#else
#define EMBER_API extern EMBER_VISIBLE
#endif

#endif
