"""Short programs as a PyTorch 1.13 user writes them (keywords, methods,
chains) with the searching, counting and indexing ops, run through ember
and compared with NumPy computing the same thing."""
from __future__ import annotations

import numpy as np
import pytest

import ember


def t(a) -> ember.Tensor:
    return ember.from_numpy(np.ascontiguousarray(a))


def test_unique_with_inverse_and_counts_rebuilds_the_input():
    x = np.array([[3, 1, 2], [1, 3, 3]])
    out, inv, counts = ember.unique(t(x), sorted=True, return_inverse=True, return_counts=True)
    values, np_inv, np_counts = np.unique(x, return_inverse=True, return_counts=True)
    np.testing.assert_array_equal(out.numpy(), values)
    np.testing.assert_array_equal(inv.numpy(), np_inv.reshape(x.shape))
    np.testing.assert_array_equal(counts.numpy(), np_counts)
    np.testing.assert_array_equal(out[inv].numpy(), x)   # the inverse indexes the output back into x


def test_unique_returns_what_is_asked_for():
    x = t(np.array([2.0, 1.0, 2.0]))
    only = x.unique()
    assert isinstance(only, ember.Tensor)
    pair = x.unique(return_counts=True)
    assert type(pair) is tuple and len(pair) == 2
    np.testing.assert_array_equal(pair[1].numpy(), [1, 2])
    np.testing.assert_array_equal(ember.unique(x, return_inverse=True)[1].numpy(), [1, 0, 1])


def test_unique_rows_and_consecutive_runs():
    m = np.array([[1, 2], [0, 5], [1, 2], [1, 2]])
    rows, counts = ember.unique(t(m), dim=0, return_counts=True)
    np_rows, np_counts = np.unique(m, axis=0, return_counts=True)
    np.testing.assert_array_equal(rows.numpy(), np_rows)
    np.testing.assert_array_equal(counts.numpy(), np_counts)
    runs, lengths = t(np.array([5, 5, 1, 1, 1, 5])).unique_consecutive(return_counts=True)
    np.testing.assert_array_equal(runs.numpy(), [5, 1, 5])
    np.testing.assert_array_equal(lengths.numpy(), [2, 3, 1])
    # unique_consecutive of a sorted vector is unique.
    s = np.sort(np.array([4, 2, 4, 9, 2, 2]))
    np.testing.assert_array_equal(ember.unique_consecutive(t(s)).numpy(), np.unique(s))


def test_bincount_histogram_of_labels():
    labels = np.array([0, 3, 3, 1, 3, 0])
    np.testing.assert_array_equal(ember.bincount(t(labels)).numpy(), np.bincount(labels))
    np.testing.assert_array_equal(t(labels).bincount(minlength=6).numpy(), np.bincount(labels, minlength=6))
    w = np.array([0.5, 1.0, 2.0, 0.25, 4.0, 1.5], dtype=np.float32)
    got = ember.bincount(t(labels), weights=t(w))
    assert got.dtype == ember.float32
    np.testing.assert_allclose(got.numpy(), np.bincount(labels, weights=w))
    assert ember.bincount(t(labels), t(labels)).dtype == ember.float64   # integer weights sum in float64


def test_searchsorted_and_bucketize():
    edges = np.array([0.0, 1.5, 3.0, 4.5])
    x = np.array([[-1.0, 1.5, 2.0], [3.0, 9.0, 0.0]])
    for right in (False, True):
        side = "right" if right else "left"
        want = np.searchsorted(edges, x, side=side)
        np.testing.assert_array_equal(ember.searchsorted(t(edges), t(x), right=right).numpy(), want)
        np.testing.assert_array_equal(ember.searchsorted(t(edges), t(x), side=side).numpy(), want)
        np.testing.assert_array_equal(ember.bucketize(t(x), t(edges), right=right).numpy(), want)
    idx = ember.bucketize(t(x), t(edges), out_int32=True)
    assert idx.dtype == ember.int32
    assert ember.searchsorted(t(edges), 2.0).item() == np.searchsorted(edges, 2.0)
    assert ember.bucketize(2, t(np.array([1, 3]))).item() == 1
    # A sorter for an unsorted sequence: argsort's result.
    seq = np.array([3.0, 0.0, 4.5, 1.5])
    order = np.argsort(seq)
    np.testing.assert_array_equal(ember.searchsorted(t(seq), t(x), sorter=t(order)).numpy(),
                                  np.searchsorted(seq, x, sorter=order))
    out = ember.empty(0, dtype=ember.int64)
    assert ember.searchsorted(t(edges), t(x), out=out) is out


def test_searchsorted_per_row():
    seqs = np.sort(np.random.default_rng(3).integers(0, 20, size=(4, 6)), axis=1)
    vals = np.random.default_rng(4).integers(0, 20, size=(4, 3))
    got = ember.searchsorted(t(seqs), t(vals)).numpy()
    for r in range(4):
        np.testing.assert_array_equal(got[r], np.searchsorted(seqs[r], vals[r]))


def test_errors_name_the_argument():
    with pytest.raises(ValueError, match="side"):
        ember.searchsorted(t(np.arange(3.0)), t(np.ones(2)), side="middle")
    with pytest.raises(ValueError, match="minlength"):
        ember.bincount(t(np.array([1])), minlength=-1)
    with pytest.raises(ValueError, match="bincount"):
        ember.bincount(t(np.array([1, -2])))
    with pytest.raises(IndexError, match="dim"):
        ember.unique(t(np.ones(3)), dim=1)


@pytest.mark.parametrize("view", [lambda a: a.T, lambda a: a[::2, 1::3], lambda a: a[1:, ::-1][:, ::-1],
                                  lambda a: a[np.newaxis, 1]])
def test_from_numpy_shares_strided_views(view):
    base = np.arange(24, dtype=np.float32).reshape(4, 6)
    a = view(base)
    x = ember.from_numpy(a)
    assert tuple(x.shape) == a.shape
    np.testing.assert_array_equal(x.numpy(), a)
    x.mul_(2)   # writes reach the array: the memory is shared
    np.testing.assert_array_equal(a, view(np.arange(24, dtype=np.float32).reshape(4, 6)) * 2)


def test_from_numpy_refuses_what_pytorch_refuses():
    with pytest.raises(ValueError, match="negative stride"):
        ember.from_numpy(np.arange(4.0)[::-1])
    with pytest.raises(ValueError, match="byte order"):
        ember.from_numpy(np.arange(3, dtype=">f4"))
    with pytest.raises(TypeError, match="uint16"):
        ember.from_numpy(np.zeros(2, np.uint16))
