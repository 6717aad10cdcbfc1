"""unique of elements with return_inverse (Note [unique with positions] in
kernels/search.h) against NumPy's stable argsort and a loop written here:
every dtype, many and few distinct values, NaN (each its own group, last),
-0 beside +0 (one group, whose value is the first of them in position
order), 0-dim, empty and strided inputs, with and without counts."""
import numpy as np
import pytest

import ember

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]


def groups_by_loop(x):
    flat = x.reshape(-1)
    order = np.argsort(flat, kind="stable")  # NaN last, ties (and -0, +0) by position
    values, counts, inverse = [], [], np.empty(flat.size, np.int64)
    for i, pos in enumerate(order):
        if i == 0 or not (flat[pos] == flat[order[i - 1]]):
            values.append(flat[pos])
            counts.append(0)
        counts[-1] += 1
        inverse[pos] = len(values) - 1
    return np.array(values, dtype=x.dtype), inverse.reshape(x.shape), np.array(counts, dtype=np.int64)


def data(dtype, shape, distinct, rng):
    x = rng.integers(0, distinct, shape)
    if dtype == "bool":
        return (x % 2).astype(bool)
    x = x.astype(dtype)
    if np.dtype(dtype).kind == "f":
        special = np.array([np.nan, -0.0, 0.0, -np.inf], dtype=dtype)
        pick = rng.random(shape) < 0.2
        x[pick] = special[rng.integers(0, 4, shape)][pick]
    return x


def check(x, t):
    want_values, want_inverse, want_counts = groups_by_loop(x)
    values, inverse = ember.unique(t, return_inverse=True)
    np.testing.assert_array_equal(values.numpy().view(np.uint8), want_values.view(np.uint8))  # bits: -0 and NaN
    np.testing.assert_array_equal(inverse.numpy(), want_inverse)
    values, inverse, counts = ember.unique(t, return_inverse=True, return_counts=True)
    np.testing.assert_array_equal(values.numpy().view(np.uint8), want_values.view(np.uint8))
    np.testing.assert_array_equal(inverse.numpy(), want_inverse)
    np.testing.assert_array_equal(counts.numpy(), want_counts)


@pytest.mark.parametrize("dtype", DTYPES)
def test_unique_with_positions_against_loop(dtype):
    rng = np.random.default_rng(DTYPES.index(dtype))
    for shape, distinct in (((0,), 3), ((1,), 3), ((5,), 3), ((1000,), 7), ((3000,), 120), ((2, 3, 50), 40)):
        x = data(dtype, shape, distinct, rng)
        check(x, ember.from_numpy(x))
    m = data(dtype, (30, 40), 9, rng)
    check(np.ascontiguousarray(m.T), ember.from_numpy(m).transpose(0, 1))
    check(np.ascontiguousarray(m[:, ::3]), ember.from_numpy(m)[:, ::3])


def test_zero_dim():
    values, inverse = ember.unique(ember.tensor(7), return_inverse=True)
    assert values.numpy().tolist() == [7] and tuple(inverse.shape) == () and inverse.item() == 0
