"""What the conformance tests (test_conformance_*.py) share: tensors made
from NumPy arrays, and comparisons of a result with NumPy's, its dtype and
shape included."""
from __future__ import annotations

import numpy as np

import ember
from ember_np import to_ember, to_numpy


def t(a, dtype: str | None = None) -> ember.Tensor:
    """A new ember tensor holding `a`, in `dtype` (default: a's own)."""
    a = np.asarray(a)
    return to_ember(a, dtype or a.dtype.name)


def _check_meta(got: ember.Tensor, want: np.ndarray, dtype) -> np.ndarray:
    if dtype is not None:
        expected = getattr(ember, dtype) if isinstance(dtype, str) else dtype
        assert got.dtype == expected, f"dtype {got.dtype}, expected {expected}"
    g = to_numpy(got)
    assert g.shape == want.shape, f"shape {g.shape}, expected {want.shape}"
    return g


def same(got: ember.Tensor, want, dtype=None) -> None:
    """got equals want exactly (NaN equals NaN), in shape and, when given, dtype."""
    want = np.asarray(want)
    np.testing.assert_array_equal(_check_meta(got, want, dtype), want)


def same_all(got, want) -> None:
    """A tuple of tensors, each the same as its array in want."""
    assert isinstance(got, tuple), f"a tuple, got {type(got).__name__}"
    assert len(got) == len(want)
    for g, w in zip(got, want):
        same(g, w)


def close(got: ember.Tensor, want, dtype=None, rtol: float = 1e-6, atol: float = 1e-9) -> None:
    """got within rtol/atol of want (NaN where want has NaN), in shape and, when given, dtype."""
    want = np.asarray(want)
    g = _check_meta(got, want, dtype)
    np.testing.assert_allclose(g.astype(np.float64), want.astype(np.float64), rtol=rtol, atol=atol, equal_nan=True)
