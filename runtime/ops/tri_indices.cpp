#include "runtime/ops/tri_indices.h"

#include <algorithm>
#include <limits>

#include "ember/error.h"
#include "runtime/ops/as_op.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

namespace {

// How many positions: the sum over rows r of clamp(r + k, 0, col) (lower,
// k = offset + 1), or of col minus clamp(r + k, 0, col) (upper, k = offset),
// in closed form and 128-bit arithmetic, which cannot overflow here.
int64_t count(int64_t row, int64_t col, int64_t k, bool lower, const char* op) {
  using Wide = __int128;
  const Wide lo = std::clamp<Wide>(Wide(1) - k, 0, row);           // first r with r + k >= 1
  const Wide hi = std::max(lo, std::clamp<Wide>(Wide(col) - k, 0, row));  // first r with r + k >= col
  // Rows [lo, hi) hold r + k positions (an arithmetic series), rows from hi hold col.
  const Wide series = (hi - lo) * (lo + k + hi - 1 + k) / 2;
  const Wide below = series + (Wide(row) - hi) * col;
  const Wide total = lower ? below : Wide(row) * col - below;
  if (total > std::numeric_limits<int64_t>::max() / 2)
    fail(ErrorKind::Memory, str(op, ": ", row, " x ", col, " has too many positions to list"), "row");
  return static_cast<int64_t>(total);
}

// The positions (r, c) of a row x col matrix with c <= r + offset (lower)
// or c >= r + offset (upper).
TensorBase triangle(const char* op, int64_t row, int64_t col, int64_t offset, std::optional<DType> dtype, bool lower) {
  if (row < 0) fail(ErrorKind::Value, str(op, ": row must not be negative, got ", row), "row");
  if (col < 0) fail(ErrorKind::Value, str(op, ": col must not be negative, got ", col), "col");
  const DType want = dtype.value_or(DType::Long);
  if (want != DType::Long && want != DType::Int)
    fail(ErrorKind::Type, str(op, ": dtype must be int64 or int32, got ", dtype_name(want)), "dtype");
  // Beyond these bounds every row is full or empty; within them r + offset + 1 cannot overflow.
  offset = std::clamp(offset, -row - 1, col + 1);
  // Count first, so that a result too large to hold is a MemoryError from
  // empty() before any work (rows 2^40 long would otherwise be filled).
  const int64_t n = count(row, col, lower ? offset + 1 : offset, lower, op);
  TensorBase result = as_op(op, "storage_new", [&] { return empty({2, n}, DType::Long); });
  int64_t* rows = static_cast<int64_t*>(result.data_ptr());
  int64_t* cols = rows + n;
  for (int64_t r = 0, k = 0; k < n; ++r) {
    const int64_t first = std::clamp<int64_t>(lower ? 0 : r + offset, 0, col);
    const int64_t last = std::clamp<int64_t>(lower ? r + offset + 1 : col, 0, col);
    for (int64_t c = first; c < last; ++c, ++k) {
      rows[k] = r;
      cols[k] = c;
    }
  }
  return to_dtype(result, want, false);
}

}  // namespace

TensorBase tril_indices(int64_t row, int64_t col, int64_t offset, std::optional<DType> dtype) {
  return triangle("tril_indices", row, col, offset, dtype, true);
}

TensorBase triu_indices(int64_t row, int64_t col, int64_t offset, std::optional<DType> dtype) {
  return triangle("triu_indices", row, col, offset, dtype, false);
}

}  // namespace ember::rt
