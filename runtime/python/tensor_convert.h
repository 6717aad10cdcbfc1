// Python data <-> tensors: ember.tensor(data) from nested sequences,
// numbers, NumPy arrays and tensors with PyTorch's dtype inference, the
// Python numbers written into tensors, and tolist() / item().
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <optional>

#include "ember/tensor.h"

namespace ember::python {

// A Python number as read from a bool, int, float, NumPy scalar or
// one-element tensor, with the dtype PyTorch infers for it.
struct Number {
  enum class Kind { Bool, Int, Float } kind;
  int64_t i = 0;  // Bool and Int
  double d = 0;   // Float
  DType dtype;    // bool, int64, the default dtype; a NumPy scalar's or tensor's own
  Scalar scalar() const;
};

// Whether `o` reads as a number (no sequence, no array with dims).
bool is_number_like(PyObject* o);
// The number `o`; TypeError naming `op` and `arg` for anything else.
Number to_number(PyObject* o, const char* op, const char* arg);

// Writes `n` into *dst of `dtype` with PyTorch's checks for Python
// numbers: an integer (or a float for an integer dtype) must fit, a NaN
// does not fit an integer dtype (ValueError); floating dtypes round and may
// give inf; bool takes n != 0.
void store_number(const Number& n, DType dtype, void* dst, const char* op, const char* arg);

// ember.tensor(data, dtype): a new tensor (never sharing memory with
// `data`). Nested sequences must be rectangular (ValueError otherwise);
// NumPy arrays, buffers and tensors may appear at any level. Without
// `dtype`: bools give bool, ints int64, floats the default dtype, arrays
// and tensors their own dtype, mixed leaves promote as PyTorch does.
Tensor tensor_from_data(PyObject* data, std::optional<DType> dtype, const char* op, const char* arg = "data");

// The element at `p` as a Python bool, int or float.
PyObject* element_to_python(DType dtype, const void* p);
// t.item(), t.tolist().
PyObject* tensor_item(const Tensor& t);
PyObject* tensor_tolist(const Tensor& t);

}  // namespace ember::python
