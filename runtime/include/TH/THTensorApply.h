/* TH's element-wise iteration macros (Torch7 lib/TH/THTensorApply.h),
 * written anew for ember:
 *
 *   TH_TENSOR_APPLY(TYPE, T, CODE)
 *   TH_TENSOR_APPLY2(TYPE1, T1, TYPE2, T2, CODE)
 *   TH_TENSOR_APPLY3(TYPE1, T1, TYPE2, T2, TYPE3, T3, CODE)
 *
 * run CODE once per element, visiting the elements of each tensor in its
 * own row-major order, whatever its strides; inside CODE, `T##_data` is a
 * TYPE * to the current element of T. The tensors need equal element
 * counts, not equal shapes (TH's rule); otherwise THError reports
 * "inconsistent tensor size" and, if the handler returns, CODE never runs.
 * TH's empty tensor (no dims) has no elements. To stop early, CODE sets
 * TH_TENSOR_APPLY_hasFinished = 1 and/or breaks, as TH code does.
 *
 * Differences from Torch7, on purpose: CODE may contain top-level commas;
 * CODE may change `T##_data` (the next element is found from the tensor,
 * not from that pointer); nothing is heap-allocated, so a `return` inside
 * CODE leaks nothing; an ember 0-dim scalar counts as one element. */
#ifndef TH_TENSOR_APPLY_INC
#define TH_TENSOR_APPLY_INC

#include "THGeneral.h"
#include "ember/structs.h"

/* Walks the positions of a strided layout in row-major order. Size-1 dims
 * (and, for the dim-apply macros, the dim being applied along) are dropped
 * and dims that are contiguous with each other are merged, so a contiguous
 * tensor is one flat run. Offsets are in elements. */
typedef struct THTensorApplyIter {
  int ndim;
  long size[EMBER_MAX_DIMS];
  long stride[EMBER_MAX_DIMS];
  long counter[EMBER_MAX_DIMS];
  long offset; /* of the current position */
} THTensorApplyIter;

/* Sets `it` at the first position of the layout without dim `skip` (-1:
 * none) and returns the number of positions. A layout with no dims has one
 * position when `scalar`, none otherwise. */
static inline long THTensorApplyIter_init(THTensorApplyIter *it, int ndim, const long *size, const long *stride,
                                          int scalar, int skip) {
  long count = (ndim > 0 || scalar) ? 1 : 0;
  int d;
  it->ndim = 0;
  it->offset = 0;
  for (d = 0; d < ndim && d < EMBER_MAX_DIMS; ++d) {
    if (d == skip) continue;
    count *= size[d];
    if (size[d] == 1) continue;
    if (it->ndim > 0 && it->stride[it->ndim - 1] == stride[d] * size[d]) {
      /* the previous kept dim steps over exactly this one: merge them */
      it->size[it->ndim - 1] *= size[d];
      it->stride[it->ndim - 1] = stride[d];
    } else {
      it->size[it->ndim] = size[d];
      it->stride[it->ndim] = stride[d];
      it->counter[it->ndim] = 0;
      it->ndim++;
    }
  }
  return count;
}

/* Moves to the next position; after the last one, back to the first. */
static inline void THTensorApplyIter_next(THTensorApplyIter *it) {
  int d;
  for (d = it->ndim - 1; d >= 0; --d) {
    it->offset += it->stride[d];
    if (++it->counter[d] < it->size[d]) return;
    it->offset -= it->size[d] * it->stride[d];
    it->counter[d] = 0;
  }
}

/* The number of elements of T, with its iterator `T##_iter` at the first. */
#define TH_TENSOR_APPLY_INIT_(T) \
  THTensorApplyIter_init(&T##_iter, (T)->nDimension, (T)->size, (T)->stride, ((T)->flag & EMBER_TENSOR_SCALAR) != 0, -1)

/* The element of T at its iterator's position (T has elements). */
#define TH_TENSOR_APPLY_AT_(TYPE, T) ((TYPE *)(T)->storage->data + (T)->storageOffset + T##_iter.offset)

#define TH_TENSOR_APPLY(TYPE, TENSOR, ...)                                                                  \
  {                                                                                                         \
    THTensorApplyIter TENSOR##_iter;                                                                        \
    long TH_TENSOR_APPLY_n = TH_TENSOR_APPLY_INIT_(TENSOR), TH_TENSOR_APPLY_k;                              \
    int TH_TENSOR_APPLY_hasFinished = 0;                                                                    \
    for (TH_TENSOR_APPLY_k = 0; TH_TENSOR_APPLY_k < TH_TENSOR_APPLY_n && !TH_TENSOR_APPLY_hasFinished;      \
         ++TH_TENSOR_APPLY_k, THTensorApplyIter_next(&TENSOR##_iter)) {                                     \
      TYPE *TENSOR##_data = TH_TENSOR_APPLY_AT_(TYPE, TENSOR);                                              \
      (void)TENSOR##_data;                                                                                  \
      __VA_ARGS__                                                                                           \
    }                                                                                                       \
  }

#define TH_TENSOR_APPLY2(TYPE1, TENSOR1, TYPE2, TENSOR2, ...)                                               \
  {                                                                                                         \
    THTensorApplyIter TENSOR1##_iter, TENSOR2##_iter;                                                       \
    long TH_TENSOR_APPLY_n = TH_TENSOR_APPLY_INIT_(TENSOR1), TH_TENSOR_APPLY_k;                             \
    int TH_TENSOR_APPLY_hasFinished = 0;                                                                    \
    if (TH_TENSOR_APPLY_INIT_(TENSOR2) != TH_TENSOR_APPLY_n) {                                              \
      THError("inconsistent tensor size, expected %s and %s to have the same number of elements",          \
              #TENSOR1, #TENSOR2);                                                                          \
      TH_TENSOR_APPLY_n = 0;                                                                                \
    }                                                                                                       \
    for (TH_TENSOR_APPLY_k = 0; TH_TENSOR_APPLY_k < TH_TENSOR_APPLY_n && !TH_TENSOR_APPLY_hasFinished;      \
         ++TH_TENSOR_APPLY_k, THTensorApplyIter_next(&TENSOR1##_iter), THTensorApplyIter_next(&TENSOR2##_iter)) { \
      TYPE1 *TENSOR1##_data = TH_TENSOR_APPLY_AT_(TYPE1, TENSOR1);                                          \
      TYPE2 *TENSOR2##_data = TH_TENSOR_APPLY_AT_(TYPE2, TENSOR2);                                          \
      (void)TENSOR1##_data;                                                                                 \
      (void)TENSOR2##_data;                                                                                 \
      __VA_ARGS__                                                                                           \
    }                                                                                                       \
  }

#define TH_TENSOR_APPLY3(TYPE1, TENSOR1, TYPE2, TENSOR2, TYPE3, TENSOR3, ...)                              \
  {                                                                                                         \
    THTensorApplyIter TENSOR1##_iter, TENSOR2##_iter, TENSOR3##_iter;                                       \
    long TH_TENSOR_APPLY_n = TH_TENSOR_APPLY_INIT_(TENSOR1), TH_TENSOR_APPLY_k;                             \
    int TH_TENSOR_APPLY_hasFinished = 0;                                                                    \
    if (TH_TENSOR_APPLY_INIT_(TENSOR2) != TH_TENSOR_APPLY_n ||                                              \
        TH_TENSOR_APPLY_INIT_(TENSOR3) != TH_TENSOR_APPLY_n) {                                              \
      THError("inconsistent tensor size, expected %s, %s and %s to have the same number of elements",      \
              #TENSOR1, #TENSOR2, #TENSOR3);                                                                \
      TH_TENSOR_APPLY_n = 0;                                                                                \
    }                                                                                                       \
    for (TH_TENSOR_APPLY_k = 0; TH_TENSOR_APPLY_k < TH_TENSOR_APPLY_n && !TH_TENSOR_APPLY_hasFinished;      \
         ++TH_TENSOR_APPLY_k, THTensorApplyIter_next(&TENSOR1##_iter), THTensorApplyIter_next(&TENSOR2##_iter), \
         THTensorApplyIter_next(&TENSOR3##_iter)) {                                                         \
      TYPE1 *TENSOR1##_data = TH_TENSOR_APPLY_AT_(TYPE1, TENSOR1);                                          \
      TYPE2 *TENSOR2##_data = TH_TENSOR_APPLY_AT_(TYPE2, TENSOR2);                                          \
      TYPE3 *TENSOR3##_data = TH_TENSOR_APPLY_AT_(TYPE3, TENSOR3);                                          \
      (void)TENSOR1##_data;                                                                                 \
      (void)TENSOR2##_data;                                                                                 \
      (void)TENSOR3##_data;                                                                                 \
      __VA_ARGS__                                                                                           \
    }                                                                                                       \
  }

#endif
