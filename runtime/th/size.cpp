// TH's THSize helpers: shape comparisons and descriptions that need no
// tensor.
#include <cstdio>

#include "TH/THGeneral.h"

int THSize_isSameSizeAs(const long* sizeA, long dimsA, const long* sizeB, long dimsB) {
  if (dimsA != dimsB) return 0;
  if (dimsA > 0 && (!sizeA || !sizeB)) {
    THArgCheck(0, sizeA ? 3 : 1, "THSize_isSameSizeAs: %s is NULL with %ld dimensions", sizeA ? "sizeB" : "sizeA",
               dimsA);
    return 0;
  }
  for (long d = 0; d < dimsA; ++d)
    if (sizeA[d] != sizeB[d]) return 0;
  return 1;
}

// 0 dimensions means empty (TH's rule), not a scalar.
ptrdiff_t THSize_nElement(long dims, long* size) {
  if (dims == 0) return 0;
  if (dims < 0) {
    THArgCheck(0, 1, "THSize_nElement: negative number of dimensions %ld", dims);
    return 0;
  }
  if (!size) {
    THArgCheck(0, 2, "THSize_nElement: size is NULL with %ld dimensions", dims);
    return 0;
  }
  ptrdiff_t n = 1;
  for (long d = 0; d < dims; ++d) {
    if (__builtin_mul_overflow(n, size[d], &n)) {
      THError("THSize_nElement: the element count overflows at dimension %ld", d);
      return 0;
    }
  }
  return n;
}

// "[2 x 3 x 4]"; a description longer than the buffer ends in "...]".
THDescBuff _THSizeDesc(const long* size, const long ndim) {
  constexpr int L = TH_DESC_BUFF_LEN;
  THDescBuff buf;
  char* str = buf.str;
  if (ndim > 0 && !size) {
    THArgCheck(0, 1, "_THSizeDesc: size is NULL with %ld dimensions", ndim);
    std::snprintf(str, L, "[?]");
    return buf;
  }
  int n = std::snprintf(str, L, "[");
  for (long i = 0; i < ndim && n < L; ++i)
    n += std::snprintf(str + n, L - n, i + 1 < ndim ? "%ld x " : "%ld", size[i]);
  if (n < L - 1)
    std::snprintf(str + n, L - n, "]");
  else
    std::snprintf(str + L - 5, 5, "...]");
  return buf;
}
