// ember._C._cuda_*: the CUDA queries that ember/cuda.py wraps.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

bool init_cuda_functions(PyObject* module);

}  // namespace ember::python
