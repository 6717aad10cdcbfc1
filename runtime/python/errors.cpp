#include "runtime/python/errors.h"

#include <exception>
#include <new>

#include "ember/error.h"

namespace ember::python {

namespace {

PyObject* exception_class(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Index: return PyExc_IndexError;
    case ErrorKind::Value: return PyExc_ValueError;
    case ErrorKind::Type: return PyExc_TypeError;
    case ErrorKind::Memory: return PyExc_MemoryError;
    case ErrorKind::Runtime: return PyExc_RuntimeError;
  }
  return PyExc_RuntimeError;
}

}  // namespace

PyObject* set_python_error() {
  try {
    throw;
  } catch (const PythonErrorSet&) {
    // The Python error is already set.
  } catch (const Error& e) {
    PyErr_SetString(exception_class(e.kind()), e.what());
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
  }
  return nullptr;
}

}  // namespace ember::python
