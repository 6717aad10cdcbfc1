"""softmax, log_softmax and logsumexp of contiguous float and double
tensors over dims with kept dims after them run down columns
(kernels/softmax_columns.h, Note [softmax by columns]); every other
layout runs the composition of amax, sub, exp, sum and the rest. The note's claim is that both do the
same arithmetic: a view whose rows are dense but not adjacent
(composition) must give the same bits as its contiguous copy (columns),
for columns of special values, lengths around the sum's runs of 8 and
widths around the blocks; on one thread and two; and both agree with
NumPy in float64."""
import numpy as np
import pytest

import ember
from layout_util import rows_not_adjacent, same_bits

INF = float("inf")
NAN = float("nan")


def special_columns(n, inner, dtype, rng):
    """n x inner: random normal, column 1 scaled huge, and as far as
    inner reaches: column 0 holding -inf entries, 2 all -inf, 3 holding
    +inf, 4 holding NaN, 5 constant."""
    a = rng.standard_normal((n, inner))
    a[:, 1] *= 1e30
    a[::3, 0] = -INF
    if inner > 2:
        a[:, 2] = -INF
    if inner > 3:
        a[n // 2, 3] = INF
    if inner > 4:
        a[n - 1, 4] = NAN
    if inner > 5:
        a[:, 5] = 3.0
    return a.astype(dtype)


def reference(a, dims, keepdim=False):
    """log(sum(exp(a))) over dims in float64, the largest element taken out first."""
    wide = a.astype(np.float64)
    m = np.max(wide, axis=dims, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        r = np.log(np.sum(np.exp(wide - m), axis=dims, keepdims=True)) + m
    return r if keepdim else np.squeeze(r, axis=dims)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [1, 2, 7, 8, 9, 17, 100])
@pytest.mark.parametrize("inner", [2, 7, 16, 33, 2050])
def test_columns_match_composition_bit_for_bit(dtype, n, inner):
    a = special_columns(n, inner, dtype, np.random.default_rng(n * 10000 + inner))
    dense, strided = ember.from_numpy(a), rows_not_adjacent(a)
    same_bits(ember.logsumexp(dense, [0]), ember.logsumexp(strided, [0]))
    same_bits(ember.logsumexp(dense, [0], keepdim=True), ember.logsumexp(strided, [0], keepdim=True))
    same_bits(ember.softmax(dense, 0), ember.softmax(strided, 0))
    same_bits(ember.log_softmax(dense, 0), ember.log_softmax(strided, 0))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_middle_dims_match_composition_and_numpy(dtype):
    rng = np.random.default_rng(7)
    a = (rng.standard_normal((3, 4, 9, 37)) * 10).astype(dtype)
    dense, strided = ember.from_numpy(a), rows_not_adjacent(a)
    tol = 1e-5 if dtype == np.float32 else 1e-12
    for dims in ([1], [0], [1, 2], [0, 1, 2], [2], [0, 1]):
        for keepdim in (False, True):
            got = ember.logsumexp(dense, dims, keepdim=keepdim)
            same_bits(got, ember.logsumexp(strided, dims, keepdim=keepdim))
            np.testing.assert_allclose(got.numpy(), reference(a, tuple(dims), keepdim), rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_softmax_over_middle_dims_matches_composition_and_numpy(dtype):
    rng = np.random.default_rng(8)
    a = (rng.standard_normal((3, 4, 9, 37)) * 10).astype(dtype)
    dense, strided = ember.from_numpy(a), rows_not_adjacent(a)
    tol = 1e-5 if dtype == np.float32 else 1e-12
    for dim in (0, 1, 2, -2):
        soft, log_soft = ember.softmax(dense, dim), ember.log_softmax(dense, dim)
        same_bits(soft, ember.softmax(strided, dim))
        same_bits(log_soft, ember.log_softmax(strided, dim))
        shifted = a.astype(np.float64) - a.max(axis=dim, keepdims=True)
        total = np.exp(shifted).sum(axis=dim, keepdims=True)
        np.testing.assert_allclose(soft.numpy(), np.exp(shifted) / total, rtol=tol, atol=1e-30)
        np.testing.assert_allclose(log_soft.numpy(), shifted - np.log(total), rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_special_columns_agree_with_numpy(dtype):
    a = special_columns(50, 40, dtype, np.random.default_rng(3))
    got = ember.logsumexp(ember.from_numpy(a), [0]).numpy()
    want = reference(a, (0,))
    # Columns with +inf give +inf, all -inf give -inf, with NaN give NaN.
    assert got[3] == INF and got[2] == -INF and np.isnan(got[4])
    tol = 1e-5 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


def test_thread_count_does_not_change_bits():
    a = np.random.default_rng(5).standard_normal((301, 4099)).astype(np.float32) * 5
    t = ember.from_numpy(a)
    before = ember.get_num_threads()
    try:
        results = []
        for threads in (1, 2):
            ember.set_num_threads(threads)
            results.append((ember.logsumexp(t, [0]), ember.softmax(t, 0), ember.log_softmax(t, 0)))
    finally:
        ember.set_num_threads(before)
    for one, two in zip(*results):
        same_bits(one, two)


def test_columns_leave_the_input_alone():
    a = np.random.default_rng(4).standard_normal((9, 5)).astype(np.float32)
    t = ember.from_numpy(a.copy())
    for r in (ember.logsumexp(t, [0]), ember.softmax(t, 0), ember.log_softmax(t, 0)):
        assert r.data_ptr() != t.data_ptr()
        np.testing.assert_array_equal(t.numpy(), a)
