"""Short programs as a PyTorch 1.13 user writes them (keywords, methods,
chains) with the searching, counting and indexing ops, run through ember
and compared with NumPy computing the same thing."""
from __future__ import annotations

import numpy as np
import pytest

import ember
from conformance import t


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


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int8, np.int16, np.int32, np.int64, np.float16,
                                   np.float32, np.float64])
def test_unique_without_positions_sorts_keys(dtype):
    # Note [unique by sorted keys]: values and counts as NumPy's, and as
    # the path that keeps positions (return_inverse) gives.
    rng = np.random.default_rng(7)
    x = (rng.integers(0, 2, 5000) if dtype == np.bool_ else rng.integers(-60, 60, 5000)).astype(dtype)
    values, counts = ember.unique(t(x), return_counts=True)
    np_values, np_counts = np.unique(x, return_counts=True)
    np.testing.assert_array_equal(values.numpy(), np_values)
    np.testing.assert_array_equal(counts.numpy(), np_counts)
    kept, _, kept_counts = ember.unique(t(x), return_inverse=True, return_counts=True)
    np.testing.assert_array_equal(values.numpy(), kept.numpy())
    np.testing.assert_array_equal(counts.numpy(), kept_counts.numpy())


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_unique_zeros_and_nans_without_positions(dtype):
    # -0 and +0 are one group whose value is the first zero of the input;
    # each NaN is its own group, last, in input order (payloads kept).
    nan_a = np.frombuffer(np.array([0x7ff8000000000001]).tobytes(), np.float64)[0].astype(dtype)
    x = np.array([3, -0.0, np.nan, 1, 0.0, -np.inf, nan_a, 3, -0.0], dtype)
    values, counts = ember.unique(t(x), return_counts=True)
    got = values.numpy()
    assert got.tobytes()[: 4 * x.itemsize] == np.array([-np.inf, -0.0, 1, 3], dtype).tobytes()
    assert np.isnan(got[4:]).all() and len(got) == 6
    assert got[4:].tobytes() == x[np.isnan(x)].tobytes()
    np.testing.assert_array_equal(counts.numpy(), [1, 3, 1, 2, 1, 1])
    kept = ember.unique(t(x), return_inverse=True)[0].numpy()
    assert kept.tobytes() == got.tobytes()
    first_positive = np.array([0.0, -0.0, 2], dtype)
    assert ember.unique(t(first_positive)).numpy().tobytes() == np.array([0.0, 2], dtype).tobytes()


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


def test_take_reads_flat_positions_negative_ones_from_the_end():
    m = np.arange(12.0).reshape(3, 4)
    idx = np.array([[0, -1], [5, -12]])
    same = np.testing.assert_array_equal
    same(ember.take(t(m), t(idx)).numpy(), np.take(m, idx))
    same(t(m).t().take(t(idx)).numpy(), np.take(m.T, idx))
    out = ember.empty(0, dtype=ember.float64)
    assert ember.take(t(m), index=t(idx), out=out) is out
    same(out.numpy(), np.take(m, idx))
    with pytest.raises(IndexError, match="take.*index"):
        ember.take(t(m), t(np.array([12])))
    with pytest.raises(TypeError, match="index"):
        ember.take(t(m), t(np.array([1], np.int32)))


def test_take_along_dim_with_argsort_and_broadcast():
    m = np.array([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]])
    order = ember.argsort(t(m), dim=1)
    np.testing.assert_array_equal(ember.take_along_dim(t(m), order, dim=1).numpy(), np.sort(m, axis=1))
    top = t(np.array([[2], [0]]))
    np.testing.assert_array_equal(t(m).take_along_dim(top, 1).numpy(), np.take_along_axis(m, np.array([[2], [0]]), 1))
    cols = np.array([[1, 0, 1]])   # one row of positions broadcast over m's two rows... along dim 0
    np.testing.assert_array_equal(ember.take_along_dim(t(m), t(cols), dim=0).numpy(), np.take_along_axis(m, cols, 0))
    flat = np.array([5, 0, 3])
    np.testing.assert_array_equal(ember.take_along_dim(t(m), t(flat)).numpy(), m.ravel()[flat])
    out = ember.empty(0, dtype=ember.float64)
    assert ember.take_along_dim(t(m), order, 1, out=out) is out
    np.testing.assert_array_equal(out.numpy(), np.sort(m, axis=1))
    with pytest.raises(IndexError, match="indices"):
        ember.take_along_dim(t(m), t(np.array([[-1]])), dim=1)


def test_index_add_copy_fill_and_masked_scatter_functional_forms():
    x = np.zeros((3, 2))
    idx = np.array([0, 2, 0])
    src = np.arange(6.0).reshape(3, 2)
    want = x.copy()
    np.add.at(want, idx, 2 * src)
    out = ember.empty(0, dtype=ember.float64)
    assert ember.index_add(t(x), 0, t(idx), t(src), alpha=2, out=out) is out
    np.testing.assert_array_equal(out.numpy(), want)
    np.testing.assert_array_equal(t(x).index_add(0, t(idx), source=t(src), alpha=2).numpy(), want)
    copied = x.copy()
    copied[[2, 0]] = src[:2]
    out = ember.empty(0, dtype=ember.float64)
    ember.index_copy(t(x), 0, t(np.array([2, 0])), t(src[:2]), out=out)
    np.testing.assert_array_equal(out.numpy(), copied)
    np.testing.assert_array_equal(t(x).index_copy(0, t(np.array([2, 0])), source=t(src[:2])).numpy(), copied)
    filled = x.copy()
    filled[:, 1] = -1
    np.testing.assert_array_equal(ember.index_fill(t(x), 1, t(np.array([1])), -1).numpy(), filled)
    np.testing.assert_array_equal(t(x).index_fill(1, t(np.array([-1])), value=-1).numpy(), filled)
    mask = np.array([[True, False], [False, True], [True, True]])
    scattered = x.copy()
    scattered[mask] = src.ravel()[:4]
    np.testing.assert_array_equal(ember.masked_scatter(t(x), t(mask), t(src)).numpy(), scattered)
    np.testing.assert_array_equal(t(x).masked_scatter(mask=t(mask), source=t(src)).numpy(), scattered)
    # out= that is the input itself gets the right result.
    y = t(x)
    ember.index_add(y, 0, t(idx), t(src), alpha=2, out=y)
    np.testing.assert_array_equal(y.numpy(), want)


def test_tril_and_triu_indices_match_numpy():
    for row, col, offset in [(4, 3, 0), (3, 5, 1), (3, 3, -1), (0, 2, 0)]:
        np.testing.assert_array_equal(ember.tril_indices(row, col, offset).numpy(), np.stack(np.tril_indices(row, offset, col)))
        np.testing.assert_array_equal(ember.triu_indices(row, col, offset=offset).numpy(),
                                      np.stack(np.triu_indices(row, offset, col)))
    assert ember.tril_indices(3, 3).dtype == ember.int64
    assert ember.triu_indices(3, 3, dtype=ember.int32).dtype == ember.int32
    m = np.arange(16).reshape(4, 4)
    rows, cols = ember.tril_indices(4, 4)
    np.testing.assert_array_equal(t(m)[rows, cols].numpy(), m[np.tril_indices(4)])
    with pytest.raises(TypeError, match="dtype"):
        ember.tril_indices(3, 3, dtype=ember.float32)
    with pytest.raises(ValueError, match="row"):
        ember.triu_indices(-1, 3)
