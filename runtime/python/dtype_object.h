// ember.dtype: one immutable object per element type (ember.float32, ...),
// with the aliases of schemas/dtypes.yaml (ember.float is ember.float32).
// Objects are singletons, so `is`, == and hashing work by identity.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ember/dtype.h"

namespace ember::python {

struct DTypeObject {
  PyObject_HEAD
  ember::DType dtype;
};

extern PyTypeObject DTypeType;

inline bool is_dtype(PyObject* o) { return Py_TYPE(o) == &DTypeType; }
inline ember::DType unwrap_dtype(PyObject* o) { return reinterpret_cast<DTypeObject*>(o)->dtype; }
// The dtype object for `d` (a borrowed reference, alive as long as the module).
PyObject* dtype_object(ember::DType d);

// Adds ember._C.dtype, one attribute per dtype name and alias, and
// get_default_dtype / set_default_dtype; false with a Python error set.
bool init_dtype_type(PyObject* module);

}  // namespace ember::python
