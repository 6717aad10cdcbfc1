// Tensors made from Python arguments: ember.tensor(data, dtype=None),
// Tensor.new_tensor, empty and empty_like (the other factories are generated from the
// schemas, as they have C++ and TH forms), and the legacy
// constructors of THP's per-dtype classes (ember.FloatTensor(2, 3),
// ember.FloatTensor([[1, 2]]), ember.FloatTensor(storage, offset, sizes,
// strides), ember.Tensor(...) for the default dtype).
#include <string>
#include <vector>

#include "ember/error.h"
#include "runtime/core/device_memory.h"
#include "runtime/ops/structure_ops.h"
#include "runtime/python/arg_parser.h"
#include "runtime/python/dtype_object.h"
#include "runtime/python/interop.h"
#include "runtime/python/py_util.h"
#include "runtime/python/storage_object.h"
#include "runtime/python/tensor_convert.h"
#include "runtime/python/tensor_object.h"
#include "runtime/python/tensor_options.h"

namespace ember::python {

namespace {

// Sizes of a new tensor: each >= 0 (the product is checked where it is
// allocated: MemoryError).
std::vector<int64_t> checked_sizes(std::vector<int64_t> sizes, const char* op) {
  for (int64_t s : sizes)
    if (s < 0) raise(PyExc_ValueError, "%s: size %lld is negative (argument 'size')", op, static_cast<long long>(s));
  return sizes;
}

// tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False)
PyObject* py_tensor(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  INTEROP_BEGIN
  static const ArgParser parser({
      "tensor(PyObject data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False, "
      "bool? pin_memory=False)",
  });
  ParsedArgs r;
  if (parser.parse(args, nargs, kwnames, r) < 0) return nullptr;
  const FactoryOptions options = factory_options(r);
  return wrap(finish_factory(tensor_from_data(r.object(0), r.optional_dtype(1), "tensor"), options));
  INTEROP_END(nullptr)
}

// empty(*size): the other factories are generated from schemas/math/construct.yaml.
PyObject* py_empty(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  INTEROP_BEGIN
  static const ArgParser parser({
      "empty(int[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, "
      "bool requires_grad=False, MemoryFormat? memory_format=None, Tensor? out=None)",
  });
  ParsedArgs r;
  if (parser.parse(args, nargs, kwnames, r) < 0) return nullptr;
  ParsedArgs::Ints list;
  r.int_list(0, list);
  const std::vector<int64_t> sizes = checked_sizes(list.list().vec(), "empty");
  const std::optional<DType> dtype = r.optional_dtype(1);
  const FactoryOptions options = factory_options(r);
  // A new tensor has no layout to preserve (PyTorch's error too).
  if (options.format == MemoryFormat::Preserve)
    fail(ErrorKind::Runtime, "empty: preserve_format needs an input to preserve; use empty_like", "memory_format");
  if (r.is_none(7))
    return wrap(finish_factory(Tensor(rt::empty(sizes, dtype.value_or(default_dtype()), options.device.value_or(Device()))),
                               options));
  Tensor& out = r.tensor_mut(7);
  check_out_device(out, options);
  if (dtype && *dtype != out.dtype())
    fail(ErrorKind::Type, str("empty: out has dtype ", dtype_name(out.dtype()), " but dtype is ", dtype_name(*dtype)), "out");
  rt::resize(out.impl(), sizes, {}, "empty", sizes.empty());
  return Py_NewRef(r.object(7));
  INTEROP_END(nullptr)
}

// empty_like: uninitialised, with input's strides when it is dense (preserve_format).
PyObject* py_empty_like(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  INTEROP_BEGIN
  static const ArgParser parser({
      "empty_like(Tensor input, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
      "bool? pin_memory=False, bool requires_grad=False, MemoryFormat? memory_format=None)",
  });
  ParsedArgs r;
  if (parser.parse(args, nargs, kwnames, r) < 0) return nullptr;
  const FactoryOptions options = factory_options(r);
  const Tensor& like = r.tensor(0);
  const DType dtype = r.optional_dtype(1).value_or(like.dtype());
  // Resolved, so that "cuda" for an input on the current device is its device.
  const Device device = rt::usable_device(options.device.value_or(like.device()), "empty_like");
  // Made on another device than input's, the result is contiguous (nothing is copied to preserve strides).
  if (device != like.device()) return wrap(finish_factory(Tensor(rt::empty(like.sizes(), dtype, device)), options));
  return wrap(finish_factory(Tensor(rt::empty_like_preserving(like, dtype)), options));
  INTEROP_END(nullptr)
}

// Tensor.new_tensor(data, *, dtype=None, ...): a copy of data in self's dtype unless dtype is given.
PyObject* py_new_tensor(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  INTEROP_BEGIN
  static const ArgParser parser({
      "new_tensor(PyObject data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False, "
      "Layout? layout=None, bool? pin_memory=False)",
  });
  ParsedArgs r;
  if (parser.parse(args, nargs, kwnames, r) < 0) return nullptr;
  FactoryOptions options = factory_options(r);
  if (!options.device) options.device = unwrap(self).device();  // self's device, as PyTorch
  return wrap(finish_factory(tensor_from_data(r.object(0), r.optional_dtype(1).value_or(unwrap(self).dtype()), "new_tensor"),
                             options));
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
#define EMBER_FASTCALL(f) reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f)), METH_FASTCALL | METH_KEYWORDS

PyMethodDef factory_functions[] = {
    {"tensor", EMBER_FASTCALL(py_tensor),
     "tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False) -> Tensor\n\nA new tensor holding a copy of `data`: a number, nested sequences, a "
     "NumPy array or a tensor. Without dtype: bools give bool, ints int64, floats the default dtype, arrays and "
     "tensors keep theirs, and mixed data promotes."},
    {"empty", EMBER_FASTCALL(py_empty),
     "empty(*size, *, dtype=None, layout=ember.strided, device=None, pin_memory=False, requires_grad=False, "
     "memory_format=ember.contiguous_format, out=None) -> Tensor\n\nAn uninitialised contiguous tensor of `size`; "
     "out= is resized to it."},
    {"empty_like", EMBER_FASTCALL(py_empty_like),
     "empty_like(input, *, dtype=None, layout=ember.strided, device=None, pin_memory=False, requires_grad=False, "
     "memory_format=ember.preserve_format) -> Tensor\n\nAn uninitialised tensor of input's shape and dtype (or "
     "`dtype`), with input's strides when it is dense (preserve_format)."},
    {"_legacy_new", EMBER_VARARGS(py_legacy_new), nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyMethodDef factory_methods[] = {
    {"new_tensor", EMBER_FASTCALL(py_new_tensor),
     "new_tensor(data, *, dtype=None, device=None, requires_grad=False, layout=ember.strided, pin_memory=False) -> "
     "Tensor\n\nA new tensor holding a copy of `data`, of self's dtype unless `dtype` is given."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace ember::python
