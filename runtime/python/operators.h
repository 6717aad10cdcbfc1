// Python's operators on ember.Tensor (+ - * / // % ** @ & | ^ << >> ~,
// unary - + abs, comparisons, their in-place and reflected forms) and the
// conversions bool(t), int(t), float(t), operator.index(t), len(t).
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

// Sets the number, sequence (len), comparison and hash slots of `type`
// (before PyType_Ready).
void install_operators(PyTypeObject* type);

}  // namespace ember::python
