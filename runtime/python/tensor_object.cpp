// The ember._C.Tensor type: lifetime and the basic attributes (repr,
// indexing and data methods are interop.h's). Ops
// are added as methods by the generated bindings (generated/python/).
#include "runtime/python/tensor_object.h"

#include <cstring>
#include <new>
#include <vector>

#include "runtime/python/errors.h"
#include "runtime/python/generated_api.h"
#include "runtime/python/interop.h"
#include "runtime/python/operators.h"
#include "runtime/python/tensor_attributes.h"
#include "runtime/python/tensor_options.h"

namespace ember::python {

namespace {

void tensor_dealloc(PyObject* self) {
  auto* obj = reinterpret_cast<TensorObject*>(self);
  if (obj->weakrefs) PyObject_ClearWeakRefs(self);
  obj->tensor.~Tensor();
  Py_TYPE(self)->tp_free(self);
}

PyObject* get_shape(PyObject* self, void*) {
  const Tensor& t = unwrap(self);
  PyObject* shape = PyTuple_New(t.dim());
  if (!shape) return nullptr;
  for (int64_t d = 0; d < t.dim(); ++d) PyTuple_SET_ITEM(shape, d, PyLong_FromLongLong(t.sizes()[d]));
  return shape;
}

PyObject* get_ndim(PyObject* self, void*) { return PyLong_FromLongLong(unwrap(self).dim()); }

PyGetSetDef tensor_getset[] = {
    {"shape", get_shape, nullptr, "The sizes, as a tuple.", nullptr},
    {"ndim", get_ndim, nullptr, "The number of dims.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

const char* def_name(const PyMethodDef& d) { return d.ml_name; }
const char* def_name(const PyGetSetDef& d) { return d.name; }

// Tables of several files as one, terminated by a zero entry; earlier
// tables win on a repeated name (hand-written before generated).
template <class Def>
Def* concat(std::initializer_list<const Def*> tables) {
  static std::vector<Def> all;
  for (const Def* table : tables)
    for (const Def* d = table; def_name(*d); ++d) {
      bool seen = false;
      for (const Def& a : all) seen = seen || std::strcmp(def_name(a), def_name(*d)) == 0;
      if (!seen) all.push_back(*d);
    }
  all.push_back(Def{});
  return all.data();
}

}  // namespace

PyTypeObject TensorType = {PyVarObject_HEAD_INIT(nullptr, 0) "ember._C.Tensor"};

PyObject* wrap(Tensor t) {
  if (!t.defined()) Py_RETURN_NONE;
  PyObject* self = TensorType.tp_alloc(&TensorType, 0);
  if (!self) return nullptr;
  auto* obj = reinterpret_cast<TensorObject*>(self);
  new (&obj->tensor) Tensor(std::move(t));
  obj->weakrefs = nullptr;
  return self;
}

bool init_tensor_type(PyObject* module) {
  TensorType.tp_basicsize = sizeof(TensorObject);
  TensorType.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE;
  TensorType.tp_doc = "A multi-dimensional array of one dtype (see docs/ops.md).";
  TensorType.tp_dealloc = tensor_dealloc;
  TensorType.tp_getset = concat<PyGetSetDef>({tensor_getset, tensor_attribute_getset(), tensor_options_getset()});
  TensorType.tp_weaklistoffset = offsetof(TensorObject, weakrefs);
  TensorType.tp_methods = concat<PyMethodDef>({tensor_attribute_methods(), tensor_options_methods(), generated_tensor_methods()});
  install_operators(&TensorType);
  init_tensor_interop_slots(&TensorType);
  if (PyType_Ready(&TensorType) < 0) return false;
  if (!add_tensor_interop_methods(&TensorType)) return false;
  // NumPy defers binary operators with a tensor to the tensor's reflected
  // ones (np.float32(2) * t is a tensor), as for PyTorch's tensors.
  PyObject* priority = PyFloat_FromDouble(1000.0);
  if (!priority || PyDict_SetItemString(TensorType.tp_dict, "__array_priority__", priority) < 0) {
    Py_XDECREF(priority);
    return false;
  }
  Py_DECREF(priority);
  PyType_Modified(&TensorType);
  Py_INCREF(&TensorType);
  return PyModule_AddObject(module, "Tensor", reinterpret_cast<PyObject*>(&TensorType)) == 0;
}

}  // namespace ember::python
