#include "runtime/python/arg_parser.h"

#include <cstring>
#include <sstream>

#include "ember/error.h"
#include "runtime/python/generator_object.h"
#include "runtime/python/tensor_options.h"

namespace ember::python {

namespace {

// ---- NumPy scalars, recognised without importing NumPy ------------------

enum class NumpyKind { None, Bool, Integer, Floating };

struct NumpyTypes {
  PyObject* bool_ = nullptr;
  PyObject* integer = nullptr;
  PyObject* floating = nullptr;
};

// Looked up once NumPy is imported (by someone else); never imports it.
const NumpyTypes* numpy_types() {
  static NumpyTypes types;
  static bool found = false;
  if (found) return &types;
  PyObject* name = PyUnicode_InternFromString("numpy");
  if (!name) {
    PyErr_Clear();
    return nullptr;
  }
  PyObject* mod = PyImport_GetModule(name);
  Py_DECREF(name);
  if (!mod) {
    PyErr_Clear();
    return nullptr;
  }
  types.bool_ = PyObject_GetAttrString(mod, "bool_");
  types.integer = PyObject_GetAttrString(mod, "integer");
  types.floating = PyObject_GetAttrString(mod, "floating");
  Py_DECREF(mod);
  if (!types.bool_ || !types.integer || !types.floating) {
    PyErr_Clear();
    Py_CLEAR(types.bool_);
    Py_CLEAR(types.integer);
    Py_CLEAR(types.floating);
    return nullptr;
  }
  found = true;
  return &types;
}

NumpyKind numpy_kind(PyObject* obj) {
  PyTypeObject* t = Py_TYPE(obj);
  // Only NumPy's scalar types have a module prefix "numpy." in tp_name.
  if (std::strncmp(t->tp_name, "numpy.", 6) != 0) return NumpyKind::None;
  const NumpyTypes* np = numpy_types();
  if (!np) return NumpyKind::None;
  if (PyType_IsSubtype(t, reinterpret_cast<PyTypeObject*>(np->bool_))) return NumpyKind::Bool;
  if (PyType_IsSubtype(t, reinterpret_cast<PyTypeObject*>(np->integer))) return NumpyKind::Integer;
  if (PyType_IsSubtype(t, reinterpret_cast<PyTypeObject*>(np->floating))) return NumpyKind::Floating;
  return NumpyKind::None;
}

// ---- type checks used while matching ------------------------------------

bool is_int_like(PyObject* obj) {
  if (PyLong_Check(obj)) return !PyBool_Check(obj);
  if (is_tensor(obj)) {
    const Tensor& t = unwrap(obj);
    return t.dim() == 0 && is_integral(t.dtype());
  }
  return numpy_kind(obj) == NumpyKind::Integer;
}

bool is_bool_like(PyObject* obj) { return PyBool_Check(obj) || numpy_kind(obj) == NumpyKind::Bool; }

bool is_real_like(PyObject* obj) {
  if (PyFloat_Check(obj) || PyLong_Check(obj)) return true;
  if (is_tensor(obj)) return unwrap(obj).dim() == 0;
  return numpy_kind(obj) != NumpyKind::None;
}

bool is_tensor_sequence(PyObject* obj, Py_ssize_t want, bool nones = false) {
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) return false;
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  if (want >= 0 && n != want) return false;
  PyObject** items = PySequence_Fast_ITEMS(obj);
  for (Py_ssize_t i = 0; i < n; ++i)
    if (!is_tensor(items[i]) && !(nones && items[i] == Py_None)) return false;
  return true;
}

bool is_int_sequence(PyObject* obj) {
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) return is_int_like(obj);
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  PyObject** items = PySequence_Fast_ITEMS(obj);
  for (Py_ssize_t i = 0; i < n; ++i)
    if (!is_int_like(items[i])) return false;
  return true;
}

bool matches(const Param& p, PyObject* obj) {
  if (p.type == ParamType::Object) return true;  // None included: the caller says what it takes
  if (obj == Py_None) return p.optional;
  switch (p.type) {
    case ParamType::Tensor: return is_tensor(obj);
    case ParamType::TensorOrScalar: return is_tensor(obj) || is_number(obj);
    case ParamType::TensorList: return is_tensor_sequence(obj, -1);
    case ParamType::OptionalTensorList: return is_tensor_sequence(obj, -1, true);
    case ParamType::TensorTuple: return is_tensor_sequence(obj, p.tuple_size);
    case ParamType::Scalar: return is_number(obj) || (is_tensor(obj) && unwrap(obj).dim() == 0);
    case ParamType::Int: return is_int_like(obj);
    case ParamType::IntList: return is_int_sequence(obj);
    case ParamType::Bool: return is_bool_like(obj);
    case ParamType::Float: return is_real_like(obj);
    case ParamType::Generator: return is_generator(obj);
    case ParamType::String: return PyUnicode_Check(obj);
    case ParamType::Device: return is_device(obj) || PyUnicode_Check(obj) || is_int_like(obj);
    case ParamType::Layout: return is_layout(obj);
    case ParamType::MemoryFormat: return is_memory_format(obj);
    case ParamType::Object: break;
    case ParamType::DType:
      return is_dtype(obj) || obj == reinterpret_cast<PyObject*>(&PyFloat_Type) ||
             obj == reinterpret_cast<PyObject*>(&PyLong_Type) || obj == reinterpret_cast<PyObject*>(&PyBool_Type);
  }
  return false;
}

// ---- conversions --------------------------------------------------------

[[noreturn]] void throw_overflow(PyObject* obj, const char* fn, const char* arg) {
  PyErr_Format(PyExc_OverflowError, "%s(): argument '%s' (%R) does not fit in int64", fn, arg, obj);
  throw PythonErrorSet{};
}

int64_t int_value(PyObject* obj, const char* fn, const char* arg) {
  if (is_tensor(obj)) return unwrap(obj).item().to<int64_t>();
  PyObject* index = PyLong_Check(obj) ? (Py_INCREF(obj), obj) : PyNumber_Index(obj);
  if (!index) throw PythonErrorSet{};
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
  Py_DECREF(index);
  if (overflow) throw_overflow(obj, fn, arg);
  if (v == -1 && PyErr_Occurred()) throw PythonErrorSet{};
  return v;
}

// ---- signature strings --------------------------------------------------

[[noreturn]] void bad_signature(const std::string& text, const std::string& why) {
  fail(ErrorKind::Runtime, str("ember._C: malformed binding signature '", text, "': ", why));
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(' ');
  const size_t e = s.find_last_not_of(' ');
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::vector<std::string> split_top_level(const std::string& s) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == ',' && depth == 0) {
      parts.push_back(trim(cur));
      cur.clear();
      continue;
    }
    depth += (c == '[' || c == '(');
    depth -= (c == ']' || c == ')');
    cur += c;
  }
  if (!trim(cur).empty()) parts.push_back(trim(cur));
  return parts;
}

bool parse_int(const std::string& s, int64_t* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (*end != '\0') return false;
  *out = v;
  return true;
}

void parse_default(Param& p, const std::string& text, const std::string& sig) {
  p.has_default = true;
  if (text == "None") {
    if (!p.optional) bad_signature(sig, "default None for non-optional '" + p.name + "'");
    p.default_is_none = true;
    return;
  }
  switch (p.type) {
    case ParamType::Scalar: {
      int64_t i = 0;
      if (text == "True" || text == "False") {
        p.default_scalar = ember::Scalar(text == "True");
      } else if (parse_int(text, &i)) {
        p.default_scalar = ember::Scalar(i);
      } else {
        p.default_scalar = ember::Scalar(std::strtod(text.c_str(), nullptr));
      }
      return;
    }
    case ParamType::Int:
      if (!parse_int(text, &p.default_int)) bad_signature(sig, "bad int default '" + text + "'");
      return;
    case ParamType::Float: p.default_float = std::strtod(text.c_str(), nullptr); return;
    case ParamType::Bool:
      if (text != "True" && text != "False") bad_signature(sig, "bad bool default '" + text + "'");
      p.default_bool = text == "True";
      return;
    case ParamType::IntList: {
      if (text.size() < 2 || text.front() != '[' || text.back() != ']') bad_signature(sig, "bad int[] default '" + text + "'");
      for (const std::string& part : split_top_level(text.substr(1, text.size() - 2))) {
        int64_t v = 0;
        if (!parse_int(part, &v)) bad_signature(sig, "bad int[] default '" + text + "'");
        p.default_ints.push_back(v);
      }
      return;
    }
    case ParamType::DType:
      for (int d = 0; d < kNumDTypes; ++d)
        if (text == kDTypeInfo[d].numpy) {
          p.default_dtype = static_cast<ember::DType>(d);
          return;
        }
      bad_signature(sig, "bad dtype default '" + text + "'");
    case ParamType::String:
      if (text.size() < 2 || text.front() != '\'' || text.back() != '\'') bad_signature(sig, "bad str default " + text);
      p.default_string = text.substr(1, text.size() - 2);
      return;
    default: bad_signature(sig, "no default allowed for '" + p.name + "' except None");
  }
}

Param parse_param(const std::string& part, bool kwarg_only, const std::string& sig) {
  Param p;
  p.kwarg_only = kwarg_only;
  const size_t space = part.find(' ');
  if (space == std::string::npos) bad_signature(sig, "expected 'Type name' in '" + part + "'");
  std::string type = part.substr(0, space);
  std::string rest = part.substr(space + 1);
  std::string def;
  const size_t eq = rest.find('=');
  if (eq != std::string::npos) {
    def = rest.substr(eq + 1);
    rest = rest.substr(0, eq);
  }
  p.name = trim(rest);
  if (!type.empty() && type.back() == '?') {
    p.optional = true;
    type.pop_back();
  }
  if (type == "Tensor") {
    p.type = ParamType::Tensor;
  } else if (type == "Tensor|Scalar") {
    p.type = ParamType::TensorOrScalar;
  } else if (type == "Tensor[]") {
    p.type = ParamType::TensorList;
  } else if (type == "Tensor?[]") {
    p.type = ParamType::OptionalTensorList;
  } else if (type.rfind("Tensor[", 0) == 0 && type.back() == ']') {
    p.type = ParamType::TensorTuple;
    int64_t n = 0;
    if (!parse_int(type.substr(7, type.size() - 8), &n) || n < 1) bad_signature(sig, "bad tuple size in '" + type + "'");
    p.tuple_size = static_cast<int>(n);
  } else if (type == "Scalar") {
    p.type = ParamType::Scalar;
  } else if (type == "int") {
    p.type = ParamType::Int;
  } else if (type == "int[]") {
    p.type = ParamType::IntList;
  } else if (type == "bool") {
    p.type = ParamType::Bool;
  } else if (type == "float") {
    p.type = ParamType::Float;
  } else if (type == "ScalarType") {
    p.type = ParamType::DType;
  } else if (type == "Generator") {
    p.type = ParamType::Generator;
  } else if (type == "str") {
    p.type = ParamType::String;
  } else if (type == "Device") {
    p.type = ParamType::Device;
  } else if (type == "Layout") {
    p.type = ParamType::Layout;
  } else if (type == "MemoryFormat") {
    p.type = ParamType::MemoryFormat;
  } else if (type == "PyObject") {
    p.type = ParamType::Object;
  } else {
    bad_signature(sig, "unknown type '" + type + "'");
  }
  if (eq != std::string::npos) parse_default(p, trim(def), sig);
  p.py_name = PyUnicode_InternFromString(p.name.c_str());  // kept for the process's life
  if (!p.py_name) throw PythonErrorSet{};
  return p;
}

// ---- messages -------------------------------------------------------------

std::string got_text(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  std::string s = "(";
  for (Py_ssize_t i = 0; i < nargs; ++i) s += (i ? ", " : "") + python_type_name(args[i]);
  const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t j = 0; j < nkw; ++j) {
    const char* key = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, j));
    s += std::string(nargs + j ? ", " : "") + (key ? key : "?") + "=" + python_type_name(args[nargs + j]);
  }
  return s + ")";
}

}  // namespace

// ---- public helpers -------------------------------------------------------

std::string python_type_name(PyObject* obj) {
  if (is_tensor(obj)) return "Tensor";
  if (is_dtype(obj)) return "dtype";
  if (is_generator(obj)) return "Generator";
  if (is_device(obj)) return "device";
  if ((PyTuple_Check(obj) || PyList_Check(obj)) && PySequence_Fast_GET_SIZE(obj) > 0) {
    // "tuple of (int, str)" says which entry is wrong.
    std::string s = std::string(Py_TYPE(obj)->tp_name) + " of (";
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
    for (Py_ssize_t i = 0; i < n && i < 6; ++i) s += (i ? ", " : "") + python_type_name(PySequence_Fast_ITEMS(obj)[i]);
    return s + (n > 6 ? ", ...)" : ")");
  }
  return Py_TYPE(obj)->tp_name;
}

std::string param_type_text(const Param& p) {
  std::string s;
  switch (p.type) {
    case ParamType::Tensor: s = "Tensor"; break;
    case ParamType::TensorOrScalar: s = "Tensor or number"; break;
    case ParamType::TensorList: s = "tuple of Tensors"; break;
    case ParamType::OptionalTensorList: s = "tuple of Tensors or Nones"; break;
    case ParamType::TensorTuple: s = "tuple of " + std::to_string(p.tuple_size) + " Tensors"; break;
    case ParamType::Scalar: s = "number"; break;
    case ParamType::Int: s = "int"; break;
    case ParamType::IntList: s = "tuple of ints"; break;
    case ParamType::Bool: s = "bool"; break;
    case ParamType::Float: s = "float"; break;
    case ParamType::DType: s = "ember.dtype"; break;
    case ParamType::Generator: s = "ember.Generator"; break;
    case ParamType::String: s = "str"; break;
    case ParamType::Device: s = "ember.device"; break;
    case ParamType::Layout: s = "ember.layout"; break;
    case ParamType::MemoryFormat: s = "ember.memory_format"; break;
    case ParamType::Object: s = "object"; break;
  }
  return p.optional ? s + " or None" : s;
}

std::string Signature::display() const {
  std::string s = name + "(";
  bool star = false;
  for (size_t i = 0; i < params.size(); ++i) {
    const Param& p = params[i];
    if (i) s += ", ";
    if (p.kwarg_only && !star) {
      s += "*, ";
      star = true;
    }
    s += param_type_text(p) + " " + p.name;
    const size_t eq = p.has_default ? text.find(p.name + "=") : std::string::npos;
    if (eq != std::string::npos) {
      // The default as written, up to the next top-level comma.
      const size_t start = eq + p.name.size() + 1;
      int depth = 0;
      size_t end = start;
      for (; end < text.size(); ++end) {
        const char c = text[end];
        if ((c == ',' || c == ')') && depth == 0) break;
        depth += c == '[';
        depth -= c == ']';
      }
      s += "=" + text.substr(start, end - start);
    }
  }
  return s + ")";
}

bool is_number(PyObject* obj) {
  if (PyLong_Check(obj) || PyFloat_Check(obj)) return true;
  return numpy_kind(obj) != NumpyKind::None;
}

ember::Scalar number_to_scalar(PyObject* obj, const char* fn, const char* arg) {
  if (PyBool_Check(obj)) return ember::Scalar(obj == Py_True);
  if (PyLong_Check(obj)) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (overflow) throw_overflow(obj, fn, arg);
    return ember::Scalar(static_cast<int64_t>(v));
  }
  if (PyFloat_Check(obj)) return ember::Scalar(PyFloat_AS_DOUBLE(obj));
  if (is_tensor(obj)) return unwrap(obj).item();
  switch (numpy_kind(obj)) {
    case NumpyKind::Bool: {
      const int b = PyObject_IsTrue(obj);
      if (b < 0) throw PythonErrorSet{};
      return ember::Scalar(b != 0);
    }
    case NumpyKind::Integer: return ember::Scalar(int_value(obj, fn, arg));
    case NumpyKind::Floating: {
      const double d = PyFloat_AsDouble(obj);
      if (d == -1.0 && PyErr_Occurred()) throw PythonErrorSet{};
      return ember::Scalar(d);
    }
    case NumpyKind::None: break;
  }
  PyErr_Format(PyExc_TypeError, "%s(): argument '%s' must be a number, not %s", fn, arg, Py_TYPE(obj)->tp_name);
  throw PythonErrorSet{};
}

PyObject* scalar_to_python(const ember::Scalar& s) {
  switch (s.kind()) {
    case ember::Scalar::Kind::Bool: return PyBool_FromLong(s.to<bool>());
    case ember::Scalar::Kind::Integral: return PyLong_FromLongLong(s.to<int64_t>());
    case ember::Scalar::Kind::Floating: return PyFloat_FromDouble(s.to<double>());
  }
  Py_RETURN_NONE;
}

Signature parse_signature(const std::string& text) {
  Signature sig;
  sig.text = text;
  const size_t open = text.find('(');
  const size_t close = text.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) bad_signature(text, "expected name(...)");
  sig.name = text.substr(0, open);
  bool kwarg_only = false;
  for (const std::string& part : split_top_level(text.substr(open + 1, close - open - 1))) {
    if (part == "*") {
      kwarg_only = true;
      continue;
    }
    sig.params.push_back(parse_param(part, kwarg_only, text));
    if (!kwarg_only) ++sig.max_positional;
  }
  if (sig.params.size() > static_cast<size_t>(kMaxParams)) bad_signature(text, "too many parameters");
  if (sig.max_positional == 1 && sig.params[0].type == ParamType::IntList) sig.varargs_param = 0;
  if (sig.max_positional >= 1 && sig.params[sig.max_positional - 1].type == ParamType::TensorList)
    sig.varargs_param = sig.max_positional - 1;
  return sig;
}

// ---- ArgParser --------------------------------------------------------------

ArgParser::ArgParser(std::initializer_list<const char*> signatures) {
  for (const char* s : signatures) signatures_.push_back(parse_signature(s));
}

namespace {

// Matches one signature; on a mismatch returns false and, when `why` is
// given, says what did not fit.
bool match(const Signature& sig, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, ParsedArgs& out,
           std::string* why) {
  const int nparams = static_cast<int>(sig.params.size());
  out.sig = &sig;
  out.varargs = nullptr;
  out.nvarargs = 0;
  for (int i = 0; i < nparams; ++i) out.slots[i] = nullptr;

  Py_ssize_t npos = nargs;
  // view(2, 3), meshgrid(a, b), einsum(eq, a, b): the positional arguments
  // from the varargs param on are its entries (PyTorch's *size, *tensors).
  const int va = sig.varargs_param;
  const auto entry_fits = [&sig, va](PyObject* obj) {
    return sig.params[va].type == ParamType::IntList ? is_int_like(obj) : is_tensor(obj);
  };
  if (va >= 0 && nargs > va && (nargs > va + 1 || entry_fits(args[va]))) {
    for (Py_ssize_t i = va; i < nargs; ++i) {
      if (!entry_fits(args[i])) {
        if (why) *why = "argument '" + sig.params[va].name + "' must be " + param_type_text(sig.params[va]) + ", not " +
                        python_type_name(args[i]) + " (varargs entry " + std::to_string(i - va) + ")";
        return false;
      }
    }
    out.varargs = args + va;
    out.nvarargs = nargs - va;
    out.slots[va] = args[va];
    npos = va;
  } else if (nargs > sig.max_positional) {
    if (why) *why = "takes " + std::to_string(sig.max_positional) + " positional argument" +
                    (sig.max_positional == 1 ? "" : "s") + " but " + std::to_string(nargs) + " were given";
    return false;
  }
  for (Py_ssize_t i = 0; i < npos; ++i) {
    if (!matches(sig.params[i], args[i])) {
      if (why) *why = "argument '" + sig.params[i].name + "' (position " + std::to_string(i + 1) + ") must be " +
                      param_type_text(sig.params[i]) + ", not " + python_type_name(args[i]);
      return false;
    }
    out.slots[i] = args[i];
  }
  const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t j = 0; j < nkw; ++j) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, j);
    int idx = -1;
    for (int i = 0; i < nparams; ++i)
      if (sig.params[i].py_name == key) {
        idx = i;
        break;
      }
    if (idx < 0) {
      // Keys built at run time are not interned: compare the text.
      for (int i = 0; i < nparams; ++i)
        if (PyUnicode_Compare(sig.params[i].py_name, key) == 0) {
          idx = i;
          break;
        }
    }
    PyObject* value = args[nargs + j];
    if (idx < 0) {
      if (why) {
        const char* k = PyUnicode_AsUTF8(key);
        *why = std::string("got an unexpected keyword argument '") + (k ? k : "?") + "'";
        if (!k) PyErr_Clear();
      }
      return false;
    }
    if (out.slots[idx]) {
      if (why) *why = "got multiple values for argument '" + sig.params[idx].name + "'";
      return false;
    }
    if (!matches(sig.params[idx], value)) {
      if (why) *why = "argument '" + sig.params[idx].name + "' must be " + param_type_text(sig.params[idx]) + ", not " +
                      python_type_name(value);
      return false;
    }
    out.slots[idx] = value;
  }
  for (int i = 0; i < nparams; ++i) {
    if (!out.slots[i] && !sig.params[i].has_default) {
      if (why) *why = "missing required argument '" + sig.params[i].name + "' (position " + std::to_string(i + 1) + ")";
      return false;
    }
  }
  return true;
}

}  // namespace

int ArgParser::parse(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, ParsedArgs& out) const {
  const int n = static_cast<int>(signatures_.size());
  for (int k = 0; k < n; ++k)
    if (match(signatures_[k], args, nargs, kwnames, out, nullptr)) return k;
  raise_mismatch(args, nargs, kwnames);
  return -1;
}

void ArgParser::raise_mismatch(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) const {
  ParsedArgs scratch;
  std::string why;
  const std::string& name = signatures_.front().name;
  if (signatures_.size() == 1) {
    match(signatures_[0], args, nargs, kwnames, scratch, &why);
    PyErr_Format(PyExc_TypeError, "%s(): %s\nvalid signature:\n * %s", name.c_str(), why.c_str(),
                 signatures_[0].display().c_str());
    return;
  }
  std::string msg = name + "() received an invalid combination of arguments - got " + got_text(args, nargs, kwnames) +
                    ", but expected one of:";
  for (const Signature& sig : signatures_) {
    why.clear();
    match(sig, args, nargs, kwnames, scratch, &why);
    msg += "\n * " + sig.display() + "\n      (" + why + ")";
  }
  PyErr_SetString(PyExc_TypeError, msg.c_str());
}

// ---- ParsedArgs accessors -----------------------------------------------

std::vector<ember::Tensor> ParsedArgs::tensor_list(int i) const {
  std::vector<ember::Tensor> list;
  if (i == sig->varargs_param && varargs) {
    for (Py_ssize_t k = 0; k < nvarargs; ++k) list.push_back(unwrap(varargs[k]));
    return list;
  }
  PyObject* obj = slots[i];
  if (!obj) return list;
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  list.reserve(n);
  for (Py_ssize_t k = 0; k < n; ++k) {
    PyObject* item = PySequence_Fast_ITEMS(obj)[k];
    list.push_back(item == Py_None ? ember::Tensor() : unwrap(item));  // None: an undefined tensor (Tensor?[])
  }
  return list;
}

ember::Scalar ParsedArgs::scalar(int i) const {
  if (!slots[i]) return param(i).default_scalar;
  return number_to_scalar(slots[i], sig->name.c_str(), param(i).name.c_str());
}

int64_t ParsedArgs::to_int(int i) const {
  if (!slots[i]) return param(i).default_int;
  return int_value(slots[i], sig->name.c_str(), param(i).name.c_str());
}

bool ParsedArgs::to_bool(int i) const {
  if (!slots[i]) return param(i).default_bool;
  if (PyBool_Check(slots[i])) return slots[i] == Py_True;
  const int b = PyObject_IsTrue(slots[i]);
  if (b < 0) throw PythonErrorSet{};
  return b != 0;
}

double ParsedArgs::to_double(int i) const {
  if (!slots[i]) return param(i).default_float;
  if (PyFloat_Check(slots[i])) return PyFloat_AS_DOUBLE(slots[i]);
  if (is_tensor(i)) return unwrap(slots[i]).item().to<double>();
  const double d = PyFloat_AsDouble(slots[i]);
  if (d == -1.0 && PyErr_Occurred()) throw PythonErrorSet{};
  return d;
}

std::optional<ember::Generator> ParsedArgs::optional_generator(int i) const {
  if (is_none(i)) return std::nullopt;
  return unwrap_generator(slots[i]);
}

std::string_view ParsedArgs::string(int i) const {
  if (!slots[i]) return param(i).default_string;
  Py_ssize_t n = 0;
  const char* text = PyUnicode_AsUTF8AndSize(slots[i], &n);
  if (!text) throw PythonErrorSet{};
  return {text, static_cast<size_t>(n)};
}

ember::DType ParsedArgs::dtype(int i) const {
  PyObject* obj = slots[i];
  if (!obj) return param(i).default_dtype;
  if (is_dtype(obj)) return unwrap_dtype(obj);
  if (obj == reinterpret_cast<PyObject*>(&PyFloat_Type)) return ember::DType::Double;
  if (obj == reinterpret_cast<PyObject*>(&PyLong_Type)) return ember::DType::Long;
  return ember::DType::Bool;
}

void ParsedArgs::int_list(int i, Ints& out) const {
  const char* fn = sig->name.c_str();
  const char* arg = param(i).name.c_str();
  if (i == sig->varargs_param && varargs) {
    for (Py_ssize_t k = 0; k < nvarargs; ++k) out.push(int_value(varargs[k], fn, arg));
    return;
  }
  PyObject* obj = slots[i];
  if (!obj) {
    for (int64_t v : param(i).default_ints) out.push(v);
    return;
  }
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) {
    out.push(int_value(obj, fn, arg));
    return;
  }
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  for (Py_ssize_t k = 0; k < n; ++k) out.push(int_value(PySequence_Fast_ITEMS(obj)[k], fn, arg));
}

}  // namespace ember::python
