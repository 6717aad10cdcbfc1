// ember._C.StorageBase: one reference to an ember::Storage. The typed
// classes users see (ember.FloatStorage, ...) are Python subclasses made
// from the dtype list (ember/_typed_classes.py), each with a class
// attribute `dtype`; they register with the extension so that storages
// coming out of C++ (t.storage()) get the class of their dtype.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ember/storage.h"

namespace ember::python {

struct StorageObject {
  PyObject_HEAD
  Storage storage;  // defined for every live object
  PyObject* weakrefs;
};

extern PyTypeObject StorageType;

inline bool is_storage(PyObject* o) { return PyObject_TypeCheck(o, &StorageType); }
inline const Storage& unwrap_storage(PyObject* o) { return reinterpret_cast<StorageObject*>(o)->storage; }

// A new reference: `s` in the class registered for its dtype.
PyObject* wrap_storage(Storage s);

// A storage viewing elements [offset, offset + size) of `base` (sharing
// memory, keeping `base` alive). `base` stops being resizable, since a
// reallocation would leave the view pointing at freed memory.
Storage storage_view(const Storage& base, int64_t offset, int64_t size, const char* op);

// Adds ember._C.StorageBase and _register_storage_classes; false with a
// Python error set.
bool init_storage_type(PyObject* module);

}  // namespace ember::python
