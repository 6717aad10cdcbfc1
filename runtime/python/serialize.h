// ember._C._t7_save / _t7_load: Python objects to and from Torch7's object
// format (ember/t7.h); ember/serialization.py is the public face.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

// Adds the two functions to the module; false with a Python error set.
bool init_serialize_functions(PyObject* module);

}  // namespace ember::python
