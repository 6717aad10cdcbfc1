// The one dtype dispatch of the hand-written runtime: visit_dtype(dtype, f)
// calls f(DTypeTag<T>{}) with T the element type of `dtype`, for every
// dtype of schemas/dtypes.yaml (EMBER_FORALL_DTYPES). Generated ops
// switch over their own dtype lists instead; this is for the runtime's
// few dtype-generic helpers (item, printing, fills, conversions).
#pragma once

#include "ember/dtype.h"
#include "ember/error.h"

namespace ember {

template <class T>
struct DTypeTag {
  using type = T;
};

template <class F>
decltype(auto) visit_dtype(DType dtype, F&& f) {
  switch (dtype) {
#define EMBER_VISIT_CASE(Name, cpp, acc) \
  case DType::Name:                      \
    return f(DTypeTag<cpp>{});
    EMBER_FORALL_DTYPES(EMBER_VISIT_CASE)
#undef EMBER_VISIT_CASE
  }
  fail(ErrorKind::Runtime, "visit_dtype: corrupt dtype");
}

}  // namespace ember
