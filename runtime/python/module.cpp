// ember._C: the extension module behind `import ember`.
#include "runtime/python/generated_api.h"
#include "runtime/python/tensor_object.h"

namespace {

PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "ember._C", "ember's compiled core.", -1, nullptr,
                          nullptr, nullptr, nullptr, nullptr};

}  // namespace

PyMODINIT_FUNC PyInit__C() {
  module_def.m_methods = ember::python::generated_module_functions();
  PyObject* module = PyModule_Create(&module_def);
  if (!module) return nullptr;
  if (!ember::python::init_tensor_type(module)) {
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
