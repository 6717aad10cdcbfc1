"""dist of two dense float32 or float64 tensors of one shape (Note [dist
in one pass] in kernels/difference_norm.h): the same bits as the norm of
the difference taken in float64, for every kind of p, lengths around the
reduction's blocks of 8192 and its 32 lanes, with NaN and infinities; and
close to NumPy's norm of the float64 difference."""
import numpy as np
import pytest

import ember

PS = [0, 0.5, 1, 2, 3.5, float("inf"), float("-inf")]
LENGTHS = [31, 32, 100, 8191, 8192, 8193, 3 * 8192 + 5, (1 << 17) + 3]


def numpy_norm(d, p):
    d = np.abs(d.ravel())
    if p == 0:
        return float(np.count_nonzero(d))
    if np.isinf(p):
        return float(d.max() if p > 0 else d.min())
    return float((d ** p).sum() ** (1 / p))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", LENGTHS)
def test_dist_matches_norm_of_difference(dtype, n):
    rng = np.random.default_rng(n)
    a, b = (rng.standard_normal(n).astype(dtype) for _ in range(2))
    b[::7] = a[::7]  # zero differences, which p = 0 counts
    ta, tb = ember.from_numpy(a), ember.from_numpy(b)
    for p in PS:
        got = ember.dist(ta, tb, p).numpy()
        composed = ember.norm(ta.double() - tb.double(), p).to(getattr(ember, dtype)).numpy()
        assert got.tobytes() == composed.tobytes(), (p, got, composed)
        want = numpy_norm(a.astype(np.float64) - b.astype(np.float64), p)
        np.testing.assert_allclose(float(got), want, rtol=1e-5 if dtype == "float32" else 1e-12)
    shaped = ember.from_numpy(a[: n // 4 * 4].reshape(4, -1))
    other = ember.from_numpy(b[: n // 4 * 4].reshape(4, -1))
    np.testing.assert_allclose(float(ember.dist(shaped, other)), float(ember.dist(ember.from_numpy(a[: n // 4 * 4]),
                                                                                ember.from_numpy(b[: n // 4 * 4]))))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_nan_and_infinity(dtype):
    a = np.arange(10000, dtype=dtype)
    b = np.zeros(10000, dtype=dtype)
    a[9000] = np.inf
    for p in (1, 2, float("inf")):
        assert np.isinf(float(ember.dist(ember.from_numpy(a), ember.from_numpy(b), p)))
    a[5] = np.nan
    for p in PS[1:]:  # p = 0 counts the NaN as nonzero
        assert np.isnan(float(ember.dist(ember.from_numpy(a), ember.from_numpy(b), p))), p


def test_other_layouts_take_the_composition():
    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((64, 300)).astype(np.float32), rng.standard_normal((300, 64)).astype(np.float32)
    got = float(ember.dist(ember.from_numpy(a), ember.from_numpy(b).transpose(0, 1), 2))
    np.testing.assert_allclose(got, np.linalg.norm(a.astype(np.float64) - b.T.astype(np.float64)), rtol=1e-6)
    got = float(ember.dist(ember.from_numpy(a), ember.from_numpy(a[:1].astype(np.float64)), 2))  # broadcast, mixed
    np.testing.assert_allclose(got, np.linalg.norm(a.astype(np.float64) - a[:1].astype(np.float64)), rtol=1e-6)
