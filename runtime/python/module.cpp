// ember._C: the extension module behind `import ember`.
#include "runtime/python/cuda_functions.h"
#include "runtime/python/kernel_log_functions.h"
#include "runtime/python/thread_functions.h"
#include "runtime/python/dtype_object.h"
#include "runtime/python/generated_api.h"
#include "runtime/python/generator_object.h"
#include "runtime/python/interop.h"
#include "runtime/python/tensor_object.h"
#include "runtime/python/tensor_options.h"
#include "runtime/python/serialize.h"
#include "runtime/python/testing_hooks.h"

namespace {

PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "ember._C", "ember's compiled core.", -1, nullptr,
                          nullptr, nullptr, nullptr, nullptr};

// ember._C.return_types: the named tuples of multi-output ops
// (ember.return_types.max), as torch.return_types.
bool init_return_types(PyObject* module) {
  PyObject* sub = PyModule_New("ember.return_types");
  if (!sub) return false;
  if (!ember::python::init_generated_return_types(sub) || PyModule_AddObject(module, "return_types", sub) < 0) {
    Py_DECREF(sub);
    return false;
  }
  return true;
}

}  // namespace

PyMODINIT_FUNC PyInit__C() {
  module_def.m_methods = ember::python::generated_module_functions();
  PyObject* module = PyModule_Create(&module_def);
  if (!module) return nullptr;
  if (!ember::python::init_dtype_type(module) || !ember::python::init_tensor_type(module) ||
      !ember::python::init_tensor_options(module) ||
      !ember::python::init_generator_type(module) || !init_return_types(module) ||
      !ember::python::init_generated_namespaces(module) ||
      !ember::python::init_testing_hooks(module) || !ember::python::init_interop_module(module) ||
      !ember::python::init_serialize_functions(module) || !ember::python::init_cuda_functions(module) ||
      !ember::python::init_kernel_log_functions(module) || !ember::python::init_thread_functions(module)) {
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
