// Joins the interop parts (interop.h) to ember._C.Tensor and the module.
#include "runtime/python/interop.h"

#include <new>

#include "runtime/python/dtype_object.h"
#include "runtime/python/storage_object.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

PyMappingMethods tensor_as_mapping = {tensor_length, tensor_getitem, tensor_setitem};

// Adds each method the type does not have yet (the generated bindings
// and tensor_attributes.cpp come first).
bool add_methods(PyTypeObject* type, PyMethodDef* methods) {
  for (PyMethodDef* m = methods; m->ml_name; ++m) {
    if (PyDict_GetItemString(type->tp_dict, m->ml_name)) continue;
    PyObject* descr = PyDescr_NewMethod(type, m);
    if (!descr || PyDict_SetItemString(type->tp_dict, m->ml_name, descr) < 0) {
      Py_XDECREF(descr);
      return false;
    }
    Py_DECREF(descr);
  }
  return true;
}

// _add_tensor_methods(dict): the Python-level methods of ember/_tensor.py
// (pickling, deepcopy, __array__, type()), set on ember._C.Tensor.
PyObject* add_tensor_methods(PyObject*, PyObject* methods) {
  if (!PyDict_Check(methods)) {
    PyErr_SetString(PyExc_TypeError, "_add_tensor_methods: expected a dict");
    return nullptr;
  }
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  while (PyDict_Next(methods, &pos, &key, &value))
    if (PyDict_SetItem(TensorType.tp_dict, key, value) < 0) return nullptr;
  PyType_Modified(&TensorType);
  Py_RETURN_NONE;
}

PyMethodDef interop_functions[] = {
    {"_add_tensor_methods", add_tensor_methods, METH_O, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

PyObject* wrap_as(PyTypeObject* type, Tensor t) {
  if (type == &TensorType) return wrap(std::move(t));
  PyObject* self = type->tp_alloc(type, 0);
  if (!self) return nullptr;
  auto* obj = reinterpret_cast<TensorObject*>(self);
  new (&obj->tensor) Tensor(std::move(t));
  obj->weakrefs = nullptr;
  return self;
}

void init_tensor_interop_slots(PyTypeObject* type) {
  type->tp_as_mapping = &tensor_as_mapping;
  type->tp_as_buffer = &tensor_buffer_procs;
  type->tp_iter = tensor_iter;
  type->tp_repr = tensor_data_repr;
  type->tp_str = tensor_data_repr;
  type->tp_new = tensor_new;
}

bool add_tensor_interop_methods(PyTypeObject* type) {
  if (!add_methods(type, tensor_data_methods) || !add_methods(type, tensor_numpy_methods) ||
      !add_methods(type, tensor_dlpack_methods) || !add_methods(type, factory_methods))
    return false;
  PyType_Modified(type);
  return init_tensor_iterator_type();
}

bool init_interop_module(PyObject* module) {
  // _dtype_table: ((TH name, dtype), ...) in schemas/dtypes.yaml's order,
  // from which ember/_typed_classes.py makes FloatTensor, FloatStorage, ...
  PyObject* table = PyTuple_New(kNumDTypes);
  if (!table) return false;
  for (int i = 0; i < kNumDTypes; ++i) {
    PyObject* entry = Py_BuildValue("(sO)", kDTypeInfo[i].name, dtype_object(static_cast<DType>(i)));
    if (!entry) {
      Py_DECREF(table);
      return false;
    }
    PyTuple_SET_ITEM(table, i, entry);
  }
  if (PyModule_AddObject(module, "_dtype_table", table) < 0) {
    Py_DECREF(table);
    return false;
  }
  return init_storage_type(module) && PyModule_AddFunctions(module, factory_functions) == 0 &&
         PyModule_AddFunctions(module, numpy_functions) == 0 && PyModule_AddFunctions(module, dlpack_functions) == 0 &&
         PyModule_AddFunctions(module, interop_functions) == 0;
}

}  // namespace ember::python
