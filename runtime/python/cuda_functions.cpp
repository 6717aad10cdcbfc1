// ember._C's CUDA queries (ember/cuda.h), behind the Python module
// ember.cuda (ember/cuda.py), which gives them PyTorch's names and
// device arguments.
#include "runtime/python/cuda_functions.h"

#include "ember/cuda.h"
#include "runtime/python/errors.h"

namespace ember::python {

namespace {

// Device index arguments arrive as int, -1 meaning the current device.
bool device_arg(PyObject* arg, int* device) {
  const long value = PyLong_AsLong(arg);
  if (value == -1 && PyErr_Occurred()) return false;
  *device = static_cast<int>(value);
  return true;
}

PyObject* is_built(PyObject*, PyObject*) { return PyBool_FromLong(cuda::is_built()); }
PyObject* is_available(PyObject*, PyObject*) { return PyBool_FromLong(cuda::is_available()); }
PyObject* device_count(PyObject*, PyObject*) { return PyLong_FromLong(cuda::device_count()); }

PyObject* current_device(PyObject*, PyObject*) {
  EMBER_PY_BEGIN
  return PyLong_FromLong(cuda::current_device());
  EMBER_PY_END
}

PyObject* set_device(PyObject*, PyObject* arg) {
  EMBER_PY_BEGIN
  int device = 0;
  if (!device_arg(arg, &device)) return nullptr;
  cuda::set_device(device);
  Py_RETURN_NONE;
  EMBER_PY_END
}

PyObject* synchronize(PyObject*, PyObject* arg) {
  EMBER_PY_BEGIN
  int device = 0;
  if (!device_arg(arg, &device)) return nullptr;
  cuda::synchronize(device);
  Py_RETURN_NONE;
  EMBER_PY_END
}

PyObject* empty_cache(PyObject*, PyObject*) {
  EMBER_PY_BEGIN
  cuda::empty_cache();
  Py_RETURN_NONE;
  EMBER_PY_END
}

PyObject* memory_allocated(PyObject*, PyObject* arg) {
  EMBER_PY_BEGIN
  int device = 0;
  if (!device_arg(arg, &device)) return nullptr;
  return PyLong_FromLongLong(cuda::memory_allocated(device));
  EMBER_PY_END
}

PyObject* memory_reserved(PyObject*, PyObject* arg) {
  EMBER_PY_BEGIN
  int device = 0;
  if (!device_arg(arg, &device)) return nullptr;
  return PyLong_FromLongLong(cuda::memory_reserved(device));
  EMBER_PY_END
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
