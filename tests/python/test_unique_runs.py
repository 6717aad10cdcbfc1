"""unique_consecutive of elements (Note [runs of equal elements] in
kernels/search.h) against a loop written here: every dtype, runs of every
length, NaN (never equal, not even to itself), -0 next to +0 (one run,
whose value is its first element's bits), 0-dim, empty and strided
inputs, each combination of return_inverse and return_counts."""
import itertools

import numpy as np
import pytest

import ember

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]


def runs_by_loop(flat):
    values, inverse, counts = [], [], []
    for i, x in enumerate(flat):
        if i == 0 or not (x == flat[i - 1]):
            values.append(x)
            counts.append(0)
        counts[-1] += 1
        inverse.append(len(values) - 1)
    return values, inverse, counts


def data(dtype, n, rng):
    x = rng.integers(0, 3, n)  # few values: runs of every length
    if dtype == "bool":
        return x.astype(bool)
    x = x.astype(dtype)
    if np.dtype(dtype).kind == "f":
        special = np.array([np.nan, -0.0, 0.0, np.inf], dtype=dtype)
        pick = rng.random(n) < 0.3
        x[pick] = special[rng.integers(0, 4, n)][pick]
    return x


def check(x, t):
    flat = x.reshape(-1)
    want_values, want_inverse, want_counts = runs_by_loop(list(flat))
    for inverse, counts in itertools.product((False, True), repeat=2):
        got = ember.unique_consecutive(t, return_inverse=inverse, return_counts=counts)
        output = got[0] if inverse or counts else got
        want = np.array(want_values, dtype=x.dtype)
        # Bits, not values: NaN payloads and the sign of zero are the first element's.
        np.testing.assert_array_equal(output.numpy().view(np.uint8), want.view(np.uint8))
        rest = list(got[1:]) if inverse or counts else []
        if inverse:
            np.testing.assert_array_equal(rest.pop(0).numpy(), np.array(want_inverse, dtype=np.int64).reshape(x.shape))
        if counts:
            np.testing.assert_array_equal(rest.pop(0).numpy(), np.array(want_counts, dtype=np.int64))


@pytest.mark.parametrize("dtype", DTYPES)
def test_runs_against_loop(dtype):
    rng = np.random.default_rng(DTYPES.index(dtype))
    for n in (0, 1, 2, 3, 17, 1000):
        x = data(dtype, n, rng)
        check(x, ember.from_numpy(x))
    m = data(dtype, 6 * 40, rng).reshape(6, 40)
    check(m, ember.from_numpy(m))
    check(np.ascontiguousarray(m.T), ember.from_numpy(m).transpose(0, 1))  # the view's row-major order
    check(np.ascontiguousarray(m[:, ::3]), ember.from_numpy(m)[:, ::3])


def test_zero_dim_and_signed_zero():
    got, inverse, counts = ember.unique_consecutive(ember.tensor(2.5), return_inverse=True, return_counts=True)
    assert got.numpy().tolist() == [2.5] and tuple(inverse.shape) == () and counts.numpy().tolist() == [1]
    x = np.array([-0.0, 0.0, 0.0, np.nan, np.nan, 1.0], dtype=np.float32)
    out, counts = ember.unique_consecutive(ember.from_numpy(x), return_counts=True)
    assert np.signbit(out.numpy()[0]) and counts.numpy().tolist() == [3, 1, 1, 1]
