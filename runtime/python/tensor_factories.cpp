// Tensors made from Python arguments: ember.tensor(data, dtype=None),
// empty and empty_like (the other factories are generated from the
// schemas, as they have C++ and TH forms), and the legacy
// constructors of THP's per-dtype classes (ember.FloatTensor(2, 3),
// ember.FloatTensor([[1, 2]]), ember.FloatTensor(storage, offset, sizes,
// strides), ember.Tensor(...) for the default dtype).
#include <string>
#include <vector>

#include "ember/error.h"
#include "runtime/python/dtype_object.h"
#include "runtime/python/interop.h"
#include "runtime/python/py_util.h"
#include "runtime/python/storage_object.h"
#include "runtime/python/tensor_convert.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

// The keyword arguments a factory takes: `dtype` only.
std::optional<DType> dtype_kwarg(PyObject* kwargs, const char* op) {
  if (!kwargs) return std::nullopt;
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  std::optional<DType> dtype;
  while (PyDict_Next(kwargs, &pos, &key, &value)) {
    if (PyUnicode_Check(key) && PyUnicode_CompareWithASCIIString(key, "dtype") == 0) {
      dtype = optional_dtype(value, op);
    } else {
      raise(PyExc_TypeError, "%s() got an unexpected keyword argument %R", op, key);
    }
  }
  return dtype;
}

// One positional argument named `arg`, also accepted as a keyword.
PyObject* take_arg(PyObject* args, PyObject* kwargs, Py_ssize_t i, const char* arg, const char* op) {
  PyObject* kw = kwargs ? PyDict_GetItemString(kwargs, arg) : nullptr;
  PyObject* pos = i < PyTuple_GET_SIZE(args) ? PyTuple_GET_ITEM(args, i) : nullptr;
  if (kw && pos) raise(PyExc_TypeError, "%s() got multiple values for argument '%s'", op, arg);
  if (kw) PyDict_DelItemString(kwargs, arg);
  if (!kw && !pos) raise(PyExc_TypeError, "%s() missing required argument '%s'", op, arg);
  return kw ? kw : pos;
}

// A private copy of kwargs that take_arg may consume.
PyRef kwargs_copy(PyObject* kwargs) { return kwargs ? PyRef::steal(PyDict_Copy(kwargs)) : PyRef(); }

// Sizes of a new tensor: each >= 0 (the product is checked where it is
// allocated: MemoryError).
std::vector<int64_t> checked_sizes(std::vector<int64_t> sizes, const char* op) {
  for (int64_t s : sizes)
    if (s < 0) raise(PyExc_ValueError, "%s: size %lld is negative (argument 'size')", op, static_cast<long long>(s));
  return sizes;
}

PyObject* py_tensor(PyObject*, PyObject* args, PyObject* kwargs) {
  INTEROP_BEGIN
  PyRef kw = kwargs_copy(kwargs);
  PyObject* data = take_arg(args, kw.get(), 0, "data", "tensor");
  if (PyTuple_GET_SIZE(args) > 1) raise(PyExc_TypeError, "tensor() takes 1 positional argument (data)");
  return wrap(tensor_from_data(data, dtype_kwarg(kw.get(), "tensor"), "tensor"));
  INTEROP_END(nullptr)
}

// empty(*size) and empty(size): the other factories are generated from schemas/math/construct.yaml.
PyObject* py_empty(PyObject*, PyObject* args, PyObject* kwargs) {
  static const char* const kName = "empty";
  INTEROP_BEGIN
  PyRef kw = kwargs_copy(kwargs);
  std::vector<int64_t> sizes;
  if (PyTuple_GET_SIZE(args) == 0) sizes = int_list(take_arg(args, kw.get(), 0, "size", kName), kName, "size");
  else sizes = sizes_from_args(args, kName);
  sizes = checked_sizes(std::move(sizes), kName);
  return wrap(empty(sizes, dtype_kwarg(kw.get(), kName).value_or(default_dtype())));
  INTEROP_END(nullptr)
}

const Tensor& tensor_arg(PyObject* o, const char* op, const char* arg) {
  if (!is_tensor(o)) raise(PyExc_TypeError, "%s(): argument '%s' must be a Tensor, not %s", op, arg, type_name(o));
  return unwrap(o);
}

PyObject* py_empty_like(PyObject*, PyObject* args, PyObject* kwargs) {
  static const char* const kName = "empty_like";
  INTEROP_BEGIN
  PyRef kw = kwargs_copy(kwargs);
  if (PyTuple_GET_SIZE(args) > 1) raise(PyExc_TypeError, "%s() takes 1 positional argument", kName);
  const Tensor& like = tensor_arg(take_arg(args, kw.get(), 0, "input", kName), kName, "input");
  return wrap(empty(like.shape(), dtype_kwarg(kw.get(), kName).value_or(like.dtype())));
  INTEROP_END(nullptr)
}

// THP's forms: (), (*sizes), (sequence or array), (tensor) sharing it,
// (storage) over all of it, (storage, offset, sizes[, strides]).
Tensor legacy_new(DType dtype, PyObject* args, PyObject* kwargs) {
  const std::string name = std::string(info(dtype).name) + "Tensor";
  const char* op = name.c_str();
  if (kwargs && PyDict_Size(kwargs) > 0) raise(PyExc_TypeError, "%s() takes no keyword arguments", op);
  const Py_ssize_t n = PyTuple_GET_SIZE(args);
  if (n == 0) return empty({0}, dtype);
  PyObject* first = PyTuple_GET_ITEM(args, 0);
  bool all_ints = true;
  for (Py_ssize_t i = 0; i < n; ++i) all_ints = all_ints && is_int_like(PyTuple_GET_ITEM(args, i));
  if (all_ints) return empty(checked_sizes(int_list(args, op, "size"), op), dtype);
  if (is_storage(first)) {
    const Storage& s = unwrap_storage(first);
    if (s.dtype() != dtype)
      raise(PyExc_TypeError, "%s(): expected a storage of dtype %s, got %s (argument 'storage')", op, dtype_name(dtype),
            dtype_name(s.dtype()));
    if (n == 1) return Tensor::adopt(rt::tensor_new_with_storage(dtype, s.impl(), 0, {s.size()}, {}));
    if (n > 4) raise(PyExc_TypeError, "%s(storage, offset, sizes, strides) takes at most 4 arguments", op);
    const int64_t offset = to_int64(PyTuple_GET_ITEM(args, 1), op, "offset");
    const std::vector<int64_t> sizes =
        n > 2 ? int_list(PyTuple_GET_ITEM(args, 2), op, "sizes") : std::vector<int64_t>{s.size() - offset};
    std::vector<int64_t> strides;
    if (n > 3 && PyTuple_GET_ITEM(args, 3) != Py_None) {
      strides = int_list(PyTuple_GET_ITEM(args, 3), op, "strides");
      if (strides.size() != sizes.size())
        raise(PyExc_ValueError, "%s(): %zu sizes but %zu strides (argument 'strides')", op, sizes.size(), strides.size());
    }
    return Tensor::adopt(rt::tensor_new_with_storage(dtype, s.impl(), offset, sizes, strides, sizes.empty()));
  }
  if (n != 1)
    raise(PyExc_TypeError,
          "%s() takes (), (*sizes), (data), (tensor), (storage) or (storage, offset, sizes, strides); got %zd "
          "arguments starting with %s", op, n, type_name(first));
  if (is_tensor(first)) {
    const Tensor& t = unwrap(first);
    if (t.dtype() != dtype)
      raise(PyExc_TypeError, "%s(): expected a tensor of dtype %s, got %s (use .to(dtype) to convert) (argument 'other')",
            op, dtype_name(dtype), dtype_name(t.dtype()));
    return Tensor::adopt(rt::tensor_alias(t.impl()));
  }
  if (PyFloat_Check(first) || PyBool_Check(first) || PyComplex_Check(first))
    raise(PyExc_TypeError, "%s(): expected sizes or data, got a %s (wrap a value in a list: %s([x]))", op,
          type_name(first), op);
  return tensor_from_data(first, dtype, op);
}

// ember._C._legacy_new(dtype, *args): what ember.FloatTensor(...) calls.
PyObject* py_legacy_new(PyObject*, PyObject* args, PyObject* kwargs) {
  INTEROP_BEGIN
  if (PyTuple_GET_SIZE(args) < 1) raise(PyExc_TypeError, "_legacy_new(dtype, *args)");
  const std::optional<DType> dtype = optional_dtype(PyTuple_GET_ITEM(args, 0), "_legacy_new");
  if (!dtype) raise(PyExc_TypeError, "_legacy_new: a dtype is needed");
  PyRef rest = PyRef::steal(PyTuple_GetSlice(args, 1, PyTuple_GET_SIZE(args)));
  return wrap(legacy_new(*dtype, rest.get(), kwargs));
  INTEROP_END(nullptr)
}

}  // namespace

PyObject* tensor_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  INTEROP_BEGIN
  return wrap_as(type, legacy_new(default_dtype(), args, kwargs));
  INTEROP_END(nullptr)
}

#define EMBER_VARARGS(f) reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f)), METH_VARARGS | METH_KEYWORDS

PyMethodDef factory_functions[] = {
    {"tensor", EMBER_VARARGS(py_tensor),
     "tensor(data, *, dtype=None) -> Tensor\n\nA new tensor holding a copy of `data`: a number, nested sequences, a "
     "NumPy array or a tensor. Without dtype: bools give bool, ints int64, floats the default dtype, arrays and "
     "tensors keep theirs, and mixed data promotes."},
    {"empty", EMBER_VARARGS(py_empty), "empty(*size, dtype=None) -> an uninitialised tensor."},
    {"empty_like", EMBER_VARARGS(py_empty_like), "empty_like(input, *, dtype=None)"},
    {"_legacy_new", EMBER_VARARGS(py_legacy_new), nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace ember::python
