// ember._C._last_kernel and _cpu_simd_target (ember/kernel_log.h), which
// ember.last_kernel() and ember.cpu_simd_target() wrap.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

bool init_kernel_log_functions(PyObject* module);

}  // namespace ember::python
