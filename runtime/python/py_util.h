// Small helpers of the hand-written interop code (storages, conversion,
// indexing, NumPy, DLPack): owned references, Python errors carried
// through C++ code, and the argument conversions those functions share.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "ember/dtype.h"
#include "ember/int_list.h"
#include "runtime/python/errors.h"

namespace ember::python {

// Thrown when a Python error is already set (a failed Python API call),
// so that C++ code can unwind through destructors; INTEROP_END returns
// nullptr for it and leaves the Python error as it is.
struct ErrorAlreadySet {};

// Throws ErrorAlreadySet when `ok` is false (a Python error is set).
inline void check_py(bool ok) {
  if (!ok) throw ErrorAlreadySet{};
}

// Sets a Python exception of `type` with a printf-style message and throws.
[[noreturn]] void raise(PyObject* type, const char* format, ...);

// An owned reference (Py_XDECREF at the end of its scope).
class PyRef {
 public:
  PyRef() = default;
  // Takes over a new reference; nullptr means a Python error is set.
  static PyRef steal(PyObject* o) {
    if (!o) throw ErrorAlreadySet{};
    return PyRef(o);
  }
  static PyRef borrow(PyObject* o) {
    Py_XINCREF(o);
    return PyRef(o);
  }
  PyRef(const PyRef&) = delete;
  PyRef& operator=(const PyRef&) = delete;
  PyRef(PyRef&& o) noexcept : o_(std::exchange(o.o_, nullptr)) {}
  PyRef& operator=(PyRef&& o) noexcept {
    std::swap(o_, o.o_);
    return *this;
  }
  ~PyRef() { Py_XDECREF(o_); }
  PyObject* get() const { return o_; }
  PyObject* release() { return std::exchange(o_, nullptr); }
  explicit operator bool() const { return o_ != nullptr; }

 private:
  explicit PyRef(PyObject* o) : o_(o) {}
  PyObject* o_ = nullptr;
};

// Python's int (or an object with __index__, not bool) as int64;
// `what` names the value in errors ("index", "size"). An int outside
// int64 raises `overflow_error` (IndexError for indices, ValueError else).
int64_t to_int64(PyObject* o, const char* op, const char* arg, PyObject* overflow_error = PyExc_ValueError);
// Whether `o` is an integer for sizes and dims: int (not bool), or an
// object with __index__ other than a tensor (NumPy integers).
bool is_int_like(PyObject* o);

// An ember.dtype argument; None (or nullptr) gives nullopt.
std::optional<DType> optional_dtype(PyObject* o, const char* op, const char* arg = "dtype");

// Sizes given as f(2, 3) or f((2, 3)) / f([2, 3]): `args` is the tuple of
// positional arguments. Ints only; negative sizes are left to the op.
std::vector<int64_t> sizes_from_args(PyObject* args, const char* op, const char* arg = "size");
// One int or a sequence of ints.
std::vector<int64_t> int_list(PyObject* o, const char* op, const char* arg);

// A tuple of Python ints.
PyObject* int_tuple(IntList values);

// The type name of `o` for messages ("list", "numpy.ndarray").
const char* type_name(PyObject* o);

}  // namespace ember::python

// Wraps the body of a function called from Python (the interop files):
// like EMBER_PY_BEGIN/END, and a Python error already set passes through.
#define INTEROP_BEGIN try {
#define INTEROP_END(failure)                       \
  }                                                \
  catch (const ember::python::ErrorAlreadySet&) {  \
    return failure;                                \
  }                                                \
  catch (...) {                                    \
    ember::python::set_python_error();             \
    return failure;                                \
  }
