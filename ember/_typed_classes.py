"""THP's per-dtype classes: ember.FloatTensor, ember.FloatStorage, ... for
every dtype, made in one loop from the extension's dtype table (which comes
from schemas/dtypes.yaml).

The tensor classes are not types of their own (as in PyTorch): calling one
makes an ember.Tensor of its dtype, and isinstance() checks the dtype. The
storage classes are subclasses of ember._C.StorageBase.
"""
from ember import _C

__all__ = []


class _TensorType(type):
    """The metaclass of ember.FloatTensor and its siblings."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, _C.Tensor) and obj.dtype is cls.dtype

    def __call__(cls, *args, **kwargs):
        return _C._legacy_new(cls.dtype, *args, **kwargs)

    def __repr__(cls):
        return f"<class 'ember.{cls.__name__}'>"


def _rebuild_storage(dtype, raw):
    return _C._storage_from_raw_bytes(dtype, raw)


class _TypedStorage(_C.StorageBase):
    """What every typed storage class shares (pickling, copies, printing)."""

    __slots__ = ()

    def __repr__(self):
        body = "\n".join(f" {x}" for x in self.tolist())
        return (body + "\n" if body else "") + f"[ember.{type(self).__name__} of size {len(self)}]"

    __str__ = __repr__

    def __reduce__(self):
        # The elements' bytes in native byte order (little-endian on every
        # platform ember builds for).
        return (_rebuild_storage, (self.dtype, self._raw_bytes()))

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        # Aliases of one storage stay aliases in the copy.
        copies = memo.setdefault("ember", {})
        if self._cdata not in copies:
            copies[self._cdata] = self.clone()
        return copies[self._cdata]

    def type(self, dtype=None):
        """The class name ('ember.FloatStorage'), or a copy converted to `dtype`
        (an ember.dtype, a storage class or its name)."""
        if dtype is None:
            return f"ember.{type(self).__name__}"
        return self._to(_dtype_of(dtype, "Storage"))


_TENSOR_CLASSES = {}
_STORAGE_CLASSES = {}
_CONVERSIONS = {}  # dtype -> PyTorch's method name: ember.float32 -> "float"


def _dtype_of(spec, kind):
    """An ember.dtype from a dtype, a typed class, or a class name."""
    if isinstance(spec, _C.dtype):
        return spec
    classes = _TENSOR_CLASSES if kind == "Tensor" else _STORAGE_CLASSES
    if isinstance(spec, str):
        name = spec[len("ember."):] if spec.startswith("ember.") else spec
        for dtype, cls in classes.items():
            if cls.__name__ == name:
                return dtype
        raise ValueError(f"type(): unknown {kind.lower()} type {spec!r}")
    for dtype, cls in classes.items():
        if spec is cls:
            return dtype
    raise TypeError(f"type(): expected an ember.dtype, a {kind.lower()} class or its name, got {type(spec).__name__}")


def _storage_conversion(dtype):
    def convert(self):
        return self._to(dtype)
    return convert


for _name, _dtype in _C._dtype_table:
    _tensor_class = _TensorType(_name + "Tensor", (), {
        "dtype": _dtype, "__module__": "ember",
        "__doc__": f"{_name}Tensor(*sizes), {_name}Tensor(data), {_name}Tensor(storage, offset, sizes, strides): "
                   f"ember.Tensor objects of dtype {_dtype!r} (THP's constructors)."})
    _storage_class = type(_name + "Storage", (_TypedStorage,), {
        "__slots__": (), "dtype": _dtype, "__module__": "ember",
        "__doc__": f"{_name}Storage(size), {_name}Storage(sequence), {_name}Storage(storage, offset, size): "
                   f"a buffer of {_dtype!r} elements."})
    _TENSOR_CLASSES[_dtype] = _tensor_class
    _STORAGE_CLASSES[_dtype] = _storage_class
    globals()[_tensor_class.__name__] = _tensor_class
    globals()[_storage_class.__name__] = _storage_class
    __all__ += [_tensor_class.__name__, _storage_class.__name__]

# PyTorch's conversion names, for storages as for tensors: s.float(), ...
# They are the TH names in lower case, as the schemas' to_{type} ops are.
for _name, _dtype in _C._dtype_table:
    _method = _name.lower()
    _CONVERSIONS[_dtype] = _method
    setattr(_TypedStorage, _method, _storage_conversion(_dtype))

_C._register_storage_classes(tuple(_STORAGE_CLASSES[d] for _, d in _C._dtype_table))
del _name, _dtype, _tensor_class, _storage_class, _method
