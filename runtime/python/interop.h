// The hand-written part of ember._C that is not an op of the schemas:
// tensor attributes and data methods, construction from Python data,
// storages, indexing, NumPy and DLPack. It joins the extension through the
// three hooks below, called once each from init_tensor_type and PyInit__C.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ember/tensor.h"

namespace ember::python {

// Before PyType_Ready of ember._C.Tensor: indexing, len, iter, the buffer
// protocol, repr and the legacy constructor ember.Tensor(...).
void init_tensor_interop_slots(PyTypeObject* type);
// After PyType_Ready: the methods below.
bool add_tensor_interop_methods(PyTypeObject* type);
// Module level: ember._C.StorageBase, the factories, from_numpy,
// from_dlpack and the helpers of the Python package.
bool init_interop_module(PyObject* module);

// A new reference wrapping `t` in `type` (ember._C.Tensor or a subclass).
PyObject* wrap_as(PyTypeObject* type, Tensor t);

// The parts, one per file.
// tensor_data.cpp
extern PyMethodDef tensor_data_methods[];
Py_ssize_t tensor_length(PyObject* self);
PyObject* tensor_iter(PyObject* self);
PyObject* tensor_data_repr(PyObject* self);
bool init_tensor_iterator_type();
// tensor_factories.cpp
PyObject* tensor_new(PyTypeObject* type, PyObject* args, PyObject* kwargs);
extern PyMethodDef factory_functions[];
extern PyMethodDef factory_methods[];  // Tensor.new_tensor
// tensor_indexing.cpp
PyObject* tensor_getitem(PyObject* self, PyObject* index);
int tensor_setitem(PyObject* self, PyObject* index, PyObject* value);
// tensor_numpy.cpp
extern PyBufferProcs tensor_buffer_procs;
extern PyMethodDef tensor_numpy_methods[];
extern PyMethodDef numpy_functions[];
// dlpack.cpp
extern PyMethodDef tensor_dlpack_methods[];
extern PyMethodDef dlpack_functions[];

}  // namespace ember::python
