// DLPack exchange: t.__dlpack__(), t.__dlpack_device__() and
// ember.from_dlpack(obj), sharing memory both ways (dlpack.h).
//
// Export: the capsule's manager context holds a reference to the tensor
// (no Python object), so its deleter may run on any thread without the
// GIL. Import: the storage's allocator context holds the managed tensor and
// calls its deleter when the storage dies. A read-only export (versioned
// flag) or data not aligned to its element size is copied instead, since
// ember tensors are writable and kernels assume aligned elements.
#include "runtime/python/dlpack.h"

#include <cstring>
#include <memory>
#include <vector>

#include "ember/checked_math.h"
#include "ember/cuda.h"
#include "ember/error.h"
#include "generated/python/dtype_interop.h"
#include "runtime/python/interop.h"
#include "runtime/python/py_util.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

using namespace dlpack;

constexpr const char* kLegacyName = "dltensor";
constexpr const char* kLegacyUsed = "used_dltensor";
constexpr const char* kVersionedName = "dltensor_versioned";
constexpr const char* kVersionedUsed = "used_dltensor_versioned";

DLDataType dl_dtype(DType d) { return {interop(d).dlpack, static_cast<uint8_t>(element_size(d) * 8), 1}; }

DType ember_dtype(DLDataType t) {
  for (int i = 0; i < kNumDTypes; ++i) {
    const DLDataType mine = dl_dtype(static_cast<DType>(i));
    if (t.code == mine.code && t.bits == mine.bits && t.lanes == mine.lanes) return static_cast<DType>(i);
  }
  raise(PyExc_TypeError, "from_dlpack: unsupported DLPack dtype (code %d, %d bits, %d lanes) (argument 'ext_tensor')",
        t.code, t.bits, t.lanes);
}

// ---- export ----

struct ExportContext {
  Tensor tensor;
  std::vector<int64_t> shape, strides;
};

template <class Managed>
void export_deleter(Managed* m) {
  delete static_cast<ExportContext*>(m->manager_ctx);
  delete m;
}

template <class Managed>
Managed* make_managed(const Tensor& t) {
  auto ctx = std::make_unique<ExportContext>();
  ctx->tensor = t;
  ctx->shape = t.shape();
  ctx->strides = t.strides().vec();
  if (ctx->shape.empty()) {  // 0-dim: give consumers valid (unused) arrays
    ctx->shape.reserve(1);
    ctx->strides.reserve(1);
  }
  auto* m = new Managed{};
  static char empty_data;
  m->dl_tensor.data = t.data_ptr() ? t.data_ptr() : &empty_data;
  m->dl_tensor.device = t.is_cuda() ? DLDevice{kDLCUDA, t.device().index} : DLDevice{kDLCPU, 0};
  m->dl_tensor.ndim = static_cast<int32_t>(t.dim());
  m->dl_tensor.dtype = dl_dtype(t.dtype());
  m->dl_tensor.shape = ctx->shape.data();
  m->dl_tensor.strides = ctx->strides.data();
  m->dl_tensor.byte_offset = 0;
  m->manager_ctx = ctx.release();
  m->deleter = export_deleter<Managed>;
  return m;
}

void legacy_capsule_destructor(PyObject* capsule) {
  // A consumer renames the capsule and takes over; otherwise it is ours.
  if (!PyCapsule_IsValid(capsule, kLegacyName)) return;
  auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kLegacyName));
  if (m && m->deleter) m->deleter(m);
}

void versioned_capsule_destructor(PyObject* capsule) {
  if (!PyCapsule_IsValid(capsule, kVersionedName)) return;
  auto* m = static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(capsule, kVersionedName));
  if (m && m->deleter) m->deleter(m);
}

PyObject* tensor_dlpack_device(PyObject* self, PyObject*) {
  const Device d = unwrap(self).device();
  return d.is_cuda() ? Py_BuildValue("(ii)", static_cast<int>(kDLCUDA), d.index)
                     : Py_BuildValue("(ii)", static_cast<int>(kDLCPU), 0);
}

PyObject* tensor_dlpack(PyObject* self, PyObject* args, PyObject* kwargs) {
  static const char* kwlist[] = {"stream", "max_version", "dl_device", "copy", nullptr};
  PyObject *stream = Py_None, *max_version = Py_None, *dl_device = Py_None, *copy = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$OOOO:__dlpack__", const_cast<char**>(kwlist), &stream,
                                   &max_version, &dl_device, &copy))
    return nullptr;
  INTEROP_BEGIN
  const Tensor& self_t = unwrap(self);
  if (self_t.is_cuda()) {
    // ember queues a device's work on its legacy default stream; unless the
    // consumer says it needs no synchronization (-1), that work is finished first.
    const int64_t s = stream == Py_None ? 1 : to_int64(stream, "__dlpack__", "stream");
    if (s != -1) cuda::synchronize(self_t.device().index);
  } else if (stream != Py_None) {
    raise(PyExc_ValueError, "__dlpack__: the tensor is on the CPU, where stream must be None (argument 'stream')");
  }
  if (dl_device != Py_None) {
    PyRef own = PyRef::steal(tensor_dlpack_device(self, nullptr));
    const int same = PyObject_RichCompareBool(dl_device, own.get(), Py_EQ);
    check_py(same >= 0);
    if (!same) raise(PyExc_BufferError, "__dlpack__: the tensor is exported where it is, %s (argument 'dl_device')",
                     self_t.device().str().c_str());
  }
  bool versioned = false;
  if (max_version != Py_None) {
    if (!PyTuple_Check(max_version) || PyTuple_GET_SIZE(max_version) != 2)
      raise(PyExc_TypeError, "__dlpack__: max_version must be a (major, minor) tuple (argument 'max_version')");
    versioned = to_int64(PyTuple_GET_ITEM(max_version, 0), "__dlpack__", "max_version") >= kMajorVersion;
  }
  const int want_copy = copy == Py_None ? 0 : PyObject_IsTrue(copy);
  check_py(want_copy >= 0);
  Tensor t = !want_copy ? self_t : self_t.is_cuda() ? self_t.to(self_t.device(), true) : self_t.clone();
  // The consumer holds raw pointers into the storage: it must not move.
  if (t.impl()->storage) t.impl()->storage->flag &= static_cast<char>(~TH_STORAGE_RESIZABLE);
  if (versioned) {
    auto* m = make_managed<DLManagedTensorVersioned>(t);
    m->version = {kMajorVersion, kMinorVersion};
    m->flags = want_copy ? kFlagIsCopied : 0;
    PyObject* capsule = PyCapsule_New(m, kVersionedName, versioned_capsule_destructor);
    if (!capsule) m->deleter(m);
    return capsule;
  }
  auto* m = make_managed<DLManagedTensor>(t);
  PyObject* capsule = PyCapsule_New(m, kLegacyName, legacy_capsule_destructor);
  if (!capsule) m->deleter(m);
  return capsule;
  INTEROP_END(nullptr)
}


// ---- import ----

// A CUDA producer's device must be one ember can use: a BufferError saying why not.
void require_cuda_device(int64_t device) {
  if (!cuda::is_available())
    raise(PyExc_BufferError, "from_dlpack: the tensor is on device type 2 (CUDA device %lld), and %s "
          "(argument 'ext_tensor')", static_cast<long long>(device),
          cuda::is_built() ? "no CUDA device is available" : "ember was built without CUDA");
  if (device < 0 || device >= cuda::device_count())
    raise(PyExc_BufferError, "from_dlpack: the tensor is on CUDA device %lld, which does not exist here "
          "(argument 'ext_tensor')", static_cast<long long>(device));
}

// The producer's managed tensor, deleted when the storage over it dies.
struct ImportContext {
  DLManagedTensor* legacy = nullptr;
  DLManagedTensorVersioned* versioned = nullptr;

  void release() {
    if (legacy && legacy->deleter) legacy->deleter(legacy);
    if (versioned && versioned->deleter) versioned->deleter(versioned);
    legacy = nullptr;
    versioned = nullptr;
  }
};

void* no_malloc(void*, ptrdiff_t) { return nullptr; }

void free_import(void* ctx, void*) {
  auto* c = static_cast<ImportContext*>(ctx);
#if PY_VERSION_HEX >= 0x030D0000
  const bool finalizing = Py_IsFinalizing();
#else
  const bool finalizing = _Py_IsFinalizing();
#endif
  // Producers' deleters may take the GIL (NumPy's does), which is not
  // possible once the interpreter is finalizing: then leave them be.
  if (Py_IsInitialized() && !finalizing) c->release();
  delete c;
}

THAllocator import_allocator = {no_malloc, nullptr, free_import};

Tensor import_capsule(PyObject* capsule) {
  ImportContext ctx;
  const char* used = nullptr;
  DLTensor* dl = nullptr;
  bool read_only = false;
  if (PyCapsule_IsValid(capsule, kVersionedName)) {
    ctx.versioned = static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(capsule, kVersionedName));
    if (ctx.versioned->version.major > kMajorVersion)
      raise(PyExc_BufferError, "from_dlpack: DLPack version %u.%u is newer than ember's %u.%u (argument 'ext_tensor')",
            ctx.versioned->version.major, ctx.versioned->version.minor, kMajorVersion, kMinorVersion);
    dl = &ctx.versioned->dl_tensor;
    read_only = (ctx.versioned->flags & kFlagReadOnly) != 0;
    used = kVersionedUsed;
  } else if (PyCapsule_IsValid(capsule, kLegacyName)) {
    ctx.legacy = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kLegacyName));
    dl = &ctx.legacy->dl_tensor;
    used = kLegacyUsed;
  } else if (PyCapsule_IsValid(capsule, kLegacyUsed) || PyCapsule_IsValid(capsule, kVersionedUsed)) {
    raise(PyExc_ValueError, "from_dlpack: this DLPack capsule was already consumed (argument 'ext_tensor')");
  } else {
    raise(PyExc_TypeError, "from_dlpack: expected a DLPack capsule named 'dltensor' or 'dltensor_versioned' "
          "(argument 'ext_tensor')");
  }
  // Check everything before taking ownership: on an error the capsule
  // stays the producer's.
  const bool on_cuda = dl->device.device_type == kDLCUDA;
  if (on_cuda) require_cuda_device(dl->device.device_id);
  else if (dl->device.device_type != kDLCPU && dl->device.device_type != kDLCUDAHost)
    raise(PyExc_BufferError, "from_dlpack: the tensor is on device type %d; ember reads CPU and CUDA memory only "
          "(argument 'ext_tensor')", static_cast<int>(dl->device.device_type));
  const DType dtype = ember_dtype(dl->dtype);
  const int64_t esize = static_cast<int64_t>(element_size(dtype));
  if (dl->ndim < 0 || dl->ndim > EMBER_MAX_DIMS)
    raise(PyExc_ValueError, "from_dlpack: %d dims is not supported (argument 'ext_tensor')", dl->ndim);
  std::vector<int64_t> sizes(dl->shape, dl->shape + dl->ndim), strides(static_cast<size_t>(dl->ndim));
  int64_t numel = 1;
  for (int64_t s : sizes) {
    if (s < 0) raise(PyExc_ValueError, "from_dlpack: negative size %lld (argument 'ext_tensor')", static_cast<long long>(s));
    numel = checked_mul(numel, s, "from_dlpack");
  }
  for (int64_t d = dl->ndim - 1, running = 1; d >= 0; --d) {
    strides[d] = dl->strides ? dl->strides[d] : running;
    running *= sizes[d];
    if (strides[d] < 0 && numel > 0)
      raise(PyExc_ValueError, "from_dlpack: negative strides are not supported by ember tensors (copy the array "
            "first) (argument 'ext_tensor')");
    if (strides[d] < 0) strides[d] = 0;
  }
  int64_t extent = numel == 0 ? 0 : 1;
  for (int64_t d = 0; d < dl->ndim && numel > 0; ++d)
    extent = checked_add(extent, checked_mul(sizes[d] - 1, strides[d], "from_dlpack"), "from_dlpack");
  char* data = static_cast<char*>(dl->data) + dl->byte_offset;
  const bool aligned = reinterpret_cast<uintptr_t>(data) % static_cast<uintptr_t>(esize) == 0;
  if (on_cuda && (read_only || !aligned))
    raise(PyExc_BufferError, "from_dlpack: a %s CUDA tensor would need a copy on the device, which ember cannot "
          "make yet (argument 'ext_tensor')", read_only ? "read-only" : "misaligned");

  check_py(PyCapsule_SetName(capsule, used) == 0);  // ours from here on
  auto* owned = new ImportContext(ctx);
  StorageImpl* s;
  try {
    s = rt::storage_new_with_data(dtype, data, extent, &import_allocator, owned);
  } catch (...) {
    owned->release();
    delete owned;
    throw;
  }
  s->flag &= static_cast<char>(~TH_STORAGE_RESIZABLE);
  if (on_cuda) {
    s->deviceType = static_cast<int>(DeviceType::CUDA);
    s->deviceIndex = dl->device.device_id;
  }
  Storage storage = Storage::adopt(s);
  Tensor t = Tensor::adopt(rt::tensor_new_with_storage(dtype, s, 0, sizes, strides, sizes.empty()));
  if (!read_only && aligned) return t;
  // Copy what ember cannot share; the producer's memory is let go with the storage.
  if (read_only)
    check_py(PyErr_WarnEx(PyExc_UserWarning,
                          "from_dlpack: the tensor is read-only and ember tensors cannot be, so this is a copy", 1) == 0);
  if (aligned) return t.clone();
  Tensor out = empty(sizes, dtype);
  std::vector<int64_t> pos(sizes.size(), 0);
  char* dst = static_cast<char*>(out.data_ptr());
  for (int64_t k = 0; k < numel; ++k) {  // element by element: the source may be unaligned
    int64_t off = 0;
    for (size_t d = 0; d < sizes.size(); ++d) off += pos[d] * strides[d];
    std::memcpy(dst + k * esize, data + off * esize, static_cast<size_t>(esize));
    for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0 && ++pos[d] == sizes[d]; --d) pos[d] = 0;
  }
  return out;
}

PyObject* from_dlpack(PyObject*, PyObject* obj) {
  INTEROP_BEGIN
  if (PyCapsule_CheckExact(obj)) return wrap(import_capsule(obj));
  PyRef method = PyRef::steal(PyObject_GetAttrString(obj, "__dlpack__"));
  bool on_cuda = false;
  if (PyObject_HasAttrString(obj, "__dlpack_device__")) {
    PyRef device = PyRef::steal(PyObject_CallMethod(obj, "__dlpack_device__", nullptr));
    if (!PyTuple_Check(device.get()) || PyTuple_GET_SIZE(device.get()) != 2)
      raise(PyExc_TypeError, "from_dlpack: __dlpack_device__() must return a (device_type, device_id) tuple");
    const int64_t type = to_int64(PyTuple_GET_ITEM(device.get(), 0), "from_dlpack", "ext_tensor");
    if (type == kDLCUDA) {
      require_cuda_device(to_int64(PyTuple_GET_ITEM(device.get(), 1), "from_dlpack", "ext_tensor"));
      on_cuda = true;
    } else if (type != kDLCPU && type != kDLCUDAHost) {
      raise(PyExc_BufferError, "from_dlpack: the tensor is on device type %lld; ember reads CPU and CUDA memory only "
            "(argument 'ext_tensor')", static_cast<long long>(type));
    }
  }
  // Ask for a versioned capsule; producers predating DLPack 1.0 take no
  // keywords. A CUDA producer makes its data ready on the legacy default
  // stream (1), where ember queues its work.
  PyRef kwargs = PyRef::steal(on_cuda ? Py_BuildValue("{s(ii)si}", "max_version", kMajorVersion, kMinorVersion, "stream", 1)
                                      : Py_BuildValue("{s(ii)}", "max_version", kMajorVersion, kMinorVersion));
  PyRef empty_args = PyRef::steal(PyTuple_New(0));
  PyObject* capsule = PyObject_Call(method.get(), empty_args.get(), kwargs.get());
  if (!capsule && PyErr_ExceptionMatches(PyExc_TypeError)) {
    PyErr_Clear();
    if (on_cuda) {
      PyRef stream_only = PyRef::steal(Py_BuildValue("{si}", "stream", 1));
      capsule = PyObject_Call(method.get(), empty_args.get(), stream_only.get());
    } else {
      capsule = PyObject_CallNoArgs(method.get());
    }
  }
  PyRef held = PyRef::steal(capsule);
  return wrap(import_capsule(held.get()));
  INTEROP_END(nullptr)
}

}  // namespace

#define EMBER_VARARGS(f) reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f)), METH_VARARGS | METH_KEYWORDS

PyMethodDef tensor_dlpack_methods[] = {
    {"__dlpack__", EMBER_VARARGS(tensor_dlpack),
     "__dlpack__(*, stream=None, max_version=None, dl_device=None, copy=None) -> a DLPack capsule sharing this "
     "tensor's memory (versioned when max_version >= (1, 0))."},
    {"__dlpack_device__", tensor_dlpack_device, METH_NOARGS,
     "__dlpack_device__() -> (1, 0) for the CPU (kDLCPU), (2, i) for CUDA device i (kDLCUDA)."},
    {nullptr, nullptr, 0, nullptr},
};

PyMethodDef dlpack_functions[] = {
    {"from_dlpack", from_dlpack, METH_O,
     "from_dlpack(ext_tensor) -> Tensor sharing the memory of an object with __dlpack__ (or of a DLPack "
     "capsule). Read-only or unaligned data is copied."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace ember::python
