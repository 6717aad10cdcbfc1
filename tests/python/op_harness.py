"""Runs the generated op tests (generated/tests/python/test_ops_*.py) against NumPy.

Note [numpy references]: an op entry's `test.numpy` is a Python expression
over the op's argument names with `np` bound. Tensor arguments are NumPy
arrays holding the input values: float64 for floating dtypes (so the
reference is computed more precisely than the op, then rounded to the
result dtype), the dtype itself for integer and bool dtypes (so integer
results wrap as NumPy's do). Scalar and Tensor|Scalar-as-number arguments
are Python numbers, int and bool arguments Python ints and bools. A
multi-output op's expression gives a tuple. The value is cast to the
result dtype of PyTorch's rules (the kernel's `result` rule: a Python
number never widens a tensor's dtype within its category, an integer
tensor's true division gives the default float dtype; NumPy's own
promotion is not used).

Cases: every dtype the op declares x layout x Python variant. The layouts
(`LAYOUTS`) build the same values as contiguous [5, 7], transposed,
sliced with steps (and an offset), broadcast (self [5, 1] expanded, the
other inputs [7]), zero-size [0, 3] and 0-dim tensors; an entry's
`test.shape` replaces [5, 7] (cross needs a dim of size 3).

Note [argument specs]: `test.shapes` gives named Tensor arguments their
own logical shapes (matrices of a product, an index vector), written
with sizes and symbols: `a` and `b` are the layout's two sizes (5 and 7,
0 and 3 in the zero-size layout), `c`, `d`, `e` are 3, 4 and 2. Such
arguments are transposed (last two dims) and sliced as the others, kept
contiguous in the broadcast layout; their entries have no 0-dim layout.
A `Tensor[]` argument (stack's `tensors`) is three tensors, each made as
self is. `test.values` says what a Tensor argument holds: `mask` (bool),
`index(dim)` (int64 positions along self's dim `dim`, the argument's
value; over self's elements flattened when an `int?` dim is None),
`unique_index(dim)` (the same without repeats along that dim, for ops
whose result would depend on the order of writes) or `flat_index`
(positions over self's elements flattened, negative ones from the end
included: take's). References
may call `math` and `ref` (tests/python/numpy_refs.py). With
`test.magnitude_tol` the tolerance is relative to the reference computed
on the inputs' magnitudes (products and sums of them, where cancellation
leaves the result itself small). Values follow the
C++ harness (tests/ops/harness/inputs.cpp, Note [domains]): the schema's domain,
else [-10, 10] for signed dtypes, [0, 20] for uint8, {0, 1} for bool,
floating values on a 1/64 grid, rounded to float16/bfloat16 where that is
the dtype. Tolerances are the schema's, relative, as Note [tolerance] of
the C++ harness; bfloat16 has no NumPy dtype and is compared via float32.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass, field, replace
from typing import Any

import math

import numpy as np

import ember
import numpy_refs
from ember_np import NP_DTYPES, round_bfloat16, to_ember, to_numpy

LAYOUTS = ("contiguous", "transposed", "sliced", "broadcast", "zero_size", "zero_dim")
DIMS = (0, 1, -1)
# Note [argument specs]: symbol sizes; the zero-size layout makes a and b 0 and 3.
SYMBOLS = {"a": 5, "b": 7, "c": 3, "d": 4, "e": 2}
# Values of int arguments that are not dims, by name.
INT_VALUES = {"diagonal": (0, 1, -2), "k": (1, 3), "bins": (1, 5), "correction": (0, 2),
              "minlength": (0, 12), "repeats": (0, 2), "output_size": (),
              "n": (0, 2), "decimals": (1, 2, -1)}
# Optional tensors whose valid values the harness cannot make (a sorter is
# a permutation, weights match self's length): only left out.
LEFT_OUT = {"sorter", "weights"}
# The value of float arguments besides their default, by name (0.5 for others).
FLOAT_VALUES = {"rtol": 0.1, "atol": 0.5, "nan": 7.0, "posinf": 100.0, "neginf": -100.0}


@dataclass(frozen=True)
class OpSpec:
    name: str
    python: str
    signature: str
    args: tuple[tuple[str, str, str | None, bool], ...]   # (name, type, default, kwarg_only)
    numpy: str
    dtypes: tuple[str, ...]
    variants: tuple[str, ...]
    kind: str
    results: tuple[str, ...]
    tol: dict[str, float] = field(default_factory=dict)
    domain: dict[str, tuple[float, float]] = field(default_factory=dict)
    shape: tuple[int, int] = (5, 7)
    layouts: tuple[str, ...] = LAYOUTS
    shapes: dict[str, tuple[int | str, ...]] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    magnitude_tol: bool = False
    returns_if: tuple[str | None, ...] = ()   # per result: the bool argument asking for it (None: always)
    aliases: tuple[str, ...] = ()             # more Python names of the op, each checked on the contiguous layout
    cuda_dtypes: tuple[str, ...] = ()         # dtypes of its CUDA kernels, checked against the CPU (tests/python/cuda_harness.py)
    where: str = ""


@dataclass(frozen=True)
class Case:
    spec: OpSpec
    dtype: str
    layout: str
    variant: str

    def __str__(self) -> str:
        return f"{self.spec.name}-{self.dtype}-{self.layout}-{self.variant}"


# Note [output aliasing] checks (tests/python/alias_harness.py), on the
# contiguous layout, for the entries with these variants.
CHECKS = {"out": ("out_aliased", "error_intact"), "inplace": ("inplace_aliased", "inplace_error_intact")}


def _under_aliases(specs: list[OpSpec]) -> list[OpSpec]:
    """Each alias as a spec of its own: the same op, called by that name."""
    return [replace(s, name=alias, python=alias, layouts=("contiguous",), aliases=()) for s in specs
            for alias in s.aliases if "contiguous" in s.layouts]


def cases(specs: list[OpSpec]) -> list[Case]:
    made = [Case(s, d, layout, v) for s in specs + _under_aliases(specs) for d in s.dtypes for layout in s.layouts
            for v in s.variants]
    made += [Case(s, d, "contiguous", check) for s in specs if "contiguous" in s.layouts for d in s.dtypes
             for v in s.variants for check in CHECKS.get(v, ())]
    # One CUDA case per dtype runs every layout and variant (cuda_harness.py).
    made += [Case(s, d, "every_layout", "cuda") for s in specs for d in s.cuda_dtypes]
    return made


# ---- values ---------------------------------------------------------------

def _is_floating(dtype: str) -> bool:
    return dtype in ("float16", "float32", "float64", "bfloat16")


def _domain(spec: OpSpec, arg: str, dtype: str) -> tuple[float, float]:
    if dtype == "bool":
        lo, hi = 0, 1
    else:
        lo, hi = spec.domain.get(arg, (-10, 10) if dtype != "uint8" else (0, 20))
    if not _is_floating(dtype):
        info = np.iinfo(NP_DTYPES[dtype]) if dtype != "bool" else None
        if info is not None:
            lo, hi = max(lo, info.min), min(hi, info.max)
        lo, hi = int(np.ceil(lo)), int(np.floor(hi))
    return lo, hi


def _values(rng: np.random.Generator, shape: tuple[int, ...], lo: float, hi: float, dtype: str) -> np.ndarray:
    """Input values in the reference dtype (Note [numpy references])."""
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if not _is_floating(dtype):
        return rng.integers(lo, hi, size=shape, endpoint=True).astype(NP_DTYPES[dtype])
    v = np.round(rng.uniform(lo, hi, size=shape) * 64) / 64
    v = np.clip(v, lo, hi)
    if dtype == "float16":
        v = v.astype(np.float16)
    elif dtype == "bfloat16":
        v = round_bfloat16(v)
    return v.astype(np.float64)


def _number(rng: np.random.Generator, lo: float, hi: float, dtype: str) -> Any:
    """A Python number of the dtype's kind, exactly representable in it."""
    value = _values(rng, (), lo, hi, dtype)[()]
    if dtype == "bool":
        return bool(value)
    return float(value) if _is_floating(dtype) else int(value)


def _logical_shape(shape: tuple[int, int], layout: str, k: int) -> tuple[int, ...]:
    if layout == "zero_size":
        return (0, 3)
    if layout == "zero_dim":
        return ()
    if layout == "broadcast":
        return (shape[0], 1) if k == 0 else (shape[1],)
    return shape


def _declared_shape(spec: OpSpec, name: str, layout: str) -> tuple[int, ...]:
    sizes = dict(SYMBOLS, **({"a": 0, "b": 3} if layout == "zero_size" else {}))
    return tuple(sizes[d] if isinstance(d, str) else d for d in spec.shapes[name])


def _make_declared(values: np.ndarray, dtype: str, layout: str) -> ember.Tensor:
    """An argument of a declared shape (Note [argument specs]) in `layout`."""
    if values.ndim == 0:
        return to_ember(values.reshape(1), dtype).select(0, 0)
    if layout == "transposed" and values.ndim >= 2:
        return to_ember(np.ascontiguousarray(np.swapaxes(values, -1, -2)), dtype).transpose(-1, -2)
    if layout == "sliced" and values.ndim >= 1:
        base = np.zeros(tuple(2 * n + 1 for n in values.shape), dtype=values.dtype)
        base[tuple(slice(1, None, 2) for _ in values.shape)] = values
        t = to_ember(base, dtype)
        for d, n in enumerate(values.shape):
            t = t.narrow(d, 1, 2 * n).unfold(d, 1, 2).select(-1, 0)
        return t
    return to_ember(values, dtype)


def _make(values: np.ndarray, dtype: str, layout: str, k: int, shape: tuple[int, int]) -> ember.Tensor:
    """An ember tensor holding `values`, built in `layout`."""
    if layout == "transposed":
        return to_ember(np.ascontiguousarray(values.T), dtype).t()
    if layout == "sliced":
        # Every other element of every other row, after an offset of one row and one column.
        base = np.zeros((2 * values.shape[0] + 1, 2 * values.shape[1] + 1), dtype=values.dtype)
        base[1::2, 1::2] = values
        t = to_ember(base, dtype).narrow(0, 1, 2 * values.shape[0]).narrow(1, 1, 2 * values.shape[1])
        t = t.unfold(0, 1, 2).select(2, 0)
        return t.unfold(1, 1, 2).select(2, 0)
    if layout == "broadcast" and k == 0:
        return to_ember(values, dtype).expand(*shape)
    if layout == "zero_dim":
        return to_ember(values.reshape(1), dtype).select(0, 0)
    return to_ember(values, dtype)


# ---- expected results -------------------------------------------------------

def _result_dtype(rule: str, dtype: str) -> str:
    default = str(ember.get_default_dtype()).removeprefix("ember.")
    return {
        "same": dtype,
        "Bool": "bool",
        "Long": "int64",
        "integral_to_long": dtype if _is_floating(dtype) else "int64",
        "floating": dtype if _is_floating(dtype) else default,
    }[rule]


def _tiny(dtype: str) -> float:
    if dtype == "bfloat16":
        return float(np.finfo(np.float32).tiny)
    return float(np.finfo(NP_DTYPES[dtype]).tiny)


def _rounded(expected: np.ndarray, dtype: str) -> np.ndarray:
    if dtype == "bfloat16":
        return round_bfloat16(expected).astype(np.float64)
    with np.errstate(over="ignore"):  # overflow to inf is the point
        return np.asarray(expected).astype(NP_DTYPES[dtype]).astype(np.float64)


def check_close(actual: ember.Tensor, expected: Any, dtype: str, tol: float, scale: np.ndarray | None = None,
                what: str = "") -> None:
    """`actual` is a tensor of `dtype` holding `expected` (Note [tolerance] of the C++ harness)."""
    expected = np.asarray(expected)
    assert actual.dtype == getattr(ember, dtype), f"{what}: dtype {actual.dtype}, expected ember.{dtype}"
    assert tuple(actual.shape) == expected.shape, f"{what}: shape {tuple(actual.shape)}, expected {expected.shape}"
    got = to_numpy(actual)
    if not _is_floating(dtype):
        want = expected.astype(NP_DTYPES[dtype])
        assert np.array_equal(got, want), f"{what}: got\n{got}\nexpected\n{want}"
        return
    got = got.astype(np.float64)
    # Rounded to the dtype first: what the exact result would be stored as (overflow gives inf).
    want = _rounded(expected.astype(np.float64), dtype)
    if tol == 0:
        ok = (got == want) | (np.isnan(got) & np.isnan(want))
    else:
        bound = tol * (np.abs(want) if scale is None else scale) + _tiny(dtype)
        with np.errstate(invalid="ignore"):  # inf - inf
            ok = (np.abs(got - want) <= bound) | (np.isnan(got) & np.isnan(want)) | (got == want)
    assert ok.all(), f"{what}: got\n{got}\nexpected\n{want}\n(tolerance {tol})"


def _tol(spec: OpSpec, dtype: str) -> float:
    return spec.tol.get(dtype, spec.tol.get("default", 0.0))


# ---- running a case -----------------------------------------------------------

@dataclass
class _Call:
    positional: list[Any]
    keywords: dict[str, Any]
    refs: dict[str, Any]        # argument name -> NumPy array or Python value


def _tensor_input(spec: OpSpec, case: Case, k: int, name: str, dtype: str, lo: float, hi: float,
                  rng: np.random.Generator) -> tuple[ember.Tensor, np.ndarray]:
    """Tensor argument k (its declared shape, else the layout's) and its reference values."""
    if name in spec.shapes:
        values = _values(rng, _declared_shape(spec, name, case.layout), lo, hi, dtype)
        return _make_declared(values, dtype, case.layout), values
    values = _values(rng, _logical_shape(spec.shape, case.layout, k), lo, hi, dtype)
    ref = np.broadcast_to(values, spec.shape) if (case.layout == "broadcast" and k == 0) else values
    return _make(values, dtype, case.layout, k, spec.shape), ref


def _argument_sets(spec: OpSpec, case: Case, rng: np.random.Generator) -> list[_Call]:
    """The calls of one case: Tensor|Scalar arguments as tensors and as
    numbers, Scalar arguments at their default and at another value,
    every valid dim (and dim list) and both keepdims, an optional result
    dtype left out and float64. An argument after one left out goes by
    keyword."""
    options: list[list[tuple[str, Any, Any, bool]]] = []   # per arg: (mode, ember value, reference, pass?)
    ndim = 0 if case.layout == "zero_dim" else 2
    for k, (name, type_, default, _) in enumerate(spec.args):
        choices: list[tuple[str, Any, Any, bool]] = []
        kind = spec.values.get(name, "")
        if kind.startswith(("index(", "unique_index(")) or kind == "flat_index":
            choices.append(("deferred", None, None, True))   # positions need the dim: made in build()
        elif kind == "mask":
            choices.append(("tensor", *_tensor_input(spec, case, k, name, "bool", 0, 1, rng), True))
        elif kind == "sorted":
            lo, hi = _domain(spec, name, case.dtype)
            ember_t, values = _tensor_input(spec, case, k, name, case.dtype, lo, hi, rng)
            values = np.sort(values, axis=-1) if values.ndim else values
            made = _make_declared(values, case.dtype, case.layout) if name in spec.shapes else to_ember(values, case.dtype)
            choices.append(("tensor", made, values, True))
        elif type_ == "Tensor?" and name in LEFT_OUT:
            # Left out (None): what it changes, its entry's gtests check.
            choices.append(("default", None, None, False))
        elif type_ == "Tensor[]":
            # Three tensors, each made as self is (its own values), so that they share a shape.
            lo, hi = _domain(spec, name, case.dtype)
            made = [_tensor_input(spec, case, 0, name, case.dtype, lo, hi, rng) for _ in range(3)]
            choices.append(("tensor", [t for t, _ in made], [r for _, r in made], True))
        elif type_ in ("Tensor", "Tensor|Scalar"):
            lo, hi = _domain(spec, name, case.dtype)
            choices.append(("tensor", *_tensor_input(spec, case, k, name, case.dtype, lo, hi, rng), True))
            if type_ == "Tensor|Scalar":
                n = _number(rng, lo, hi, case.dtype)
                choices.append(("number", n, n, True))
        elif type_ in ("Scalar?", "Tensor?"):
            # None (left out), then a number or a tensor.
            lo, hi = _domain(spec, name, case.dtype)
            choices.append(("default", None, None, False))
            if type_ == "Tensor?":
                choices.append(("tensor", *_tensor_input(spec, case, k, name, case.dtype, lo, hi, rng), True))
            else:
                n = _number(rng, lo, hi, case.dtype)
                choices.append(("value", n, n, True))
        elif type_ in ("float", "float?"):
            if default is not None:
                choices.append(("default", None, None if default == "None" else float(default), False))
            choices.append(("value", FLOAT_VALUES.get(name, 0.5), FLOAT_VALUES.get(name, 0.5), True))
        elif type_ == "Scalar":
            lo, hi = _domain(spec, name, case.dtype)
            if default is not None:
                d = float(default) if "." in default else int(default)
                choices.append(("default", None, d, False))
                other = (1.5 if _is_floating(case.dtype) else 2) if case.dtype != "bool" else True
                choices.append(("value", other, other, True))
            else:
                n = _number(rng, lo, hi, case.dtype)
                choices.append(("value", n, n, True))
        elif type_ in ("int", "int?") and name.startswith("dim"):
            if type_ == "int?":
                choices.append(("default", None, None, False))
            dims = DIMS if ndim == 2 else (0, -1)
            choices += [("value", d, d, True) for d in dims]
        elif type_ in ("int[]", "int[]?") and name.startswith("dim"):
            if type_ == "int[]?":  # None: left out when it is the default, else passed
                choices.append(("default", None, None, False) if default == "None" else ("value", None, None, True))
            lists = ([0], [-1], [0, 1]) if ndim == 2 else ([0], [-1])
            choices += [("value", d, d, True) for d in lists]
        elif type_ in ("int", "int?") and name in INT_VALUES:
            if type_ == "int?":
                choices.append(("value", None, None, True))
            if default not in (None, "None"):
                choices.append(("default", None, int(default), False))
            choices += [("value", v, v, True) for v in INT_VALUES[name] if default in (None, "None") or v != int(default)]
        elif type_ in ("str", "str?"):
            # The default (None or the quoted word), then each word `one_of` lists.
            if default is not None:
                choices.append(("default", None, None if default == "None" else default.strip("'"), False))
            words = kind[len("one_of("):-1].split(", ") if kind.startswith("one_of(") else []
            choices += [("value", w, w, True) for w in words]
            if not choices:
                raise AssertionError(f"{spec.where}: '{type_} {name}' needs a default or values: {{{name}: one_of(...)}}")
        elif type_ == "ScalarType?":
            choices += [("default", None, None, False), ("value", ember.float64, "float64", True)]
        elif type_ == "bool":
            if default is not None:
                choices.append(("default", None, default == "True", False))
            choices += [("value", v, v, True) for v in ((True,) if default == "False" else (False, True))]
        else:
            raise AssertionError(f"{spec.where}: the Python harness cannot make a '{type_} {name}' argument")
        options.append(choices)
    calls: list[_Call] = []

    def build(i: int, acc: list[tuple[str, Any, Any, bool]]) -> None:
        if i == len(options):
            # Several Tensor|Scalar arguments are all tensors or all numbers (the bindings' rule, as PyTorch's clamp).
            if len({choice[0] for (_, type_, *_), choice in zip(spec.args, acc) if type_ == "Tensor|Scalar"}) > 1:
                return
            acc = _positions(spec, case, rng, acc)
            positional, keywords, refs = [], {}, {}
            by_keyword = False
            for (name, type_, default, kwarg_only), (mode, value, ref, passed) in zip(spec.args, acc):
                refs[name] = ref
                if not passed:
                    by_keyword = True
                    continue
                if kwarg_only or by_keyword:
                    keywords[name] = value
                else:
                    positional.append(value)
            calls.append(_Call(positional, keywords, refs))
            return
        for choice in options[i]:
            build(i + 1, acc + [choice])

    build(0, [])
    return calls


def _positions(spec: OpSpec, case: Case, rng: np.random.Generator,
               acc: list[tuple[str, Any, Any, bool]]) -> list[tuple[str, Any, Any, bool]]:
    """The deferred index arguments of one call, made now that its dim is chosen."""
    chosen = {name: choice[2] for (name, *_), choice in zip(spec.args, acc)}
    out = []
    for (name, *_), choice in zip(spec.args, acc):
        if choice[0] == "deferred":
            kind = spec.values[name]
            flat = kind == "flat_index"
            dim = None if flat else chosen[kind[kind.index("(") + 1:-1]]
            self_shape = np.shape(chosen["self"])
            shape = _declared_shape(spec, name, case.layout) if name in spec.shapes else self_shape
            n = int(np.prod(self_shape)) if dim is None else self_shape[dim] if self_shape else 1
            if flat:
                values = rng.integers(-n, n, size=shape) if n > 0 else np.zeros(shape, np.int64)
            elif not shape:
                values = np.zeros((), np.int64)
            elif kind.startswith("unique_index"):
                values = _unique_positions(rng, shape, dim % len(shape), n)
            else:
                values = rng.integers(0, max(n, 1), size=shape) if n > 0 else np.zeros(shape, np.int64)
            values = np.asarray(values, dtype=np.int64)
            made = _make_declared(values, "int64", case.layout if name in spec.shapes else "contiguous")
            choice = ("tensor", made, values, True)
        out.append(choice)
    return out


def _unique_positions(rng: np.random.Generator, shape: tuple[int, ...], axis: int, n: int) -> np.ndarray:
    """Positions of `shape`: along `axis`, each slice a prefix of a permutation
    of range(n) (of a longer range when the slice is longer than n: positions
    past the end, an error for every implementation)."""
    count = shape[axis]
    moved = np.moveaxis(np.empty(shape), axis, -1).shape
    rows = int(np.prod(moved[:-1]))
    perms = [rng.permutation(max(n, count))[:count] for _ in range(rows)]
    return np.moveaxis(np.asarray(perms, dtype=np.int64).reshape(moved), -1, axis)


def _evaluate(spec: OpSpec, refs: dict[str, Any], zero_dim_reduce: bool) -> Any:
    env: dict[str, Any] = {"np": np, "math": math, "ref": numpy_refs}
    env.update(refs)
    if zero_dim_reduce and spec.numpy.startswith("ref."):
        # A reference of numpy_refs.py takes 0-d inputs itself, or raises.
        try:
            return eval(spec.numpy, env)  # noqa: S307 - schema text, from our own repository
        except (ValueError, IndexError):
            pass
    if zero_dim_reduce:
        # NumPy has no axis 0 of a 0-d array; PyTorch reduces a 0-dim tensor over dim 0 or -1 as over one element.
        # So do its index arguments (gather, scatter): every 0-d array becomes one element.
        for name, value in refs.items():
            if isinstance(value, np.ndarray) and value.ndim == 0 or name == "self":
                env[name] = np.asarray(value).reshape(1)
        env["dim"] = [0] if isinstance(env["dim"], list) else 0
        result = eval(spec.numpy, env)  # noqa: S307 - schema text, from our own repository
        if isinstance(result, tuple):
            return tuple(np.asarray(r).reshape(()) for r in result)
        return np.asarray(result).reshape(())
    return eval(spec.numpy, env)  # noqa: S307


def _invoke(spec: OpSpec, case: Case, call: _Call, expected_dtypes: tuple[str, ...], out_shapes: list) -> Any:
    fn = spec.python
    pos, kw = call.positional, call.keywords
    if case.variant == "function":
        return getattr(ember, fn)(*pos, **kw)
    # A method is called on the argument named self (x.where(condition, other)), else the first.
    k = next((i for i, (name, type_, *_) in enumerate(spec.args) if i > 0 and name == "self" and type_ == "Tensor"), 0)
    self_t = pos[k]
    if case.variant == "method":
        return getattr(self_t, fn)(*pos[:k], *pos[k + 1:], **kw)
    if case.variant == "inplace":
        target = self_t.clone()
        result = getattr(target, fn + "_")(*pos[1:], **kw)
        assert result is target, "an in-place method returns self"
        return result
    if case.variant == "inplace_function":
        target = pos[0].clone()
        result = getattr(ember, fn + "_")(target, *pos[1:], **kw)
        assert result is target, "an in-place function returns its input"
        return result
    assert case.variant == "out"
    outs = tuple(to_ember(np.zeros(0), d) for d in expected_dtypes)
    out = outs[0] if len(outs) == 1 else outs
    result = getattr(ember, fn)(*pos, out=out, **kw)
    if len(outs) == 1:
        assert result is outs[0], "out= returns the out tensor"
    else:
        assert tuple(result) == outs and all(r is o for r, o in zip(result, outs)), "out= returns the out tensors"
    return result


def run_case(case: Case) -> None:
    spec = case.spec
    rng = np.random.default_rng(zlib.crc32(str(case).encode()))
    for call in _argument_sets(spec, case, rng):
        what = f"{spec.signature} [{spec.where}] {case} with {call.refs!r}"
        expected_dtypes = tuple(_result_dtype(r, case.dtype) for r in spec.results)
        if call.refs.get("dtype") is not None:
            expected_dtypes = (call.refs["dtype"],) + expected_dtypes[1:]
        if call.refs.get("out_int32"):
            expected_dtypes = ("int32",) + expected_dtypes[1:]   # PyTorch's searchsorted and bucketize
        zero_dim_reduce = case.layout == "zero_dim" and call.refs.get("dim") is not None
        # A list op (stack) has no self to reduce: its dim is a new one.
        zero_dim_reduce = case.layout == "zero_dim" and call.refs.get("dim") is not None and "self" in call.refs
        try:
            expected = _evaluate(spec, call.refs, zero_dim_reduce)
        except (ValueError, IndexError) as err:
            # NumPy refuses (a reduction over an empty dim): so must ember.
            try:
                _invoke(spec, case, call, expected_dtypes, [])
            except (ValueError, IndexError):
                continue
            raise AssertionError(f"{what}: NumPy raised {err!r}, ember did not") from None
        if case.variant in ("inplace", "inplace_function"):
            shape = np.shape(expected[0] if isinstance(expected, tuple) else expected)
            self_shape = tuple(call.positional[0].shape)
            if expected_dtypes[0] != case.dtype or shape != self_shape:
                continue  # an in-place op cannot change self's dtype or shape
        result = _invoke(spec, case, call, expected_dtypes, [])
        expected_tuple = expected if isinstance(expected, tuple) else (expected,)
        results = tuple(result) if len(spec.results) > 1 else (result,)
        if spec.returns_if:
            # The reference gives every result; the op those asked for, the first alone or a plain tuple.
            wanted = [k for k, cond in enumerate(spec.returns_if) if cond is None or call.refs[cond]]
            assert len(wanted) == 1 or type(result) is tuple, f"{what}: a tuple of {len(wanted)}, got {result!r}"
            results = (result,) if len(wanted) == 1 else result
            expected_tuple = tuple(expected_tuple[k] for k in wanted)
            expected_dtypes = tuple(expected_dtypes[k] for k in wanted)
        elif len(spec.results) > 1:
            type_name = type(result).__name__
            assert type_name == spec.python, f"{what}: a named tuple ember.return_types.{spec.python}, got {type_name}"
        for k, (got, want, dtype) in enumerate(zip(results, expected_tuple, expected_dtypes)):
            scale = None
            if spec.magnitude_tol and _is_floating(dtype) and np.size(want) > 0:
                scale = _magnitude_scale(spec, call, zero_dim_reduce, want, k)
            elif spec.kind == "reduce" and _is_floating(dtype) and np.size(want) > 0:
                scale = _sum_scale(spec, call, zero_dim_reduce, want)
            check_close(got, want, dtype, _tol(spec, dtype) if _is_floating(dtype) else 0.0, scale, f"{what}: result {k}")


def _sum_scale(spec: OpSpec, call: _Call, zero_dim_reduce: bool, want: Any) -> np.ndarray:
    """|expected| + sum|x| / sqrt(n): a typical partial sum's size (Note [tolerance])."""
    refs = dict(call.refs)
    refs["self"] = np.abs(np.asarray(refs["self"], dtype=np.float64))
    mags = np.asarray(_evaluate(spec, refs, zero_dim_reduce), dtype=np.float64)
    n = max(1, np.size(refs["self"]) // max(1, np.size(want)))
    return np.abs(np.asarray(want, dtype=np.float64)) + mags / np.sqrt(n)


def _magnitude_scale(spec: OpSpec, call: _Call, zero_dim_reduce: bool, want: Any, k: int) -> np.ndarray:
    """|expected| + the reference on the inputs' magnitudes (Note [argument specs])."""
    data = {name for name, type_, _, _ in spec.args if type_ in ("Tensor", "Tensor|Scalar", "Scalar") and name not in spec.values}
    refs = {name: np.abs(np.asarray(v, dtype=np.float64)) if name in data and v is not None else v for name, v in call.refs.items()}
    mags = _evaluate(spec, refs, zero_dim_reduce)
    mags = mags[k] if isinstance(mags, tuple) else mags
    return np.abs(np.asarray(want, dtype=np.float64)) + np.abs(np.asarray(mags, dtype=np.float64))
