// Hand-written methods and attributes of ember._C.Tensor that are not ops
// of the schemas (size(), stride(), dim(), dtype, ...).
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

PyMethodDef* tensor_attribute_methods();
PyGetSetDef* tensor_attribute_getset();

}  // namespace ember::python
