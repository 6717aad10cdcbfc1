// Python values <-> t7::Value (serialize.h). The mapping, and why, is in
// docs/serialization.md ("Python").
#include "runtime/python/serialize.h"

#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ember/error.h"
#include "ember/t7.h"
#include "runtime/python/gil.h"
#include "runtime/python/py_util.h"
#include "runtime/python/storage_object.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

using t7::Value;

// Python -> Value. Each list, tuple and dict becomes one table, so that two
// references to one Python object save one Lua table.
class ToValue {
 public:
  Value convert(PyObject* o) {
    if (o == Py_None) return Value();
    if (PyBool_Check(o)) return Value(o == Py_True);
    if (PyLong_Check(o)) return Value(exact_double(o));
    if (PyFloat_Check(o)) return Value(PyFloat_AS_DOUBLE(o));
    if (PyUnicode_Check(o)) {
      Py_ssize_t n;
      const char* s = PyUnicode_AsUTF8AndSize(o, &n);
      check_py(s != nullptr);
      return Value(std::string(s, static_cast<size_t>(n)));
    }
    if (PyBytes_Check(o)) return Value(std::string(PyBytes_AS_STRING(o), static_cast<size_t>(PyBytes_GET_SIZE(o))));
    if (is_tensor(o)) return Value(TensorBase(unwrap(o)));
    if (is_storage(o)) return Value(unwrap_storage(o));
    if (PyList_Check(o) || PyTuple_Check(o) || PyDict_Check(o)) return table(o);
    fail(ErrorKind::Type, str("save: cannot save a Python ", Py_TYPE(o)->tp_name, " in a .t7 file"), "obj");
  }

 private:
  static double exact_double(PyObject* o) {
    const double d = PyLong_AsDouble(o);
    if (d == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      not_exact(o);
    }
    PyRef back = PyRef::steal(PyLong_FromDouble(d));
    const int same = PyObject_RichCompareBool(back.get(), o, Py_EQ);
    check_py(same >= 0);
    if (!same) not_exact(o);
    return d;
  }
  [[noreturn]] static void not_exact(PyObject* o) {
    PyRef text = PyRef::steal(PyObject_Str(o));
    fail(ErrorKind::Value,
         str("save: the int ", PyUnicode_AsUTF8(text.get()), " is not exactly a Lua number (a double)"), "obj");
  }

  Value table(PyObject* o) {
    if (auto it = done_.find(o); it != done_.end()) return Value(it->second);
    if (!open_.insert(o).second)
      fail(ErrorKind::Value, str("save: a ", Py_TYPE(o)->tp_name, " contains itself, which ember cannot load back"),
           "obj");
    if (open_.size() > 1000) fail(ErrorKind::Value, "save: values nest deeper than 1000 levels", "obj");
    auto t = std::make_shared<t7::Table>();
    if (PyDict_Check(o)) {
      PyObject *k, *v;
      Py_ssize_t pos = 0;
      while (PyDict_Next(o, &pos, &k, &v)) t->entries.push_back({convert(k), convert(v)});
    } else {
      PyRef seq = PyRef::steal(PySequence_Fast(o, "save: not a sequence"));
      const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.get());
      for (Py_ssize_t i = 0; i < n; ++i)
        t->entries.push_back({Value(static_cast<double>(i + 1)), convert(PySequence_Fast_GET_ITEM(seq.get(), i))});
    }
    open_.erase(o);
    done_.emplace(o, t);
    return Value(std::move(t));
  }

  std::unordered_map<PyObject*, t7::TablePtr> done_;
  std::unordered_set<PyObject*> open_;
};

// Value -> Python. One Python object per table, tensor and storage, so
// that shared references load as the same object.
class FromValue {
 public:
  PyRef convert(const Value& v) {
    switch (v.kind()) {
      case t7::Kind::Nil: return PyRef::borrow(Py_None);
      case t7::Kind::Boolean: return PyRef::borrow(v.boolean() ? Py_True : Py_False);
      case t7::Kind::Number: return number(v.number());
      case t7::Kind::String: {
        const std::string& s = v.string();
        PyObject* u = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "strict");
        if (u) return PyRef::steal(u);
        PyErr_Clear();  // not UTF-8: the bytes themselves
        return PyRef::steal(PyBytes_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size())));
      }
      case t7::Kind::Tensor: return shared(v.tensor().impl(), [&] { return wrap(Tensor(v.tensor())); });
      case t7::Kind::Storage: return shared(v.storage().impl(), [&] { return wrap_storage(v.storage()); });
      case t7::Kind::Table: return shared(v.table().get(), [&] { return table(*v.table()); });
    }
    return PyRef::borrow(Py_None);
  }

 private:
  // Integral doubles within 2^53 (every int there is exact) load as int;
  // -0.0 stays a float, as an int would lose its sign.
  static PyRef number(double x) {
    if (std::isfinite(x) && x == std::trunc(x) && std::fabs(x) <= 9007199254740992.0 && !(x == 0 && std::signbit(x)))
      return PyRef::steal(PyLong_FromDouble(x));
    return PyRef::steal(PyFloat_FromDouble(x));
  }

  template <class Make>
  PyRef shared(const void* identity, Make make) {
    if (auto it = made_.find(identity); it != made_.end()) return PyRef::borrow(it->second.get());
    PyRef o = PyRef::steal(make());
    made_.emplace(identity, PyRef::borrow(o.get()));
    return o;
  }

  // Keys exactly 1..n make a list (n = 0 included), anything else a dict.
  PyObject* table(const t7::Table& t) {
    const size_t n = t.entries.size();
    std::vector<const Value*> by_index(n, nullptr);
    bool is_list = true;
    for (const auto& [k, v] : t.entries) {
      const double x = k.kind() == t7::Kind::Number ? k.number() : 0;
      if (!(x >= 1 && x <= static_cast<double>(n) && x == std::trunc(x))) {
        is_list = false;
        break;
      }
      by_index[static_cast<size_t>(x) - 1] = &v;  // keys are distinct, so each slot is filled once
    }
    if (is_list) {
      PyRef list = PyRef::steal(PyList_New(static_cast<Py_ssize_t>(n)));
      for (size_t i = 0; i < n; ++i) PyList_SET_ITEM(list.get(), static_cast<Py_ssize_t>(i), convert(*by_index[i]).release());
      return list.release();
    }
    PyRef dict = PyRef::steal(PyDict_New());
    for (const auto& [k, v] : t.entries) {
      PyRef key = convert(k);
      if (PyObject_Hash(key.get()) == -1) {
        PyErr_Clear();
        fail(ErrorKind::Type, "load: a table whose keys include a table cannot be a Python dict", "path");
      }
      PyRef value = convert(v);
      check_py(PyDict_SetItem(dict.get(), key.get(), value.get()) == 0);
    }
    return dict.release();
  }

  std::unordered_map<const void*, PyRef> made_;
};

t7::Format parse_format(const char* format, const char* op) {
  const std::string f = format;
  if (f == "binary") return t7::Format::Binary;
  if (f == "ascii") return t7::Format::Ascii;
  fail(ErrorKind::Value, str(op, ": format must be 'binary' or 'ascii', not '", f, "'"), "format");
}

PyObject* t7_save(PyObject*, PyObject* args) {
  PyObject* obj;
  const char* path;
  const char* format = "binary";
  if (!PyArg_ParseTuple(args, "Os|s:_t7_save", &obj, &path, &format)) return nullptr;
  INTEROP_BEGIN
  const t7::Format f = parse_format(format, "save");
  const Value v = ToValue().convert(obj);
  {
    GilRelease release(true);
    save(v, path, f);
  }
  Py_RETURN_NONE;
  INTEROP_END(nullptr)
}

PyObject* t7_load(PyObject*, PyObject* args) {
  const char* path;
  const char* format = "binary";
  if (!PyArg_ParseTuple(args, "s|s:_t7_load", &path, &format)) return nullptr;
  INTEROP_BEGIN
  const t7::Format f = parse_format(format, "load");
  Value v;
  {
    GilRelease release(true);
    v = load(path, f);
  }
  return FromValue().convert(v).release();
  INTEROP_END(nullptr)
}

PyMethodDef functions[] = {
    {"_t7_save", t7_save, METH_VARARGS, "_t7_save(obj, path, format='binary'): see ember.save"},
    {"_t7_load", t7_load, METH_VARARGS, "_t7_load(path, format='binary'): see ember.load"},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

bool init_serialize_functions(PyObject* module) { return PyModule_AddFunctions(module, functions) == 0; }

}  // namespace ember::python
