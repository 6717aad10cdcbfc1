// Tensors over memory exported through Python's buffer protocol (NumPy
// arrays and scalars, memoryview, array.array): the element type from the
// buffer's format, a tensor sharing the memory (ember.from_numpy), or a
// copy (ember.tensor).
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ember/tensor.h"

namespace ember::python {

// A Py_buffer released at the end of its scope.
class BufferView {
 public:
  BufferView() = default;
  BufferView(const BufferView&) = delete;
  BufferView& operator=(const BufferView&) = delete;
  ~BufferView() {
    if (held_) PyBuffer_Release(&view_);
  }
  // PyObject_GetBuffer; false with the Python error set.
  bool get(PyObject* o, int flags) {
    held_ = PyObject_GetBuffer(o, &view_, flags) == 0;
    return held_;
  }
  Py_buffer& view() { return view_; }
  const Py_buffer& operator*() const { return view_; }
  const Py_buffer* operator->() const { return &view_; }
  // Hands the buffer (and its reference to the exporter) to the caller.
  Py_buffer* release_to_heap();

 private:
  Py_buffer view_{};
  bool held_ = false;
};

// Whether ember.tensor() reads `o` as an array of its own dtype: objects
// with the buffer protocol other than str, bytes and tensors (which have
// it too, but are read as tensors).
bool is_buffer_array(PyObject* o);

// The dtype of the buffer's elements. Native or explicit little/big-endian
// formats of bool, int8..int64, uint8, float16/32/64 are understood;
// ValueError for a byte order other than the machine's, TypeError naming
// the format for element types ember lacks (uint16, complex, ...).
DType buffer_dtype(const Py_buffer& view, const char* op, const char* arg);

// Whether a tensor may address the buffer directly: strides are
// non-negative multiples of the item size and the data is aligned to it
// (kernels assume aligned elements). `why` says what is wrong otherwise.
bool buffer_is_addressable(const Py_buffer& view, const char** why);

// A tensor over the buffer's memory. With `owned` (a heap Py_buffer from
// release_to_heap) the storage releases the buffer when it dies, taking the
// GIL, and is not resizable; otherwise the caller keeps the buffer alive
// for as long as the tensor. Requires buffer_is_addressable.
Tensor tensor_over_buffer(Py_buffer* view, DType dtype, bool owned);

// A new contiguous tensor holding the buffer's elements (any strides)
// converted to `dtype` (the buffer's own when absent).
Tensor tensor_from_buffer(Py_buffer& view, std::optional<DType> dtype, const char* op, const char* arg);

}  // namespace ember::python
