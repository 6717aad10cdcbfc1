// PyTorch's tensor options in Python: ember.device, ember.layout (the one
// object ember.strided) and ember.memory_format (ember.contiguous_format,
// ember.preserve_format), and the check of the keywords every factory
// takes (device=, layout=, pin_memory=, requires_grad=, memory_format=),
// which ember honours as PyTorch does where it can and refuses otherwise.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <optional>

#include "ember/tensor.h"

namespace ember::python {

class ParsedArgs;

extern PyTypeObject DeviceType;
extern PyTypeObject LayoutType;
extern PyTypeObject MemoryFormatType;

inline bool is_device(PyObject* o) { return PyObject_TypeCheck(o, &DeviceType); }
inline bool is_layout(PyObject* o) { return Py_TYPE(o) == &LayoutType; }
inline bool is_memory_format(PyObject* o) { return Py_TYPE(o) == &MemoryFormatType; }

enum class MemoryFormat { Contiguous, Preserve };

// The options a factory call gave: the memory format and the device.
struct FactoryOptions {
  std::optional<MemoryFormat> format;
  std::optional<Device> device;  // resolved and usable
  bool pin = false;              // pin_memory=True: the result in pinned host memory
};

// Checks the option parameters of a parsed call: those of type Device,
// Layout and MemoryFormat, and the bools named pin_memory and
// requires_grad. What ember cannot honour (a CUDA device without the
// backend or a GPU, requires_grad true) raises a RuntimeError naming the
// op and the argument.
FactoryOptions factory_options(const ParsedArgs& r);

// A *_like result in the memory format asked for: preserve_format (the
// default) keeps what the op made (input's strides when it is dense),
// contiguous_format a contiguous tensor.
Tensor like_format(Tensor result, std::optional<MemoryFormat> format);
// A factory's result in the memory format and on the device asked for
// (made on the host and copied, until the CUDA fill kernels exist), and
// in pinned host memory when asked (ember/pinned.h: a CUDA result is a
// ValueError, no GPU a RuntimeError).
Tensor finish_factory(Tensor result, const FactoryOptions& options);
// out= must already be on the device= given (and pinned, when asked).
void check_out_device(const Tensor& out, const FactoryOptions& options);

// ember.device, ember.layout, ember.memory_format and their objects.
bool init_tensor_options(PyObject* module);
// Tensor.device, Tensor.layout, Tensor.is_cuda.
PyGetSetDef* tensor_options_getset();
// Tensor.cpu(), Tensor.cuda(), Tensor.to().
PyMethodDef* tensor_options_methods();

}  // namespace ember::python
