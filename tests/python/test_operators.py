"""Python's operators on tensors, against NumPy with PyTorch's promotion rules.

Differences from NumPy that follow PyTorch: a Python number never widens
a tensor within its category (int8 tensor + 1000 stays int8 and wraps;
int tensor + 2.5 gives the default float dtype, not float64), a 0-dim
tensor likewise, `/` of integers gives the default float dtype.

An operator whose op the schemas do not define yet (codegen/python_operators.py)
must raise a TypeError naming it; these tests then check exactly that, and
check values once the op lands.
"""
import operator

import numpy as np
import pytest

import ember
from ember_np import NP_DTYPES, to_ember, to_numpy


def has_op(*names):
    return any(hasattr(ember, n) for n in names)


# (symbol, Python operator, in-place operator, candidate ops, NumPy function, dtypes)
ARITH = ("int32", "int64", "uint8", "float32", "float64")
BITS = ("int32", "uint8", "bool")
BINARY = [
    ("+", operator.add, operator.iadd, ("add",), np.add, ARITH),
    ("-", operator.sub, operator.isub, ("sub",), np.subtract, ARITH),
    ("*", operator.mul, operator.imul, ("mul",), np.multiply, ARITH),
    ("/", operator.truediv, operator.itruediv, ("div",), np.true_divide, ARITH),
    ("//", operator.floordiv, operator.ifloordiv, ("floor_divide",), np.floor_divide, ARITH),
    ("%", operator.mod, operator.imod, ("remainder",), np.remainder, ARITH),
    ("**", operator.pow, operator.ipow, ("pow",), np.power, ("int64", "float32", "float64")),
    ("&", operator.and_, operator.iand, ("bitwise_and",), np.bitwise_and, BITS),
    ("|", operator.or_, operator.ior, ("bitwise_or",), np.bitwise_or, BITS),
    ("^", operator.xor, operator.ixor, ("bitwise_xor",), np.bitwise_xor, BITS),
    ("<<", operator.lshift, operator.ilshift, ("bitwise_left_shift", "__lshift__", "lshift"), np.left_shift,
     ("int32", "int64")),
    (">>", operator.rshift, operator.irshift, ("bitwise_right_shift", "__rshift__", "rshift"), np.right_shift,
     ("int32", "int64")),
]
COMPARE = [
    ("<", operator.lt, ("lt",), np.less), ("<=", operator.le, ("le",), np.less_equal),
    (">", operator.gt, ("gt",), np.greater), (">=", operator.ge, ("ge",), np.greater_equal),
    ("==", operator.eq, ("eq",), np.equal), ("!=", operator.ne, ("ne",), np.not_equal),
]
DIVLIKE = {"/", "//", "%"}


def floating(dtype):
    return dtype in ("float16", "float32", "float64", "bfloat16")


def operands(symbol, dtype, rng):
    """a, b as NumPy arrays of `dtype` (a [3, 4], b [4], broadcasting) and a
    Python number for b, chosen so that every result is exact or well-conditioned."""
    if dtype == "bool":
        return rng.integers(0, 2, (3, 4)).astype(bool), rng.integers(0, 2, 4).astype(bool), True
    if symbol in ("<<", ">>"):
        return rng.integers(-100, 100, (3, 4)).astype(dtype), rng.integers(0, 6, 4).astype(dtype), 3
    if symbol == "**":
        if floating(dtype):
            return rng.integers(1, 16, (3, 4)) / 4, rng.integers(-2, 4, 4).astype(np.float64), 2.0
        return rng.integers(-5, 6, (3, 4)).astype(dtype), rng.integers(0, 4, 4).astype(dtype), 3
    lo = 0 if dtype == "uint8" else -8
    if floating(dtype):
        a = rng.integers(4 * lo, 33, (3, 4)) / 4
        b = rng.choice([-4.0, -2.0, -0.5, 0.5, 1.0, 2.0, 4.0], 4) if symbol in DIVLIKE else rng.integers(4 * lo, 33, 4) / 4
        return a.astype(dtype), b.astype(dtype), (2.0 if symbol in DIVLIKE else 1.5)
    a = rng.integers(lo, 9, (3, 4)).astype(dtype)
    b = rng.choice([v for v in range(lo, 9) if v != 0] if symbol in DIVLIKE else range(lo, 9), 4).astype(dtype)
    return a, b, 3


def expected(fn, a, b, result_dtype):
    """NumPy's value of fn(a, b) in the precision of the inputs, cast to the result dtype."""
    with np.errstate(all="ignore"):
        value = fn(a, b)
    return np.asarray(value).astype(NP_DTYPES[result_dtype])


def check(got, want, what):
    assert isinstance(got, ember.Tensor), what
    assert got.dtype is getattr(ember, str(want.dtype) if want.dtype != np.bool_ else "bool"), \
        f"{what}: dtype {got.dtype}, expected {want.dtype}"
    g = to_numpy(got)
    assert g.shape == want.shape, what
    if np.issubdtype(want.dtype, np.floating):
        np.testing.assert_allclose(g, want, rtol=1e-6, atol=0, err_msg=what)
    else:
        np.testing.assert_array_equal(g, want, err_msg=what)


@pytest.mark.parametrize("symbol,fn,ifn,ops,npfn,dtypes", BINARY, ids=[b[0] for b in BINARY])
def test_binary_operator(symbol, fn, ifn, ops, npfn, dtypes):
    rng = np.random.default_rng(len(symbol) * 7 + ord(symbol[0]))
    for dtype in dtypes:
        a, b, n = operands(symbol, dtype, rng)
        ta, tb = to_ember(a, dtype), to_ember(b, dtype)
        if not has_op(*ops):
            for call in (lambda: fn(ta, tb), lambda: fn(ta, n), lambda: fn(n, ta), lambda: ifn(ta, tb)):
                with pytest.raises(TypeError, match=f"ember has no op {ops[0]}"):
                    call()
            continue
        true_div = symbol == "/" and not floating(dtype)
        rd = "float32" if true_div else dtype
        what = f"{dtype} {symbol}"
        # PyTorch promotes bool with a Python int to int64.
        nd = "int64" if (dtype == "bool" and type(n) is int) else rd
        check(fn(ta, tb), expected(npfn, a, b, rd), f"tensor {what} tensor")
        check(fn(ta, n), expected(npfn, a, np.asarray(n, dtype=a.dtype), nd), f"tensor {what} number")
        if not (symbol in DIVLIKE and not floating(dtype) and (a == 0).any()):
            check(fn(n, tb), expected(npfn, np.asarray(n, dtype=b.dtype), b, nd), f"number {what} tensor")
        if not true_div:
            t = ta.clone()
            r = ifn(t, tb)
            assert r is t, f"{what}=: the same object"
            check(t, expected(npfn, a, b, rd), f"tensor {what}= tensor")


@pytest.mark.parametrize("symbol,fn,ops,npfn", COMPARE, ids=[c[0] for c in COMPARE])
def test_comparison(symbol, fn, ops, npfn):
    rng = np.random.default_rng(ord(symbol[0]))
    for dtype in ("int32", "float32", "uint8", "bool"):
        a = rng.integers(0, 3, (3, 4)).astype(NP_DTYPES[dtype])
        b = rng.integers(0, 3, 4).astype(NP_DTYPES[dtype])
        ta, tb = to_ember(a, dtype), to_ember(b, dtype)
        swapped = {"<": (">",), ">": ("<",), "<=": (">=",), ">=": ("<=",)}.get(symbol, (symbol,))
        swapped_ops = {"<": ("gt",), ">": ("lt",), "<=": ("ge",), ">=": ("le",)}.get(symbol, ops)
        if has_op(*ops):
            check(fn(ta, tb), npfn(a, b), f"tensor {dtype} {symbol} tensor")
            check(fn(ta, 1), npfn(a, 1), f"tensor {dtype} {symbol} 1")
        else:
            with pytest.raises(TypeError, match=f"ember has no op {ops[0]}"):
                fn(ta, tb)
        # 1 < t is t > 1 for Python: the swapped op.
        if has_op(*swapped_ops):
            check(fn(1, tb), npfn(1, b), f"1 {symbol} tensor {dtype}")
        else:
            with pytest.raises(TypeError, match=f"ember has no op {swapped_ops[0]}"):
                fn(1, tb)


def test_comparison_with_other_objects():
    t = to_ember([1, 2], "int32")
    assert (t == None) is False  # noqa: E711 - Python's fallback to identity, as for torch
    assert (t != None) is True  # noqa: E711
    assert (t == "a") is False
    with pytest.raises(TypeError):
        t < "a"
    assert hash(t) == hash(t) and len({t, t}) == 1


UNARY = [("-", operator.neg, ("neg",), np.negative, ("int32", "int64", "float32", "float64")),
         ("abs", abs, ("abs",), np.abs, ("int8", "int32", "float32", "float64")),
         ("~", operator.invert, ("bitwise_not",), np.invert, ("int32", "uint8", "bool"))]


@pytest.mark.parametrize("symbol,fn,ops,npfn,dtypes", UNARY, ids=[u[0] for u in UNARY])
def test_unary(symbol, fn, ops, npfn, dtypes):
    rng = np.random.default_rng(3)
    for dtype in dtypes:
        a = (rng.integers(0, 2, (3, 4)).astype(bool) if dtype == "bool"
             else rng.integers(-8, 9, (3, 4)).astype(NP_DTYPES[dtype]))
        t = to_ember(a, dtype)
        if not has_op(*ops):
            with pytest.raises(TypeError, match=f"ember has no op {ops[0]}"):
                fn(t)
            continue
        check(fn(t), npfn(a), f"{symbol} {dtype}")
    if symbol == "-":
        assert to_numpy(-to_ember(np.array([-128], np.int8), "int8")).tolist() == [-128]  # wraps


def test_positive_aliases_and_rejects_bool():
    t = to_ember([1.0, -2.0], "float32")
    p = +t
    assert p is not t and to_numpy(p).tolist() == [1.0, -2.0]
    p.add_(1)
    assert to_numpy(t).tolist() == [2.0, -1.0]  # the same elements
    with pytest.raises(TypeError, match="bool"):
        +to_ember([True], "bool")


@pytest.mark.parametrize("left,right,want", [
    (("int32", (2,)), 2.5, "float32"),
    (("int32", (2,)), 2, "int32"),
    (("int8", (2,)), 1000, "int8"),
    (("uint8", (2,)), ("int8", (2,)), "int16"),
    (("int32", (2,)), ("float16", (2,)), "float16"),
    (("float16", (2,)), ("bfloat16", (2,)), "float32"),
    (("bool", (2,)), 1, "int64"),
    (("bool", (2,)), 1.5, "float32"),
    (("bool", (2,)), True, "bool"),  # bool + bool is logical or, as PyTorch
    (("float16", (2,)), 1.5, "float16"),
    (("int8", (2,)), ("int64", ()), "int8"),      # a 0-dim tensor does not widen within its category
    (("int32", (2,)), ("float64", ()), "float64"),  # but raises the category
    (("float16", (2,)), ("float64", ()), "float16"),
    (("int32", ()), 2, "int32"),
    (("int32", ()), ("int64", ()), "int64"),
    (("int64", (2,)), ("float32", (2,)), "float32"),
])
def test_promotion_of_add(left, right, want):
    def make(spec):
        if not isinstance(spec, tuple):
            return spec
        dtype, shape = spec
        t = to_ember(np.ones(shape or (1,)), dtype)
        return t.select(0, 0) if shape == () else t
    a, b = make(left), make(right)
    assert (a + b).dtype is getattr(ember, want)
    if isinstance(right, tuple):
        assert (b + a).dtype is getattr(ember, want)
    else:
        assert (b + a).dtype is getattr(ember, want)  # reflected
        if want != "bool":  # bool - bool raises, as PyTorch
            assert (b - a).dtype is getattr(ember, want)


def test_true_division_of_integers_gives_default_dtype():
    a = to_ember([1, 2, 3], "int64")
    assert (a / a).dtype is ember.float32
    assert (a / 2).dtype is ember.float32
    assert (1 / a).dtype is ember.float32
    assert to_numpy(3 / a).tolist() == pytest.approx([3.0, 1.5, 1.0])


def test_reflected_subtraction_wraps_like_pytorch():
    t = to_ember([1, 200], "uint8")
    assert to_numpy(2 - t).tolist() == [1, 58]  # (2 - 200) mod 256
    assert (2 - t).dtype is ember.uint8
    z = to_ember([5], "int32").select(0, 0)
    assert (2 - z).dtype is ember.int32 and int(2 - z) == -3
    assert to_numpy(1.5 - to_ember([1, 2], "int32")).tolist() == [0.5, -0.5]


def test_inplace_operators():
    t = to_ember(np.zeros((2, 3)), "float32")
    keep = t
    t += to_ember([1, 2, 3], "float32")  # broadcast into self
    t *= 2
    t -= 1
    t /= 2
    assert t is keep
    assert to_numpy(t).tolist() == [[0.5, 1.5, 2.5]] * 2
    i = to_ember([1, 2], "int32")
    with pytest.raises(TypeError, match="float32.*int32|int32"):
        i += 1.5  # the result cannot be written to an int tensor, as in PyTorch
    with pytest.raises(TypeError):
        i /= 2
    with pytest.raises(ValueError):
        small = to_ember([1.0], "float32")
        small += to_ember([1.0, 2.0], "float32")  # self cannot grow


def test_operators_with_unrelated_types():
    t = to_ember([1, 2], "int32")
    for bad in ("a", [1, 2], None, object()):
        with pytest.raises(TypeError):
            t + bad
        with pytest.raises(TypeError):
            bad - t
    with pytest.raises(TypeError, match="modulo"):
        pow(t, 2, 3)


def test_numpy_scalars_on_the_left_give_tensors():
    t = to_ember([1.0, 2.0], "float32")
    r = np.float32(2) * t
    assert isinstance(r, ember.Tensor) and to_numpy(r).tolist() == [2.0, 4.0]
    assert isinstance(np.float64(1) + t, ember.Tensor)


def test_matmul_operator():
    a = to_ember(np.arange(6).reshape(2, 3), "float32")
    b = to_ember(np.arange(6).reshape(3, 2), "float32")
    if not has_op("matmul"):
        with pytest.raises(TypeError, match="ember has no op matmul"):
            a @ b
        return
    check(a @ b, np.arange(6).reshape(2, 3).astype(np.float32) @ np.arange(6).reshape(3, 2).astype(np.float32), "@")
    with pytest.raises(TypeError):
        a @ 2


def test_one_element_conversions():
    f = to_ember([2.75], "float32")
    i = to_ember([-3], "int64")
    z = to_ember([0], "int32").select(0, 0)
    assert float(f) == 2.75 and int(f) == 2 and bool(f) is True
    assert int(i) == -3 and float(i) == -3.0 and operator.index(i) == -3
    assert bool(z) is False and [10, 20, 30][to_ember([1], "int64")] == 20
    assert int(to_ember([True], "bool")) == 1
    with pytest.raises(ValueError, match="one element"):
        bool(to_ember([1, 2], "int32"))
    with pytest.raises(ValueError, match="one element"):
        float(to_ember(np.zeros(0), "float32"))
    with pytest.raises(TypeError, match="integer"):
        operator.index(f)
    with pytest.raises(ValueError):
        int(to_ember([float("nan")], "float32"))
    with pytest.raises(OverflowError):
        int(to_ember([float("inf")], "float64"))


def test_len():
    assert len(to_ember(np.zeros((4, 2)), "float32")) == 4
    assert len(to_ember(np.zeros((0, 2)), "float32")) == 0
    with pytest.raises(TypeError, match="0-d"):
        len(to_ember([1], "int32").select(0, 0))


# Integer division runs in double, in float or (int64) by lanes with a
# fallback (Notes [division through double], [int64 division by lanes]):
# every dtype's whole range and its extremes, long enough to fill vectors
# and leave remainders, by one number and by a tensor, against NumPy.
@pytest.mark.parametrize("dtype", ["uint8", "int8", "int16", "int32", "int64"])
def test_integer_division_over_the_whole_range(dtype):
    info = np.iinfo(dtype)
    rng = np.random.default_rng(17)
    spread = rng.integers(info.min, info.max, 4099, dtype=dtype, endpoint=True)
    if dtype == "int64":  # lanes below 2^48 in magnitude, above, and mixed
        spread[::3] >>= 20
    a = np.concatenate([spread, np.array([info.min, info.max, 0, 1, -1 if info.min else 2], dtype=dtype)])
    ta = to_ember(a, dtype)
    divisors = [7, 1, 3, 100, info.max] + ([-7, -1, info.min] if info.min else [])
    for d in divisors:
        # info.min // -1 overflows (it wraps, as in PyTorch; test_integer_division.cpp)
        x = a[a != info.min] if d == -1 else a
        tx = to_ember(x, dtype)
        for sym, fn, npfn in (("//", operator.floordiv, np.floor_divide), ("%", operator.mod, np.remainder)):
            check(fn(tx, int(d)), npfn(x, np.asarray(d, dtype=dtype)), f"{dtype} {sym} {d}")
    b = rng.integers(info.min, info.max, a.size, dtype=dtype, endpoint=True)
    b[b == 0] = 1
    if info.min:
        b[(a == info.min) & (b == -1)] = 2
    tb = to_ember(b, dtype)
    check(ta // tb, np.floor_divide(a, b), f"{dtype} // tensor")
    check(ta % tb, np.remainder(a, b), f"{dtype} % tensor")
