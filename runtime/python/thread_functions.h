// ember._C.set_num_threads and get_num_threads (ember/threads.h), public
// under PyTorch's names.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace ember::python {

bool init_thread_functions(PyObject* module);

}  // namespace ember::python
