// The hand-written methods of ember._C.Tensor that are not ops of the
// schemas: geometry queries in PyTorch's spelling.
#include "runtime/python/tensor_attributes.h"

#include "runtime/python/arg_parser.h"
#include "runtime/python/dtype_object.h"
#include "runtime/python/errors.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

PyObject* int_tuple(IntList values) {
  PyObject* tuple = PyTuple_New(static_cast<Py_ssize_t>(values.size()));
  if (!tuple) return nullptr;
  for (size_t d = 0; d < values.size(); ++d) {
    PyObject* v = PyLong_FromLongLong(values[d]);
    if (!v) {
      Py_DECREF(tuple);
      return nullptr;
    }
    PyTuple_SET_ITEM(tuple, static_cast<Py_ssize_t>(d), v);
  }
  return tuple;
}

// size() / size(dim), stride() / stride(dim): the tuple, or one entry
// (IndexError for a dim out of range).
PyObject* sizes_or_one(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, bool strides) {
  EMBER_PY_BEGIN
  static const ArgParser size_parser({"size()", "size(int dim)"});
  static const ArgParser stride_parser({"stride()", "stride(int dim)"});
  ParsedArgs r;
  const Tensor& t = unwrap(self);
  switch ((strides ? stride_parser : size_parser).parse(args, nargs, kwnames, r)) {
    case 0: return int_tuple(strides ? t.strides() : t.sizes());
    case 1: {
      const int64_t dim = r.to_int(0);
      return PyLong_FromLongLong(strides ? t.stride(dim) : t.size(dim));
    }
    default: return nullptr;
  }
  EMBER_PY_END
}

PyObject* size(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return sizes_or_one(self, args, nargs, kwnames, false);
}
PyObject* stride(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return sizes_or_one(self, args, nargs, kwnames, true);
}
PyObject* dim(PyObject* self, PyObject*) { return PyLong_FromLongLong(unwrap(self).dim()); }
PyObject* numel(PyObject* self, PyObject*) { return PyLong_FromLongLong(unwrap(self).numel()); }
PyObject* element_size(PyObject* self, PyObject*) { return PyLong_FromSize_t(unwrap(self).element_size()); }
PyObject* storage_offset(PyObject* self, PyObject*) { return PyLong_FromLongLong(unwrap(self).storage_offset()); }
PyObject* is_contiguous(PyObject* self, PyObject*) { return PyBool_FromLong(unwrap(self).is_contiguous()); }

#define EMBER_FASTCALL(f) reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(f))

PyMethodDef methods[] = {
    {"size", EMBER_FASTCALL(size), METH_FASTCALL | METH_KEYWORDS,
     "size(dim=None) -> tuple[int, ...] | int\n\nThe sizes, or the size of `dim` (negative counts from the end)."},
    {"stride", EMBER_FASTCALL(stride), METH_FASTCALL | METH_KEYWORDS,
     "stride(dim=None) -> tuple[int, ...] | int\n\nThe strides in elements, or the stride of `dim`."},
    {"dim", dim, METH_NOARGS, "dim() -> int\n\nThe number of dims."},
    {"ndimension", dim, METH_NOARGS, "ndimension() -> int\n\nThe number of dims (Torch7's name)."},
    {"numel", numel, METH_NOARGS, "numel() -> int\n\nThe number of elements."},
    {"nelement", numel, METH_NOARGS, "nelement() -> int\n\nThe number of elements (Torch7's name)."},
    {"element_size", element_size, METH_NOARGS, "element_size() -> int\n\nBytes per element."},
    {"storage_offset", storage_offset, METH_NOARGS,
     "storage_offset() -> int\n\nThe index of the first element in the storage."},
    {"is_contiguous", is_contiguous, METH_NOARGS,
     "is_contiguous() -> bool\n\nWhether the elements are laid out row-major without gaps."},
    {nullptr, nullptr, 0, nullptr},
};

PyObject* get_dtype(PyObject* self, void*) {
  PyObject* d = dtype_object(unwrap(self).dtype());
  Py_INCREF(d);
  return d;
}

PyGetSetDef getset[] = {
    {"dtype", get_dtype, nullptr, "The element type (an ember.dtype).", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

PyMethodDef* tensor_attribute_methods() { return methods; }
PyGetSetDef* tensor_attribute_getset() { return getset; }

}  // namespace ember::python
