"""Making tensors and storages from Python: ember.tensor with PyTorch's
dtype inference, the factories, THP's per-dtype classes and storages."""
import array

import numpy as np
import pytest

import ember
from interop_util import DTYPES, EMBER_OF, NUMPY_DTYPES, same, sample


# ---- ember.tensor ----

@pytest.mark.parametrize("data,dtype", [
    # (data, the dtype PyTorch 1.13 infers: torch.tensor(data).dtype)
    ([1, 2, 3], ember.int64),
    ([1.0, 2], ember.float32),
    ([True, False], ember.bool),
    ([True, 2], ember.int64),
    ([True, 2.5], ember.float32),
    ([], ember.float32),
    ([[], []], ember.float32),
    (3, ember.int64),
    (2.5, ember.float32),
    (False, ember.bool),
    ((1, (2.0)), ember.float32),
    (range(4), ember.int64),
    (np.float32(1.5), ember.float32),
    (np.float64(1.5), ember.float64),
    ([np.float64(1.5), 2], ember.float64),
    ([np.float32(1.5), 2], ember.float32),
    ([np.int32(1), np.int8(2)], ember.int32),
    ([np.int32(1), 2], ember.int64),
    (np.array([1, 2], dtype=np.int16), ember.int16),
    ([np.array([1, 2], dtype=np.int16), np.array([3, 4], dtype=np.int16)], ember.int16),
    (np.bool_(True), ember.bool),
    (np.zeros((2, 0)), ember.float64),
    (array.array("f", [1, 2]), ember.float32),
])
def test_dtype_inference_as_pytorch(data, dtype):
    t = ember.tensor(data)
    assert t.dtype is dtype
    assert t.shape == np.shape(data)
    if t.numel():
        np.testing.assert_array_equal(np.array(t.tolist()), np.asarray(data, dtype=np.float64))


def test_default_dtype_drives_float_inference():
    ember.set_default_dtype(ember.float64)
    try:
        assert ember.tensor([1.5]).dtype is ember.float64
        assert ember.tensor([1, 2]).dtype is ember.int64
        assert ember.tensor(np.float32(1)).dtype is ember.float32
    finally:
        ember.set_default_dtype(ember.float32)


@pytest.mark.parametrize("dtype,np_dtype", NUMPY_DTYPES)
def test_nested_lists_of_every_dtype(dtype, np_dtype):
    a = sample((2, 3, 4), np_dtype)
    same(ember.tensor(a.tolist(), dtype=dtype), a)
    same(ember.tensor(a), a)  # from the array itself, dtype kept
    same(ember.tensor(a.T), a.T)  # non-contiguous arrays copy in order
    same(ember.tensor(a[:, ::-1, ::2]), a[:, ::-1, ::2])  # negative strides are fine for a copy
    same(ember.tensor(a, dtype=ember.float64), a.astype(np.float64))
    t = ember.tensor(a)
    same(ember.tensor(t), a)  # other tensors: a copy
    assert ember.tensor(t).data_ptr() != t.data_ptr()
    same(ember.tensor(t[1:, 1]), a[1:, 1])
    same(ember.tensor([t[0], t[1]]), a)  # tensors inside lists


def test_bfloat16_from_lists():
    t = ember.tensor([[0.5, -2.0], [3.0, 256.0]], dtype=ember.bfloat16)
    assert t.dtype is ember.bfloat16 and t.tolist() == [[0.5, -2.0], [3.0, 256.0]]
    assert ember.tensor(t, dtype=ember.float32).tolist() == [[0.5, -2.0], [3.0, 256.0]]


def test_copies_do_not_share():
    a = np.arange(4.0)
    t = ember.tensor(a)
    a[0] = 100
    assert t[0].item() == 0


def test_mixed_arrays_and_lists():
    same(ember.tensor([[1], np.array([2])]), np.array([[1], [2]]))
    same(ember.tensor([np.zeros((2, 0))]), np.zeros((1, 2, 0)))
    same(ember.tensor(np.array(3.0)), np.array(3.0))  # 0-d arrays give 0-dim tensors


@pytest.mark.parametrize("data", [
    [[1, 2], [3]],
    [[1, 2], 3],
    [1, [2, 3]],
    [[1, 2], [3, [4]]],
    [[[1]], [2]],
    [np.zeros(2), np.zeros(3)],
    [ember.zeros(2), ember.zeros(3)],
    [[], [1]],
])
def test_ragged_data_is_a_value_error(data):
    with pytest.raises(ValueError, match=r"tensor: .*ragged.*argument 'data'"):
        ember.tensor(data)


def test_too_deep_and_self_referencing_data():
    deep = [1]
    for _ in range(70):
        deep = [deep]
    with pytest.raises(ValueError, match="more than 64 dims"):
        ember.tensor(deep)
    loop = []
    loop.append(loop)
    with pytest.raises(ValueError):
        ember.tensor(loop)


@pytest.mark.parametrize("data,error", [
    ("abc", TypeError),
    (["a"], TypeError),
    ([None], TypeError),
    (None, TypeError),
    (1j, TypeError),
    ([1, 1j], TypeError),
    (b"ab", TypeError),
    ({1: 2}, TypeError),
    (object(), TypeError),
    ([2**63], ValueError),
    (np.array([1, 2], dtype=np.uint16), TypeError),
    (np.array([1 + 2j]), TypeError),
    (np.array(["a"]), TypeError),
    (np.array([1, None], dtype=object), TypeError),
    (np.array([1, 2], dtype=">i4"), ValueError),
])
def test_bad_data(data, error):
    with pytest.raises(error, match=r"tensor: .*argument 'data'"):
        ember.tensor(data)


@pytest.mark.parametrize("value,dtype,ok", [
    # PyTorch 1.13's checks for Python numbers: integers must fit (unsigned
    # dtypes wrap negative values down to -max), floats must fit an integer
    # dtype after truncation, NaN fits no integer dtype.
    (300, ember.uint8, False),
    (255, ember.uint8, True),
    (-1, ember.uint8, True),
    (-255, ember.uint8, True),
    (-256, ember.uint8, False),
    (-128, ember.int8, True),
    (-129, ember.int8, False),
    (2**31, ember.int32, False),
    (2**63 - 1, ember.int64, True),
    (255.5, ember.uint8, True),
    (256.0, ember.uint8, False),
    (9.3e18, ember.int64, False),
    (float("nan"), ember.int32, False),
    (float("inf"), ember.int16, False),
    (1e40, ember.float32, True),   # inf, as PyTorch
    (70000.0, ember.float16, True),  # inf
    (2.5, ember.bool, True),
])
def test_number_range_checks(value, dtype, ok):
    if ok:
        t = ember.tensor([value], dtype=dtype)
        if dtype is ember.uint8:
            assert t.item() == int(value) % 256
        elif dtype in (ember.float32, ember.float16) and value > 1e4:
            assert t.item() == float("inf")
    else:
        with pytest.raises(ValueError, match=f"tensor: value .* cannot be converted to {repr(dtype)[6:]} "):
            ember.tensor([value], dtype=dtype)


def test_arrays_convert_without_range_checks():
    # As PyTorch: values from arrays convert as C does (wrap), numbers are checked.
    assert ember.tensor(np.array([300]), dtype=ember.uint8).item() == 300 % 256


def test_tensor_keyword_arguments():
    assert ember.tensor(data=[1], dtype=ember.int8).dtype is ember.int8
    assert ember.tensor([1], device="cpu").device == ember.device("cpu")
    with pytest.raises(TypeError, match="unexpected keyword argument 'layout'"):  # PyTorch's tensor() has none
        ember.tensor([1], layout=ember.strided)
    with pytest.raises(TypeError, match="argument 'dtype' must be ember.dtype"):
        ember.tensor([1], dtype="float32")
    with pytest.raises(TypeError, match="missing required argument 'data'"):
        ember.tensor()
    with pytest.raises(TypeError):
        ember.tensor([1], ember.int8)  # dtype is keyword-only, as PyTorch


# ---- factories ----

@pytest.mark.parametrize("dtype,np_dtype", NUMPY_DTYPES)
def test_factories_of_every_dtype(dtype, np_dtype):
    same(ember.zeros(2, 3, dtype=dtype), np.zeros((2, 3), np_dtype))
    same(ember.ones((2, 3), dtype=dtype), np.ones((2, 3), np_dtype))
    same(ember.full((2, 1), 1, dtype=dtype), np.full((2, 1), 1, np_dtype))
    assert ember.empty([4, 0], dtype=dtype).shape == (4, 0)
    like = ember.tensor(sample((3, 2), np_dtype))
    same(ember.zeros_like(like), np.zeros((3, 2), np_dtype))
    same(ember.ones_like(like), np.ones((3, 2), np_dtype))
    same(ember.full_like(like, 1), np.ones((3, 2), np_dtype))
    assert ember.empty_like(like).shape == (3, 2) and ember.empty_like(like).dtype is dtype
    same(ember.zeros_like(like, dtype=ember.float64), np.zeros((3, 2)))


def test_factory_defaults_and_inference():
    assert ember.zeros(2).dtype is ember.float32
    assert ember.zeros([]).shape == () and ember.ones(()).item() == 1.0
    assert ember.zeros(size=(1, 2)).shape == (1, 2)
    assert ember.full((2,), 7).dtype is ember.int64
    assert ember.full((2,), True).dtype is ember.bool
    assert ember.full((2,), 1.5).dtype is ember.float32
    assert ember.full((2,), 1.5, dtype=ember.float64).tolist() == [1.5, 1.5]
    assert ember.full([], 2).shape == ()
    assert ember.zeros(np.int64(2), 3).shape == (2, 3)


def test_factory_errors():
    with pytest.raises(ValueError, match="zeros: sizes must not be negative.*-1.*argument 'size'"):
        ember.zeros(2, -1)
    with pytest.raises(TypeError, match="zeros\\(\\): argument .size. \\(position 1\\) must be tuple of ints"):
        ember.zeros(2.5)
    with pytest.raises(TypeError):
        ember.zeros("a")
    with pytest.raises(TypeError, match="unexpected keyword"):
        ember.ones(2, memory_format=ember.contiguous_format)  # not a keyword of PyTorch's ones
    with pytest.raises(MemoryError):
        ember.empty(2**40, 2**40)
    with pytest.raises(ValueError, match="full: value 300 cannot be converted to uint8 without overflow"):
        ember.full((2,), 300, dtype=ember.uint8)
    with pytest.raises(TypeError, match="full_like\\(\\): argument .input. \\(position 1\\) must be Tensor"):
        ember.full_like([1], 2)
    with pytest.raises(TypeError, match="missing required argument 'fill_value'"):
        ember.full((2,))


# ---- THP's per-dtype classes ----

TENSOR_CLASSES = ["ByteTensor", "CharTensor", "ShortTensor", "IntTensor", "LongTensor", "FloatTensor",
                  "DoubleTensor", "HalfTensor", "BoolTensor", "BFloat16Tensor"]


@pytest.mark.parametrize("name,dtypes", list(zip(TENSOR_CLASSES, DTYPES)))
def test_typed_tensor_classes(name, dtypes):
    dtype, np_dtype = dtypes
    cls = getattr(ember, name)
    assert cls.dtype is dtype and cls.__name__ == name
    t = cls(2, 3)
    assert t.shape == (2, 3) and t.dtype is dtype and type(t) is ember.Tensor
    assert isinstance(t, cls) and isinstance(t, ember.Tensor)
    others = [getattr(ember, n) for n in TENSOR_CLASSES if n != name]
    assert not any(isinstance(t, o) for o in others)
    assert not isinstance([1], cls)
    empty = cls()
    assert empty.shape == (0,) and empty.dtype is dtype
    data = cls([[1, 0], [0, 1]])
    assert data.dtype is dtype and data.tolist() == [[1, 0], [0, 1]]
    if np_dtype is not None:
        same(cls(np.eye(2, dtype=np_dtype)), np.eye(2, dtype=np_dtype))
    assert cls(data).data_ptr() == data.data_ptr()  # a tensor of its dtype is shared, as THP
    assert isinstance(ember.zeros(1, dtype=dtype), cls)
    assert t.type() == f"ember.{name}"


def test_typed_tensor_over_storage():
    s = ember.FloatStorage([0, 1, 2, 3, 4, 5])
    t = ember.FloatTensor(s, 1, (2, 2), (2, 1))
    assert t.tolist() == [[1, 2], [3, 4]] and t.storage_offset() == 1 and t.stride() == (2, 1)
    t[0, 0] = 10
    assert s[1] == 10  # shared
    assert ember.FloatTensor(s).tolist() == [0, 10, 2, 3, 4, 5]
    assert ember.FloatTensor(s, 2, (2, 2)).tolist() == [[2, 3], [4, 5]]  # contiguous when strides are absent
    assert ember.FloatTensor(s, 5, ()).item() == 5  # 0-dim
    with pytest.raises(ValueError, match="reach element 6 of a storage of 6"):
        ember.FloatTensor(s, 3, (2, 2))
    with pytest.raises(ValueError):
        ember.FloatTensor(s, -1, (2,))
    with pytest.raises(ValueError):
        ember.FloatTensor(s, 0, (2,), (-1,))
    with pytest.raises(TypeError, match="expected a storage of dtype float32, got float64"):
        ember.FloatTensor(ember.DoubleStorage(3))
    with pytest.raises(TypeError, match="expected a tensor of dtype float32, got int64"):
        ember.FloatTensor(ember.tensor([1]))
    with pytest.raises(TypeError):
        ember.FloatTensor(2.5)
    with pytest.raises(TypeError):
        ember.FloatTensor(2, 3, dtype=ember.float64)
    with pytest.raises(ValueError):
        ember.FloatTensor(-1)


def test_tensor_class_itself_constructs_the_default_dtype():
    assert ember.Tensor(2, 3).dtype is ember.float32 and ember.Tensor(2, 3).shape == (2, 3)
    assert ember.Tensor([1, 2]).dtype is ember.float32
    assert ember.Tensor().shape == (0,)

    class Sub(ember.Tensor):
        pass

    s = Sub([1, 2])
    assert type(s) is Sub and s.tolist() == [1.0, 2.0]


# ---- storages ----

STORAGE_CLASSES = [n.replace("Tensor", "Storage") for n in TENSOR_CLASSES]


@pytest.mark.parametrize("name,dtypes", list(zip(STORAGE_CLASSES, DTYPES)))
def test_typed_storages(name, dtypes):
    dtype, np_dtype = dtypes
    cls = getattr(ember, name)
    assert issubclass(cls, ember._C.StorageBase) and cls.dtype is dtype
    s = cls(5)
    assert len(s) == 5 and s.size() == 5 and s.dtype is dtype and s.element_size() == dtype.itemsize
    assert s.nbytes() == 5 * dtype.itemsize
    values = [0, 1, 0, 1, 1]
    s = cls(values)
    assert s.tolist() == [type(s[0])(v) for v in values] and list(s) == s.tolist()
    assert s[-1] == 1 and s[1] == 1
    s[0] = 1
    assert s[0] == 1
    s[1:3] = 0
    assert s.tolist()[:4] == [1, 0, 0, 1]
    view = s[1:4]
    assert isinstance(view, cls) and len(view) == 3 and view.data_ptr() == s.data_ptr() + dtype.itemsize
    view[0] = 1
    assert s[1] == 1  # a view shares memory
    c = s.clone()
    c[0] = 0
    assert s[0] == 1 and c.data_ptr() != s.data_ptr()
    assert cls().size() == 0
    assert repr(cls([1])) == f" {cls([1])[0]}\n[ember.{name} of size 1]"
    assert repr(cls()) == f"[ember.{name} of size 0]"
    assert s.type() == f"ember.{name}"
    assert s.float().dtype is ember.float32 and s.float().tolist() == [float(v) for v in s.tolist()]


def test_storage_copy_and_fill():
    d = ember.DoubleStorage([1.5, 2.5, -3.0])
    f = ember.FloatStorage(3).copy_(d)
    assert f.tolist() == [1.5, 2.5, -3.0]
    i = ember.IntStorage(3)
    i.copy_(d)
    assert i.tolist() == [1, 2, -3]
    assert ember.ByteStorage(2).fill_(7).tolist() == [7, 7]
    with pytest.raises(ValueError, match="copy_: a storage of size 3 cannot be copied into one of size 2"):
        ember.FloatStorage(2).copy_(d)
    with pytest.raises(TypeError):
        ember.FloatStorage(2).copy_([1, 2])
    assert ember.FloatStorage(ember.DoubleStorage([1, 2])).tolist() == [1.0, 2.0]  # any sequence


def test_storage_views_and_errors():
    s = ember.LongStorage(list(range(10)))
    v = ember.LongStorage(s, 2, 3)
    assert v.tolist() == [2, 3, 4] and v.data_ptr() == s.data_ptr() + 16
    assert s[8:100].tolist() == [8, 9] and s[-2:].tolist() == [8, 9] and len(s[5:2]) == 0
    with pytest.raises(ValueError, match="step 1"):
        s[::2]
    with pytest.raises(IndexError, match="index 10 is out of range for a storage of size 10"):
        s[10]
    with pytest.raises(IndexError):
        s[-11]
    with pytest.raises(IndexError):
        s[2**70]
    with pytest.raises(TypeError):
        s["a"]
    with pytest.raises(IndexError):
        s[10] = 1
    with pytest.raises(TypeError):
        s[0] = "a"
    with pytest.raises(TypeError):
        del s[0]
    with pytest.raises(ValueError, match="cannot be converted to uint8"):
        ember.ByteStorage(1)[0] = 256
    with pytest.raises(IndexError):
        ember.LongStorage(s, 8, 3)
    with pytest.raises(TypeError):
        ember.FloatStorage(s, 0, 1)  # a view has the base's dtype
    with pytest.raises(TypeError):
        ember._C.StorageBase(3)
    with pytest.raises(ValueError):
        ember.FloatStorage(-1)
    with pytest.raises(ValueError, match="flat sequence"):
        ember.FloatStorage([[1, 2]])


def test_storage_resize_only_when_unshared():
    s = ember.FloatStorage([1, 2, 3])
    s.resize_(5)
    assert len(s) == 5 and s.tolist()[:3] == [1, 2, 3]
    s.resize_(1)
    assert s.tolist() == [1]
    t = ember.FloatTensor(s)
    with pytest.raises(ValueError, match="used by tensors"):
        s.resize_(100)
    del t
    s.resize_(2)
    v = s[0:1]
    del v
    # A view was made: the memory may have been handed out, so it stays put.
    with pytest.raises(ValueError, match="not resizable"):
        s.resize_(100)
    with pytest.raises(ValueError):
        ember.FloatStorage(1).resize_(-1)
