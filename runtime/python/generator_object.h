// ember.Generator: PyTorch's torch.Generator over ember::Generator
// (ember/generator.h), and ember._C.default_generator, the object of the
// stream random ops use without `generator=`.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ember/generator.h"

namespace ember::python {

struct GeneratorObject {
  PyObject_HEAD
  ember::Generator generator;
};

extern PyTypeObject GeneratorType;

inline bool is_generator(PyObject* o) { return PyObject_TypeCheck(o, &GeneratorType); }
inline const ember::Generator& unwrap_generator(PyObject* o) { return reinterpret_cast<GeneratorObject*>(o)->generator; }

// Adds ember._C.Generator and ember._C.default_generator; false with a
// Python error set.
bool init_generator_type(PyObject* module);

}  // namespace ember::python
