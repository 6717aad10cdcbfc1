"""tensor[index] and tensor[index] = value against NumPy, for every kind of
index: ints, slices, None, ..., bools, masks, index tensors, lists and
NumPy arrays, and their combinations; views for basic indexing, copies for
advanced indexing; errors with their classes."""
import numpy as np
import pytest

import ember
from interop_util import DTYPES, EMBER_OF, NUMPY_DTYPES, same, sample

SHAPE = (4, 5, 6)


def base(np_dtype=np.int64, shape=SHAPE):
    if np.dtype(np_dtype) == np.bool_:
        return sample(shape, np_dtype)
    return (np.arange(np.prod(shape)) % 100).astype(np_dtype).reshape(shape)


def to_numpy_index(index):
    """The NumPy index meaning what `index` means to ember: tensors become
    arrays (uint8 tensors are masks in ember, as in PyTorch), lists that
    PyTorch reads as tuples become tuples."""
    if isinstance(index, ember.Tensor):
        array = np.array(index.tolist(), dtype=np.bool_ if index.dtype in (ember.bool, ember.uint8) else np.int64)
        return array.reshape(index.shape)
    if isinstance(index, tuple):
        return tuple(to_numpy_index(i) for i in index)
    if isinstance(index, list) and any(isinstance(i, (slice, list, tuple, ember.Tensor, np.ndarray)) or i is None
                                       or i is Ellipsis for i in index):
        return tuple(to_numpy_index(i) for i in index)
    return index


BASIC = [
    0, 3, -1, -4, (1, 2), (-1, -2, -3), (0, 0, 0),
    slice(None), slice(1, None), slice(None, -1), slice(None, None, 2), slice(1, None, 3), slice(-3, None),
    slice(2, 100), slice(100, None), slice(3, 1), slice(-100, 2), slice(None, None, 1000),
    (slice(None), slice(1, 4, 2)), (slice(None), slice(None), slice(0, 6, 5)),
    None, (None, 0), (0, None), (Ellipsis, None), (None, Ellipsis, None), (None, None, 1, None),
    Ellipsis, (Ellipsis, 0), (0, Ellipsis), (0, Ellipsis, 1), (Ellipsis, 1, 2, 3), (1, Ellipsis, 2, 3),
    (1, slice(None, None, 2), None, -1), (), (slice(1, 2), 0, slice(None, None, 4)),
    np.int64(2), (np.int32(-1), np.int8(1)), ember.tensor(2), (ember.tensor(-1), slice(None), ember.tensor(0)),
]

ADVANCED = [
    [0, 2], [-1, 0, -1], [[0, 1], [1, 0]], [[0, 1], [1, 0], [2, 3]], [], [3],
    np.array([0, 3]), np.array([[0, 1], [3, 2]]), np.array([], dtype=np.int64),
    ember.tensor([1, 0]), ember.tensor([[1], [2]]), ember.tensor([0, 2], dtype=ember.int32),
    ember.tensor([0, 2], dtype=ember.int8), ember.tensor([0, 2], dtype=ember.int16),
    (slice(None), [0, 4]), (slice(None), slice(None), [5, 0, 5]),
    ([0, 1], slice(None), [1, 2]),          # separated: the index dims go first
    ([0, 1], None, [0, 1]),                 # separated by None
    (slice(None), [0, 1], [1, 2]),          # adjacent: in place
    ([[0], [1]], [0, 1, 2]),                # broadcast to (2, 3)
    ([[0], [1]], slice(None), [0, 1, 2]),
    (Ellipsis, [0, 1]), ([1, 2], Ellipsis), (None, [0, 1], None),
    (slice(1, 3), [0, 1], slice(None, None, 2)),
    (np.array([[0, 1]]), np.array([[1], [2]]), np.array([3])),
]

MASKS = [
    lambda a: a > 40,                         # the whole shape
    lambda a: a[:, 0, 0] > 30,                # dim 0
    lambda a: (slice(None), a[0, :, 0] % 2 == 0),  # dim 1
    lambda a: (Ellipsis, a[0, 0] > 2),        # the last dim
    lambda a: (a[:, :, 0] % 3 == 0, 2),       # a 2-d mask then an int
    lambda a: (a[:, :, 0] % 3 == 0, slice(1, 3)),
    lambda a: (a[:, 0, 0] > 30, [0, 1]),     # a mask next to an index list
    lambda a: np.zeros(SHAPE, dtype=bool),    # selects nothing
    lambda a: True, lambda a: False, lambda a: (True, 0), lambda a: (slice(None), False),
    lambda a: (True, [0, 1]), lambda a: (0, True, slice(None, 2)),
    lambda a: np.bool_(True), lambda a: np.array(False),
]


def check_get(index, np_dtype=np.int64, np_index=None, shape=SHAPE):
    a = base(np_dtype, shape)
    t = ember.tensor(a)
    expected = a[to_numpy_index(index) if np_index is None else np_index]
    r = t[index]
    same(r, expected)
    return t, r


@pytest.mark.parametrize("index", BASIC, ids=repr)
def test_basic_indexing_gives_views(index):
    t, r = check_get(index)
    assert r.storage().data_ptr() == t.storage().data_ptr()  # a view
    if r.numel():
        r[...] = -7  # writes reach the base
        a = base()
        a[to_numpy_index(index)] = -7
        same(t, a)


@pytest.mark.parametrize("index", ADVANCED, ids=repr)
def test_advanced_indexing(index):
    t, r = check_get(index)
    if r.numel():
        assert r.storage().data_ptr() != t.storage().data_ptr()  # a copy


@pytest.mark.parametrize("make", MASKS)
def test_masks_and_bools(make):
    a = base()
    index = make(a)
    if isinstance(index, np.ndarray) and index.ndim > 0:
        index = ember.tensor(index)  # as a bool tensor
    elif isinstance(index, tuple):
        index = tuple(ember.tensor(i) if isinstance(i, np.ndarray) else i for i in index)
    t = ember.tensor(a)
    same(t[index], a[to_numpy_index(index)])


def test_numpy_arrays_as_masks_and_indices():
    a = base()
    t = ember.tensor(a)
    mask = a[:, 0, 0] > 30
    same(t[mask], a[mask])
    same(t[np.array([2, 0])], a[np.array([2, 0])])
    same(t[np.array(1)], a[1])  # a 0-d integer array is an int


@pytest.mark.parametrize("ember_dtype,np_dtype", NUMPY_DTYPES)
def test_whole_shape_bool_masks(ember_dtype, np_dtype):
    # t[mask] with a mask of t's shape takes masked_select's branch-free
    # path: long rows (past its 2 KiB blocks), strided t and mask, none
    # and all set.
    a = sample((3, 1500), np_dtype, seed=5)
    mask = np.random.default_rng(6).random((3, 1500)) < 0.4
    t = ember.tensor(a)
    same(t[ember.tensor(mask)], a[mask])
    same(t.t()[ember.tensor(mask.T.copy())], a.T[mask.T])
    same(t[ember.tensor(mask).t().t()], a[mask])
    same(t[:, ::2][ember.tensor(mask[:, ::2].copy())], a[:, ::2][mask[:, ::2]])
    same(t[ember.tensor(np.zeros_like(mask))], a[np.zeros_like(mask)])
    same(t[ember.tensor(np.ones_like(mask))], a[np.ones_like(mask)])
    assert t[ember.tensor(mask)].storage().data_ptr() != t.storage().data_ptr()  # a copy


def test_uint8_tensors_are_masks_as_in_pytorch():
    a = base()
    t = ember.tensor(a)
    m = ember.tensor([1, 0, 0, 1], dtype=ember.uint8)
    same(t[m], a[np.array([True, False, False, True])])
    same(t[ember.tensor(1, dtype=ember.uint8)], a[None])  # a 0-dim uint8 is a bool


def test_ints_stay_basic_next_to_index_tensors():
    # PyTorch applies ints first (as views), so an int never joins the
    # advanced indices: the result differs from NumPy's a[0, :, [0, 1]].
    a = base()
    t = ember.tensor(a)
    same(t[0, :, [0, 1]], a[0][:, [0, 1]])
    same(t[[0, 1], 2], a[:, 2][[0, 1]])


def test_lists_read_as_tuples_as_in_pytorch():
    a = base()
    t = ember.tensor(a)
    same(t[[[0, 1], [1, 0]]], a[[0, 1], [1, 0]])
    same(t[[0, slice(None), 1]], a[0, :, 1])
    same(t[[ember.tensor(1), ember.tensor(2)]], a[1, 2])
    long_list = [0, 1] * 20  # 32 or more elements: an index list
    same(t[long_list], a[long_list])


@pytest.mark.parametrize("dtype,np_dtype", NUMPY_DTYPES)
def test_every_dtype(dtype, np_dtype):
    for index in [1, (slice(None), slice(1, None, 2)), [0, 2], ([1, 2], slice(None), [0, 5]), (Ellipsis, [4, 0])]:
        check_get(index, np_dtype)
    a = base(np_dtype)
    same(ember.tensor(a)[ember.tensor(a[:, :, 0] > 0)], a[a[:, :, 0] > 0])


def test_bfloat16_indexing():
    a = base(np.float32)
    t = ember.tensor(a, dtype=ember.bfloat16)
    for index in [1, (slice(None), slice(1, None, 2)), [0, 2], ([1, 2], slice(None), [0, 5]), a > 30]:
        r = t[ember.tensor(index) if isinstance(index, np.ndarray) else index]
        np.testing.assert_array_equal(np.array(r.tolist(), dtype=np.float32), a[index])


def test_zero_size_and_zero_dim_tensors():
    e = np.zeros((0, 3))
    te = ember.tensor(e)
    for index in [slice(None), (slice(None), 1), (Ellipsis, [0, 2]), ([], slice(None)), (slice(None), None)]:
        same(te[index], e[to_numpy_index(index)])
    s = ember.tensor(5.0)
    for index in [Ellipsis, None, (), (None, None), True, False, (Ellipsis, None), ember.tensor(True)]:
        same(s[index], np.array(5.0, dtype=np.float32)[to_numpy_index(index)])


# ---- assignment ----

ASSIGN = [
    (0, 5), (-1, 1.5), ((1, 2), 3), (slice(None), 0), (slice(1, None, 2), 9), ((Ellipsis, 0), -1),
    (None, 2), ((), 4), (slice(3, 1), 8),
    ([0, 2], 6), (([0, 1], slice(None), [1, 2]), 7), ((slice(None), [0, 1], [1, 2]), 2), (([[0], [1]], [0, 1, 2]), 1),
    (True, 3), (False, 3), ([], 3),
]


@pytest.mark.parametrize("index,value", ASSIGN, ids=repr)
@pytest.mark.parametrize("kind", ["number", "tensor", "list", "array"])
def test_assignment(index, value, kind):
    a = base(np.float64)
    t = ember.tensor(a)
    shape = a[to_numpy_index(index)].shape
    v = np.full(shape, value, dtype=np.float64) + np.arange(np.prod(shape)).reshape(shape)
    if kind == "number":
        v = value
    if kind == "list" and 0 in shape:
        pytest.skip("a list cannot spell an empty shape")
    py = {"number": v, "tensor": ember.tensor(np.asarray(v)), "list": np.asarray(v).tolist(), "array": np.asarray(v)}[kind]
    t[index] = py
    a[to_numpy_index(index)] = v
    same(t, a)


@pytest.mark.parametrize("dtype,np_dtype", NUMPY_DTYPES)
def test_assignment_every_dtype_with_conversion(dtype, np_dtype):
    a = base(np_dtype)
    t = ember.tensor(a)
    values = np.ones((4, 6), dtype=np.float64) * (a.dtype != np.bool_)
    t[:, 2] = ember.tensor(values)  # float64 values into any dtype
    a[:, 2] = values.astype(np_dtype)
    t[[0, 3], 1:3] = ember.tensor([[1], [0]], dtype=ember.int32)  # broadcast, advanced
    a[[0, 3], 1:3] = np.array([[1], [0]]).astype(np_dtype)
    mask = a[:, :, 0] > 0
    t[ember.tensor(mask)] = 0
    a[mask] = 0
    same(t, a)


def test_broadcasting_values():
    a = base(np.float32)
    t = ember.tensor(a)
    t[1] = ember.tensor([1.0, 2, 3, 4, 5, 6])           # (6,) into (5, 6)
    a[1] = np.array([1.0, 2, 3, 4, 5, 6])
    t[2:, 1] = ember.tensor([[[7.0]]])                  # leading 1s dropped, as NumPy
    a[2:, 1] = np.array([[[7.0]]])
    t[[0, 1]] = ember.tensor([[[-1.0]], [[-2.0]]])      # (2, 1, 1) into (2, 5, 6)
    a[[0, 1]] = np.array([[[-1.0]], [[-2.0]]])
    same(t, a)
    with pytest.raises(ValueError, match="shape mismatch.*\\[2 x 3\\].*argument 'value'"):
        t[0, 0] = ember.zeros(2, 3)
    with pytest.raises(ValueError, match="shape mismatch"):
        t[[0, 1]] = ember.zeros(3)


def test_overlapping_assignment_reads_old_values():
    a = np.arange(10.0)
    t = ember.tensor(a)
    t[1:] = t[:-1]
    a[1:] = a[:-1].copy()
    same(t, a)
    t[::2] = t[1::2]
    a[::2] = a[1::2].copy()
    same(t, a)
    t[[1, 0]] = t[:2]
    a[[1, 0]] = a[:2].copy()
    same(t, a)


def test_duplicate_indices_take_the_last_value():
    a = np.zeros(3)
    t = ember.tensor(a)
    t[[0, 0, 2]] = ember.tensor([1.0, 2.0, 3.0])
    a[[0, 0, 2]] = [1.0, 2.0, 3.0]
    same(t, a)


def test_number_assignment_range_checks():
    t = ember.zeros(3, dtype=ember.uint8)
    t[0] = -1  # wraps, as PyTorch
    assert t[0].item() == -1 % 256
    with pytest.raises(ValueError, match="value 300 cannot be converted to uint8.*argument 'value'"):
        t[1] = 300
    with pytest.raises(ValueError, match="nan cannot be converted to int32"):
        ember.zeros(2, dtype=ember.int32)[0] = float("nan")
    b = ember.zeros(2, dtype=ember.bool)
    b[0] = 5
    assert b.tolist() == [True, False]


# ---- errors ----

@pytest.mark.parametrize("index,error,message", [
    (4, IndexError, r"index 4 is out of range for dim 0 of size 4"),
    (-5, IndexError, r"index -5 is out of range for dim 0 of size 4"),
    ((0, 5), IndexError, r"index 5 is out of range for dim 1 of size 5"),
    ((0, 0, 0, 0), IndexError, r"too many indices for a tensor of 3 dims"),
    (2**70, IndexError, r"does not fit in int64"),
    (slice(None, None, 0), ValueError, r"slice step cannot be zero"),
    (slice(None, None, -1), ValueError, r"slice steps must be positive, got -1"),
    ((Ellipsis, Ellipsis), IndexError, r"single ellipsis"),
    (1.5, IndexError, r"only integers, slices .*got float"),
    ("a", IndexError, r"got str"),
    (object(), IndexError, r"got object"),
    ({1: 2}, IndexError, r"got dict"),
    ([1.5], IndexError, r"must be integer or bool tensors, got float32"),
    (ember.tensor([0.0]), IndexError, r"got float32"),
    ([4], IndexError, r"index 4 is out of range for dim 0 of size 4"),
    (([0], slice(None), [-7]), IndexError, r"index -7 is out of range for dim 2 of size 6"),
    (ember.tensor([True, False]), IndexError, r"shape of the mask \[2\].*\[4\]"),
    (([0, 1], [0, 1, 2]), IndexError, r"cannot broadcast together \(shapes \[2\], \[3\]\)"),
    ((ember.ones(4, 5, dtype=ember.bool), 0, 0), IndexError, r"too many indices"),
    (["a"], TypeError, r"expected a number"),
])
def test_index_errors(index, error, message):
    t = ember.tensor(base())
    with pytest.raises(error, match=message):
        t[index]
    with pytest.raises(error, match=message):
        t[index] = 0


def test_zero_dim_errors():
    s = ember.tensor(1.0)
    with pytest.raises(IndexError, match="0-dim tensor has no dims"):
        s[0]
    with pytest.raises(IndexError, match="0-dim tensor has no dims"):
        s[:]
    with pytest.raises(IndexError, match="0-dim"):
        s[[0]]


def test_assignment_errors():
    t = ember.zeros(3)
    with pytest.raises(TypeError, match="cannot assign a NoneType"):
        t[0] = None
    with pytest.raises(TypeError, match="cannot assign a str"):
        t[0] = "a"
    with pytest.raises(TypeError, match="do not support deleting"):
        del t[0]
    with pytest.raises(TypeError, match="complex"):
        t[0] = 1j
    with pytest.raises(ValueError, match="ragged"):
        t[:] = [[1], [2, 3]]


@pytest.mark.parametrize("step", [1, 2])
def test_index_select_reports_the_first_bad_value_of_a_long_index_and_leaves_out(step):
    # Past several of check_indices' 256-value blocks, dense and strided.
    src = ember.arange(10, dtype=ember.float32)
    values = np.zeros(2000, np.int64)
    values[1400] = 12
    values[1800] = -20
    index = ember.tensor(values)[::step]
    out = ember.full((index.shape[0],), 7.0)
    with pytest.raises(IndexError, match=r"index 12 is out of range for dim 0 of size 10"):
        ember.index_select(src, 0, index, out=out)
    assert (out.numpy() == 7.0).all()
    values[1400] = 9
    got = ember.index_select(src, 0, ember.tensor(values)[::step][: 1800 // step])
    assert got.numpy().tolist() == np.arange(10, dtype=np.float32)[values[::step][: 1800 // step]].tolist()
