"""DLPack both ways: NumPy's np.from_dlpack(t) and ember.from_dlpack(array)
share memory; capsules (legacy and versioned) are consumed once; dtypes map
to DLPack's codes (bool is kDLBool, bfloat16 kDLBfloat)."""
import ctypes
import gc

import numpy as np
import pytest

import ember
from interop_util import DTYPES, NUMPY_DTYPES, same, sample

KDLCPU = 1


def test_device():
    assert ember.zeros(2).__dlpack_device__() == (KDLCPU, 0)


@pytest.mark.parametrize("dtype,np_dtype", NUMPY_DTYPES)
def test_numpy_reads_ember(dtype, np_dtype):
    a = sample((3, 4), np_dtype)
    t = ember.tensor(a)
    n = np.from_dlpack(t)
    np.testing.assert_array_equal(n, a)
    assert n.dtype == np_dtype and n.ctypes.data == t.data_ptr()
    v = t[:, 1::2]  # strided
    nv = np.from_dlpack(v)
    np.testing.assert_array_equal(nv, a[:, 1::2])
    assert nv.strides == a[:, 1::2].strides
    del t, v
    gc.collect()
    np.testing.assert_array_equal(n, a)  # the capsule's owner keeps the memory


@pytest.mark.parametrize("dtype,np_dtype", NUMPY_DTYPES)
def test_ember_reads_numpy(dtype, np_dtype):
    a = sample((2, 5), np_dtype)
    t = ember.from_dlpack(a)
    assert t.dtype is dtype and t.data_ptr() == a.ctypes.data
    same(t, a)
    t[0, 0] = a[1, 1].item()
    assert a[0, 0] == a[1, 1]
    same(ember.from_dlpack(a.T), a.T)
    same(ember.from_dlpack(np.array(3.5)), np.array(3.5))
    same(ember.from_dlpack(np.zeros((0, 3), dtype=np_dtype)), np.zeros((0, 3), dtype=np_dtype))


def test_round_trips_and_lifetimes():
    a = np.arange(6.0).reshape(2, 3)
    t = ember.from_dlpack(a)
    del a
    gc.collect()
    assert t.tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]  # the tensor keeps NumPy's memory
    u = ember.from_dlpack(t)  # ember to ember shares too
    assert u.data_ptr() == t.data_ptr()
    del t
    gc.collect()
    assert u[1, 2].item() == 5.0


@pytest.mark.parametrize("max_version", [None, (1, 0), (1, 3), (0, 8)])
def test_capsules(max_version):
    t = ember.tensor([1.0, 2.0])
    capsule = t.__dlpack__() if max_version is None else t.__dlpack__(max_version=max_version)
    name = ctypes.pythonapi.PyCapsule_GetName
    name.restype, name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    versioned = max_version is not None and max_version[0] >= 1
    assert name(capsule) == (b"dltensor_versioned" if versioned else b"dltensor")
    u = ember.from_dlpack(capsule)
    assert u.tolist() == [1.0, 2.0] and u.data_ptr() == t.data_ptr()
    assert name(capsule) == (b"used_dltensor_versioned" if versioned else b"used_dltensor")
    with pytest.raises(ValueError, match="already consumed"):
        ember.from_dlpack(capsule)
    del capsule  # an unconsumed capsule frees its tensor when collected
    t.__dlpack__()
    gc.collect()


def test_copy_and_device_arguments():
    t = ember.tensor([1.0, 2.0])
    copied = ember.from_dlpack(t.__dlpack__(copy=True))
    assert copied.data_ptr() != t.data_ptr() and copied.tolist() == [1.0, 2.0]
    assert ember.from_dlpack(t.__dlpack__(dl_device=(KDLCPU, 0))).data_ptr() == t.data_ptr()
    with pytest.raises(BufferError):
        t.__dlpack__(dl_device=(2, 0))
    with pytest.raises(ValueError, match="stream"):
        t.__dlpack__(stream=1)
    with pytest.raises(TypeError):
        t.__dlpack__(1)  # keyword-only, as the standard says


def test_bool_and_bfloat16():
    b = ember.tensor([True, False, True])
    np.testing.assert_array_equal(np.from_dlpack(b), [True, False, True])  # kDLBool (NumPy 2 reads it)
    same(ember.from_dlpack(np.array([True, False])), np.array([True, False]))
    bf = ember.tensor([1.5, -2.0], dtype=ember.bfloat16)
    back = ember.from_dlpack(bf.__dlpack__())  # kDLBfloat round trips in ember
    assert back.dtype is ember.bfloat16 and back.tolist() == [1.5, -2.0]
    with pytest.raises((BufferError, TypeError, ValueError, RuntimeError)):  # NumPy 2.4: RuntimeError
        np.from_dlpack(bf)  # NumPy has no bfloat16


def test_read_only_numpy_arrays():
    a = np.arange(3.0)
    a.flags.writeable = False
    # NumPy exports read-only arrays through versioned capsules flagged
    # read-only: ember copies them (with a warning).
    with pytest.warns(UserWarning, match="read-only"):
        t = ember.from_dlpack(a)
    assert t.tolist() == [0.0, 1.0, 2.0] and t.data_ptr() != a.ctypes.data


def test_errors():
    with pytest.raises(AttributeError):
        ember.from_dlpack([1, 2])
    with pytest.raises(TypeError, match="DLPack capsule"):
        import datetime
        ember.from_dlpack(type("Fake", (), {"__dlpack__": lambda self, **kw: datetime.date.today()})())

    class OnGpu:
        def __dlpack_device__(self):
            return (2, 0)

        def __dlpack__(self, **kwargs):
            raise AssertionError("not called")

    with pytest.raises(BufferError, match="device type 2"):
        ember.from_dlpack(OnGpu())

    class Old:  # a producer predating max_version
        def __init__(self):
            self.t = ember.tensor([4, 5])

        def __dlpack__(self, stream=None):
            return self.t.__dlpack__()

    assert ember.from_dlpack(Old()).tolist() == [4, 5]
