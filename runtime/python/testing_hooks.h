// Private helpers of the Python tests (raw bytes <-> tensors).
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

// Adds ember._C._testing_from_bytes and _testing_to_bytes.
bool init_testing_hooks(PyObject* module);

}  // namespace ember::python
