#include "runtime/python/tensor_options.h"

#include <cstring>
#include <string>

#include "ember/cuda.h"
#include "ember/error.h"
#include "ember/pinned.h"
#include "runtime/core/device_memory.h"
#include "runtime/python/binding_support.h"

namespace ember::python {

namespace {

// The device types a device object may name. "cuda" devices can be made
// in any build, as in a PyTorch built without CUDA; using one needs the
// CUDA backend and a GPU (rt::usable_device says which is missing).
enum class DeviceKind { CPU, CUDA };
const char* const kDeviceNames[] = {"cpu", "cuda"};

struct DeviceObject {
  PyObject_HEAD
  DeviceKind kind;
  int64_t index;  // -1: none given
};

DeviceObject* as_device(PyObject* o) { return reinterpret_cast<DeviceObject*>(o); }

// The one object of each layout and memory format, compared by identity.
struct NamedObject {
  PyObject_HEAD
  const char* name;
};

NamedObject g_strided;
NamedObject g_contiguous_format;
NamedObject g_preserve_format;

[[noreturn]] void device_error(const std::string& message) {
  PyErr_SetString(PyExc_RuntimeError, message.c_str());
  throw PythonErrorSet{};
}

// "cpu", "cuda", "cpu:0", "cuda:1" (PyTorch's grammar, for its two types here).
void parse_device_string(const std::string& text, DeviceKind* kind, int64_t* index) {
  const size_t colon = text.find(':');
  const std::string type = text.substr(0, colon);
  if (type == "cpu") {
    *kind = DeviceKind::CPU;
  } else if (type == "cuda") {
    *kind = DeviceKind::CUDA;
  } else {
    device_error("Expected one of cpu, cuda device type at start of device string: " + text);
  }
  *index = -1;
  if (colon == std::string::npos) return;
  const std::string digits = text.substr(colon + 1);
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
    device_error("Invalid device string: '" + text + "'");
  *index = std::stoll(digits);
}

PyObject* make_device(DeviceKind kind, int64_t index) {
  PyObject* obj = DeviceType.tp_alloc(&DeviceType, 0);
  if (!obj) return nullptr;
  as_device(obj)->kind = kind;
  as_device(obj)->index = index;
  return obj;
}

// device('cpu'), device('cuda:1'), device('cuda', 1), device(1) (CUDA's
// index, as PyTorch), device(other_device).
PyObject* device_new(PyTypeObject*, PyObject* args, PyObject* kwargs) {
  EMBER_PY_BEGIN
  static const char* names[] = {"type", "index", nullptr};
  PyObject* type = nullptr;
  PyObject* index = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:device", const_cast<char**>(names), &type, &index))
    return nullptr;
  if (is_device(type) && index == Py_None) return make_device(as_device(type)->kind, as_device(type)->index);
  if (PyLong_Check(type) && index == Py_None) {
    const long long i = PyLong_AsLongLong(type);
    if (i == -1 && PyErr_Occurred()) return nullptr;
    if (i < 0) device_error("Device index must not be negative");
    return make_device(DeviceKind::CUDA, i);
  }
  if (!PyUnicode_Check(type)) {
    PyErr_Format(PyExc_TypeError, "device(): argument 'type' must be str, not %s", Py_TYPE(type)->tp_name);
    return nullptr;
  }
  const char* text = PyUnicode_AsUTF8(type);
  if (!text) return nullptr;
  DeviceKind kind;
  int64_t i;
  parse_device_string(text, &kind, &i);
  if (index != Py_None) {
    if (i >= 0)
      device_error(std::string("type (string) must not include an index because index was passed explicitly: ") + text);
    if (!PyLong_Check(index)) {
      PyErr_Format(PyExc_TypeError, "device(): argument 'index' must be int, not %s", Py_TYPE(index)->tp_name);
      return nullptr;
    }
    i = PyLong_AsLongLong(index);
    if (i == -1 && PyErr_Occurred()) return nullptr;
    if (i < 0) device_error("Device index must not be negative");
  }
  return make_device(kind, i);
  EMBER_PY_END
}

PyObject* device_str(PyObject* self) {
  const DeviceObject* d = as_device(self);
  const char* name = kDeviceNames[static_cast<int>(d->kind)];
  if (d->index < 0) return PyUnicode_FromString(name);
  return PyUnicode_FromFormat("%s:%lld", name, static_cast<long long>(d->index));
}

PyObject* device_repr(PyObject* self) {
  const DeviceObject* d = as_device(self);
  const char* name = kDeviceNames[static_cast<int>(d->kind)];
  if (d->index < 0) return PyUnicode_FromFormat("device(type='%s')", name);
  return PyUnicode_FromFormat("device(type='%s', index=%lld)", name, static_cast<long long>(d->index));
}

PyObject* device_richcompare(PyObject* a, PyObject* b, int op) {
  if (!is_device(b) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
  const bool same = as_device(a)->kind == as_device(b)->kind && as_device(a)->index == as_device(b)->index;
  return PyBool_FromLong(same == (op == Py_EQ));
}

Py_hash_t device_hash(PyObject* self) {
  const Py_hash_t h = static_cast<Py_hash_t>(as_device(self)->kind) * 1000003 + as_device(self)->index;
  return h == -1 ? -2 : h;
}

PyObject* device_type(PyObject* self, void*) {
  return PyUnicode_FromString(kDeviceNames[static_cast<int>(as_device(self)->kind)]);
}

PyObject* device_index(PyObject* self, void*) {
  if (as_device(self)->index < 0) Py_RETURN_NONE;
  return PyLong_FromLongLong(as_device(self)->index);
}

// Pickled as ember.device(type, index).
PyObject* device_reduce(PyObject* self, PyObject*) {
  PyObject* index = device_index(self, nullptr);
  if (!index) return nullptr;
  PyObject* result = Py_BuildValue("(O(sN))", reinterpret_cast<PyObject*>(&DeviceType),
                                   kDeviceNames[static_cast<int>(as_device(self)->kind)], index);
  return result;
}

PyGetSetDef device_getset[] = {
    {"type", device_type, nullptr, "The device type: 'cpu' or 'cuda'.", nullptr},
    {"index", device_index, nullptr, "The device's index, or None.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyMethodDef device_methods[] = {
    {"__reduce__", device_reduce, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyObject* named_repr(PyObject* self) {
  return PyUnicode_FromFormat("ember.%s", reinterpret_cast<NamedObject*>(self)->name);
}

// Pickled as the global ember.<name>, so unpickling gives the singleton.
PyObject* named_reduce(PyObject* self, PyObject*) {
  return PyUnicode_FromString(reinterpret_cast<NamedObject*>(self)->name);
}

PyMethodDef named_methods[] = {
    {"__reduce__", named_reduce, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

// A device argument: an ember.device, a string, or an int (CUDA's index),
// checked to be usable (a CUDA device needs the backend and a GPU).
Device device_arg(PyObject* value, const char* op) {
  DeviceKind kind = DeviceKind::CUDA;
  int64_t index = -1;
  if (is_device(value)) {
    kind = as_device(value)->kind;
    index = as_device(value)->index;
  } else if (PyUnicode_Check(value)) {
    const char* text = PyUnicode_AsUTF8(value);
    if (!text) throw PythonErrorSet{};
    parse_device_string(text, &kind, &index);
  } else {
    index = PyLong_AsLongLong(value);
    if (index == -1 && PyErr_Occurred()) throw PythonErrorSet{};
    if (index < 0) fail(ErrorKind::Value, str(op, ": a device index must not be negative"), "device");
  }
  if (kind == DeviceKind::CPU) return Device();
  return rt::usable_device(Device(kCUDA, static_cast<int>(index)), op);
}

bool is_true(PyObject* value) {
  const int b = PyObject_IsTrue(value);
  if (b < 0) throw PythonErrorSet{};
  return b != 0;
}

PyObject* tensor_device(PyObject* self, void*) {
  const Device d = unwrap(self).device();
  return d.is_cpu() ? make_device(DeviceKind::CPU, -1) : make_device(DeviceKind::CUDA, d.index);
}
PyObject* tensor_layout(PyObject*, void*) { return Py_NewRef(reinterpret_cast<PyObject*>(&g_strided)); }
PyObject* tensor_is_cuda(PyObject* self, void*) { return PyBool_FromLong(unwrap(self).is_cuda()); }

// Tensor.cpu(): the tensor itself when it is on the CPU (PyTorch's rule), else a copy there.
PyObject* tensor_cpu(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  EMBER_PY_BEGIN
  static const ArgParser parser({"cpu(*, MemoryFormat? memory_format=None)"});
  ParsedArgs r;
  if (parser.parse(args, nargs, kwnames, r) < 0) return nullptr;
  return to_python_same(unwrap(self).cpu(), self);
  EMBER_PY_END
}

// Tensor.cuda(device=None, non_blocking=False): a copy on the CUDA device (the current one by default).
PyObject* tensor_cuda(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  EMBER_PY_BEGIN
  static const ArgParser parser(
      {"cuda(Device? device=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)"});
  ParsedArgs r;
  if (parser.parse(args, nargs, kwnames, r) < 0) return nullptr;
  PyObject* device = r.object(0);
  const Device target = device && device != Py_None ? device_arg(device, "cuda") : rt::usable_device(Device(kCUDA), "cuda");
  if (!target.is_cuda()) fail(ErrorKind::Value, str("cuda: expected a CUDA device, got ", target.str()), "device");
  return to_python_same(unwrap(self).to(target), self);
  EMBER_PY_END
}

// Tensor.pin_memory(): a copy in pinned host memory, or the tensor itself when it is pinned.
PyObject* tensor_pin_memory(PyObject* self, PyObject*) {
  EMBER_PY_BEGIN
  return to_python_same(Tensor(pin_memory(unwrap(self))), self);
  EMBER_PY_END
}

PyObject* tensor_is_pinned(PyObject* self, PyObject*) {
  EMBER_PY_BEGIN
  return PyBool_FromLong(is_pinned(unwrap(self)));
  EMBER_PY_END
}

// The dtype conversion runs on the CPU side of a move (before an upload,
// after a download); on a CUDA tensor staying there it is the op `to`,
// which has no CUDA kernel yet and says so.
Tensor convert_and_move(const Tensor& t, DType dtype, Device device, bool copy) {
  if (t.device() == device) return t.to(dtype, copy);
  if (t.device().is_cpu()) return t.to(dtype).to(device);
  return t.cpu().to(dtype).to(device);
}

// Tensor.to in PyTorch's three forms, to another dtype and/or device. It
// replaces the generated to(dtype, copy), whose second positional
// argument PyTorch calls non_blocking.
PyObject* tensor_to(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  EMBER_PY_BEGIN
  static const ArgParser parser({
      "to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
      "to(Device? device=None, ScalarType? dtype=None, bool non_blocking=False, bool copy=False, *, "
      "MemoryFormat? memory_format=None)",
      "to(Tensor other, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
  });
  ParsedArgs r;
  const int form = parser.parse(args, nargs, kwnames, r);
  if (form < 0) return nullptr;
  const std::optional<MemoryFormat> format = factory_options(r).format;
  const Tensor& t = unwrap(self);
  DType dtype = t.dtype();
  Device device = t.device();
  bool copy = false;
  switch (form) {
    case 0: dtype = r.dtype(0); copy = r.to_bool(2); break;
    case 1:
      dtype = r.optional_dtype(1).value_or(t.dtype());
      if (r.object(0) && r.object(0) != Py_None) device = device_arg(r.object(0), "to");
      copy = r.to_bool(3);
      break;
    default: dtype = r.tensor(0).dtype(); device = r.tensor(0).device(); copy = r.to_bool(2); break;
  }
  return to_python_same(like_format(convert_and_move(t, dtype, device, copy), format), self);
  EMBER_PY_END
}

PyGetSetDef tensor_getset[] = {
    {"device", tensor_device, nullptr, "The device holding the tensor: ember.device('cpu') or ember.device('cuda', i).", nullptr},
    {"layout", tensor_layout, nullptr, "ember.strided: every tensor is a strided view of a storage.", nullptr},
    {"is_cuda", tensor_is_cuda, nullptr, "Whether the tensor is on a CUDA device.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyMethodDef tensor_methods[] = {
    {"cpu", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(tensor_cpu)), METH_FASTCALL | METH_KEYWORDS,
     "cpu(*, memory_format=ember.preserve_format) -> Tensor\n\nThe tensor itself when it is on the CPU, else a "
     "contiguous copy there."},
    {"cuda", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(tensor_cuda)), METH_FASTCALL | METH_KEYWORDS,
     "cuda(device=None, non_blocking=False, *, memory_format=ember.preserve_format) -> Tensor\n\nA contiguous copy on "
     "the CUDA device (the current one by default), or the tensor itself when it is there. RuntimeError without a GPU."},
    {"to", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(tensor_to)), METH_FASTCALL | METH_KEYWORDS,
     "to(dtype, non_blocking=False, copy=False, *, memory_format=ember.preserve_format) -> Tensor\n"
     "to(device=None, dtype=None, non_blocking=False, copy=False, *, memory_format=ember.preserve_format) -> Tensor\n"
     "to(other, non_blocking=False, copy=False, *, memory_format=ember.preserve_format) -> Tensor\n\n"
     "The tensor converted to `dtype` (other's dtype), or itself when it already has it and `copy` is false. "
     "A device other than the tensor's copies it there (contiguous); non_blocking changes nothing."},
    {"pin_memory", tensor_pin_memory, METH_NOARGS,
     "pin_memory() -> Tensor\n\nA contiguous copy of this CPU tensor in pinned (page-locked) host memory, which "
     "CUDA copies reach directly, or the tensor itself when it is pinned already. RuntimeError without a GPU."},
    {"is_pinned", tensor_is_pinned, METH_NOARGS,
     "is_pinned() -> bool\n\nWhether the tensor's storage is pinned host memory."},
    {nullptr, nullptr, 0, nullptr},
};

bool add_named(PyObject* module, NamedObject& obj, PyTypeObject& type, const char* name) {
  PyObject* o = reinterpret_cast<PyObject*>(&obj);
  PyObject_Init(o, &type);  // statically allocated; the module holds them
  obj.name = name;
  Py_INCREF(o);
  return PyModule_AddObject(module, name, o) == 0;
}

bool ready_named_type(PyObject* module, PyTypeObject& type, const char* name, const char* doc) {
  type.tp_basicsize = sizeof(NamedObject);
  type.tp_flags = Py_TPFLAGS_DEFAULT;
  type.tp_doc = doc;
  type.tp_repr = named_repr;
  type.tp_methods = named_methods;
  if (PyType_Ready(&type) < 0) return false;
  Py_INCREF(&type);
  return PyModule_AddObject(module, name, reinterpret_cast<PyObject*>(&type)) == 0;
}

}  // namespace

PyTypeObject DeviceType = {PyVarObject_HEAD_INIT(nullptr, 0) "ember.device"};
PyTypeObject LayoutType = {PyVarObject_HEAD_INIT(nullptr, 0) "ember.layout"};
PyTypeObject MemoryFormatType = {PyVarObject_HEAD_INIT(nullptr, 0) "ember.memory_format"};

FactoryOptions factory_options(const ParsedArgs& r) {
  const char* op = r.sig->name.c_str();
  FactoryOptions options;
  for (size_t i = 0; i < r.sig->params.size(); ++i) {
    PyObject* value = r.object(static_cast<int>(i));
    if (!value || value == Py_None) continue;
    const Param& p = r.sig->params[i];
    // ember.strided is the only layout object, and the parser admits no other.
    if (p.type == ParamType::Device) {
      options.device = device_arg(value, op);
    } else if (p.type == ParamType::MemoryFormat) {
      options.format = value == reinterpret_cast<PyObject*>(&g_preserve_format) ? MemoryFormat::Preserve
                                                                                : MemoryFormat::Contiguous;
    } else if (p.type == ParamType::Bool && p.name == "requires_grad" && is_true(value)) {
      fail(ErrorKind::Runtime, str(op, ": ember has no autograd, so no tensor can require gradients"), "requires_grad");
    } else if (p.type == ParamType::Bool && p.name == "pin_memory" && is_true(value)) {
      if (!cuda::is_available())
        fail(ErrorKind::Runtime, str(op, ": pin_memory=True needs a CUDA device, and ",
                                     cuda::is_built() ? "no CUDA device is available" : "ember was built without CUDA"),
             "pin_memory");
      options.pin = true;
    }
  }
  return options;
}

Tensor like_format(Tensor result, std::optional<MemoryFormat> format) {
  if (format == MemoryFormat::Contiguous && !result.is_contiguous()) return result.contiguous();
  return result;
}

Tensor finish_factory(Tensor result, const FactoryOptions& options) {
  result = like_format(std::move(result), options.format);
  if (options.device && *options.device != result.device()) result = result.to(*options.device);
  return options.pin ? Tensor(pin_memory(result)) : result;
}

void check_out_device(const Tensor& out, const FactoryOptions& options) {
  if (options.device && *options.device != out.device())
    fail(ErrorKind::Value, str("expected out= on ", options.device->str(), ", the device= given, but it is on ",
                               out.device().str()), "out");
  if (options.pin && !is_pinned(out))
    fail(ErrorKind::Value, "pin_memory=True: out= is not pinned host memory (pin it with out.pin_memory() first)",
         "out");
}

bool init_tensor_options(PyObject* module) {
  DeviceType.tp_basicsize = sizeof(DeviceObject);
  DeviceType.tp_flags = Py_TPFLAGS_DEFAULT;
  DeviceType.tp_doc = "device(type, index=None): where a tensor lives, as torch.device ('cpu', 'cpu:0', 'cuda:1').";
  DeviceType.tp_new = device_new;
  DeviceType.tp_str = device_str;
  DeviceType.tp_repr = device_repr;
  DeviceType.tp_richcompare = device_richcompare;
  DeviceType.tp_hash = device_hash;
  DeviceType.tp_getset = device_getset;
  DeviceType.tp_methods = device_methods;
  if (PyType_Ready(&DeviceType) < 0) return false;
  Py_INCREF(&DeviceType);
  if (PyModule_AddObject(module, "device", reinterpret_cast<PyObject*>(&DeviceType)) < 0) return false;
  return ready_named_type(module, LayoutType, "layout", "How a tensor's elements are stored: ember.strided only.") &&
         ready_named_type(module, MemoryFormatType, "memory_format",
                          "The strides a new tensor gets: ember.contiguous_format or ember.preserve_format.") &&
         add_named(module, g_strided, LayoutType, "strided") &&
         add_named(module, g_contiguous_format, MemoryFormatType, "contiguous_format") &&
         add_named(module, g_preserve_format, MemoryFormatType, "preserve_format");
}

PyGetSetDef* tensor_options_getset() { return tensor_getset; }
PyMethodDef* tensor_options_methods() { return tensor_methods; }

}  // namespace ember::python
