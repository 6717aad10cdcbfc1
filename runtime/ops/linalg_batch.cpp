#include "runtime/ops/linalg_batch.h"

#include <climits>
#include <string>

#include "ember/error.h"

namespace ember::rt::linalg {

void need_floating(const char* op, const TensorBase& t, const char* arg) {
  if (!t.defined()) fail(ErrorKind::Value, str(op, ": ", arg, " is undefined"), arg);
  if (t.dtype() != DType::Float && t.dtype() != DType::Double)
    fail(ErrorKind::Type,
         str(op, ": ", arg, " has dtype ", dtype_name(t.dtype()), ", but only float32 and float64 ", "are supported"),
         arg);
}

void need_same_dtype(const char* op, const TensorBase& a, const char* a_arg, const TensorBase& b, const char* b_arg) {
  if (a.dtype() != b.dtype())
    fail(ErrorKind::Type,
         str(op, ": ", b_arg, " has dtype ", dtype_name(b.dtype()), ", but ", a_arg, " has ", dtype_name(a.dtype()),
             " (they must be the same)"),
         b_arg);
}

void need_matrices(const char* op, const TensorBase& t, const char* arg, int* rows, int* cols) {
  if (t.dim() < 2)
    fail(ErrorKind::Value,
         str(op, ": ", arg, " should have at least 2 dimensions (a matrix or a batch of them), but has ", t.dim()),
         arg);
  for (int64_t d : {t.dim() - 2, t.dim() - 1})
    if (t.size(d) > INT_MAX)
      fail(ErrorKind::Value, str(op, ": ", arg, "'s size ", t.size(d), " is too large for LAPACK"), arg);
  *rows = static_cast<int>(t.size(t.dim() - 2));
  *cols = static_cast<int>(t.size(t.dim() - 1));
}

int need_square_matrices(const char* op, const TensorBase& t, const char* arg) {
  int rows = 0, cols = 0;
  need_matrices(op, t, arg, &rows, &cols);
  if (rows != cols)
    fail(ErrorKind::Value,
         str(op, ": ", arg, " should be a batch of square matrices, but its matrices are ", rows, "x", cols), arg);
  return rows;
}

std::vector<int64_t> batch_of(const TensorBase& t, int matrix_dims) {
  const IntList s = t.sizes();
  return std::vector<int64_t>(s.begin(), s.end() - matrix_dims);
}

std::vector<int64_t> broadcast_batch(const char* op, const std::vector<int64_t>& a, const std::vector<int64_t>& b,
                                     const char* b_arg) {
  const size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    const int64_t x = i + a.size() >= n ? a[i + a.size() - n] : 1;
    const int64_t y = i + b.size() >= n ? b[i + b.size() - n] : 1;
    if (x != y && x != 1 && y != 1)
      fail(ErrorKind::Value,
           str(op, ": the batch dims of ", b_arg, " (", sizes_text(b), ") do not broadcast with ", sizes_text(a)),
           b_arg);
    out[i] = x == 1 ? y : x;
  }
  return out;
}

int64_t count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return n;
}

std::vector<int64_t> joined(const std::vector<int64_t>& batch, std::initializer_list<int64_t> tail) {
  std::vector<int64_t> s = batch;
  s.insert(s.end(), tail.begin(), tail.end());
  return s;
}

int64_t batch_offset(const TensorBase& t, const std::vector<int64_t>& batch, int64_t index, int matrix_dims) {
  const int64_t own = t.dim() - matrix_dims;  // t's batch dims: the last `own` of batch's
  int64_t offset = 0;
  for (int64_t d = static_cast<int64_t>(batch.size()) - 1; d >= 0; --d) {
    const int64_t i = index % batch[d];
    index /= batch[d];
    const int64_t td = d - (static_cast<int64_t>(batch.size()) - own);
    if (td >= 0 && t.size(td) != 1) offset += i * t.stride(td);
  }
  return offset;
}

std::string batch_text(const std::vector<int64_t>& batch, int64_t index) {
  return batch.empty() ? std::string() : str(" (batch element ", index, ")");
}

}  // namespace ember::rt::linalg
