// Storages from Python in THP's style: FloatStorage(n) (uninitialised, as
// TH), FloatStorage(sequence), FloatStorage(storage, offset, size) (a view),
// len, indexing (an int, or a slice with step 1 giving a view), item and
// slice assignment of numbers, tolist, copy_ from any dtype, clone, fill_,
// resize_ (only while nothing else uses the storage).
#include "runtime/python/storage_object.h"

#include <cstring>
#include <new>

#include "ember/error.h"
#include "runtime/python/dtype_object.h"
#include "runtime/python/gil.h"
#include "runtime/python/py_util.h"
#include "runtime/python/tensor_convert.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

PyObject* g_classes[kNumDTypes] = {};  // registered typed classes (owned)

void require_host(const Storage& s, const char* op) {
  if (rt::device(s.impl()).is_cuda())
    fail(ErrorKind::Runtime, str(op, ": the storage is on ", rt::device(s.impl()).str(), "; copy its tensor with .cpu() first"),
         "self");
}

// A 1-d tensor over the whole storage (how storages reuse tensor ops).
Tensor as_tensor(const Storage& s) {
  return Tensor::adopt(rt::tensor_new_with_storage(s.dtype(), s.impl(), 0, {s.size()}, {}));
}

// The host address of element i; a Runtime error for device storages.
char* element(const Storage& s, int64_t i) {
  require_host(s, "storage element");
  return static_cast<char*>(s.data_ptr()) + i * static_cast<int64_t>(element_size(s.dtype()));
}

int64_t checked_index(const Storage& s, PyObject* index) {
  const int64_t size = s.size();
  int64_t i = to_int64(index, "storage index", "index", PyExc_IndexError);
  if (i < -size || i >= size)
    raise(PyExc_IndexError, "index %lld is out of range for a storage of size %lld", static_cast<long long>(i),
          static_cast<long long>(size));
  return i < 0 ? i + size : i;
}

// The range a slice names; ValueError for a step other than 1 (a storage
// view is contiguous).
void slice_range(const Storage& s, PyObject* slice, int64_t* start, int64_t* length) {
  Py_ssize_t lo, hi, step;
  check_py(PySlice_Unpack(slice, &lo, &hi, &step) == 0);
  if (step != 1)
    raise(PyExc_ValueError, "storage slices must have step 1 (a storage view is contiguous), got step %zd", step);
  *length = PySlice_AdjustIndices(static_cast<Py_ssize_t>(s.size()), &lo, &hi, step);
  *start = lo;
}

void storage_dealloc(PyObject* self) {
  auto* obj = reinterpret_cast<StorageObject*>(self);
  if (obj->weakrefs) PyObject_ClearWeakRefs(self);
  obj->storage.~Storage();
  Py_TYPE(self)->tp_free(self);
}

PyObject* make(PyTypeObject* type, Storage s) {
  PyObject* self = type->tp_alloc(type, 0);
  if (!self) return nullptr;
  auto* obj = reinterpret_cast<StorageObject*>(self);
  new (&obj->storage) Storage(std::move(s));
  obj->weakrefs = nullptr;
  return self;
}

PyObject* storage_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  INTEROP_BEGIN
  PyObject* attr = PyObject_GetAttrString(reinterpret_cast<PyObject*>(type), "dtype");
  if (!attr) PyErr_Clear();
  PyRef dtype_attr = PyRef::steal(attr ? attr : Py_NewRef(Py_None));
  if (!is_dtype(dtype_attr.get()))
    raise(PyExc_TypeError, "%s cannot be created directly; use a typed storage such as ember.FloatStorage",
          type->tp_name);
  const DType dtype = unwrap_dtype(dtype_attr.get());
  if (kwargs && PyDict_Size(kwargs) > 0) raise(PyExc_TypeError, "%s() takes no keyword arguments", type->tp_name);
  const Py_ssize_t n = PyTuple_GET_SIZE(args);
  if (n == 0) return make(type, Storage(dtype, 0));
  PyObject* first = PyTuple_GET_ITEM(args, 0);
  if (n == 1 && is_int_like(first)) {
    const int64_t size = to_int64(first, type->tp_name, "size");
    if (size < 0) raise(PyExc_ValueError, "%s: size must be >= 0, got %lld (argument 'size')", type->tp_name, size);
    return make(type, Storage(dtype, size));
  }
  if (n == 3 && is_storage(first)) {
    const Storage& base = unwrap_storage(first);
    if (base.dtype() != dtype)
      raise(PyExc_TypeError, "%s: cannot view a storage of dtype %s (argument 'storage')", type->tp_name,
            dtype_name(base.dtype()));
    const int64_t offset = to_int64(PyTuple_GET_ITEM(args, 1), type->tp_name, "offset");
    const int64_t size = to_int64(PyTuple_GET_ITEM(args, 2), type->tp_name, "size");
    return make(type, storage_view(base, offset, size, type->tp_name));
  }
  if (n == 1) {
    Tensor t = tensor_from_data(first, dtype, type->tp_name, "sequence");
    if (t.dim() != 1)
      raise(PyExc_ValueError, "%s: expected a flat sequence of numbers, got data with %lld dims (argument 'sequence')",
            type->tp_name, static_cast<long long>(t.dim()));
    return make(type, t.storage());
  }
  raise(PyExc_TypeError,
        "%s() takes (), (size), (sequence) or (storage, offset, size); got %zd arguments", type->tp_name, n);
  INTEROP_END(nullptr)
}

Py_ssize_t storage_length(PyObject* self) { return static_cast<Py_ssize_t>(unwrap_storage(self).size()); }

PyObject* storage_item(PyObject* self, Py_ssize_t i) {
  INTEROP_BEGIN
  const Storage& s = unwrap_storage(self);
  if (i < 0 || i >= s.size())
    raise(PyExc_IndexError, "index %zd is out of range for a storage of size %lld", i, static_cast<long long>(s.size()));
  return element_to_python(s.dtype(), element(s, i));
  INTEROP_END(nullptr)
}

PyObject* storage_subscript(PyObject* self, PyObject* index) {
  INTEROP_BEGIN
  const Storage& s = unwrap_storage(self);
  if (PySlice_Check(index)) {
    int64_t start, length;
    slice_range(s, index, &start, &length);
    return wrap_storage(storage_view(s, start, length, "storage slice"));
  }
  return element_to_python(s.dtype(), element(s, checked_index(s, index)));
  INTEROP_END(nullptr)
}

int storage_ass_subscript(PyObject* self, PyObject* index, PyObject* value) {
  INTEROP_BEGIN
  const Storage& s = unwrap_storage(self);
  if (!value) raise(PyExc_TypeError, "storages do not support deleting elements");
  if (!is_number_like(value))
    raise(PyExc_TypeError, "storage elements are set from numbers, not %s (argument 'value')", type_name(value));
  const Number n = to_number(value, "storage assignment", "value");
  if (PySlice_Check(index)) {
    int64_t start, length;
    slice_range(s, index, &start, &length);
    for (int64_t i = 0; i < length; ++i) store_number(n, s.dtype(), element(s, start + i), "storage assignment", "value");
    return 0;
  }
  store_number(n, s.dtype(), element(s, checked_index(s, index)), "storage assignment", "value");
  return 0;
  INTEROP_END(-1)
}

PyObject* storage_size(PyObject* self, PyObject*) { return PyLong_FromLongLong(unwrap_storage(self).size()); }

PyObject* storage_element_size(PyObject* self, PyObject*) {
  return PyLong_FromSize_t(element_size(unwrap_storage(self).dtype()));
}

PyObject* storage_nbytes(PyObject* self, PyObject*) {
  return PyLong_FromLongLong(rt::storage_nbytes(unwrap_storage(self).impl()));
}

PyObject* storage_data_ptr(PyObject* self, PyObject*) { return PyLong_FromVoidPtr(unwrap_storage(self).data_ptr()); }

PyObject* storage_cdata(PyObject* self, void*) { return PyLong_FromVoidPtr(unwrap_storage(self).impl()); }

PyObject* storage_tolist(PyObject* self, PyObject*) {
  INTEROP_BEGIN
  return tensor_tolist(as_tensor(unwrap_storage(self)));
  INTEROP_END(nullptr)
}

PyObject* storage_copy_(PyObject* self, PyObject* src) {
  INTEROP_BEGIN
  if (!is_storage(src)) raise(PyExc_TypeError, "copy_: argument 'src' must be a storage, not %s", type_name(src));
  const Storage& dst = unwrap_storage(self);
  const Storage& from = unwrap_storage(src);
  if (from.size() != dst.size())
    raise(PyExc_ValueError, "copy_: a storage of size %lld cannot be copied into one of size %lld (argument 'src')",
          static_cast<long long>(from.size()), static_cast<long long>(dst.size()));
  Tensor t = as_tensor(dst);
  GilRelease unlocked(t.numel() > kReleaseGilElements);
  t.copy_(as_tensor(from));
  Py_INCREF(self);
  return self;
  INTEROP_END(nullptr)
}

PyObject* storage_to(const Storage& s, DType dtype) {
  Tensor t = empty({s.size()}, dtype);
  {
    GilRelease unlocked(t.numel() > kReleaseGilElements);
    t.copy_(as_tensor(s));
  }
  return wrap_storage(t.storage());
}

PyObject* storage_clone(PyObject* self, PyObject*) {
  INTEROP_BEGIN
  const Storage& s = unwrap_storage(self);
  return storage_to(s, s.dtype());
  INTEROP_END(nullptr)
}

PyObject* storage_to_dtype(PyObject* self, PyObject* dtype) {
  INTEROP_BEGIN
  const Storage& s = unwrap_storage(self);
  return storage_to(s, optional_dtype(dtype, "_to").value_or(s.dtype()));
  INTEROP_END(nullptr)
}

PyObject* storage_fill_(PyObject* self, PyObject* value) {
  INTEROP_BEGIN
  const Storage& s = unwrap_storage(self);
  const Number n = to_number(value, "fill_", "value");
  for (int64_t i = 0; i < s.size(); ++i) store_number(n, s.dtype(), element(s, i), "fill_", "value");
  Py_INCREF(self);
  return self;
  INTEROP_END(nullptr)
}

PyObject* storage_resize_(PyObject* self, PyObject* size_arg) {
  INTEROP_BEGIN
  const Storage& s = unwrap_storage(self);
  const int64_t size = to_int64(size_arg, "resize_", "size");
  if (size < 0) raise(PyExc_ValueError, "resize_: size must be >= 0, got %lld (argument 'size')", size);
  // Tensors and views address the storage's memory; moving or shrinking
  // it under them would make them read freed memory.
  if (__atomic_load_n(&s.impl()->refcount, __ATOMIC_ACQUIRE) != 1)
    raise(PyExc_ValueError,
          "resize_: the storage is used by tensors or views (or another storage object); only a storage nothing "
          "else refers to can be resized (argument 'self')");
  if (!(s.impl()->flag & TH_STORAGE_RESIZABLE))
    raise(PyExc_ValueError,
          "resize_: the storage is not resizable (it wraps memory it does not own, or has views or exported buffers) "
          "(argument 'self')");
  rt::storage_resize(s.impl(), size);
  Py_INCREF(self);
  return self;
  INTEROP_END(nullptr)
}

// Raw bytes in native byte order, for pickling.
PyObject* storage_raw_bytes(PyObject* self, PyObject*) {
  const Storage& s = unwrap_storage(self);
  require_host(s, "storage bytes");
  return PyBytes_FromStringAndSize(static_cast<const char*>(s.data_ptr()),
                                   static_cast<Py_ssize_t>(rt::storage_nbytes(s.impl())));
}

PyMethodDef storage_methods[] = {
    {"size", storage_size, METH_NOARGS, "size() -> int: the number of elements."},
    {"element_size", storage_element_size, METH_NOARGS, "element_size() -> int: bytes per element."},
    {"nbytes", storage_nbytes, METH_NOARGS, "nbytes() -> int: bytes in all."},
    {"data_ptr", storage_data_ptr, METH_NOARGS, "data_ptr() -> int: the address of element 0."},
    {"tolist", storage_tolist, METH_NOARGS, "tolist() -> list of Python numbers."},
    {"copy_", storage_copy_, METH_O,
     "copy_(src) -> self: copies the elements of a storage of the same size (any dtype, converted)."},
    {"clone", storage_clone, METH_NOARGS, "clone() -> a new storage with the same elements."},
    {"_to", storage_to_dtype, METH_O, "_to(dtype) -> a new storage of `dtype` with the elements converted."},
    {"fill_", storage_fill_, METH_O, "fill_(value) -> self: sets every element."},
    {"resize_", storage_resize_, METH_O,
     "resize_(size) -> self: reallocates, keeping the first elements. Only for a storage that no tensor, view or "
     "exported array uses."},
    {"_raw_bytes", storage_raw_bytes, METH_NOARGS, "The elements' bytes, in native byte order."},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef storage_getset[] = {
    {"_cdata", storage_cdata, nullptr, "The address of the underlying storage (the same for every alias).", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PySequenceMethods storage_as_sequence = {storage_length, nullptr, nullptr, storage_item};
PyMappingMethods storage_as_mapping = {storage_length, storage_subscript, storage_ass_subscript};

PyObject* register_storage_classes(PyObject*, PyObject* classes) {
  INTEROP_BEGIN
  if (!PyTuple_Check(classes) || PyTuple_GET_SIZE(classes) != kNumDTypes)
    raise(PyExc_TypeError, "_register_storage_classes: expected a tuple of %d classes", kNumDTypes);
  for (int i = 0; i < kNumDTypes; ++i) {
    PyObject* c = PyTuple_GET_ITEM(classes, i);
    if (!PyType_Check(c) || !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(c), &StorageType))
      raise(PyExc_TypeError, "_register_storage_classes: element %d is not a StorageBase subclass", i);
    Py_INCREF(c);
    Py_XSETREF(g_classes[i], c);
  }
  Py_RETURN_NONE;
  INTEROP_END(nullptr)
}

// _storage_from_raw_bytes(dtype, bytes): the inverse of _raw_bytes.
PyObject* storage_from_raw_bytes(PyObject*, PyObject* args) {
  INTEROP_BEGIN
  PyObject* dtype_obj;
  Py_buffer bytes;
  if (!PyArg_ParseTuple(args, "Oy*", &dtype_obj, &bytes)) return nullptr;
  struct Release {
    Py_buffer* b;
    ~Release() { PyBuffer_Release(b); }
  } release{&bytes};
  const std::optional<DType> d = optional_dtype(dtype_obj, "_storage_from_raw_bytes");
  if (!d) raise(PyExc_TypeError, "_storage_from_raw_bytes: a dtype is needed (argument 'dtype')");
  const DType dtype = *d;
  const int64_t esize = static_cast<int64_t>(element_size(dtype));
  if (bytes.len % esize != 0)
    raise(PyExc_ValueError, "_storage_from_raw_bytes: %zd bytes are not a whole number of %s elements", bytes.len,
          dtype_name(dtype));
  Storage s(dtype, bytes.len / esize);
  if (bytes.len) std::memcpy(s.data_ptr(), bytes.buf, static_cast<size_t>(bytes.len));
  return wrap_storage(std::move(s));
  INTEROP_END(nullptr)
}

PyMethodDef module_functions[] = {
    {"_register_storage_classes", register_storage_classes, METH_O, nullptr},
    {"_storage_from_raw_bytes", storage_from_raw_bytes, METH_VARARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

PyTypeObject StorageType = {PyVarObject_HEAD_INIT(nullptr, 0) "ember._C.StorageBase"};

PyObject* wrap_storage(Storage s) {
  PyObject* cls = g_classes[static_cast<int>(s.dtype())];
  return make(cls ? reinterpret_cast<PyTypeObject*>(cls) : &StorageType, std::move(s));
}

Storage storage_view(const Storage& base, int64_t offset, int64_t size, const char* op) {
  if (offset < 0 || size < 0 || offset > base.size() || size > base.size() - offset)
    fail(ErrorKind::Index,
         str(op, ": elements [", offset, ", ", offset, " + ", size, ") are not within a storage of size ", base.size()),
         "offset");
  StorageImpl* b = base.impl();
  StorageImpl* v = rt::storage_new_with_data(base.dtype(), element(base, offset), size, b->allocator, b->allocatorContext);
  v->flag = TH_STORAGE_REFCOUNTED | TH_STORAGE_VIEW;  // neither frees nor resizes the memory
  rt::storage_retain(b);
  v->view = b;
  b->flag &= static_cast<char>(~TH_STORAGE_RESIZABLE);
  return Storage::adopt(v);
}

bool init_storage_type(PyObject* module) {
  StorageType.tp_basicsize = sizeof(StorageObject);
  StorageType.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE;
  StorageType.tp_doc = "The base of the typed storages (ember.FloatStorage, ...): one buffer of one dtype.";
  StorageType.tp_dealloc = storage_dealloc;
  StorageType.tp_new = storage_new;
  StorageType.tp_as_sequence = &storage_as_sequence;
  StorageType.tp_as_mapping = &storage_as_mapping;
  StorageType.tp_methods = storage_methods;
  StorageType.tp_getset = storage_getset;
  StorageType.tp_weaklistoffset = offsetof(StorageObject, weakrefs);
  if (PyType_Ready(&StorageType) < 0) return false;
  Py_INCREF(&StorageType);
  if (PyModule_AddObject(module, "StorageBase", reinterpret_cast<PyObject*>(&StorageType)) < 0) return false;
  return PyModule_AddFunctions(module, module_functions) == 0;
}

}  // namespace ember::python
