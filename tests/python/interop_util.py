"""Shared by the interop tests: the dtypes and their NumPy counterparts."""
import numpy as np

import ember

# Every dtype with the NumPy dtype that holds the same values (None for
# bfloat16, which NumPy lacks).
DTYPES = [
    (ember.uint8, np.uint8), (ember.int8, np.int8), (ember.int16, np.int16), (ember.int32, np.int32),
    (ember.int64, np.int64), (ember.float32, np.float32), (ember.float64, np.float64),
    (ember.float16, np.float16), (ember.bool, np.bool_), (ember.bfloat16, None),
]
NUMPY_DTYPES = [(e, n) for e, n in DTYPES if n is not None]
EMBER_OF = {np.dtype(n): e for e, n in NUMPY_DTYPES}


def sample(shape, np_dtype, seed=0):
    """Values every dtype holds exactly (small integers; 0/1 for bool)."""
    rng = np.random.default_rng(seed)
    if np.dtype(np_dtype) == np.bool_:
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    lo = 0 if np.dtype(np_dtype).kind == "u" else -50
    return rng.integers(lo, 100, size=shape).astype(np_dtype)


def ember_of(array):
    """An ember tensor holding a copy of `array` (through ember.tensor)."""
    return ember.tensor(array)


def same(t, expected):
    """t (an ember tensor) has expected's shape, dtype and values."""
    assert isinstance(t, ember.Tensor), type(t)
    expected = np.asarray(expected)
    assert t.shape == expected.shape, (t.shape, expected.shape)
    assert t.dtype is EMBER_OF[expected.dtype], (t.dtype, expected.dtype)
    np.testing.assert_array_equal(np.asarray(t.tolist(), dtype=expected.dtype).reshape(expected.shape), expected)
