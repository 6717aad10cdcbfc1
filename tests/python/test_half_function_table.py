"""Compute-bound functions of one float16 or bfloat16 tensor run by a table
of all 65536 results once a call has kHalfTableMinElements (16384)
elements (kernels/half_function_table.h, Note [16-bit function tables]);
smaller calls run the loop. The note's claim is that the table holds
exactly the loop's bits: every bit pattern through a call large enough
for the table (whole, strided, in place, into out=) must give the same
bits as the same patterns in calls too small for it."""
import numpy as np
import pytest

import ember

OPS = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "erf", "erfc", "erfinv", "exp", "exp2",
       "expm1", "lgamma", "log", "log10", "log1p", "log2", "sigmoid", "sin", "sinc", "sinh", "tan", "tanh"]
SMALL = 1000  # elements per call below the table's threshold


def every_pattern(dtype):
    """A tensor of every bit pattern of dtype (bfloat16 from float32 with
    zero low halves, exact but for signaling NaNs, which come out quiet)."""
    patterns = np.arange(65536, dtype=np.uint32)
    if dtype == "float16":
        return ember.from_numpy(patterns.astype(np.uint16).view(np.float16))
    return ember.from_numpy((patterns << 16).view(np.float32)).to(ember.bfloat16)


def bits(t):
    """t's values as float32 bit patterns (exact for both 16-bit floats)."""
    return t.to(ember.float32).numpy().view(np.uint32)


def in_small_calls(fn, x):
    """fn over x in calls of SMALL elements, too few for the table."""
    return np.concatenate([bits(fn(x[i:i + SMALL])) for i in range(0, x.shape[0], SMALL)])


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("name", OPS)
def test_table_gives_the_loops_bits(name, dtype):
    fn = getattr(ember, name)
    x = every_pattern(dtype)
    want = in_small_calls(fn, x)
    np.testing.assert_array_equal(bits(fn(x)), want)
    # A strided view of 32768 elements and the out= and in-place forms take the table too.
    np.testing.assert_array_equal(bits(fn(x[::2])), want[::2])
    out = ember.empty(65536, dtype=x.dtype)
    fn(x, out=out)
    np.testing.assert_array_equal(bits(out), want)
    y = x.clone()
    getattr(y, name + "_")()
    np.testing.assert_array_equal(bits(y), want)
    # The input is left as it was.
    np.testing.assert_array_equal(bits(x), bits(every_pattern(dtype)))
