// TH's copyUpLoTriangle and clearUpLoTriangle on a square matrix, by its
// logical indices: TH indexed the data as one contiguous block, which
// read a column-major matrix right and any other layout wrong.
#include <cstdint>

#include "ember/error.h"
#include "runtime/ops/linalg_args.h"
#include "runtime/ops/linalg_matrix.h"
#include "runtime/ops/linalg_th.h"

namespace ember::rt::linalg {

namespace {

// Calls f(i, j) for each (i, j) of the triangle opposite `uplo`, diagonal excluded.
template <class F>
void each_opposite(int64_t n, char uplo, F&& f) {
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      if (uplo == 'U' ? i > j : i < j) f(i, j);
}

int64_t checked_square(const th::Fn& fn, TensorImpl* a) {
  need(fn, a, "a");
  need_dims(fn, a, "a", 2);
  if (a->size[0] != a->size[1])
    fail(ErrorKind::Value, str(fn, ": a should be square, but is ", a->size[0], "x", a->size[1]), "a");
  if (has_internal_overlap(a))
    fail(ErrorKind::Value, str(fn, ": a has a stride of 0 (several elements at one address) and cannot be written"),
         "a");
  return a->size[0];
}

}  // namespace

void th_copy_uplo_triangle(const th::Fn& fn, TensorImpl* a, const char* uplo) {
  const int64_t n = checked_square(fn, a);
  const char u = flag(fn, uplo, "UL", "uplo");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    each_opposite(n, u, [&](int64_t i, int64_t j) { *element<T>(a, i, j) = *element<T>(a, j, i); });
  });
}

void th_clear_uplo_triangle(const th::Fn& fn, TensorImpl* a, const char* uplo) {
  const int64_t n = checked_square(fn, a);
  const char u = flag(fn, uplo, "UL", "uplo");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    each_opposite(n, u, [&](int64_t i, int64_t j) { *element<T>(a, i, j) = T(0); });
  });
}

}  // namespace ember::rt::linalg
