"""softmax, log_softmax and logsumexp of contiguous float and double
tensors over their innermost dims run a row at a time
(kernels/softmax_rows.h, Note [softmax by rows]); every other layout runs
the composition of amax, sub, exp, sum and the rest. The note's claim is
that both do the same arithmetic: a row-strided view (composition, each
row still dense, so its sum takes the same order) must give the same bits
as its contiguous copy (rows), for rows of special values and lengths
around the reductions' lane and block sizes; and both agree with NumPy."""
import numpy as np
import pytest

import ember
from layout_util import rows_not_adjacent, same_bits

INF = float("inf")
NAN = float("nan")


def special_rows(n, dtype, rng):
    """Rows of length n: random normal, scaled huge, with -inf entries,
    all -inf, with +inf, with NaN, constant."""
    rows = [rng.standard_normal(n), rng.standard_normal(n) * 1e30, rng.standard_normal(n), np.full(n, -INF),
            rng.standard_normal(n), rng.standard_normal(n), np.full(n, 3.0)]
    rows[2][::3] = -INF
    rows[4][n // 2] = INF
    rows[5][n - 1] = NAN
    return np.array(rows, dtype=dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [1, 5, 63, 64, 65, 200, 8193])
def test_rows_match_composition_bit_for_bit(dtype, n):
    a = special_rows(n, dtype, np.random.default_rng(n))
    dense, strided = ember.from_numpy(a), rows_not_adjacent(a)
    same_bits(ember.softmax(dense, 1), ember.softmax(strided, 1))
    same_bits(ember.log_softmax(dense, 1), ember.log_softmax(strided, 1))
    same_bits(ember.logsumexp(dense, [1]), ember.logsumexp(strided, [1]))
    same_bits(ember.logsumexp(dense, [1], keepdim=True), ember.logsumexp(strided, [1], keepdim=True))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_rows_agree_with_numpy(dtype):
    rng = np.random.default_rng(1)
    a = (rng.standard_normal((37, 300)) * 20).astype(dtype)
    tol = 1e-5 if dtype == np.float32 else 1e-12
    shifted = a.astype(np.float64) - a.max(axis=1, keepdims=True)
    total = np.exp(shifted).sum(axis=1, keepdims=True)
    t = ember.from_numpy(a)
    np.testing.assert_allclose(ember.softmax(t, 1).numpy(), np.exp(shifted) / total, rtol=tol, atol=1e-30)
    np.testing.assert_allclose(ember.log_softmax(t, -1).numpy(), shifted - np.log(total), rtol=tol, atol=tol)
    lse = (np.log(total) + a.max(axis=1, keepdims=True)).ravel()
    np.testing.assert_allclose(ember.logsumexp(t, [1]).numpy(), lse, rtol=tol)


def test_several_innermost_dims_and_whole_tensor():
    rng = np.random.default_rng(2)
    a = rng.standard_normal((4, 5, 6))
    t = ember.from_numpy(a)
    for dims in ([1, 2], [2, 1], [0, 1, 2]):
        ref = np.log(np.exp(a).sum(axis=tuple(dims)))
        np.testing.assert_allclose(ember.logsumexp(t, dims).numpy(), ref, rtol=1e-12)
        np.testing.assert_allclose(ember.logsumexp(t, dims, keepdim=True).numpy(),
                                   np.log(np.exp(a).sum(axis=tuple(dims), keepdims=True)), rtol=1e-12)


def test_rows_leave_the_input_alone_and_return_new_tensors():
    a = np.random.default_rng(3).standard_normal((3, 7)).astype(np.float32)
    t = ember.from_numpy(a.copy())
    for r in (ember.softmax(t, 1), ember.log_softmax(t, 1)):
        assert r.data_ptr() != t.data_ptr()
        np.testing.assert_array_equal(t.numpy(), a)
