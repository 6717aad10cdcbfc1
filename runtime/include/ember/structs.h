/* The memory layout of storages and tensors, shared by C and C++.
 *
 * TH code reads these fields directly (tensor->size[d], storage->data), so
 * the leading fields keep TH's names, types and order. Every dtype gets its
 * own typed struct (THFloatStorage has `float *data`), generated from
 * schemas/dtypes.yaml with the field macros below, so all of them share one
 * layout; the runtime works on the untyped EmberStorage / EmberTensor and
 * the C API casts between the two (checked by static_asserts in the
 * generated code). */
#ifndef EMBER_STRUCTS_H
#define EMBER_STRUCTS_H

#include <stddef.h>

#include "ember/allocator.h"

/* Storage flags (TH's values). */
#define TH_STORAGE_REFCOUNTED 1
#define TH_STORAGE_RESIZABLE 2
#define TH_STORAGE_FREEMEM 4
#define TH_STORAGE_VIEW 8

/* Tensor flags. TH_TENSOR_REFCOUNTED is TH's; EMBER_TENSOR_SCALAR marks a
 * 0-dim tensor holding one element (PyTorch's scalars). Without it, TH's
 * rule holds: nDimension == 0 means empty. */
#define TH_TENSOR_REFCOUNTED 1
#define EMBER_TENSOR_SCALAR 16

/* Dimensions held inside the tensor itself; more go to the heap. */
#define EMBER_INLINE_DIMS 6
/* The most dimensions a tensor may have. */
#define EMBER_MAX_DIMS 64

/* Fields of a storage whose elements have C type REAL_T.
 * refcount is only touched with atomic builtins. */
#define EMBER_STORAGE_FIELDS(REAL_T, SELF_T)                                   \
  REAL_T *data;                                                                \
  ptrdiff_t size; /* elements */                                               \
  int refcount;                                                                \
  char flag;                                                                   \
  THAllocator *allocator;                                                      \
  void *allocatorContext;                                                      \
  SELF_T *view; /* the storage this one is a view of, retained, or NULL */     \
  int dtype;    /* ember_dtype */                                              \
  int deviceType;  /* 0: CPU memory; 1: CUDA memory (ember/device.h) */         \
  int deviceIndex  /* the CUDA device; 0 for the CPU */

/* Fields of a tensor over storages of type STORAGE_T. size and stride
 * point either at the inline arrays or at heap arrays of nDimension
 * entries; strides are in elements and may be zero (expanded dims). */
#define EMBER_TENSOR_FIELDS(STORAGE_T)                                         \
  long *size;                                                                  \
  long *stride;                                                                \
  int nDimension;                                                              \
  STORAGE_T *storage; /* retained, or NULL for a tensor without data */        \
  ptrdiff_t storageOffset;                                                     \
  int refcount;                                                                \
  char flag;                                                                   \
  int dtype;                                                                   \
  long inlineSize[EMBER_INLINE_DIMS];                                          \
  long inlineStride[EMBER_INLINE_DIMS]

typedef struct EmberStorage {
  EMBER_STORAGE_FIELDS(void, struct EmberStorage);
} EmberStorage;

typedef struct EmberTensor {
  EMBER_TENSOR_FIELDS(EmberStorage);
} EmberTensor;

/* TH's random number generator, opaque to C (TH/THRandom.h; its fields are
 * in runtime/core/generator.h). Declared here, once, because TH's tensor
 * functions (randperm) take one. */
typedef struct THGenerator THGenerator;

#endif
