"""Tensor attributes and data methods: geometry, storage, item/tolist,
len/iter, the dtype conversions under PyTorch's names, and repr."""
import math

import numpy as np
import pytest

import ember
from interop_util import DTYPES, NUMPY_DTYPES, same, sample


def test_geometry_of_contiguous_and_views():
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    t = ember.tensor(a)
    assert t.size() == (2, 3, 4) and t.shape == (2, 3, 4)
    assert t.size(0) == 2 and t.size(-1) == 4 and t.size(dim=1) == 3
    assert t.stride() == (12, 4, 1) and t.stride(-3) == 12 and t.stride(2) == 1
    assert t.dim() == 3 and t.ndimension() == 3 and t.ndim == 3
    assert t.numel() == 24 and t.nelement() == 24
    assert t.storage_offset() == 0 and t.is_contiguous()
    v = t[1, :, 1::2]  # a strided view: compare with NumPy's byte strides
    view = a[1, :, 1::2]
    assert v.size() == view.shape
    assert tuple(s * 4 for s in v.stride()) == view.strides
    assert v.storage_offset() == 13
    assert not v.is_contiguous()
    assert v.data_ptr() == t.data_ptr() + 13 * 4


def test_scalar_and_empty_geometry():
    s = ember.tensor(3.5)
    assert s.size() == () and s.stride() == () and s.dim() == 0 and s.numel() == 1
    e = ember.zeros(0, 3)
    assert e.size() == (0, 3) and e.numel() == 0 and e.is_contiguous()


@pytest.mark.parametrize("method", ["size", "stride"])
def test_dim_errors(method):
    t = ember.zeros(2, 3)
    with pytest.raises(IndexError, match=rf"{method}: dim 2 is out of range.*argument 'dim'"):
        getattr(t, method)(2)
    with pytest.raises(IndexError, match=r"dim -3"):
        getattr(t, method)(-3)
    with pytest.raises(IndexError, match=r"0-dim tensor"):
        getattr(ember.tensor(1.0), method)(0)
    with pytest.raises(TypeError, match=r"must be int"):
        getattr(t, method)("a")
    with pytest.raises(TypeError):
        getattr(t, method)(1.0)
    with pytest.raises((IndexError, OverflowError)):
        getattr(t, method)(2**70)


@pytest.mark.parametrize("dtype,np_dtype", DTYPES)
def test_element_size_and_storage(dtype, np_dtype):
    t = ember.zeros(2, 3, dtype=dtype)
    assert t.element_size() == dtype.itemsize
    s = t[1].storage()
    assert isinstance(s, getattr(ember, type(s).__name__))
    assert s.dtype is dtype and len(s) == 6 and s.size() == 6
    assert s.data_ptr() == t.data_ptr() and s.element_size() == dtype.itemsize
    t[1, 2] = 1
    assert s[5] == (True if dtype is ember.bool else 1)


@pytest.mark.parametrize("dtype,np_dtype", NUMPY_DTYPES)
def test_item_and_tolist_against_numpy(dtype, np_dtype):
    a = sample((3, 4), np_dtype)
    t = ember.tensor(a)
    assert t.tolist() == a.tolist()
    assert t[1:, ::2].tolist() == a[1:, ::2].tolist()
    assert ember.tensor(a[0, 0]).tolist() == a[0, 0].item()
    item = t[2, 3].item()
    assert item == a[2, 3].item() and type(item) is type(a[2, 3].item())
    assert ember.zeros(0, 2, dtype=dtype).tolist() == []
    assert ember.zeros(2, 0, dtype=dtype).tolist() == [[], []]


def test_item_types_and_values():
    assert type(ember.tensor([1.5]).item()) is float
    assert type(ember.tensor([3], dtype=ember.int8).item()) is int
    assert ember.tensor(True).item() is True
    # float32 values come back exactly (as PyTorch: 1.100000023841858).
    assert ember.tensor(1.1).item() == float(np.float32(1.1))
    assert ember.tensor(1.5, dtype=ember.float16).item() == 1.5
    # bfloat16 keeps 8 significant bits: 1.1 rounds to 1 + 13/128.
    assert ember.tensor(1.1, dtype=ember.bfloat16).item() == 1 + 13 / 128
    assert math.isnan(ember.tensor(float("nan")).item())
    assert ember.tensor(2**62).item() == 2**62
    with pytest.raises(ValueError, match=r"item: only a tensor with one element.*has 3"):
        ember.zeros(3).item()
    with pytest.raises(ValueError):
        ember.zeros(0).item()


def test_len_and_iteration():
    a = np.arange(6).reshape(3, 2)
    t = ember.tensor(a)
    assert len(t) == 3 and len(ember.zeros(0, 4)) == 0
    rows = list(t)
    assert len(rows) == 3
    for row, expected in zip(rows, a):
        same(row, expected)
    rows[1][0] = 100  # iteration yields views
    assert t[1, 0].item() == 100
    assert [x.item() for x in ember.tensor([4, 5])] == [4, 5]
    assert list(ember.zeros(0)) == []
    with pytest.raises(TypeError, match="len\\(\\) of a 0-dim tensor"):
        len(ember.tensor(1))
    with pytest.raises(TypeError, match="iteration over a 0-dim tensor"):
        iter(ember.tensor(1))


CONVERSIONS = {"byte": (ember.uint8, np.uint8), "char": (ember.int8, np.int8), "short": (ember.int16, np.int16),
               "int": (ember.int32, np.int32), "long": (ember.int64, np.int64),
               "float": (ember.float32, np.float32), "double": (ember.float64, np.float64),
               "half": (ember.float16, np.float16), "bool": (ember.bool, np.bool_),
               "bfloat16": (ember.bfloat16, None)}


@pytest.mark.parametrize("name", CONVERSIONS)
def test_conversions_by_pytorch_names(name):
    values = [[0.0, 1.0, 2.5], [3.0, 4.0, 100.0]]
    src = ember.tensor(values)
    out = getattr(src, name)()
    dtype, np_dtype = CONVERSIONS[name]
    assert out.dtype is dtype and out.shape == (2, 3)
    if np_dtype is None:  # bfloat16 holds these exactly
        assert out.tolist() == values
    else:
        assert out.tolist() == np.array(values, dtype=np.float32).astype(np_dtype).tolist()
    assert getattr(out, name)().data_ptr() == out.data_ptr()  # no copy when the dtype is already right


def test_type_names():
    t = ember.tensor([1, 2])
    assert t.type() == "ember.LongTensor"
    assert t.type(ember.float64).dtype is ember.float64
    assert t.type("ember.DoubleTensor").dtype is ember.float64
    assert t.type(ember.HalfTensor).dtype is ember.float16
    with pytest.raises(ValueError):
        t.type("ember.NoTensor")


# Expected strings printed by PyTorch 1.13 (/usr/bin/python3, Debian's
# python3-torch): repr(torch.tensor(eval(data), dtype=getattr(torch, dtype)))
# with "torch." replaced by "ember.".
REPRS = [
    ('[[1.0, 2.0], [3.0, 4.0]]', 'float32',
     'tensor([[1., 2.],\n        [3., 4.]])'),
    ('[1, 2, 3]', 'int32',
     'tensor([1, 2, 3], dtype=ember.int32)'),
    ('[1, 2, 3]', 'int64',
     'tensor([1, 2, 3])'),
    ('[True, False]', 'bool',
     'tensor([ True, False])'),
    ('[0.1, 2.25, -3.5]', 'float64',
     'tensor([ 0.1000,  2.2500, -3.5000], dtype=ember.float64)'),
    ('1.5', 'float32',
     'tensor(1.5000)'),
    ('7', 'int16',
     'tensor(7, dtype=ember.int16)'),
    ('[]', 'float32',
     'tensor([])'),
    ('[[], []]', 'int32',
     'tensor([], size=(2, 0), dtype=ember.int32)'),
    ('[1e-05, 100000.0]', 'float32',
     'tensor([1.0000e-05, 1.0000e+05])'),
    ("[float('nan'), float('inf'), -float('inf'), 1.0]", 'float32',
     'tensor([nan, inf, -inf, 1.])'),
    ('[0.5, 1.25, 65504.0]', 'float16',
     'tensor([5.0000e-01, 1.2500e+00, 6.5504e+04], dtype=ember.float16)'),
    ('[1.1, 2.2, 3.3]', 'bfloat16',
     'tensor([1.1016, 2.2031, 3.2969], dtype=ember.bfloat16)'),
    ('[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]', 'uint8',
     'tensor([[[1, 2],\n         [3, 4]],\n\n        [[5, 6],\n         [7, 8]]], dtype=ember.uint8)'),
    ('[-128, 0, 127]', 'int8',
     'tensor([-128,    0,  127], dtype=ember.int8)'),
    ('[i * 1.5 for i in range(2000)]', 'float32',
     'tensor([0.0000e+00, 1.5000e+00, 3.0000e+00,  ..., 2.9955e+03, 2.9970e+03,\n        2.9985e+03])'),
    ('[[i + j * 100 for i in range(40)] for j in range(40)]', 'int64',
     'tensor([[   0,    1,    2,  ...,   37,   38,   39],\n        [ 100,  101,  102,  ...,  137,  138,  139],\n        [ 200,  201,  202,  ...,  237,  238,  239],\n        ...,\n        [3700, 3701, 3702,  ..., 3737, 3738, 3739],\n        [3800, 3801, 3802,  ..., 3837, 3838, 3839],\n        [3900, 3901, 3902,  ..., 3937, 3938, 3939]])'),
    ('[i / 7 for i in range(9)]', 'float64',
     'tensor([0.0000, 0.1429, 0.2857, 0.4286, 0.5714, 0.7143, 0.8571, 1.0000, 1.1429],\n       dtype=ember.float64)'),
    ('[123456.789, 0.001]', 'float64',
     'tensor([1.2346e+05, 1.0000e-03], dtype=ember.float64)'),
    ('[1234567.0, 1.0]', 'float32',
     'tensor([1.2346e+06, 1.0000e+00])'),
    ('[[0.0001, 1.0], [10.0, 1000.0]]', 'float32',
     'tensor([[1.0000e-04, 1.0000e+00],\n        [1.0000e+01, 1.0000e+03]])'),
    ('[i * 1.0 for i in range(14)]', 'float16',
     'tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.],\n       dtype=ember.float16)'),
]


@pytest.mark.parametrize("data,dtype,expected", REPRS)
def test_repr_matches_pytorch(data, dtype, expected):
    t = ember.tensor(eval(data), dtype=getattr(ember, dtype))
    assert repr(t) == expected
    assert str(t) == expected


def test_repr_of_views_and_another_default_dtype():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    # PyTorch 1.13: repr(torch.arange(12.).reshape(3, 4)[:, 1::2])
    assert repr(ember.tensor(a)[:, 1::2]) == "tensor([[ 1.,  3.],\n        [ 5.,  7.],\n        [ 9., 11.]])"
    ember.set_default_dtype(ember.float64)
    try:
        assert repr(ember.tensor([1.5])) == "tensor([1.5000])"
        assert repr(ember.tensor([1.5], dtype=ember.float32)) == "tensor([1.5000], dtype=ember.float32)"
    finally:
        ember.set_default_dtype(ember.float32)
