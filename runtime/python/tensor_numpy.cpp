// NumPy without copies: the buffer protocol on tensors (so np.asarray(t)
// and memoryview(t) share memory), t.numpy(), and ember.from_numpy(a).
//
// Lifetimes: an exported buffer holds its own reference to the tensor's
// storage, so the array stays valid whatever later happens to the tensor
// (even set_() to another storage); a tensor from from_numpy holds the
// array's buffer until its storage dies. A storage whose memory was
// exported stops being resizable: growing it would move the memory under
// the array.
#include <cstring>
#include <vector>

#include "ember/error.h"
#include "generated/python/dtype_interop.h"
#include "runtime/python/arg_parser.h"
#include "runtime/python/buffer_import.h"
#include "runtime/python/interop.h"
#include "runtime/python/py_util.h"
#include "runtime/python/tensor_convert.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

// What an export owns, freed by releasebuffer.
struct Export {
  Storage storage;  // keeps the memory alive
  std::vector<Py_ssize_t> shape, strides;
};

// Row-major (C) or column-major (Fortran) without gaps; dims of size 1
// and empty tensors do not count against it, as for CPython's buffers.
bool contiguous_in(const Tensor& t, bool fortran) {
  if (t.numel() == 0) return true;
  int64_t expected = 1;
  const int64_t n = t.dim();
  for (int64_t k = 0; k < n; ++k) {
    const int64_t d = fortran ? k : n - 1 - k;
    const int64_t size = t.sizes()[d];
    if (size != 1 && t.strides()[d] != expected) return false;
    expected *= size;
  }
  return true;
}

int get_buffer(PyObject* self, Py_buffer* view, int flags) {
  INTEROP_BEGIN
  const Tensor& t = unwrap(self);
  if (t.is_cuda())
    raise(PyExc_BufferError, "ember.Tensor: a tensor on %s exports no host buffer; copy it with .cpu() first",
          t.device().str().c_str());
  const char* format = interop(t.dtype()).format;
  if (!format)
    raise(PyExc_BufferError, "ember.Tensor: %s has no buffer format (NumPy has no %s); convert with .float() first",
          dtype_name(t.dtype()), dtype_name(t.dtype()));
  const bool c = contiguous_in(t, false), f = contiguous_in(t, true);
  if ((flags & PyBUF_C_CONTIGUOUS) == PyBUF_C_CONTIGUOUS && !c)
    raise(PyExc_BufferError, "ember.Tensor: a C-contiguous buffer was requested, but the tensor is not contiguous");
  if ((flags & PyBUF_F_CONTIGUOUS) == PyBUF_F_CONTIGUOUS && !f)
    raise(PyExc_BufferError, "ember.Tensor: a Fortran-contiguous buffer was requested, but the tensor is not one");
  if ((flags & PyBUF_ANY_CONTIGUOUS) == PyBUF_ANY_CONTIGUOUS && !c && !f)
    raise(PyExc_BufferError, "ember.Tensor: a contiguous buffer was requested, but the tensor is not contiguous");
  if ((flags & PyBUF_STRIDES) != PyBUF_STRIDES && !c)
    raise(PyExc_BufferError, "ember.Tensor: the consumer takes no strides, but the tensor is not contiguous");

  auto* e = new Export{t.impl()->storage ? t.storage() : Storage(t.dtype(), 0), {}, {}};
  const Py_ssize_t esize = static_cast<Py_ssize_t>(t.element_size());
  for (int64_t d = 0; d < t.dim(); ++d) {
    e->shape.push_back(static_cast<Py_ssize_t>(t.sizes()[d]));
    e->strides.push_back(static_cast<Py_ssize_t>(t.strides()[d]) * esize);
  }
  static char empty_data;  // consumers expect a non-null address, even for no elements
  StorageImpl* s = e->storage.impl();
  s->flag &= static_cast<char>(~TH_STORAGE_RESIZABLE);
  view->buf = t.data_ptr() ? t.data_ptr() : &empty_data;
  view->obj = self;
  Py_INCREF(self);
  view->len = static_cast<Py_ssize_t>(t.numel()) * esize;
  view->readonly = 0;
  view->itemsize = esize;
  view->format = (flags & PyBUF_FORMAT) ? const_cast<char*>(format) : nullptr;
  const bool nd = (flags & PyBUF_ND) == PyBUF_ND;
  view->ndim = nd ? static_cast<int>(t.dim()) : 1;
  view->shape = nd ? e->shape.data() : nullptr;
  view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? e->strides.data() : nullptr;
  view->suboffsets = nullptr;
  view->internal = e;
  return 0;
  INTEROP_END(-1)
}

void release_buffer(PyObject*, Py_buffer* view) { delete static_cast<Export*>(view->internal); }

PyObject* numpy_module() {
  static PyObject* numpy = nullptr;  // imported once, kept for the process
  if (!numpy) numpy = PyImport_ImportModule("numpy");
  return numpy;
}

// numpy(*, force=False): force (PyTorch's detach and copy to the CPU first)
// changes nothing for a CPU tensor without autograd.
PyObject* tensor_numpy(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  INTEROP_BEGIN
  static const ArgParser parser({"numpy(*, bool force=False)"});
  ParsedArgs r;
  if (parser.parse(args, nargs, kwnames, r) < 0) return nullptr;
  const Tensor& t = unwrap(self);
  if (t.is_cuda()) {
    if (!r.to_bool(0))
      raise(PyExc_TypeError, "numpy(): can't convert %s device type tensor to numpy; use Tensor.cpu() to copy it to "
            "host memory first (argument 'self')", t.device().str().c_str());
    PyRef host = PyRef::steal(wrap(t.cpu()));
    check_py(host.get() != nullptr);
    return PyObject_CallMethod(host.get(), "numpy", nullptr);
  }
  if (!interop(t.dtype()).format)
    raise(PyExc_TypeError, "numpy(): NumPy has no %s; convert first, e.g. t.float().numpy() (argument 'self')",
          dtype_name(t.dtype()));
  PyObject* np = numpy_module();
  check_py(np != nullptr);
  return PyObject_CallMethod(np, "asarray", "O", self);
  INTEROP_END(nullptr)
}

PyObject* from_numpy(PyObject*, PyObject* array) {
  INTEROP_BEGIN
  PyObject* np = numpy_module();
  check_py(np != nullptr);
  PyRef ndarray = PyRef::steal(PyObject_GetAttrString(np, "ndarray"));
  const int is_array = PyObject_IsInstance(array, ndarray.get());
  check_py(is_array >= 0);
  if (!is_array)
    raise(PyExc_TypeError, "from_numpy: expected a numpy.ndarray, got %s (argument 'ndarray')", type_name(array));
  BufferView b;
  if (!b.get(array, PyBUF_RECORDS_RO)) {
    PyErr_Clear();
    PyRef dtype = PyRef::steal(PyObject_GetAttrString(array, "dtype"));
    raise(PyExc_TypeError,
          "from_numpy: cannot share an array of dtype %R; ember's dtypes are bool, uint8, int8, int16, int32, "
          "int64, float16, float32 and float64 (argument 'ndarray')",
          dtype.get());
  }
  const DType dtype = buffer_dtype(*b, "from_numpy", "ndarray");
  if (b->readonly) {
    // Ember tensors cannot be read-only, and writing into read-only
    // memory (a read-only mapping) would crash: copy instead.
    check_py(PyErr_WarnEx(PyExc_UserWarning,
                          "from_numpy: the array is not writable and ember tensors cannot be read-only, so the "
                          "tensor is a copy: writes to it will not reach the array (make the array writable, or "
                          "copy it, to silence this)",
                          1) == 0);
    return wrap(tensor_from_buffer(b.view(), dtype, "from_numpy", "ndarray"));
  }
  const char* why = nullptr;
  if (!buffer_is_addressable(*b, &why))
    raise(PyExc_ValueError, "from_numpy: cannot share the array's memory: %s (copy it first: array.copy(), or use "
          "ember.tensor(array)) (argument 'ndarray')", why);
  return wrap(tensor_over_buffer(b.release_to_heap(), dtype, true));
  INTEROP_END(nullptr)
}

}  // namespace

PyBufferProcs tensor_buffer_procs = {get_buffer, release_buffer};

PyMethodDef tensor_numpy_methods[] = {
    {"numpy", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(tensor_numpy)), METH_FASTCALL | METH_KEYWORDS,
     "numpy(*, force=False) -> numpy.ndarray sharing this tensor's memory (TypeError for bfloat16, which NumPy lacks)."},
    {nullptr, nullptr, 0, nullptr},
};

PyMethodDef numpy_functions[] = {
    {"from_numpy", from_numpy, METH_O,
     "from_numpy(ndarray) -> Tensor sharing the array's memory (the tensor keeps the array alive).\n\n"
     "ValueError for negative strides, a byte order other than the machine's, or unaligned data; TypeError for "
     "dtypes ember lacks. A read-only array is copied, with a warning."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace ember::python
