// The Python object behind ember.Tensor: one reference to an ember::Tensor
// (copies share the tensor; views share storage as in C++).
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ember/tensor.h"

namespace ember::python {

struct TensorObject {
  PyObject_HEAD
  Tensor tensor;        // defined for every live object
  PyObject* weakrefs;   // for weakref support
};

extern PyTypeObject TensorType;

// A new reference wrapping `t` (an undefined tensor becomes None).
PyObject* wrap(Tensor t);

inline bool is_tensor(PyObject* o) { return PyObject_TypeCheck(o, &TensorType); }
inline const Tensor& unwrap(PyObject* o) { return reinterpret_cast<TensorObject*>(o)->tensor; }
inline Tensor& unwrap_mut(PyObject* o) { return reinterpret_cast<TensorObject*>(o)->tensor; }

// Adds ember._C.Tensor to the module; false with a Python error set.
bool init_tensor_type(PyObject* module);

}  // namespace ember::python
