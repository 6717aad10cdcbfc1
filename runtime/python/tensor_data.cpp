// Tensor methods about the tensor's data rather than ops: its storage and
// address, its values as Python numbers (tolist, item), len, iteration
// over dim 0, and repr. The dtype conversions under PyTorch's names
// (float(), long(), ...) are the schemas' to_float, ...; the geometry
// queries (size, stride, dim, ...) are in tensor_attributes.cpp.
#include <cstdint>

#include "ember/error.h"
#include "runtime/python/dtype_object.h"
#include "runtime/python/interop.h"
#include "runtime/python/py_util.h"
#include "runtime/python/storage_object.h"
#include "runtime/python/tensor_convert.h"
#include "runtime/python/tensor_object.h"
#include "runtime/core/tensor_print.h"

namespace ember::python {

namespace {

PyObject* data_ptr(PyObject* self, PyObject*) { return PyLong_FromVoidPtr(unwrap(self).data_ptr()); }

PyObject* storage(PyObject* self, PyObject*) {
  INTEROP_BEGIN
  const Tensor& t = unwrap(self);
  // TH's empty tensor may have no storage; Python always shows one.
  return wrap_storage(t.impl()->storage ? t.storage() : Storage(t.dtype(), 0));
  INTEROP_END(nullptr)
}

PyObject* tolist(PyObject* self, PyObject*) {
  INTEROP_BEGIN
  return tensor_tolist(unwrap(self));
  INTEROP_END(nullptr)
}

PyObject* item(PyObject* self, PyObject*) {
  INTEROP_BEGIN
  return tensor_item(unwrap(self));
  INTEROP_END(nullptr)
}

// Iteration over dim 0, each element a view (PyTorch's unbind).
struct TensorIterObject {
  PyObject_HEAD
  PyObject* tensor;  // owned
  int64_t next;
  int64_t length;
};

PyTypeObject TensorIterType = {PyVarObject_HEAD_INIT(nullptr, 0) "ember._C.TensorIterator"};

void iter_dealloc(PyObject* self) {
  Py_XDECREF(reinterpret_cast<TensorIterObject*>(self)->tensor);
  PyObject_Free(self);
}

PyObject* iter_next(PyObject* self) {
  auto* it = reinterpret_cast<TensorIterObject*>(self);
  if (it->next >= it->length) return nullptr;  // StopIteration
  INTEROP_BEGIN
  return wrap(unwrap(it->tensor).select(0, it->next++));
  INTEROP_END(nullptr)
}

}  // namespace

Py_ssize_t tensor_length(PyObject* self) {
  const Tensor& t = unwrap(self);
  if (t.dim() == 0) {
    if (!t.is_scalar()) return 0;  // TH's empty tensor
    PyErr_SetString(PyExc_TypeError, "len() of a 0-dim tensor");
    return -1;
  }
  return static_cast<Py_ssize_t>(t.sizes()[0]);
}

PyObject* tensor_iter(PyObject* self) {
  const Tensor& t = unwrap(self);
  if (t.is_scalar()) {
    PyErr_SetString(PyExc_TypeError, "iteration over a 0-dim tensor");
    return nullptr;
  }
  auto* it = PyObject_New(TensorIterObject, &TensorIterType);
  if (!it) return nullptr;
  Py_INCREF(self);
  it->tensor = self;
  it->next = 0;
  it->length = t.dim() == 0 ? 0 : t.sizes()[0];
  return reinterpret_cast<PyObject*>(it);
}

PyObject* tensor_data_repr(PyObject* self) {
  INTEROP_BEGIN
  return PyUnicode_FromString(rt::tensor_repr(unwrap(self), "ember.").c_str());
  INTEROP_END(nullptr)
}

bool init_tensor_iterator_type() {
  TensorIterType.tp_basicsize = sizeof(TensorIterObject);
  TensorIterType.tp_flags = Py_TPFLAGS_DEFAULT;
  TensorIterType.tp_dealloc = iter_dealloc;
  TensorIterType.tp_iter = PyObject_SelfIter;
  TensorIterType.tp_iternext = iter_next;
  return PyType_Ready(&TensorIterType) == 0;
}

PyMethodDef tensor_data_methods[] = {
    {"storage", storage, METH_NOARGS, "storage() -> the typed storage this tensor views (shared, not copied)."},
    {"data_ptr", data_ptr, METH_NOARGS, "data_ptr() -> int: the address of element 0."},
    {"tolist", tolist, METH_NOARGS, "tolist() -> nested lists of Python numbers (a number for a 0-dim tensor)."},
    {"item", item, METH_NOARGS, "item() -> the value of a one-element tensor as a Python bool, int or float."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace ember::python
