"""Statistics written as a PyTorch 1.13 user writes them (var_mean,
quantile, cdist, diff, norm without p, aminmax: keywords, methods, tuple
unpacking), run through ember and compared with NumPy. The generated tests
(generated/tests/python/test_ops_statistics.py) cover every dtype and
layout; these check the spellings users reach for."""
from __future__ import annotations

import numpy as np
import pytest

import ember
from ember_np import to_numpy
from conformance import close, t

RNG = np.random.default_rng(7)
A = np.round(RNG.uniform(-5, 5, size=(3, 4, 5)) * 8) / 8   # exact in float32
AN = A.copy()
AN[1, 2, 3] = AN[0, 0, 0] = np.nan


def test_var_mean_std_mean():
    x = t(A, "float32")
    var, mean = ember.var_mean(x, dim=1, keepdim=True)
    close(var, A.var(axis=1, ddof=1, keepdims=True), ember.float32)
    close(mean, A.mean(axis=1, keepdims=True), ember.float32)
    std, mean = ember.std_mean(x, (0, 2), unbiased=False)
    close(std, A.std(axis=(0, 2)))
    close(mean, A.mean(axis=(0, 2)))
    var, _ = ember.var_mean(x, None, correction=0)
    close(var, A.var())
    close(ember.std_mean(x)[0], A.std(ddof=1))
    with pytest.raises(TypeError):
        ember.var_mean(t([1, 2], "int64"))


def test_quantile():
    x = t(A)
    close(ember.quantile(x, 0.3), np.quantile(A, 0.3))
    q = t([0.1, 0.5, 0.9])
    close(x.quantile(q, dim=1, keepdim=True), np.quantile(A, [0.1, 0.5, 0.9], axis=1, keepdims=True))
    for how in ("lower", "higher", "midpoint", "nearest"):
        close(ember.quantile(x, q, -1, interpolation=how), np.quantile(A, [0.1, 0.5, 0.9], axis=-1, method=how))
    close(t(AN).nanquantile(0.25, dim=2), np.nanquantile(AN, 0.25, axis=2))
    assert np.isnan(to_numpy(ember.quantile(t(AN), 0.5)))
    out = ember.empty(0, dtype=ember.float64)
    ember.quantile(x, 0.5, dim=0, out=out)
    close(out, np.quantile(A, 0.5, axis=0))
    with pytest.raises(ValueError):
        ember.quantile(x, 1.5)
    with pytest.raises(TypeError):
        ember.quantile(x, t([0.5], "float32"))
    with pytest.raises(ValueError):
        ember.quantile(x, 0.5, interpolation="cubic")
    with pytest.raises(ValueError):
        ember.quantile(t(np.zeros((0, 2))), 0.5)


def test_cdist():
    a, b = A[:, :3, :], A[:2, 1:, :]
    a = a[:, None]   # [3, 1, 3, 5] against [2, 3, 5]: batches broadcast to [3, 2]
    for p in (0.0, 1.0, 2.0, 3.5, float("inf")):
        want = np.linalg.norm(a[..., :, None, :] - b[..., None, :, :], ord=p, axis=-1)
        close(ember.cdist(t(a), t(b), p=p), want)
    close(ember.cdist(t(a), t(b), compute_mode="use_mm_for_euclid_dist"),
          np.linalg.norm(a[..., :, None, :] - b[..., None, :, :], axis=-1))
    with pytest.raises(ValueError):
        ember.cdist(t(A), t(A[..., :4]))
    with pytest.raises(ValueError):
        ember.cdist(t(A), t(A), p=-1)
    with pytest.raises(ValueError):
        ember.cdist(t(A), t(A), compute_mode="fast")


def test_diff():
    i = RNG.integers(-9, 9, size=(4, 6))
    x = t(i, "int64")
    close(x.diff(), np.diff(i), ember.int64)
    close(ember.diff(x, n=2, dim=0), np.diff(i, n=2, axis=0))
    pre = np.zeros((4, 1))
    close(ember.diff(x, prepend=t(pre), append=t(i[:, :2], "int64")), np.diff(i, prepend=pre, append=i[:, :2]),
          ember.float64)
    m = np.array([True, False, False, True, True])
    close(ember.diff(t(m, "bool")), np.diff(m), ember.bool)
    with pytest.raises(ValueError):
        ember.diff(x, prepend=t(np.zeros(4)))


def test_diff_result_is_new_when_nothing_is_differenced():
    """self is differenced without a copy first; where no step runs (n = 0,
    n < 0, an empty dim) the result must still be a new tensor."""
    i = RNG.integers(-9, 9, size=(4, 6))
    for x, n, dim in ((t(i, "int64"), 0, -1), (t(i, "int64"), -1, -1), (t(np.zeros((4, 0)), "float32"), 2, 1)):
        before = to_numpy(x).copy()
        r = ember.diff(x, n=n, dim=dim)
        np.testing.assert_array_equal(to_numpy(r), before)
        if r.numel() > 0:
            r.fill_(7)
        np.testing.assert_array_equal(to_numpy(x), before)


def test_norm_without_p_and_words():
    x = t(A[0])
    close(x.norm(dim=1), np.linalg.norm(A[0], axis=1))
    close(ember.norm(x, dim=(0, 1)), np.linalg.norm(A[0]))
    close(ember.norm(x, p="fro", dim=1, keepdim=True), np.linalg.norm(A[0], axis=1, keepdims=True))
    close(ember.norm(t(A), "fro"), np.sqrt(np.sum(A * A)))
    close(x.norm("nuc"), np.linalg.norm(A[0], "nuc"))
    close(ember.norm(t(A), p="nuc", dim=(2, 1)), np.linalg.svd(A, compute_uv=False).sum(-1))
    with pytest.raises(ValueError):
        ember.norm(x, dim=1, dtype=ember.float32)
    with pytest.raises(ValueError):
        ember.norm(t(A), "fro", dim=(0, 1, 2))
    with pytest.raises(ValueError):
        x.norm("max")


def test_aminmax():
    x = t(A)
    lo, hi = ember.aminmax(x)
    close(lo, A.min())
    close(hi, A.max())
    r = x.aminmax(dim=1, keepdim=True)
    close(r.min, A.min(axis=1, keepdims=True))
    close(r.max, A.max(axis=1, keepdims=True))
    lo, hi = ember.aminmax(t(AN), dim=-1)
    close(lo, np.min(AN, axis=-1))
    with pytest.raises(ValueError):
        ember.aminmax(t(np.zeros((0, 2))))
