"""The Python-level methods of ember.Tensor: pickling, copy.deepcopy,
NumPy's __array__ and type(). They are set on the extension type by
ember/__init__.py (ember._C._add_tensor_methods)."""
from ember import _C
from ember._typed_classes import _CONVERSIONS, _TENSOR_CLASSES, _dtype_of


def _rebuild_tensor(storage, storage_offset, size, stride):
    return _C._legacy_new(storage.dtype, storage, storage_offset, size, stride)


def __reduce_ex__(self, protocol):
    # The whole storage travels, as in PyTorch: views keep their offsets
    # and strides.
    return (_rebuild_tensor, (self.storage(), self.storage_offset(), self.size(), self.stride()))


def __deepcopy__(self, memo):
    if id(self) in memo:
        return memo[id(self)]
    storage = self.storage().__deepcopy__(memo)
    copy = _rebuild_tensor(storage, self.storage_offset(), self.size(), self.stride())
    memo[id(self)] = copy
    return copy


def __array__(self, dtype=None, copy=None):
    """NumPy's conversion (np.asarray, np.array): shares memory unless a
    dtype conversion or copy=True asks for a copy."""
    import numpy as np
    array = self.numpy()
    if dtype is not None and np.dtype(dtype) != array.dtype:
        if copy is False:
            raise ValueError(f"__array__: converting {array.dtype} to {np.dtype(dtype)} needs a copy, but copy=False")
        return array.astype(dtype)
    return array.copy() if copy else array


def _type(self, dtype=None, non_blocking=False):
    """type(dtype=None, non_blocking=False) -> str | Tensor

    The class name ('ember.FloatTensor'), or self converted to `dtype`
    (an ember.dtype, a tensor class such as ember.DoubleTensor, or its name)."""
    if dtype is None:
        return f"ember.{_TENSOR_CLASSES[self.dtype].__name__}"
    return getattr(self, _CONVERSIONS[_dtype_of(dtype, "Tensor")])()


_C._add_tensor_methods({
    "__reduce_ex__": __reduce_ex__,
    "__deepcopy__": __deepcopy__,
    "__array__": __array__,
    "type": _type,
})
