// Private helpers of the Python tests (raw bytes <-> tensors, the parser's str).
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

// Adds ember._C._testing_from_bytes, _testing_to_bytes and _testing_parse_words.
bool init_testing_hooks(PyObject* module);

}  // namespace ember::python
