"""NumPy without copies: t.numpy(), np.asarray(t), memoryview(t) and
ember.from_numpy(a) share memory both ways, keep each other's memory alive,
and refuse what cannot be shared."""
import gc
import sys

import numpy as np
import pytest

import ember
from interop_util import DTYPES, EMBER_OF, NUMPY_DTYPES, same, sample


@pytest.mark.parametrize("dtype,np_dtype", NUMPY_DTYPES)
def test_numpy_shares_memory(dtype, np_dtype):
    a = sample((3, 4), np_dtype)
    t = ember.tensor(a)
    n = t.numpy()
    assert n.dtype == np_dtype and n.shape == (3, 4) and n.flags.writeable
    np.testing.assert_array_equal(n, a)
    assert n.ctypes.data == t.data_ptr()
    n[1, 2] = a[0, 0]
    assert t[1, 2].item() == a[0, 0].item()  # writes through the array reach the tensor
    t[0, 1] = a[2, 3].item()
    assert n[0, 1] == a[2, 3]  # and the other way
    np.testing.assert_array_equal(np.asarray(t), n)
    assert np.asarray(t).ctypes.data == t.data_ptr()
    m = memoryview(t)
    assert m.shape == (3, 4) and m.itemsize == dtype.itemsize and not m.readonly


@pytest.mark.parametrize("dtype,np_dtype", NUMPY_DTYPES)
def test_from_numpy_shares_memory(dtype, np_dtype):
    a = sample((2, 3, 4), np_dtype)
    t = ember.from_numpy(a)
    assert t.dtype is dtype and t.shape == (2, 3, 4) and t.data_ptr() == a.ctypes.data
    same(t, a)
    t[1, 1, 1] = a[0, 0, 0].item()
    assert a[1, 1, 1] == a[0, 0, 0]
    a[0, 2, 3] = a[1, 0, 0]
    assert t[0, 2, 3].item() == a[1, 0, 0].item()


def test_views_and_strides():
    a = np.arange(60, dtype=np.float64).reshape(3, 4, 5)
    t = ember.tensor(a)
    for view, index in [(t[:, 1::2], np.s_[:, 1::2]), (t[1], np.s_[1]), (t[..., 3], np.s_[..., 3]),
                        (t[0, 0, 0], np.s_[0, 0, 0]), (t[None, 1:2], np.s_[None, 1:2])]:
        n = view.numpy()
        np.testing.assert_array_equal(n, a[index])
        # The same byte strides (where they matter: dims longer than 1): a view, not a copy.
        assert [s for s, d in zip(n.strides, n.shape) if d > 1] == \
            [s for s, d in zip(a[index].strides, n.shape) if d > 1]
    at = np.asfortranarray(a)  # from_numpy keeps any non-negative strides
    ft = ember.from_numpy(at)
    assert ft.stride() == tuple(s // 8 for s in at.strides)
    same(ft, a)
    b = np.broadcast_to(np.arange(3.0), (4, 3))  # zero strides (read-only, so copied)
    with pytest.warns(UserWarning):
        same(ember.from_numpy(b), b)
    c = np.arange(12).reshape(3, 4)[:, ::2]
    ct = ember.from_numpy(c)
    assert ct.stride() == (4, 2) and ct.data_ptr() == c.ctypes.data
    same(ct, c)


def test_zero_dim_and_empty():
    for a in [np.array(2.5), np.zeros((0,)), np.zeros((3, 0, 2), dtype=np.int32), np.array(True)]:
        t = ember.from_numpy(a)
        same(t, a)
        n = t.numpy()
        assert n.shape == a.shape and n.dtype == a.dtype
        np.testing.assert_array_equal(n, a)
    assert ember.tensor(7).numpy().shape == ()
    assert ember.zeros(0, 5).numpy().shape == (0, 5)


def test_lifetimes_array_keeps_storage_alive():
    t = ember.tensor(np.arange(1000.0))
    n = t.numpy()
    del t
    gc.collect()
    np.testing.assert_array_equal(n, np.arange(1000.0))
    n[:] = 5  # still writable memory
    assert n.sum() == 5000


def test_lifetimes_array_survives_set_to_another_storage():
    t = ember.tensor(np.arange(100.0))
    m = memoryview(t)
    n = np.asarray(m)
    s = t.storage()
    del t, s
    gc.collect()
    assert n[99] == 99.0
    del m
    gc.collect()
    assert n[42] == 42.0  # the memoryview's export holds the storage


def test_lifetimes_tensor_keeps_array_alive():
    a = np.arange(1000, dtype=np.int64)
    ref_count_before = sys.getrefcount(a)
    t = ember.from_numpy(a)
    assert sys.getrefcount(a) > ref_count_before  # the tensor holds the array's buffer
    view = t[10:20]
    del a
    gc.collect()
    assert view.tolist() == list(range(10, 20))
    del t
    gc.collect()
    assert view.tolist() == list(range(10, 20))  # views keep the storage, which keeps the array
    s = view.storage()
    del view
    gc.collect()
    assert s[999] == 999


def test_from_numpy_releases_the_array():
    a = np.arange(10.0)
    before = sys.getrefcount(a)
    t = ember.from_numpy(a)
    assert sys.getrefcount(a) > before
    del t
    gc.collect()
    assert sys.getrefcount(a) == before


def test_from_numpy_errors():
    with pytest.raises(ValueError, match="negative stride.*argument 'ndarray'"):
        ember.from_numpy(np.arange(5)[::-1])
    with pytest.raises(ValueError, match="byte order"):
        ember.from_numpy(np.arange(5, dtype=">i4"))
    with pytest.raises(TypeError, match="uint16"):
        ember.from_numpy(np.arange(5, dtype=np.uint16))
    with pytest.raises(TypeError, match="complex"):
        ember.from_numpy(np.zeros(2, dtype=np.complex64))
    with pytest.raises(TypeError, match="dtype"):
        ember.from_numpy(np.array([1, "a"], dtype=object))
    with pytest.raises(TypeError, match="expected a numpy.ndarray, got list"):
        ember.from_numpy([1, 2])
    with pytest.raises(TypeError):
        ember.from_numpy(ember.zeros(2))
    raw = np.zeros(17, dtype=np.uint8)
    unaligned = raw[1:].view(np.int32)  # an address not a multiple of 4
    with pytest.raises(ValueError, match="not aligned"):
        ember.from_numpy(unaligned)
    same(ember.tensor(unaligned), unaligned)  # a copy reads it fine
    structured = np.zeros(3, dtype=[("a", np.int8), ("b", np.float32)])
    with pytest.raises((TypeError, ValueError)):
        ember.from_numpy(structured["b"])  # strides not a multiple of the item size, or no buffer


def test_read_only_arrays_are_copied_with_a_warning():
    a = np.arange(4.0)
    a.flags.writeable = False
    with pytest.warns(UserWarning, match="not writable"):
        t = ember.from_numpy(a)
    same(t, a)
    t[0] = 100  # the array is not touched
    assert a[0] == 0
    b = np.frombuffer(b"\x01\x02\x03\x04", dtype=np.uint8)
    with pytest.warns(UserWarning):
        same(ember.from_numpy(b), b)


def test_bfloat16_has_no_numpy_form():
    t = ember.zeros(2, dtype=ember.bfloat16)
    with pytest.raises(TypeError, match="bfloat16.*float\\(\\)"):
        t.numpy()
    with pytest.raises(TypeError, match="bfloat16"):
        np.asarray(t)
    with pytest.raises(BufferError, match="bfloat16"):
        memoryview(t)
    np.testing.assert_array_equal(t.float().numpy(), np.zeros(2, dtype=np.float32))


def test_array_protocol_arguments():
    t = ember.tensor([1, 2, 3], dtype=ember.int32)
    assert np.asarray(t, dtype=np.float64).dtype == np.float64
    c = np.array(t)  # np.array copies
    c[0] = 9
    assert t[0].item() == 1
    shared = np.asarray(t)
    shared[0] = 9
    assert t[0].item() == 9
    assert t.__array__(copy=True).ctypes.data != t.data_ptr()
    with pytest.raises(ValueError, match="needs a copy"):
        t.__array__(np.float64, copy=False)


def test_buffer_requests():
    t = ember.tensor(np.arange(12.0).reshape(3, 4))
    nc = t[:, ::2]
    m = memoryview(nc)  # strided export is fine
    assert m.strides == (32, 16) and m.tolist() == [[0.0, 2.0], [4.0, 6.0], [8.0, 10.0]]
    with pytest.raises(BufferError):
        np.frombuffer(nc)  # a consumer taking no strides
    assert bytes(t[1]) == np.arange(4.0, 8.0).tobytes()
    assert memoryview(t).c_contiguous


def test_exported_storage_stops_being_resizable():
    t = ember.tensor([1.0, 2.0])
    s = t.storage()
    n = t.numpy()
    del t
    with pytest.raises(ValueError, match="not resizable|used by"):
        s.resize_(1000)
    assert n.tolist() == [1.0, 2.0]
