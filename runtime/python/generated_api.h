// What the generated bindings (generated/python/) provide to the
// hand-written extension: the method table of ember._C.Tensor and the
// module's functions, one entry per op variant of the schemas.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

PyMethodDef* generated_tensor_methods();
PyMethodDef* generated_module_functions();

}  // namespace ember::python
