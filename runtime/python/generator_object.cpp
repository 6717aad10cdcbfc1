#include "runtime/python/generator_object.h"

#include <new>

#include "ember/error.h"
#include "ember/tensor.h"
#include "runtime/python/errors.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

GeneratorObject* as_gen(PyObject* o) { return reinterpret_cast<GeneratorObject*>(o); }

PyObject* make(const ember::Generator& g) {
  PyObject* obj = GeneratorType.tp_alloc(&GeneratorType, 0);
  if (!obj) return nullptr;
  new (&as_gen(obj)->generator) ember::Generator(g);
  return obj;
}

// Generator(device='cpu'): a new stream seeded from the system's entropy.
PyObject* gen_new(PyTypeObject*, PyObject* args, PyObject* kwargs) {
  static const char* names[] = {"device", nullptr};
  const char* device = "cpu";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|s:Generator", const_cast<char**>(names), &device)) return nullptr;
  if (std::string(device) != "cpu") {
    PyErr_Format(PyExc_ValueError, "Generator(): only the 'cpu' device exists, got '%s'", device);
    return nullptr;
  }
  EMBER_PY_BEGIN
  return make(ember::Generator());
  EMBER_PY_END
}

void gen_dealloc(PyObject* self) {
  as_gen(self)->generator.~Generator();
  Py_TYPE(self)->tp_free(self);
}

// PyTorch's seed range: any int in [-2^63, 2^64); negative ones as their
// 64-bit two's complement.
bool seed_of(PyObject* arg, uint64_t* out) {
  if (!PyLong_Check(arg)) {
    PyErr_Format(PyExc_TypeError, "manual_seed(): the seed must be an int, not %s", Py_TYPE(arg)->tp_name);
    return false;
  }
  const unsigned long long u = PyLong_AsUnsignedLongLong(arg);
  if (!PyErr_Occurred()) {
    *out = u;
    return true;
  }
  PyErr_Clear();
  const long long s = PyLong_AsLongLong(arg);
  if (PyErr_Occurred()) {
    PyErr_Clear();
    PyErr_SetString(PyExc_ValueError, "manual_seed(): the seed must be in [-2**63, 2**64)");
    return false;
  }
  *out = static_cast<uint64_t>(s);
  return true;
}

PyObject* gen_manual_seed(PyObject* self, PyObject* arg) {
  uint64_t seed = 0;
  if (!seed_of(arg, &seed)) return nullptr;
  EMBER_PY_BEGIN
  ember::Generator g = as_gen(self)->generator;
  g.manual_seed(seed);
  Py_INCREF(self);
  return self;
  EMBER_PY_END
}

PyObject* gen_seed(PyObject* self, PyObject*) {
  EMBER_PY_BEGIN
  ember::Generator g = as_gen(self)->generator;
  return PyLong_FromUnsignedLongLong(g.seed());
  EMBER_PY_END
}

PyObject* gen_initial_seed(PyObject* self, PyObject*) {
  EMBER_PY_BEGIN
  return PyLong_FromUnsignedLongLong(as_gen(self)->generator.initial_seed());
  EMBER_PY_END
}

PyObject* gen_get_state(PyObject* self, PyObject*) {
  EMBER_PY_BEGIN
  return wrap(as_gen(self)->generator.get_state());
  EMBER_PY_END
}

PyObject* gen_set_state(PyObject* self, PyObject* arg) {
  if (!is_tensor(arg)) {
    PyErr_Format(PyExc_TypeError, "set_state(): the state must be a uint8 Tensor, not %s", Py_TYPE(arg)->tp_name);
    return nullptr;
  }
  EMBER_PY_BEGIN
  ember::Generator g = as_gen(self)->generator;
  g.set_state(unwrap(arg));
  Py_INCREF(self);
  return self;
  EMBER_PY_END
}

PyObject* gen_richcompare(PyObject* a, PyObject* b, int op) {
  if (!is_generator(b) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
  const bool same = as_gen(a)->generator == as_gen(b)->generator;
  return PyBool_FromLong(op == Py_EQ ? same : !same);
}

Py_hash_t gen_hash(PyObject* self) { return static_cast<Py_hash_t>(reinterpret_cast<intptr_t>(as_gen(self)->generator.th()) >> 4); }

PyObject* gen_device(PyObject*, void*) { return PyUnicode_FromString("cpu"); }

PyMethodDef gen_methods[] = {
    {"manual_seed", gen_manual_seed, METH_O,
     "manual_seed(seed) -> Generator\n\nSeeds the stream with the low 32 bits of `seed` (MT19937's init_genrand, as "
     "Torch7's THRandom_manualSeed); returns self."},
    {"seed", gen_seed, METH_NOARGS, "seed() -> int\n\nSeeds the stream from the system's entropy; returns the seed."},
    {"initial_seed", gen_initial_seed, METH_NOARGS, "initial_seed() -> int\n\nThe seed of the last seeding."},
    {"get_state", gen_get_state, METH_NOARGS,
     "get_state() -> Tensor\n\nThe whole state as a uint8 tensor (TH's THGenerator bytes)."},
    {"set_state", gen_set_state, METH_O,
     "set_state(state) -> Generator\n\nRestores a state from get_state(); a state of another size or an "
     "invalid one raises ValueError and leaves the generator as it was."},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef gen_getset[] = {
    {"device", gen_device, nullptr, "Always 'cpu'.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

PyTypeObject GeneratorType = [] {
  PyTypeObject t{PyVarObject_HEAD_INIT(nullptr, 0)};
  t.tp_name = "ember.Generator";
  t.tp_basicsize = sizeof(GeneratorObject);
  t.tp_dealloc = gen_dealloc;
  t.tp_flags = Py_TPFLAGS_DEFAULT;
  t.tp_doc =
      "Generator(device='cpu')\n\nA random number stream: Torch7's MT19937 and sampling formulas (docs/random.md), "
      "seeded from the system's entropy until manual_seed. Pass it as `generator=` to any random op.";
  t.tp_methods = gen_methods;
  t.tp_getset = gen_getset;
  t.tp_new = gen_new;
  t.tp_richcompare = gen_richcompare;
  t.tp_hash = gen_hash;
  return t;
}();

bool init_generator_type(PyObject* module) {
  if (PyType_Ready(&GeneratorType) < 0) return false;
  Py_INCREF(&GeneratorType);
  if (PyModule_AddObject(module, "Generator", reinterpret_cast<PyObject*>(&GeneratorType)) < 0) return false;
  PyObject* def = make(ember::Generator::default_generator());
  return def && PyModule_AddObject(module, "default_generator", def) == 0;
}

}  // namespace ember::python
