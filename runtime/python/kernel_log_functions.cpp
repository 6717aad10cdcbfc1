#include "runtime/python/kernel_log_functions.h"

#include "ember/blas.h"
#include "ember/kernel_log.h"
#include "runtime/python/dtype_object.h"

namespace ember::python {

namespace {

// (op, dtype, device type, simd), or None before any op ran on this thread.
PyObject* last_kernel(PyObject*, PyObject*) {
  const KernelRun run = ember::last_kernel();
  if (!run.op) Py_RETURN_NONE;
  return Py_BuildValue("(sOss)", run.op, dtype_object(run.dtype), run.backend == DeviceType::CUDA ? "cuda" : "cpu",
                       run.simd);
}

PyObject* simd_target(PyObject*, PyObject*) { return PyUnicode_FromString(cpu_simd_target()); }

// Loads OpenBLAS if it is not loaded yet (Note [OpenBLAS core type]).
PyObject* blas_description(PyObject*, PyObject*) {
  const std::string info = blas_info();
  return PyUnicode_FromStringAndSize(info.data(), static_cast<Py_ssize_t>(info.size()));
}

PyMethodDef functions[] = {
    {"_last_kernel", last_kernel, METH_NOARGS, nullptr},
    {"_cpu_simd_target", simd_target, METH_NOARGS, nullptr},
    {"_blas_info", blas_description, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

bool init_kernel_log_functions(PyObject* module) { return PyModule_AddFunctions(module, functions) == 0; }

}  // namespace ember::python
