// C++ exceptions become Python exceptions at every entry point from Python:
// ember::Error's kind picks the class (IndexError, ValueError, TypeError,
// MemoryError, RuntimeError), its message names the op and the argument.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

// Thrown by C++ code that has already set a Python error (a failed
// conversion of an argument): EMBER_PY_END returns nullptr for it.
struct PythonErrorSet {};

// Call inside catch (...): sets the Python error for the in-flight
// exception and returns nullptr, so `return set_python_error();` works.
PyObject* set_python_error();

}  // namespace ember::python

// Wraps the body of a function called from Python.
#define EMBER_PY_BEGIN try {
#define EMBER_PY_END                        \
  }                                         \
  catch (...) {                             \
    return ember::python::set_python_error(); \
  }
