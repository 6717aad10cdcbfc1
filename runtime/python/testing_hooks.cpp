// ember._C._testing_from_bytes / _testing_to_bytes: raw bytes <-> tensors,
// for tests/python/ember_np.py. The tests of ops and bindings build their
// inputs through these, independently of the interop layer (ember.tensor,
// numpy()) whose own tests check it. _testing_parse_words gives back its
// str arguments as parsed, for the parser's tests. Not public API.
#include "runtime/python/testing_hooks.h"

#include <cstring>

#include "runtime/python/arg_parser.h"
#include "runtime/python/dtype_object.h"
#include "runtime/python/errors.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

PyObject* from_bytes(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  EMBER_PY_BEGIN
  if (nargs < 1 || !PyBytes_Check(args[0])) {
    PyErr_SetString(PyExc_TypeError, "_testing_from_bytes(data: bytes, shape, dtype)");
    return nullptr;
  }
  PyObject* rest[2];
  if (nargs != 3 || kwnames) {
    PyErr_SetString(PyExc_TypeError, "_testing_from_bytes takes (data, shape, dtype) positionally");
    return nullptr;
  }
  rest[0] = args[1];
  rest[1] = args[2];
  static const ArgParser shape_parser({"_testing_from_bytes(int[] shape, ScalarType dtype)"});
  ParsedArgs r;
  if (shape_parser.parse(rest, 2, nullptr, r) < 0) return nullptr;
  ParsedArgs::Ints shape;
  r.int_list(0, shape);
  Tensor t = empty(shape.list(), r.dtype(1));
  const size_t bytes = static_cast<size_t>(t.numel()) * t.element_size();
  if (static_cast<size_t>(PyBytes_GET_SIZE(args[0])) != bytes) {
    PyErr_Format(PyExc_ValueError, "_testing_from_bytes: %zd bytes for %zu", PyBytes_GET_SIZE(args[0]), bytes);
    return nullptr;
  }
  if (bytes) std::memcpy(t.data_ptr(), PyBytes_AS_STRING(args[0]), bytes);
  return wrap(std::move(t));
  EMBER_PY_END
}

PyObject* to_bytes(PyObject*, PyObject* arg) {
  EMBER_PY_BEGIN
  if (!is_tensor(arg)) {
    PyErr_SetString(PyExc_TypeError, "_testing_to_bytes(t: Tensor)");
    return nullptr;
  }
  const Tensor t = unwrap(arg).contiguous();
  return PyBytes_FromStringAndSize(static_cast<const char*>(t.data_ptr()),
                                   static_cast<Py_ssize_t>(t.numel() * static_cast<int64_t>(t.element_size())));
  EMBER_PY_END
}

// The parser's str and str? arguments, as it hands them to an op.
PyObject* parse_words(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  EMBER_PY_BEGIN
  static const ArgParser parser({"_testing_parse_words(str word, str? maybe=None, *, str fallback='linear')"});
  ParsedArgs r;
  if (parser.parse(args, nargs, kwnames, r) < 0) return nullptr;
  const auto text = [](std::string_view s) { return PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size())); };
  const std::optional<std::string_view> maybe = r.optional_string(1);
  PyObject* m = maybe ? text(*maybe) : (Py_INCREF(Py_None), Py_None);
  return Py_BuildValue("(NNN)", text(r.string(0)), m, text(r.string(2)));
  EMBER_PY_END
}

#define EMBER_FASTCALL(f) reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(f))

PyMethodDef functions[] = {
    {"_testing_from_bytes", EMBER_FASTCALL(from_bytes), METH_FASTCALL | METH_KEYWORDS,
     "_testing_from_bytes(data: bytes, shape, dtype) -> Tensor (for the tests)"},
    {"_testing_parse_words", EMBER_FASTCALL(parse_words), METH_FASTCALL | METH_KEYWORDS,
     "_testing_parse_words(word, maybe=None, *, fallback='linear') -> (str, str | None, str) (for the tests)"},
    {"_testing_to_bytes", to_bytes, METH_O, "_testing_to_bytes(t) -> bytes, row-major (for the tests)"},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

bool init_testing_hooks(PyObject* module) { return PyModule_AddFunctions(module, functions) == 0; }

}  // namespace ember::python
