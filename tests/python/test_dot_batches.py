"""Matrix products of 1 x k by k x 1, which runtime/ops/blas_routines.h
sends to BLAS's dot instead of its gemm: bmm, baddbmm (beta 0 ignores the
NaN already in the output, beta 0.5 scales it), addmm and einsum
"ij,ij->i", float32 and float64, with operands read along rows, along
columns (transposed views: both BLAS layouts) and with steps, against
NumPy in float64."""
import numpy as np
import pytest

import ember

TOL = {"float32": 2e-5, "float64": 1e-12}


def layouts(x, rng):
    """x as ember tensors laid out three ways, each holding x's values."""
    yield ember.from_numpy(x)
    yield ember.from_numpy(np.ascontiguousarray(x.swapaxes(-1, -2))).transpose(-1, -2)
    wide = rng.random(x.shape[:-1] + (2 * x.shape[-1],)).astype(x.dtype)
    wide[..., ::2] = x
    yield ember.from_numpy(wide)[..., ::2]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("k", [1, 7, 300])
def test_batched_dots(dtype, k):
    rng = np.random.default_rng(k)
    a = rng.standard_normal((5, 1, k)).astype(dtype)
    b = rng.standard_normal((5, k, 1)).astype(dtype)
    want = np.matmul(a.astype(np.float64), b.astype(np.float64))
    for ta in layouts(a, rng):
        for tb in layouts(b, rng):
            np.testing.assert_allclose(ember.bmm(ta, tb).numpy(), want, rtol=TOL[dtype], atol=TOL[dtype] * k)
            c = np.full((5, 1, 1), np.nan, dtype)
            got = ember.baddbmm(ember.from_numpy(c), ta, tb, beta=0, alpha=2).numpy()
            np.testing.assert_allclose(got, 2 * want, rtol=TOL[dtype], atol=TOL[dtype] * k)
            c = rng.standard_normal((5, 1, 1)).astype(dtype)
            got = ember.baddbmm(ember.from_numpy(c), ta, tb, beta=0.5, alpha=-1).numpy()
            np.testing.assert_allclose(got, 0.5 * c - want, rtol=TOL[dtype], atol=TOL[dtype] * k)
    c = rng.standard_normal((1, 1)).astype(dtype)
    got = ember.addmm(ember.from_numpy(c), ember.from_numpy(a[0]), ember.from_numpy(b[0]), beta=3, alpha=0.5).numpy()
    np.testing.assert_allclose(got, 3 * c + 0.5 * want[0], rtol=TOL[dtype], atol=TOL[dtype] * k)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_einsum_row_dots(dtype):
    rng = np.random.default_rng(3)
    x, y = (rng.standard_normal((40, 123)).astype(dtype) for _ in range(2))
    want = np.einsum("ij,ij->i", x.astype(np.float64), y.astype(np.float64))
    got = ember.einsum("ij,ij->i", ember.from_numpy(x), ember.from_numpy(y)).numpy()
    np.testing.assert_allclose(got, want, rtol=TOL[dtype], atol=TOL[dtype] * 123)
    got = ember.einsum("ji,ji->i", ember.from_numpy(x.T.copy()), ember.from_numpy(y.T.copy())).numpy()
    np.testing.assert_allclose(got, want, rtol=TOL[dtype], atol=TOL[dtype] * 123)
