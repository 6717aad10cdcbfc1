"""NumPy references the schemas' `test.numpy` expressions call as `ref.<name>`
(tests/python/op_harness.py, Note [argument specs]): the ops NumPy has no
one expression for, written with NumPy and loops, independent of ember."""
from __future__ import annotations

from typing import Any, Callable

import math

import numpy as np


def _along(a: np.ndarray, dim: int) -> np.ndarray:
    """A copy of `a` with `dim` moved first (writes go through np.moveaxis views)."""
    return np.moveaxis(a, dim, 0)


def index_copy(self, dim, index, source):
    out = np.array(self, copy=True)
    _along(out, dim)[index] = _along(np.asarray(source), dim)
    return out


def index_add(self, dim, index, source, alpha=1):
    out = np.array(self, copy=True)
    np.add.at(_along(out, dim), index, alpha * _along(np.asarray(source), dim))
    return out


def index_fill(self, dim, index, value):
    out = np.array(self, copy=True)
    _along(out, dim)[index] = value
    return out


def scatter(self, dim, index, src):
    out = np.array(self, copy=True)
    src = np.broadcast_to(src, index.shape) if np.ndim(src) == 0 else np.asarray(src)[tuple(slice(0, n) for n in index.shape)]
    np.put_along_axis(out, index, src, axis=dim)
    return out


def scatter_add(self, dim, index, src):
    out = np.array(self, copy=True)
    src = np.asarray(src)[tuple(slice(0, n) for n in index.shape)]
    positions = list(np.indices(index.shape, sparse=True))
    positions[dim % out.ndim] = index
    np.add.at(out, tuple(positions), src)
    return out


def masked_scatter(self, mask, source):
    out = np.array(np.broadcast_to(self, np.broadcast_shapes(np.shape(self), np.shape(mask))), copy=True)
    m = np.broadcast_to(mask, out.shape)
    out[m] = np.ravel(source)[: int(m.sum())]
    return out


def correlate(x, k, full: bool):
    """N-d cross-correlation of x with kernel k (valid, or full: x zero-padded
    by the kernel's size less one on each side), as a sum over the kernel's
    offsets, computed in the inputs' own dtype (so integers wrap)."""
    x, k = np.asarray(x), np.asarray(k)
    if 0 in x.shape or 0 in k.shape:
        raise ValueError("an empty input or kernel (the schema's documented error)")
    if not full and any(a < b for a, b in zip(x.shape, k.shape)):
        raise ValueError("valid mode needs the input at least as large as the kernel")
    if full:
        x = np.pad(x, [(n - 1, n - 1) for n in k.shape])
    out_shape = tuple(max(a - b + 1, 0) for a, b in zip(x.shape, k.shape))
    out = np.zeros(out_shape, dtype=np.result_type(x, k))
    for offset in np.ndindex(*k.shape):
        window = x[tuple(slice(o, o + n) for o, n in zip(offset, out_shape))]
        out += k[offset] * window
    return out


def convolve(x, k, full: bool):
    """Convolution: correlation with the kernel flipped in every dim."""
    return correlate(x, np.flip(k), full)


def masked_select(self, mask):
    shape = np.broadcast_shapes(np.shape(self), np.shape(mask))
    return np.broadcast_to(self, shape)[np.broadcast_to(mask, shape)]


# ---- sorting and selection (Note [sort order] of schemas/math/sort.yaml) -------------
# The test values hold no NaN, so the order is the numeric one with ties
# broken by position: NumPy's stable argsort of the values as float64
# (exact for them), negated for a descending order.

def _stable_order(a: np.ndarray, axis: int, descending: bool) -> np.ndarray:
    keys = np.asarray(a, dtype=np.float64)
    return np.argsort(-keys if descending else keys, axis=axis, kind="stable")


def _pick(a: np.ndarray, order: np.ndarray, rank: int, axis: int, keepdim: bool):
    if a.shape[axis] == 0:
        raise ValueError("a selection from an empty dim")
    positions = np.take(order, [rank], axis=axis)
    values = np.take_along_axis(a, positions, axis=axis)
    if not keepdim:
        values, positions = np.squeeze(values, axis), np.squeeze(positions, axis)
    return values, positions


def kthvalue(self, k, dim, keepdim):
    a = np.asarray(self)
    if not 1 <= k <= a.shape[dim]:
        raise IndexError("k out of range")
    return _pick(a, _stable_order(a, dim, False), k - 1, dim, keepdim)


def median(self, dim=None, keepdim=False):
    """The lower median: rank (n - 1) // 2 of a stable sort (of everything without dim)."""
    a = np.asarray(self)
    if dim is None:
        flat = a.reshape(-1)
        return _pick(flat, _stable_order(flat, 0, False), (flat.size - 1) // 2, 0, False)[0]
    return _pick(a, _stable_order(a, dim, False), (a.shape[dim] - 1) // 2, dim, keepdim)


def topk(self, k, dim=-1, largest=True, sorted=True):
    a = np.asarray(self)
    if not 0 <= k <= a.shape[dim]:
        raise IndexError("k out of range")
    positions = np.take(_stable_order(a, dim, largest), np.arange(k), axis=dim)
    if not sorted:
        positions = np.sort(positions, axis=dim)
    return np.take_along_axis(a, positions, axis=dim), positions


def mode(self, dim=-1, keepdim=False):
    """Per slice: the most frequent value, the smallest of equally frequent
    ones, and the position of its last occurrence."""
    a = np.moveaxis(np.asarray(self), dim, -1)
    if a.shape[-1] == 0:
        raise ValueError("mode of an empty dim")
    values = np.empty(a.shape[:-1], dtype=a.dtype)
    positions = np.empty(a.shape[:-1], dtype=np.int64)
    for at in np.ndindex(*a.shape[:-1]):
        row = a[at]
        uniques, counts = np.unique(row, return_counts=True)
        best = uniques[np.argmax(counts)]   # np.unique sorts, argmax takes the first (smallest) of the most frequent
        values[at] = best
        positions[at] = np.nonzero(row == best)[0][-1]
    if keepdim:
        values, positions = np.expand_dims(values, dim), np.expand_dims(positions, dim)
    return values, positions


# ---- histograms (Note [histc bins] of schemas/math/histogram.yaml) -------------------

def _histc_range(a: np.ndarray, lo: float, hi: float) -> tuple[float, float]:
    if lo > hi:
        raise ValueError("min > max")
    if lo == hi:
        lo, hi = (float(a.min()), float(a.max())) if a.size else (0.0, 0.0)
        if lo == hi:
            lo, hi = lo - 1, hi + 1
    return lo, hi


def _histogram(x: np.ndarray, bins: int, lo: float, hi: float) -> np.ndarray:
    counts = np.zeros(bins)
    for v in np.ravel(x):
        if lo <= v <= hi:
            counts[min(int((v - lo) / (hi - lo) * bins), bins - 1)] += 1
    return counts


def histc(self, bins=100, min=0, max=0):
    if bins < 1:
        raise ValueError("bins < 1")
    a = np.asarray(self, dtype=np.float64)
    return _histogram(a, bins, *_histc_range(a, min, max))


def bhistc(self, bins=100, min=0, max=0, dim=-1):
    if bins < 1:
        raise ValueError("bins < 1")
    a = np.asarray(self, dtype=np.float64)
    lo, hi = _histc_range(a, min, max)
    if a.ndim == 0:
        # One slice of one element; a slice length of 1 keeps the 0-dim shape (runtime/ops/dim_plan.cpp).
        counts = _histogram(a, bins, lo, hi)
        return counts.reshape(()) if bins == 1 else counts
    moved = np.moveaxis(a, dim, -1)
    out = np.array([_histogram(moved[at], bins, lo, hi) for at in np.ndindex(*moved.shape[:-1])])
    return np.moveaxis(out.reshape(moved.shape[:-1] + (bins,)), -1, dim)


def lgamma(x):
    """ln|Gamma(x)| elementwise; +inf at the poles (0, -1, -2, ...), where math.lgamma raises."""
    def one(v: float) -> float:
        return math.inf if v <= 0 and v == int(v) else math.lgamma(v)
    return np.vectorize(one, otypes=[np.float64])(np.asarray(x, dtype=np.float64))


def power(base, exponent):
    """base ** exponent elementwise. Integers exactly, wrapping as the
    dtype: a negative exponent gives 1 for base 1, +-1 for base -1 and 0
    otherwise (PyTorch's integral rule; NumPy refuses)."""
    b, e = np.asarray(base), np.asarray(exponent)
    if np.issubdtype(np.result_type(b, e), np.floating) or np.result_type(b, e) == np.bool_:
        return np.power(b, e)
    b, e = np.broadcast_arrays(b, e)
    dtype = np.result_type(b, e)
    out = np.empty(b.shape, dtype=dtype)
    for at in np.ndindex(*b.shape):
        x, n = int(b[at]), int(e[at])
        if n < 0:
            value = 1 if x == 1 else (-1 if n % 2 else 1) if x == -1 else 0
        else:
            value = pow(x, n)
        bits = 8 * dtype.itemsize
        value %= 1 << bits
        if np.issubdtype(dtype, np.signedinteger) and value >= 1 << (bits - 1):
            value -= 1 << bits
        out[at] = value
    return out


def erf(x):
    return np.vectorize(math.erf, otypes=[np.float64])(np.asarray(x, dtype=np.float64))


def erfc(x):
    return np.vectorize(math.erfc, otypes=[np.float64])(np.asarray(x, dtype=np.float64))


def erfinv(y):
    """erf's inverse by bisection on math.erf (monotone); +-1 give +-inf, beyond them NaN."""
    y = np.asarray(y, dtype=np.float64)
    lo, hi = np.full(y.shape, -7.0), np.full(y.shape, 7.0)
    for _ in range(80):
        mid = (lo + hi) / 2
        below = erf(mid) < y
        lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
    r = np.where(np.abs(y) == 1, np.copysign(np.inf, y), np.where(y == 0, y, (lo + hi) / 2))
    return np.where(np.isnan(y) | (np.abs(y) > 1), np.nan, r)


def xlogy(x, y):
    """x * log(y), 0 where x is 0, NaN where y is NaN (scipy.special.xlogy's definition)."""
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(np.isnan(y), y, np.where(x == 0, 0.0, x * np.log(y)))


def clamp(x, lo, hi):
    """min(max(x, lo), hi) with either bound None, NaN anywhere giving NaN (PyTorch's clamp); both None is an error."""
    if lo is None and hi is None:
        raise ValueError("clamp: at least one of 'min' or 'max' must not be None")
    r = np.asarray(x)
    if lo is not None:
        r = np.maximum(r, lo)
    if hi is not None:
        r = np.minimum(r, hi)
    return r


def div(a, b, rounding_mode):
    """PyTorch's div: true division, or the quotient truncated or floored."""
    with np.errstate(divide="ignore", invalid="ignore"):
        q = np.true_divide(a, b)
        if rounding_mode == "trunc":
            return np.trunc(q)
        if rounding_mode == "floor":
            return np.floor_divide(a, b)
        return q


def nan_to_num(x, nan, posinf, neginf):
    """NaN and infinities replaced; None keeps NumPy's defaults (0 and the float64 extremes, as the inputs are float64)."""
    x = np.asarray(x)
    if x.dtype.kind in "biu":
        return x
    return np.nan_to_num(x, nan=0.0 if nan is None else nan, posinf=posinf, neginf=neginf)


def isclose(a, b, rtol, atol, equal_nan):
    """NumPy's isclose; bool arrays compare equal (NumPy cannot subtract them)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype == np.bool_:
        return a == b
    return np.isclose(a.astype(np.float64), b.astype(np.float64), rtol=rtol, atol=atol, equal_nan=equal_nan)


def argextreme(fn: Callable[..., Any], self: np.ndarray, dim: int | None, keepdim: bool) -> np.ndarray:
    """argmax / argmin (fn: np.argmax or np.argmin, which pick the first NaN
    and the first of equal elements, as PyTorch); without a dim, the
    position in the flattened array, of self's dims, each of size 1, when
    keepdim."""
    if dim is None:
        pos = np.asarray(fn(np.reshape(self, -1)))
        return pos.reshape((1,) * np.ndim(self)) if keepdim else pos
    return fn(self, axis=dim, keepdims=keepdim)


def cumextreme(self: np.ndarray, dim: int, largest: bool) -> tuple[np.ndarray, np.ndarray]:
    """cummax / cummin by a loop: an element equal to the best replaces it
    (the last position of ties), a NaN replaces anything, and nothing
    replaces a NaN."""
    x = np.moveaxis(np.asarray(self), dim, -1)
    values, positions = np.empty_like(x), np.zeros(x.shape, dtype=np.int64)
    for at in np.ndindex(*x.shape[:-1]):
        best, where = None, 0
        for i, v in enumerate(x[at]):
            v_nan = isinstance(v, (float, np.floating)) and np.isnan(v)
            best_nan = best is not None and isinstance(best, (float, np.floating)) and np.isnan(best)
            if best is None or v_nan or (not best_nan and (v >= best if largest else v <= best)):
                best, where = v, i
            values[at + (i,)] = best
            positions[at + (i,)] = where
    return np.moveaxis(values, -1, dim), np.moveaxis(positions, -1, dim)


def nanmean(self: np.ndarray, dim: list[int] | None, keepdim: bool) -> np.ndarray:
    """np.nanmean over dim (None or empty: every axis), quietly NaN where a
    slice holds no number (NumPy warns there)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        axis = None if not dim else tuple(dim)
        count = np.sum(~np.isnan(self), axis=axis, keepdims=keepdim)
        return np.nansum(self, axis=axis, keepdims=keepdim) / count


def _rows(self, dim):
    """self's slices along dim (every element without dim) as rows of a 2-d array."""
    a = np.asarray(self)
    if dim is None:
        return a.reshape(-1, 1), None
    if any(n == 0 for k, n in enumerate(a.shape) if k != dim % a.ndim):
        raise ValueError("unique: a size-0 dim other than dim")
    moved = np.moveaxis(a, dim, 0)
    return moved.reshape(moved.shape[0], int(np.prod(moved.shape[1:]))), moved.shape


def _unrows(rows, first, moved_shape, dim, self):
    picked = rows[first]
    if dim is None:
        return picked.reshape(-1)
    return np.moveaxis(picked.reshape((len(first),) + moved_shape[1:]), 0, dim)


def unique(self, return_inverse, return_counts, dim):
    """PyTorch's unique: sorted (lexicographically by slices along dim), with inverse and counts."""
    rows, moved = _rows(self, dim)
    _, first, inverse, counts = np.unique(rows, axis=0, return_index=True, return_inverse=True, return_counts=True)
    inverse = inverse.reshape(-1)
    shape = np.shape(self) if dim is None else (rows.shape[0],)
    return _unrows(rows, first, moved, dim, self), inverse.reshape(shape), counts


def unique_consecutive(self, return_inverse, return_counts, dim):
    """Runs of equal neighbouring elements (slices along dim), each kept once."""
    rows, moved = _rows(self, dim)
    n = rows.shape[0]
    starts = np.ones(n, dtype=bool)
    starts[1:] = np.any(rows[1:] != rows[:-1], axis=1)
    first = np.flatnonzero(starts)
    inverse = np.cumsum(starts) - 1
    counts = np.diff(np.append(first, n))
    shape = np.shape(self) if dim is None else (n,)
    return _unrows(rows, first, moved, dim, self), inverse.reshape(shape), counts


def searchsorted(sorted_sequence, values, right, side):
    """Insertion points in each row of the ascending sorted_sequence (1-d: one for all values)."""
    if side == "left" and right:
        raise ValueError("searchsorted: side 'left' with right=True")
    how = "right" if right or side == "right" else "left"
    seq = np.asarray(sorted_sequence)
    values = np.asarray(values)
    if seq.ndim == 1:
        return np.searchsorted(seq, values, side=how)
    out = np.empty(values.shape, dtype=np.int64)
    for at in np.ndindex(values.shape[:-1]):
        out[at] = np.searchsorted(seq[at], values[at], side=how)
    return out


_UFUNCS = {"sum": np.add, "mean": np.add, "prod": np.multiply, "amax": np.maximum, "amin": np.minimum}


def scatter_reduce(self, dim, index, src, reduce, include_self=True):
    """PyTorch's scatter_reduce: the values landing on each place of self (and self's own with include_self)
    reduced; mean divides by their count (floor division for integers)."""
    out = np.array(self, copy=True)
    positions = list(np.indices(index.shape, sparse=True))
    positions[dim % max(out.ndim, 1)] = index
    where = tuple(positions) if out.ndim else (index,)
    target = out if out.ndim else out.reshape(1)
    src = np.broadcast_to(src, index.shape) if np.ndim(src) == 0 else np.asarray(src)[tuple(slice(0, n) for n in index.shape)]
    touched = np.zeros(target.shape, dtype=bool)
    touched[where] = True
    if not include_self:
        top = reduce == "amin"
        if target.dtype == bool:
            extreme = top
        elif target.dtype.kind == "f":
            extreme = np.inf if top else -np.inf
        else:
            extreme = np.iinfo(target.dtype).max if top else np.iinfo(target.dtype).min
        target[touched] = {"sum": 0, "mean": 0, "prod": 1}.get(reduce, extreme)
    _UFUNCS[reduce].at(target, where, src.astype(target.dtype))
    if reduce == "mean":
        counts = np.full(target.shape, 1 if include_self else 0)
        np.add.at(counts, where, 1)
        safe = np.maximum(counts, 1).astype(target.dtype)
        divided = target / safe if target.dtype.kind == "f" else target // safe
        target[...] = np.where(counts > 0, divided, target)
    return out


def take_along_dim(self, indices, dim):
    """PyTorch's take_along_dim: without dim, over both flattened (a 1-d result)."""
    if dim is None:
        return np.take(self, indices).reshape(-1)
    return np.take_along_axis(self, indices, axis=dim)


def quantile(self, q, dim, keepdim, interpolation, ignore_nan=False):
    """np.quantile / np.nanquantile with PyTorch's rules: an empty self is an error."""
    a = np.asarray(self, dtype=np.float64)
    if a.size == 0:
        raise ValueError("quantile of no elements")
    fn = np.nanquantile if ignore_nan else np.quantile
    if dim is None:
        r = fn(a.reshape(-1), q, method=interpolation)
        return np.reshape(r, np.shape(q) + (1,) * a.ndim) if keepdim else r
    return fn(a, q, axis=dim, keepdims=keepdim, method=interpolation)


def diff(self, n, dim, prepend, append):
    """np.diff; NumPy's prepend/append default is not None, so they are passed only when given."""
    extra = {k: v for k, v in (("prepend", prepend), ("append", append)) if v is not None}
    # PyTorch checks their shapes before n (NumPy returns self for n = 0 unchecked).
    for v in extra.values():
        shape = list(np.shape(v))
        if len(shape) != np.ndim(self) or any(a != b for k, (a, b) in enumerate(zip(shape, np.shape(self))) if k != dim % len(shape)):
            raise ValueError("prepend/append shape")
    # Past the joined length every n gives the same empty dim; np.diff would loop n times.
    joined = np.shape(self)[dim] + sum(np.shape(v)[dim] for v in extra.values())
    return np.diff(self, n=min(n, joined), axis=dim, **extra)


def cdist(x1, x2, p):
    return np.linalg.norm(np.asarray(x1)[..., :, None, :] - np.asarray(x2)[..., None, :, :], ord=p, axis=-1)


def norm_words(self, p, dim, keepdim, dtype):
    """torch.norm's p='fro' (its default) and 'nuc': no dtype, at most 2 dims (exactly 2 for 'nuc')."""
    a = np.asarray(self, dtype=np.float64)
    if dtype is not None:
        raise ValueError("dtype with a word p")
    axes = tuple(d % max(a.ndim, 1) for d in dim) if dim else tuple(range(a.ndim))
    if len(set(axes)) != len(axes) or len(axes) > 2 or (p == "nuc" and len(axes) != 2):
        raise ValueError("dims")
    if p == "fro":
        return np.sqrt(np.sum(a * a, axis=axes, keepdims=keepdim))
    m = np.moveaxis(a, axes, (-2, -1))
    r = np.linalg.svd(m, compute_uv=False).sum(-1) if m.size else np.zeros(m.shape[:-2])
    return np.expand_dims(r, tuple(sorted(axes))) if keepdim else r
