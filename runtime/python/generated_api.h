// What the generated bindings (generated/python/) provide to the
// hand-written extension: the method table of ember._C.Tensor, the
// module's functions, the ops behind Python's operators and the named
// tuples of multi-output ops.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ember/tensor.h"

namespace ember::python {

PyMethodDef* generated_tensor_methods();
PyMethodDef* generated_module_functions();

// A METH_FASTCALL | METH_KEYWORDS binding (self: the module or the tensor).
using FastBinding = PyObject* (*)(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);

// The op behind one Python operator (codegen/python_operators.py). The
// direct calls are the fast paths, present when the op's C++ API takes
// exactly these arguments (the rest defaulted).
struct OperatorEntry {
  const char* dunder;   // "__add__"
  const char* op;       // the schema op used, or nullptr when none exists yet
  const char* wanted;   // the op names the operator would use, for that message
  bool commutative;     // `2 + t` may be computed as `t + 2`
  bool numbers;         // Python numbers are valid operands
  FastBinding function;  // ember.<op>, or nullptr
  FastBinding method;    // Tensor.<op>, or nullptr
  FastBinding inplace;   // Tensor.<op>_, or nullptr
  Tensor (*tensor_tensor)(const Tensor& a, const Tensor& b);
  Tensor (*tensor_scalar)(const Tensor& a, const Scalar& b);
  void (*inplace_tensor)(Tensor& a, const Tensor& b);
  void (*inplace_scalar)(Tensor& a, const Scalar& b);
  Tensor (*unary)(const Tensor& a);
};

// Indexed by Operator (generated/python/operators.h).
const OperatorEntry* generated_operators();

// Creates the named tuples of multi-output ops in `module`
// (ember.return_types); false with a Python error set.
bool init_generated_return_types(PyObject* module);

// Adds the namespaces of the schemas' ops (ember._C.linalg, holding
// `solve` for the function linalg_solve) to `module`, whose functions
// must exist; false with a Python error set.
bool init_generated_namespaces(PyObject* module);

}  // namespace ember::python
