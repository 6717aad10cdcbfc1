#include "runtime/ops/tri_indices.h"

#include <algorithm>
#include <vector>

#include "ember/error.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

namespace {

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
  std::vector<int64_t> rows, cols;
  for (int64_t r = 0; r < row; ++r) {
    const int64_t first = std::clamp<int64_t>(lower ? 0 : r + offset, 0, col);
    const int64_t last = std::clamp<int64_t>(lower ? r + offset + 1 : col, 0, col);
    for (int64_t c = first; c < last; ++c) {
      rows.push_back(r);
      cols.push_back(c);
    }
  }
  const int64_t n = static_cast<int64_t>(rows.size());
  TensorBase result = empty({2, n}, DType::Long);
  int64_t* p = static_cast<int64_t*>(result.data_ptr());
  std::copy(rows.begin(), rows.end(), p);
  std::copy(cols.begin(), cols.end(), p + n);
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
