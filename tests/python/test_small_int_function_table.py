"""Compute-bound functions of one uint8, int8 or int16 tensor run by a
table of their results for every input value once a call has a quarter
as many elements as the dtype has values (runtime/ops/pointwise_table.h,
Note [small integer function tables]); smaller calls convert the input
and run the loop. The note's claim is that the table holds exactly the
bits the loop gives: every value through a call large enough for the
table (whole, strided, into out= of another dtype, in float64 by the
default dtype) must give the same bits as the same values in calls too
small for it, which NumPy's functions of the converted values check in
turn."""
import numpy as np
import pytest

import ember
from test_half_function_table import OPS

# dtype -> (NumPy dtype, elements per call below the table's threshold)
DTYPES = {"uint8": (np.uint8, 50), "int8": (np.int8, 50), "int16": (np.int16, 1000)}
# NumPy's forms of the ops it has, for a closeness check of the loop's values.
NUMPY = {"acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin, "asinh": np.arcsinh, "atan": np.arctan,
         "atanh": np.arctanh, "cos": np.cos, "cosh": np.cosh, "exp": np.exp, "exp2": np.exp2, "expm1": np.expm1,
         "log": np.log, "log10": np.log10, "log1p": np.log1p, "log2": np.log2, "sin": np.sin, "sinh": np.sinh,
         "tan": np.tan, "tanh": np.tanh}


def every_value(dtype, repeat=1):
    """Every value of dtype, in bit-pattern order, `repeat` times over."""
    np_dtype = DTYPES[dtype][0]
    count = 1 << (8 * np.dtype(np_dtype).itemsize)
    values = np.arange(count, dtype=np.uint32).astype(np.dtype(np_dtype).str.replace("i", "u")).view(np_dtype)
    return ember.from_numpy(np.tile(values, repeat))


def bits(t):
    return t.numpy().view(np.uint32 if t.dtype == ember.float32 else np.uint64)


def in_small_calls(fn, x, small):
    return np.concatenate([bits(fn(x[i:i + small])) for i in range(0, x.shape[0], small)])


@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("name", OPS)
def test_table_gives_the_loops_bits(name, dtype):
    fn = getattr(ember, name)
    small = DTYPES[dtype][1]
    x = every_value(dtype, repeat=2)
    want = in_small_calls(fn, x, small)
    got = fn(x)
    assert got.dtype == ember.float32
    np.testing.assert_array_equal(bits(got), want)
    # The call by table records the op's kernel as a call by the loop does.
    ember.ones(1, dtype=ember.float64) + 1
    fn(x)
    assert (ember.last_kernel().op, ember.last_kernel().dtype) == (name, ember.float32)
    # A strided view (half the values, still past the threshold) and out=
    # of float64 (the float32 results converted) take the table too.
    np.testing.assert_array_equal(bits(fn(x[::2])), want[::2])
    out = ember.empty(x.shape[0], dtype=ember.float64)
    fn(x, out=out)
    np.testing.assert_array_equal(out.numpy(), want.view(np.float32).astype(np.float64))
    # The input is left as it was.
    np.testing.assert_array_equal(x.numpy(), every_value(dtype, repeat=2).numpy())
    if name in NUMPY:
        with np.errstate(all="ignore"):
            ref = NUMPY[name](x.numpy().astype(np.float64)).astype(np.float32)  # float32's overflows
        np.testing.assert_allclose(got.numpy(), ref, rtol=2e-7, atol=1e-37)


@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("name", ["sin", "lgamma", "sigmoid"])
def test_table_in_double_by_the_default_dtype(name, dtype):
    fn = getattr(ember, name)
    x = every_value(dtype, repeat=2)
    saved = ember.get_default_dtype()
    ember.set_default_dtype(ember.float64)
    try:
        got = fn(x)
        want = in_small_calls(fn, x, DTYPES[dtype][1])
    finally:
        ember.set_default_dtype(saved)
    assert got.dtype == ember.float64
    np.testing.assert_array_equal(bits(got), want)


def test_out_overlapping_the_input():
    """out= whose bytes hold the input (the input's int16 elements are the
    first half of out's): the result must be the function of the input
    as it was (Note [output aliasing])."""
    x = every_value("int16", repeat=2)
    want = in_small_calls(ember.sin, x, 1000)
    buffer = np.zeros(x.shape[0], dtype=np.float32)
    shared = buffer.view(np.int16)[:x.shape[0]]
    shared[:] = x.numpy()
    ember.sin(ember.from_numpy(shared), out=ember.from_numpy(buffer))
    np.testing.assert_array_equal(buffer.view(np.uint32), want)
