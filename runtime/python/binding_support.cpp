#include "runtime/python/binding_support.h"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

namespace ember::python {

bool heavy(std::initializer_list<const Tensor*> tensors) {
  // The broadcast shape has at most the product of the element counts:
  // small calls are done here, without looking at shapes.
  int64_t bound = 1;
  bool small = true;
  for (const Tensor* t : tensors) {
    if (!t->defined()) continue;
    const int64_t n = t->numel();
    if (n > kReleaseGilElements) return true;
    if (small) {
      bound *= n > 1 ? n : 1;  // both factors <= kReleaseGilElements: no overflow
      small = bound <= kReleaseGilElements;
    }
  }
  if (small) return false;
  // Sizes of the broadcast shape, aligned to the right.
  int64_t shape[EMBER_MAX_DIMS];
  int ndim = 0;
  for (const Tensor* t : tensors) {
    if (!t->defined()) continue;
    const int64_t n = t->numel();
    if (n > kReleaseGilElements) return true;
    const int d = static_cast<int>(t->dim());
    if (d > ndim) {
      std::copy_backward(shape, shape + ndim, shape + d);
      std::fill(shape, shape + (d - ndim), 1);
      ndim = d;
    }
    const IntList sizes = t->sizes();
    for (int k = 0; k < d; ++k) shape[ndim - d + k] = std::max(shape[ndim - d + k], sizes[k]);
  }
  int64_t total = 1;
  for (int k = 0; k < ndim; ++k) {
    if (shape[k] == 0) return false;
    total *= shape[k];
    if (total > kReleaseGilElements) return true;
  }
  return false;
}

// A tuple, as torch.split and torch.unbind return: the pieces are fixed.
PyObject* to_python(std::vector<Tensor>&& list) {
  PyObject* result = PyTuple_New(static_cast<Py_ssize_t>(list.size()));
  if (!result) return nullptr;
  for (size_t i = 0; i < list.size(); ++i) {
    PyObject* item = wrap(std::move(list[i]));
    if (!item) {
      Py_DECREF(result);
      return nullptr;
    }
    PyTuple_SET_ITEM(result, static_cast<Py_ssize_t>(i), item);
  }
  return result;
}

PyObject* to_python_same(Tensor&& t, PyObject* input) {
  if (input && is_tensor(input) && unwrap(input).impl() == t.impl()) {
    Py_INCREF(input);
    return input;
  }
  return wrap(std::move(t));
}

PyObject* to_python_objects(PyTypeObject* type, std::initializer_list<PyObject*> borrowed) {
  PyObject* tuple = PyStructSequence_New(type);
  if (!tuple) return nullptr;
  Py_ssize_t i = 0;
  for (PyObject* o : borrowed) {
    Py_INCREF(o);
    PyStructSequence_SET_ITEM(tuple, i++, o);
  }
  return tuple;
}

PyTypeObject* new_return_type(PyObject* module, const char* name, std::initializer_list<const char*> fields,
                              const char* doc) {
  // PyStructSequence may keep pointers into its description: each lives as
  // long as the process (the types are never freed), reachable from this
  // list, which is never destroyed either (the types outlive static
  // destruction).
  struct Description {
    std::string name;
    std::vector<PyStructSequence_Field> members;
    PyStructSequence_Desc desc;
  };
  static auto* descriptions = new std::deque<Description>();
  Description& d = descriptions->emplace_back();
  d.name = std::string("ember.return_types.") + name;
  for (const char* f : fields) d.members.push_back({f, nullptr});
  d.members.push_back({nullptr, nullptr});
  d.desc = {d.name.c_str(), doc, d.members.data(), static_cast<int>(fields.size())};
  PyStructSequence_Desc* desc = &d.desc;
  PyTypeObject* type = PyStructSequence_NewType(desc);
  if (!type) return nullptr;
  Py_INCREF(type);
  if (PyModule_AddObject(module, name, reinterpret_cast<PyObject*>(type)) < 0) {
    Py_DECREF(type);
    return nullptr;
  }
  return type;
}

}  // namespace ember::python
