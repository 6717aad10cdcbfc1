// ember.dtype objects, made from the generated dtype list.
#include "runtime/python/dtype_object.h"

#include <string>

#include "runtime/python/errors.h"

namespace ember::python {

namespace {

DTypeObject g_dtypes[kNumDTypes];

PyObject* dtype_repr(PyObject* self) {
  return PyUnicode_FromFormat("ember.%s", dtype_name(unwrap_dtype(self)));
}

PyObject* get_itemsize(PyObject* self, void*) { return PyLong_FromSize_t(element_size(unwrap_dtype(self))); }
PyObject* get_is_floating_point(PyObject* self, void*) { return PyBool_FromLong(is_floating(unwrap_dtype(self))); }
PyObject* get_is_signed(PyObject* self, void*) { return PyBool_FromLong(info(unwrap_dtype(self)).is_signed); }
PyObject* get_is_complex(PyObject*, void*) { Py_RETURN_FALSE; }

// Pickled as the global ember.<name>, so unpickling gives the singleton.
PyObject* dtype_reduce(PyObject* self, PyObject*) { return PyUnicode_FromString(dtype_name(unwrap_dtype(self))); }

PyGetSetDef dtype_getset[] = {
    {"itemsize", get_itemsize, nullptr, "Bytes per element.", nullptr},
    {"is_floating_point", get_is_floating_point, nullptr, "Whether the dtype is a floating-point type.", nullptr},
    {"is_signed", get_is_signed, nullptr, "Whether the dtype holds negative values.", nullptr},
    {"is_complex", get_is_complex, nullptr, "Always False: ember has no complex dtypes.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyMethodDef dtype_methods[] = {
    {"__reduce__", dtype_reduce, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyObject* get_default_dtype(PyObject*, PyObject*) {
  PyObject* d = dtype_object(default_dtype());
  Py_INCREF(d);
  return d;
}

PyObject* set_default_dtype(PyObject*, PyObject* arg) {
  EMBER_PY_BEGIN
  if (!is_dtype(arg)) {
    PyErr_Format(PyExc_TypeError, "set_default_dtype(): argument 'd' must be ember.dtype, not %s", Py_TYPE(arg)->tp_name);
    return nullptr;
  }
  ember::set_default_dtype(unwrap_dtype(arg));
  Py_RETURN_NONE;
  EMBER_PY_END
}

PyMethodDef module_functions[] = {
    {"get_default_dtype", get_default_dtype, METH_NOARGS,
     "get_default_dtype() -> dtype\n\nThe dtype of tensors made from Python floats and of true division of integers "
     "(ember.float32 unless changed)."},
    {"set_default_dtype", set_default_dtype, METH_O,
     "set_default_dtype(d) -> None\n\nMakes the floating dtype `d` the default (TypeError for other dtypes)."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

PyTypeObject DTypeType = {PyVarObject_HEAD_INIT(nullptr, 0) "ember.dtype"};

PyObject* dtype_object(DType d) { return reinterpret_cast<PyObject*>(&g_dtypes[static_cast<int>(d)]); }

bool init_dtype_type(PyObject* module) {
  DTypeType.tp_basicsize = sizeof(DTypeObject);
  DTypeType.tp_flags = Py_TPFLAGS_DEFAULT;
  DTypeType.tp_doc = "The element type of a tensor: ember.float32, ember.int64, ... (one object per dtype).";
  DTypeType.tp_repr = dtype_repr;
  DTypeType.tp_getset = dtype_getset;
  DTypeType.tp_methods = dtype_methods;
  // No tp_new: the objects below are the only ones.
  if (PyType_Ready(&DTypeType) < 0) return false;
  Py_INCREF(&DTypeType);
  if (PyModule_AddObject(module, "dtype", reinterpret_cast<PyObject*>(&DTypeType)) < 0) return false;
  for (int i = 0; i < kNumDTypes; ++i) {
    PyObject* obj = reinterpret_cast<PyObject*>(&g_dtypes[i]);
    // Statically allocated and immortal in practice: the module holds them.
    PyObject_Init(obj, &DTypeType);
    g_dtypes[i].dtype = static_cast<DType>(i);
    Py_INCREF(obj);
    if (PyModule_AddObject(module, kDTypeInfo[i].numpy, obj) < 0) return false;
  }
  for (const DTypeAlias* a = kDTypeAliases; a->name; ++a) {
    PyObject* obj = dtype_object(a->dtype);
    Py_INCREF(obj);
    if (PyModule_AddObject(module, a->name, obj) < 0) return false;
  }
  return PyModule_AddFunctions(module, module_functions) == 0;
}

}  // namespace ember::python
