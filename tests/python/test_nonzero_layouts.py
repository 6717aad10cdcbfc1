"""nonzero (and count_nonzero, which sizes it) against NumPy's argwhere for
every dtype, rows around the 64-element words of Note [branch-free
nonzero] (kernels/masked.h), dense, strided and transposed layouts,
densities from none to all, float signs (-0 is zero, NaN is not), 0-dim
tensors and out=."""
import numpy as np
import pytest

import ember

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]
SHAPES = [(0,), (1,), (63,), (64,), (65,), (1000,), (3, 130), (5, 7, 66), (2, 0, 3)]


def values(shape, dtype, density, rng):
    set_ = rng.random(shape) < density
    if dtype == "bool":
        return set_
    x = rng.integers(1, 100, shape).astype(dtype)
    if np.dtype(dtype).kind == "f":
        x[rng.random(shape) < 0.05] = np.nan
        zeros = np.where(rng.random(shape) < 0.5, -0.0, 0.0).astype(dtype)
        return np.where(set_, x, zeros)
    return np.where(set_, x, 0).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_nonzero_matches_argwhere(shape, dtype):
    rng = np.random.default_rng([DTYPES.index(dtype), *shape])
    for density in (0.0, 0.05, 0.5, 1.0):
        x = values(shape, dtype, density, rng)
        t = ember.from_numpy(x)
        want = np.argwhere(x)
        np.testing.assert_array_equal(ember.nonzero(t).numpy(), want)
        assert ember.count_nonzero(t).item() == want.shape[0]
        if x.ndim >= 2:  # a transposed view: subscripts of the view, in its row-major order
            np.testing.assert_array_equal(ember.nonzero(t.transpose(0, 1)).numpy(), np.argwhere(x.swapaxes(0, 1)))
        if x.shape[-1] > 1:  # every other element of the last dim
            np.testing.assert_array_equal(ember.nonzero(t[..., ::2]).numpy(), np.argwhere(x[..., ::2]))


def test_zero_dim_and_out():
    for v, rows in ((0, 0), (5, 1)):
        got = ember.nonzero(ember.tensor(v))
        assert tuple(got.shape) == (rows, 0)
    x = np.random.default_rng(3).random((4, 100)) < 0.3
    out = ember.empty((1, 1), dtype=ember.int64)
    ember.nonzero(ember.from_numpy(x), out=out)
    np.testing.assert_array_equal(out.numpy(), np.argwhere(x))
