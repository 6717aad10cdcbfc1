"""Reductions, scans and sorts written as a PyTorch 1.13 user writes them
(keywords, methods, chains), run through ember and compared with NumPy.
The generated tests (generated/tests/python/test_ops_reduce.py) cover
every dtype and layout; these check the spellings users reach for."""
from __future__ import annotations

import numpy as np
import pytest

import ember
import numpy_refs
from conformance import close, t

RNG = np.random.default_rng(12)
A = np.round(RNG.uniform(-5, 5, size=(3, 4, 5)) * 8) / 8   # exact in float32
AN = A.copy()
AN[1, 2, 3] = AN[2, 0, 1] = np.nan
I = RNG.integers(-20, 20, size=(3, 4, 5)).astype(np.int32)


def test_argmax_argmin():
    x = t(A)
    close(x.argmax(), np.argmax(A), ember.int64)
    close(ember.argmax(x, dim=1, keepdim=True), np.argmax(A, axis=1, keepdims=True))
    close(x.argmin(-1), np.argmin(A, axis=-1))
    close(ember.argmin(x, keepdim=True), np.argmin(A).reshape(1, 1, 1))
    close(t(AN).argmax(), np.argmax(AN))   # the first NaN
    with pytest.raises(IndexError):
        ember.argmax(t(np.zeros((0, 3))))
    with pytest.raises(IndexError):
        t(np.zeros((2, 0))).argmin(dim=1)
    with pytest.raises(TypeError):
        t(np.ones(3), "bool").argmax()


def test_sum_mean_prod_over_dims():
    x = t(A)
    close(x.sum(dim=(0, 2)), A.sum(axis=(0, 2)))
    close(ember.sum(x, [2, 0], keepdim=True), A.sum(axis=(0, 2), keepdims=True))
    close(x.sum(dim=None), A.sum())
    close(x.mean(dim=[1, 2]), A.mean(axis=(1, 2)))
    close(ember.mean(x, (-1,), True), A.mean(axis=-1, keepdims=True))
    xi = t(I, "int32")
    close(xi.sum(), I.sum(dtype=np.int64), ember.int64)
    close(ember.sum(xi, dtype=ember.float64), I.sum(), ember.float64)
    close(xi.sum(1, dtype=ember.int32), I.sum(axis=1), ember.int32)
    close(ember.mean(xi, dtype=ember.float64), I.mean(), ember.float64)
    close(xi.mean(dim=(0, 1), dtype=ember.float64), I.mean(axis=(0, 1)))
    close(ember.prod(xi[0], 1, dtype=ember.int16), np.prod(I[0], axis=1).astype(np.int16), ember.int16)
    with pytest.raises(TypeError):
        xi.mean()
    with pytest.raises(ValueError):
        x.sum((1, -2))


def test_var_std():
    x = t(A)
    close(x.var(), A.var(ddof=1))
    close(x.var(dim=1, unbiased=False), A.var(axis=1))
    close(ember.std(x, (0, 2), keepdim=True), A.std(axis=(0, 2), ddof=1, keepdims=True))
    close(x.std(dim=1, correction=0), A.std(axis=1))
    close(ember.var(x, None, correction=2), A.var(ddof=2))
    close(x.var(dim=[0, 1], correction=None, keepdim=True), A.var(axis=(0, 1), ddof=1, keepdims=True))


def test_norm_by_keyword():
    x = t(A)
    close(x.norm(), np.sqrt((A ** 2).sum()))
    close(ember.norm(x, p=2, dim=1), np.sqrt((A ** 2).sum(axis=1)))
    close(x.norm(p=1, dim=(0, 2)), np.abs(A).sum(axis=(0, 2)))
    close(ember.norm(x, 3, [2], keepdim=True), (np.abs(A) ** 3).sum(axis=2, keepdims=True) ** (1 / 3))
    close(ember.norm(t(A, "float32"), p=2, dim=0, dtype=ember.float64), np.sqrt((A ** 2).sum(axis=0)), ember.float64)


def test_nansum():
    x = t(AN)
    close(x.nansum(), np.nansum(AN))
    close(ember.nansum(x, dim=(0, 1), keepdim=True), np.nansum(AN, axis=(0, 1), keepdims=True))
    close(ember.nansum(t(I, "int32")), I.sum(dtype=np.int64), ember.int64)


def test_nan_propagation_in_max_min():
    x = t(AN)
    close(x.max(), np.nan)
    close(ember.min(x), np.nan)
    values, indices = x.max(dim=2)
    close(values, np.max(AN, axis=2))
    close(indices, np.argmax(AN, axis=2))
    values, indices = ember.min(x, 1, keepdim=True)
    close(values, np.min(AN, axis=1, keepdims=True))
    close(indices, np.argmin(AN, axis=1, keepdims=True))
    close(x.amax(dim=(0, 2)), np.amax(AN, axis=(0, 2)))
    close(ember.amin(x, 1), np.amin(AN, axis=1))


def test_chains():
    x = t(A)
    centered = x - x.mean(dim=0, keepdim=True)
    close(centered.abs().sum(1).argmax(dim=-1), np.argmax(np.abs(A - A.mean(axis=0, keepdims=True)).sum(axis=1), axis=-1))
    close((x * x).sum(dim=(1, 2)).sqrt(), np.sqrt((A * A).sum(axis=(1, 2))))


def test_scans():
    x = t(A)
    y = x.clone()
    assert y.cumsum_(1) is y
    close(y, np.cumsum(A, axis=1))
    xi = t(I, "int32")
    xi.cumprod_(dim=0)
    close(xi, np.cumprod(I, axis=0).astype(np.int32), ember.int32)
    close(ember.cumsum(t(I, "int32"), dim=2, dtype=ember.float64), np.cumsum(I, axis=2), ember.float64)
    values, indices = t(AN).cummax(dim=2)
    want_values, want_indices = numpy_refs.cumextreme(AN, 2, True)
    close(values, want_values)
    close(indices, want_indices)
    values, indices = ember.cummin(x, 0)
    close(values, np.minimum.accumulate(A, axis=0))
    close(ember.logcumsumexp(x, dim=-1), np.logaddexp.accumulate(A, axis=-1))


def test_sorts():
    x = t(A)
    close(x.argsort(), np.argsort(A, axis=-1, kind="stable"))
    close(ember.argsort(x, dim=0, descending=True), np.argsort(-A, axis=0, kind="stable"))
    close(x.argsort(stable=True, dim=1), np.argsort(A, axis=1, kind="stable"))
    close(ember.msort(x), np.sort(A, axis=0))


def test_softmax_logsumexp_count_nonzero_nanmean():
    x = t(A)
    e = np.exp(A - A.max(axis=1, keepdims=True))
    close(ember.softmax(x, dim=1), e / e.sum(axis=1, keepdims=True))
    close(x.log_softmax(1), np.log(e / e.sum(axis=1, keepdims=True)))
    close(ember.softmax(t(I, "int32"), 0, dtype=ember.float64), np.exp(I) / np.exp(I).sum(axis=0, keepdims=True))
    with pytest.raises(TypeError):
        ember.softmax(t(I, "int32"), 0)
    close(ember.logsumexp(x, dim=(0, 2)), np.log(np.exp(A).sum(axis=(0, 2))))
    close(x.logsumexp(1, keepdim=True), np.log(np.exp(A).sum(axis=1, keepdims=True)))
    close(ember.count_nonzero(t(I, "int32")), np.count_nonzero(I), ember.int64)
    close(t(I, "int32").count_nonzero(dim=(0, 1)), np.count_nonzero(I, axis=(0, 1)))
    close(ember.nanmean(t(AN), dim=2), np.nanmean(AN, axis=2))
    close(t(AN).nanmean(), np.nanmean(AN))
