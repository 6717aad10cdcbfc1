#include "runtime/python/py_util.h"

#include <cstdarg>

#include "runtime/python/dtype_object.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

void raise(PyObject* type, const char* format, ...) {
  va_list args;
  va_start(args, format);
  PyErr_FormatV(type, format, args);
  va_end(args);
  throw ErrorAlreadySet{};
}

const char* type_name(PyObject* o) { return Py_TYPE(o)->tp_name; }

bool is_int_like(PyObject* o) {
  if (PyLong_Check(o)) return !PyBool_Check(o);
  if (PyFloat_Check(o) || is_tensor(o) || !PyIndex_Check(o)) return false;
  // NumPy's integers; its arrays have __index__ too, which refuses all but
  // 0-d integer arrays.
  PyObject* index = PyNumber_Index(o);
  if (!index) {
    PyErr_Clear();
    return false;
  }
  Py_DECREF(index);
  return true;
}

int64_t to_int64(PyObject* o, const char* op, const char* arg, PyObject* overflow_error) {
  if (!is_int_like(o)) raise(PyExc_TypeError, "%s: argument '%s' must be an int, not %s", op, arg, type_name(o));
  PyRef index = PyRef::steal(PyNumber_Index(o));
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index.get(), &overflow);
  if (overflow) raise(overflow_error, "%s: %R does not fit in int64 (argument '%s')", op, index.get(), arg);
  if (v == -1 && PyErr_Occurred()) throw ErrorAlreadySet{};
  return v;
}

std::optional<DType> optional_dtype(PyObject* o, const char* op, const char* arg) {
  if (!o || o == Py_None) return std::nullopt;
  if (!is_dtype(o))
    raise(PyExc_TypeError, "%s: argument '%s' must be an ember.dtype, not %s", op, arg, type_name(o));
  return unwrap_dtype(o);
}

std::vector<int64_t> int_list(PyObject* o, const char* op, const char* arg) {
  if (is_int_like(o)) return {to_int64(o, op, arg)};
  if (!PyTuple_Check(o) && !PyList_Check(o))
    raise(PyExc_TypeError, "%s: argument '%s' must be a tuple of ints, not %s", op, arg, type_name(o));
  PyRef seq = PyRef::steal(PySequence_Fast(o, ""));
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.get());
  std::vector<int64_t> out(static_cast<size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* item = PySequence_Fast_GET_ITEM(seq.get(), i);
    if (!is_int_like(item))
      raise(PyExc_TypeError, "%s: argument '%s' must be a tuple of ints, but element %zd is %s", op, arg, i,
            type_name(item));
    out[static_cast<size_t>(i)] = to_int64(item, op, arg);
  }
  return out;
}

std::vector<int64_t> sizes_from_args(PyObject* args, const char* op, const char* arg) {
  if (PyTuple_GET_SIZE(args) == 1 && !is_int_like(PyTuple_GET_ITEM(args, 0)))
    return int_list(PyTuple_GET_ITEM(args, 0), op, arg);
  return int_list(args, op, arg);
}

PyObject* int_tuple(IntList values) {
  PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(values.size()));
  if (!t) return nullptr;
  for (size_t i = 0; i < values.size(); ++i) {
    PyObject* v = PyLong_FromLongLong(values[i]);
    if (!v) {
      Py_DECREF(t);
      return nullptr;
    }
    PyTuple_SET_ITEM(t, static_cast<Py_ssize_t>(i), v);
  }
  return t;
}

}  // namespace ember::python
