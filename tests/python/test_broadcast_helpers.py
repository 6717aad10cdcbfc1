"""broadcast_shapes, broadcast_tensors and is_tensor (ember/_broadcast.py),
against NumPy's broadcast_shapes and broadcast_arrays."""
from __future__ import annotations

import numpy as np
import pytest

import ember
from conformance import same, t

SHAPES = [
    [(3, 1), (1, 4)],
    [(2, 1, 5), (4, 1), (5,)],
    [(0, 1), (3,)],
    [(), (2, 3)],
    [(7,)],
    [],
]


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
def test_broadcast_shapes_matches_numpy(shapes):
    assert ember.broadcast_shapes(*shapes) == np.broadcast_shapes(*shapes)


def test_broadcast_shapes_takes_ints_and_lists():
    assert ember.broadcast_shapes(3, [2, 1]) == np.broadcast_shapes((3,), (2, 1))


@pytest.mark.parametrize("shapes", [[(3,), (4,)], [(2, 3), (3, 2)], [(1, 2), (3, 0)]], ids=str)
def test_broadcast_shapes_mismatch_names_the_op(shapes):
    with pytest.raises(ValueError, match="broadcast_shapes: shape 1"):
        ember.broadcast_shapes(*shapes)
    with pytest.raises(ValueError):
        np.broadcast_shapes(*shapes)


def test_broadcast_shapes_bad_arguments():
    with pytest.raises(TypeError, match="broadcast_shapes: shape 0"):
        ember.broadcast_shapes("ab")
    with pytest.raises(ValueError, match="negative size"):
        ember.broadcast_shapes((2, -1))


def test_broadcast_tensors_are_views_matching_numpy():
    a = np.arange(3, dtype=np.float32).reshape(3, 1)
    b = np.arange(4, dtype=np.int64)
    x, y = t(a), t(b)
    got = ember.broadcast_tensors(x, y)
    want = np.broadcast_arrays(a, b)
    assert type(got) is tuple and len(got) == 2
    for g, w, src in zip(got, want, (x, y)):
        same(g, w, src.dtype)
        assert g.data_ptr() == src.data_ptr(), "a view of its input"
    assert got[1].stride() == (0, 1)


def test_broadcast_tensors_errors_leave_inputs_alone():
    x, y = t(np.zeros((2, 3))), t(np.zeros((4,)))
    with pytest.raises(ValueError, match="broadcast_tensors: shape 1"):
        ember.broadcast_tensors(x, y)
    with pytest.raises(TypeError, match="broadcast_tensors: argument 1"):
        ember.broadcast_tensors(x, np.zeros(3))
    assert x.shape == (2, 3) and y.shape == (4,)


def test_is_tensor():
    assert ember.is_tensor(ember.zeros(2))
    assert not ember.is_tensor(np.zeros(2))
    assert not ember.is_tensor([1.0])


def test_broadcast_to_and_reshape_as():
    a = np.arange(3, dtype=np.int32).reshape(3, 1)
    x = t(a)
    same(ember.broadcast_to(x, (2, 3, 4)), np.broadcast_to(a, (2, 3, 4)), "int32")
    same(x.broadcast_to(size=(3, 5)), np.broadcast_to(a, (3, 5)), "int32")
    with pytest.raises(ValueError, match="broadcast_to"):
        x.broadcast_to((4, 4))
    same(x.t().reshape_as(t(np.zeros((1, 3)))), a.T.reshape(1, 3), "int32")
    with pytest.raises(ValueError, match="reshape_as"):
        x.reshape_as(t(np.zeros(4)))


@pytest.mark.parametrize("dtype", ["uint8", "int8", "int32", "int64", "float16", "bfloat16", "float32", "float64", "bool"])
def test_dtype_queries(dtype):
    x = t(np.zeros(3), dtype)
    d = getattr(ember, dtype)
    assert x.is_floating_point() == ember.is_floating_point(x) == d.is_floating_point
    assert x.is_signed() == ember.is_signed(x) == d.is_signed
    assert not x.is_complex() and not ember.is_complex(x)
    assert not t([0], dtype).is_nonzero() and t([1], dtype).is_nonzero()


def test_is_nonzero_needs_one_element():
    assert ember.is_nonzero(t(np.array(np.nan)))
    with pytest.raises(RuntimeError, match="is_nonzero"):
        t(np.zeros(2)).is_nonzero()
