// ember._C's CUDA queries (ember/cuda.h), behind the Python module
// ember.cuda (ember/cuda.py), which gives them PyTorch's names and
// device arguments.
#include "runtime/python/cuda_functions.h"

#include "ember/cuda.h"
#include "runtime/python/errors.h"

namespace ember::python {

namespace {

// Calls f(device) with the int argument (-1: the current device), turning
// ember's errors into Python's.
template <class F>
PyObject* with_device(PyObject* arg, F f) {
  EMBER_PY_BEGIN
  const long device = PyLong_AsLong(arg);
  if (device == -1 && PyErr_Occurred()) return nullptr;
  return f(static_cast<int>(device));
  EMBER_PY_END
}

PyObject* is_built(PyObject*, PyObject*) { return PyBool_FromLong(cuda::is_built()); }
PyObject* is_available(PyObject*, PyObject*) { return PyBool_FromLong(cuda::is_available()); }
PyObject* device_count(PyObject*, PyObject*) { return PyLong_FromLong(cuda::device_count()); }

PyObject* current_device(PyObject*, PyObject*) {
  EMBER_PY_BEGIN
  return PyLong_FromLong(cuda::current_device());
  EMBER_PY_END
}

PyObject* empty_cache(PyObject*, PyObject*) {
  EMBER_PY_BEGIN
  cuda::empty_cache();
  Py_RETURN_NONE;
  EMBER_PY_END
}

PyObject* set_device(PyObject*, PyObject* arg) {
  return with_device(arg, [](int d) { cuda::set_device(d); Py_RETURN_NONE; });
}
PyObject* synchronize(PyObject*, PyObject* arg) {
  return with_device(arg, [](int d) { cuda::synchronize(d); Py_RETURN_NONE; });
}
PyObject* memory_allocated(PyObject*, PyObject* arg) {
  return with_device(arg, [](int d) { return PyLong_FromLongLong(cuda::memory_allocated(d)); });
}
PyObject* memory_reserved(PyObject*, PyObject* arg) {
  return with_device(arg, [](int d) { return PyLong_FromLongLong(cuda::memory_reserved(d)); });
}

PyMethodDef functions[] = {
    {"_cuda_is_built", is_built, METH_NOARGS, nullptr},
    {"_cuda_is_available", is_available, METH_NOARGS, nullptr},
    {"_cuda_device_count", device_count, METH_NOARGS, nullptr},
    {"_cuda_current_device", current_device, METH_NOARGS, nullptr},
    {"_cuda_set_device", set_device, METH_O, nullptr},
    {"_cuda_synchronize", synchronize, METH_O, nullptr},
    {"_cuda_empty_cache", empty_cache, METH_NOARGS, nullptr},
    {"_cuda_memory_allocated", memory_allocated, METH_O, nullptr},
    {"_cuda_memory_reserved", memory_reserved, METH_O, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

bool init_cuda_functions(PyObject* module) { return PyModule_AddFunctions(module, functions) == 0; }

}  // namespace ember::python
