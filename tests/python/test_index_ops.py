"""The masked and indexed ops from Python, against NumPy, with index and
mask arguments made for each op (the generated op tests draw every tensor
argument from the op's dtypes, which does not fit an index)."""
from __future__ import annotations

import numpy as np
import pytest

import ember

DTYPES = ["uint8", "int32", "int64", "float32", "float64"]


def data(dtype: str, shape=(3, 4)) -> np.ndarray:
    rng = np.random.default_rng(7)
    return rng.integers(0, 50, size=shape).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_gather_and_index_select(dtype):
    a = data(dtype)
    idx = np.random.default_rng(1).integers(0, 4, size=(3, 5))
    got = ember.gather(ember.from_numpy(a), 1, ember.from_numpy(idx))
    np.testing.assert_array_equal(got.numpy(), np.take_along_axis(a, idx, axis=1))
    rows = np.array([2, 0, 2])
    np.testing.assert_array_equal(ember.from_numpy(a).index_select(0, ember.from_numpy(rows)).numpy(),
                                  np.take(a, rows, axis=0))


@pytest.mark.parametrize("dtype", DTYPES)
def test_masked_ops(dtype):
    a = data(dtype)
    mask = a % 3 == 0
    t, m = ember.from_numpy(a), ember.from_numpy(mask)
    np.testing.assert_array_equal(ember.masked_select(t, m).numpy(), a[mask])
    np.testing.assert_array_equal(t.masked_fill(m, 9).numpy(), np.where(mask, np.array(9, dtype), a))
    np.testing.assert_array_equal(ember.nonzero(m).numpy(), np.argwhere(mask))


def test_index_put_accumulates_repeated_indices():
    a = np.zeros(5)
    idx = np.array([1, 3, 1])
    vals = np.array([1.0, 2.0, 4.0])
    got = ember.index_put(ember.from_numpy(a), [ember.from_numpy(idx)], ember.from_numpy(vals), accumulate=True)
    want = a.copy()
    np.add.at(want, idx, vals)
    np.testing.assert_array_equal(got.numpy(), want)


def test_bad_indices_raise_and_leave_the_input_intact():
    a = data("float32")
    t = ember.from_numpy(a.copy())
    with pytest.raises(IndexError, match="index"):
        ember.gather(t, 1, ember.from_numpy(np.array([[4], [0], [0]])))
    with pytest.raises(TypeError, match="index"):
        t.index_select(0, ember.from_numpy(np.array([0.0])))
    np.testing.assert_array_equal(t.numpy(), a)
