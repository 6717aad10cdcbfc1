/* TH's slice-wise iteration macros (Torch7 lib/TH/THTensorDimApply.h),
 * written anew for ember:
 *
 *   TH_TENSOR_DIM_APPLY(TYPE, T, DIMENSION, CODE)
 *   TH_TENSOR_DIM_APPLY2(TYPE1, T1, TYPE2, T2, DIMENSION, CODE)
 *   TH_TENSOR_DIM_APPLY3(TYPE1, T1, TYPE2, T2, TYPE3, T3, DIMENSION, CODE)
 *
 * run CODE once per 1-d slice along DIMENSION (0-based), the slices taken
 * in row-major order of the other dims. Inside CODE, for each tensor T:
 * `T##_data` (TYPE *) points at the slice's first element, `T##_stride` is
 * the distance between its elements and `T##_size` their number, so
 * element i is T##_data[i * T##_stride]. The tensors need the same number
 * of dims and equal sizes in every dim but DIMENSION; a DIMENSION outside
 * [0, nDimension of T1) or a size mismatch goes to THError and, if the
 * handler returns, CODE never runs. To stop early, CODE sets
 * TH_TENSOR_DIM_APPLY_hasFinished = 1 and/or breaks.
 *
 * As in THTensorApply.h (whose iterator this uses): CODE may contain
 * top-level commas and may move `T##_data`, and nothing is heap-allocated. */
#ifndef TH_TENSOR_DIM_APPLY_INC
#define TH_TENSOR_DIM_APPLY_INC

#include "THTensorApply.h"

/* Whether A and B have the same dims, but for `dim`. */
static inline int THTensorDimApply_sameSlices(int ndimA, const long *sizeA, int ndimB, const long *sizeB, int dim) {
  int d;
  if (ndimA != ndimB) return 0;
  for (d = 0; d < ndimA; ++d)
    if (d != dim && sizeA[d] != sizeB[d]) return 0;
  return 1;
}

/* The number of slices of T along DIMENSION, with `T##_iter` at the first. */
#define TH_TENSOR_DIM_APPLY_INIT_(T, DIMENSION) \
  THTensorApplyIter_init(&T##_iter, (T)->nDimension, (T)->size, (T)->stride, 0, (DIMENSION))

#define TH_TENSOR_DIM_APPLY_CHECK_(T1, T2, DIMENSION) \
  THTensorDimApply_sameSlices((T1)->nDimension, (T1)->size, (T2)->nDimension, (T2)->size, (DIMENSION))

/* Declares the slice of T at its iterator's position (CODE need not use
 * all three names). A tensor without elements may have no storage. */
#define TH_TENSOR_DIM_APPLY_SLICE_(TYPE, T, DIMENSION)                                               \
  TYPE *T##_data = (T)->storage ? (TYPE *)(T)->storage->data + (T)->storageOffset + T##_iter.offset : 0; \
  long T##_stride = (T)->stride[DIMENSION];                                                          \
  long T##_size = (T)->size[DIMENSION];                                                              \
  (void)T##_data;                                                                                    \
  (void)T##_stride;                                                                                  \
  (void)T##_size;

/* DIMENSION must index T1's dims; reports otherwise and gives 0. */
#define TH_TENSOR_DIM_APPLY_DIM_OK_(T1, DIMENSION)                                                        \
  (((DIMENSION) >= 0 && (DIMENSION) < (T1)->nDimension)                                                   \
       ? 1                                                                                                \
       : (THError("invalid dimension %d (expected to be 0 <= dim < %d)", (int)(DIMENSION), (T1)->nDimension), 0))

#define TH_TENSOR_DIM_APPLY(TYPE, TENSOR, DIMENSION, ...)                                                 \
  {                                                                                                       \
    THTensorApplyIter TENSOR##_iter;                                                                      \
    long TH_TENSOR_DIM_APPLY_n = 0, TH_TENSOR_DIM_APPLY_k;                                                \
    int TH_TENSOR_DIM_APPLY_hasFinished = 0;                                                              \
    if (TH_TENSOR_DIM_APPLY_DIM_OK_(TENSOR, DIMENSION))                                                   \
      TH_TENSOR_DIM_APPLY_n = TH_TENSOR_DIM_APPLY_INIT_(TENSOR, DIMENSION);                               \
    for (TH_TENSOR_DIM_APPLY_k = 0; TH_TENSOR_DIM_APPLY_k < TH_TENSOR_DIM_APPLY_n && !TH_TENSOR_DIM_APPLY_hasFinished; \
         ++TH_TENSOR_DIM_APPLY_k, THTensorApplyIter_next(&TENSOR##_iter)) {                               \
      TH_TENSOR_DIM_APPLY_SLICE_(TYPE, TENSOR, DIMENSION)                                                 \
      __VA_ARGS__                                                                                         \
    }                                                                                                     \
  }

#define TH_TENSOR_DIM_APPLY2(TYPE1, TENSOR1, TYPE2, TENSOR2, DIMENSION, ...)                              \
  {                                                                                                       \
    THTensorApplyIter TENSOR1##_iter, TENSOR2##_iter;                                                     \
    long TH_TENSOR_DIM_APPLY_n = 0, TH_TENSOR_DIM_APPLY_k;                                                \
    int TH_TENSOR_DIM_APPLY_hasFinished = 0;                                                              \
    if (TH_TENSOR_DIM_APPLY_DIM_OK_(TENSOR1, DIMENSION)) {                                                \
      if (TH_TENSOR_DIM_APPLY_CHECK_(TENSOR1, TENSOR2, DIMENSION)) {                                      \
        TH_TENSOR_DIM_APPLY_n = TH_TENSOR_DIM_APPLY_INIT_(TENSOR1, DIMENSION);                            \
        TH_TENSOR_DIM_APPLY_INIT_(TENSOR2, DIMENSION);                                                    \
      } else {                                                                                            \
        THError("inconsistent tensor size, expected %s and %s to have the same sizes but in dim %d",     \
                #TENSOR1, #TENSOR2, (int)(DIMENSION));                                                    \
      }                                                                                                   \
    }                                                                                                     \
    for (TH_TENSOR_DIM_APPLY_k = 0; TH_TENSOR_DIM_APPLY_k < TH_TENSOR_DIM_APPLY_n && !TH_TENSOR_DIM_APPLY_hasFinished; \
         ++TH_TENSOR_DIM_APPLY_k, THTensorApplyIter_next(&TENSOR1##_iter), THTensorApplyIter_next(&TENSOR2##_iter)) { \
      TH_TENSOR_DIM_APPLY_SLICE_(TYPE1, TENSOR1, DIMENSION)                                               \
      TH_TENSOR_DIM_APPLY_SLICE_(TYPE2, TENSOR2, DIMENSION)                                               \
      __VA_ARGS__                                                                                         \
    }                                                                                                     \
  }

#define TH_TENSOR_DIM_APPLY3(TYPE1, TENSOR1, TYPE2, TENSOR2, TYPE3, TENSOR3, DIMENSION, ...)              \
  {                                                                                                       \
    THTensorApplyIter TENSOR1##_iter, TENSOR2##_iter, TENSOR3##_iter;                                     \
    long TH_TENSOR_DIM_APPLY_n = 0, TH_TENSOR_DIM_APPLY_k;                                                \
    int TH_TENSOR_DIM_APPLY_hasFinished = 0;                                                              \
    if (TH_TENSOR_DIM_APPLY_DIM_OK_(TENSOR1, DIMENSION)) {                                                \
      if (TH_TENSOR_DIM_APPLY_CHECK_(TENSOR1, TENSOR2, DIMENSION) &&                                      \
          TH_TENSOR_DIM_APPLY_CHECK_(TENSOR1, TENSOR3, DIMENSION)) {                                      \
        TH_TENSOR_DIM_APPLY_n = TH_TENSOR_DIM_APPLY_INIT_(TENSOR1, DIMENSION);                            \
        TH_TENSOR_DIM_APPLY_INIT_(TENSOR2, DIMENSION);                                                    \
        TH_TENSOR_DIM_APPLY_INIT_(TENSOR3, DIMENSION);                                                    \
      } else {                                                                                            \
        THError("inconsistent tensor size, expected %s, %s and %s to have the same sizes but in dim %d", \
                #TENSOR1, #TENSOR2, #TENSOR3, (int)(DIMENSION));                                          \
      }                                                                                                   \
    }                                                                                                     \
    for (TH_TENSOR_DIM_APPLY_k = 0; TH_TENSOR_DIM_APPLY_k < TH_TENSOR_DIM_APPLY_n && !TH_TENSOR_DIM_APPLY_hasFinished; \
         ++TH_TENSOR_DIM_APPLY_k, THTensorApplyIter_next(&TENSOR1##_iter), THTensorApplyIter_next(&TENSOR2##_iter), \
         THTensorApplyIter_next(&TENSOR3##_iter)) {                                                       \
      TH_TENSOR_DIM_APPLY_SLICE_(TYPE1, TENSOR1, DIMENSION)                                               \
      TH_TENSOR_DIM_APPLY_SLICE_(TYPE2, TENSOR2, DIMENSION)                                               \
      TH_TENSOR_DIM_APPLY_SLICE_(TYPE3, TENSOR3, DIMENSION)                                               \
      __VA_ARGS__                                                                                         \
    }                                                                                                     \
  }

#endif
