// What the generated bindings (generated/python/*.cpp) are written
// against: the argument parser, the GIL rule, and the conversions of
// results to Python objects.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <initializer_list>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "ember/tensor.h"
#include "runtime/python/arg_parser.h"
#include "runtime/python/dtype_object.h"
#include "runtime/python/errors.h"
#include "runtime/python/gil.h"
#include "runtime/python/tensor_object.h"
#include "runtime/python/tensor_options.h"

namespace ember::python {

using ember::DType;
using ember::IntList;
using ember::Scalar;
using ember::Tensor;

// Holds a new reference to a borrowed object for a scope.
class Ref {
 public:
  explicit Ref(PyObject* borrowed) : obj_(borrowed) { Py_XINCREF(obj_); }
  ~Ref() { Py_XDECREF(obj_); }
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
  PyObject* get() const { return obj_; }

 private:
  PyObject* obj_;
};

// Whether a call on these tensors is worth releasing the GIL for: any of
// them, or their broadcast shape, above kReleaseGilElements elements.
// Undefined tensors (absent optionals) are skipped.
bool heavy(std::initializer_list<const Tensor*> tensors);

// Results as Python objects (new references; nullptr with an error set).
inline PyObject* to_python(Tensor&& t) { return wrap(std::move(t)); }
inline PyObject* to_python(bool v) { return PyBool_FromLong(v); }
inline PyObject* to_python(int64_t v) { return PyLong_FromLongLong(v); }
inline PyObject* to_python(double v) { return PyFloat_FromDouble(v); }
inline PyObject* to_python(const Scalar& v) { return scalar_to_python(v); }
PyObject* to_python(std::vector<Tensor>&& list);
// `input` itself (a new reference) when `t` is the tensor it holds, so
// that t.contiguous() is t for a contiguous t, as in PyTorch.
PyObject* to_python_same(Tensor&& t, PyObject* input);

// A named tuple of `type` (ember.return_types.*) holding the results.
PyObject* to_python_objects(PyTypeObject* type, std::initializer_list<PyObject*> borrowed);
template <class... T>
PyObject* to_python(PyTypeObject* type, std::tuple<T...>&& results) {
  PyObject* tuple = PyStructSequence_New(type);
  if (!tuple) return nullptr;
  bool ok = true;
  Py_ssize_t i = 0;
  std::apply(
      [&](auto&... r) {
        ((ok = ok && [&] {
           PyObject* item = to_python(std::move(r));
           if (!item) return false;
           PyStructSequence_SET_ITEM(tuple, i++, item);
           return true;
         }()),
         ...);
      },
      results);
  if (!ok) {
    Py_DECREF(tuple);
    return nullptr;
  }
  return tuple;
}

// The results a call asked for (schema key `returns_if`): the first
// alone when only it is wanted, else a plain tuple of the wanted ones, as
// PyTorch's unique returns them.
template <class... T>
PyObject* to_python_selected(std::tuple<T...>&& results, std::initializer_list<bool> wanted) {
  std::vector<PyObject*> items;
  bool ok = true;
  const bool* want = wanted.begin();
  std::apply(
      [&](auto&... r) {
        ((ok = ok && [&] {
           if (!*want++) return true;
           PyObject* item = to_python(std::move(r));
           if (item) items.push_back(item);
           return item != nullptr;
         }()),
         ...);
      },
      results);
  if (ok && items.size() == 1) return items[0];
  PyObject* tuple = ok ? PyTuple_New(static_cast<Py_ssize_t>(items.size())) : nullptr;
  for (size_t i = 0; i < items.size(); ++i) {
    if (tuple)
      PyTuple_SET_ITEM(tuple, static_cast<Py_ssize_t>(i), items[i]);
    else
      Py_DECREF(items[i]);
  }
  return tuple;
}

// A new named-tuple type ember.return_types.<name> with these fields, added
// to `module` (the ember.return_types module); nullptr with an error set.
PyTypeObject* new_return_type(PyObject* module, const char* name, std::initializer_list<const char*> fields,
                              const char* doc);

}  // namespace ember::python
