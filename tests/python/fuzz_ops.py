"""Random calls of every generated binding, drawn by hypothesis: run as a
child process by test_fuzz_ops.py, so that a crash is a failed test that
names the call that crashed (each call is written to a log file first).

Arguments are drawn by parameter type: tensors of every dtype, shape
(0-3 dims, sizes 0-4) and layout (contiguous, transposed, sliced,
expanded, 0-dim), an input sometimes passed twice; numbers of every kind
and odd values; dims and sizes in and out of range; out= a new tensor, a
tensor of another dtype or shape, an expanded one, or a view of an input
(whole, transposed, narrowed). Every call must:
- return, or raise one of the documented exception classes with a message;
- when it raises, leave every tensor argument, out= included, as it was;
- when out= shares memory with an input, give what the same call on
  copies of the inputs gives (Note [output aliasing]);
- where the op has a NumPy reference (its schema's test.numpy) and every
  tensor is float64, agree with NumPy.

    python3 fuzz_ops.py EXAMPLES SEED LOG   (prints the calls made and failures)
"""
from __future__ import annotations

import glob
import importlib.util
import math
import os
import sys
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import ember
import numpy_refs
from fuzz_child import run_to_first_failure
from ember_np import to_ember, to_numpy

ALLOWED = (TypeError, ValueError, IndexError, OverflowError, MemoryError, RuntimeError)
DTYPES = ("uint8", "int8", "int16", "int32", "int64", "float32", "float64", "float16", "bool", "bfloat16")
TOL = {"float16": 2e-2, "bfloat16": 5e-2, "float32": 1e-4, "float64": 1e-9}
GENERATED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "generated", "tests", "python")


def _load(path: str):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _bindings() -> list:
    return _load(os.path.join(GENERATED, "test_bindings_smoke.py")).BINDINGS


def _numpy_specs() -> dict[tuple[str, tuple[str, ...]], Any]:
    """OpSpecs with a NumPy reference, by Python name and argument names."""
    specs = {}
    for path in sorted(glob.glob(os.path.join(GENERATED, "test_ops_*.py"))):
        for s in _load(path).OPS:
            specs[(s.python, tuple(a[0] for a in s.args))] = s
    return specs


# ---- drawing arguments -------------------------------------------------------------

# The dtype most tensors of one call take (float64 half the time, so that
# results can be compared with NumPy and out= can alias inputs), or None.
PREFERRED: list[str | None] = [None]


@st.composite
def tensors(draw, dtype: str | None = None) -> ember.Tensor:
    if dtype is None and PREFERRED[0] and draw(st.integers(0, 5)):
        dtype = PREFERRED[0]
    dtype = dtype or draw(st.sampled_from(DTYPES))
    layout = draw(st.sampled_from(("contiguous", "contiguous", "transposed", "sliced", "expanded", "zero_dim")))
    if layout == "zero_dim":
        shape: tuple[int, ...] = ()
    else:
        shape = tuple(draw(st.lists(st.integers(0, 4), min_size=1, max_size=3)))
    lo = 0 if dtype in ("uint8", "bool") else -5
    values = np.asarray(draw(st.lists(st.integers(lo, 5), min_size=max(1, int(np.prod(shape))),
                                      max_size=max(1, int(np.prod(shape))))))
    values = values[:int(np.prod(shape))].reshape(shape)
    if dtype == "bool":
        values = values % 2
    if layout == "transposed" and len(shape) >= 2:
        return to_ember(np.ascontiguousarray(np.swapaxes(values, 0, 1)), dtype).transpose(0, 1)
    if layout == "sliced" and len(shape) >= 1:
        base = np.zeros((2 * shape[0] + 1,) + shape[1:], dtype=values.dtype)
        base[1::2] = values
        return to_ember(base, dtype)[1::2]
    if layout == "expanded" and len(shape) >= 1:
        return to_ember(values[:1], dtype).expand(*((2,) + shape[1:])) if shape[0] else to_ember(values, dtype)
    return to_ember(values, dtype)


NUMBERS = st.one_of(st.integers(-6, 6), st.floats(-6, 6, allow_nan=False).map(lambda x: round(x, 2)), st.booleans(),
                    st.sampled_from([0.5, -0.0, float("nan"), float("inf"), 2**40, 2**63 - 1, -(2**63), 1e30]))
# Huge sizes fail at once (2^40 elements cannot be allocated, 2^62 overflows);
# a size the machine could just hold (2^31) would be a real allocation.
STRINGS = ("trunc", "floor", "sum", "prod", "mean", "amax", "amin", "linear", "lower", "higher", "nearest", "midpoint",
           "ij", "xy", "", "bogus", "\u00e9")
INTS = st.one_of(st.integers(-4, 5), st.sampled_from([2**40, -(2**40), 2**62]))


@st.composite
def views_of(draw, base: ember.Tensor) -> ember.Tensor:
    """A view of `base`'s memory: itself, transposed, or narrowed."""
    form = draw(st.sampled_from(("whole", "transposed", "narrowed")))
    if form == "transposed" and base.dim() >= 2:
        return base.transpose(0, 1)
    if form == "narrowed" and base.dim() >= 1 and base.size(0) >= 2:
        return base.narrow(0, 1, base.size(0) - 1)
    return base


@st.composite
def argument(draw, type_: str, name: str, inputs: list[ember.Tensor]) -> Any:
    optional = type_.endswith("?") and not type_.startswith("Tensor?[")
    base = type_.rstrip("?") if optional else type_
    if optional and draw(st.integers(0, 3)) == 0:
        return None
    if base in ("Tensor", "Tensor|Scalar"):
        if base == "Tensor|Scalar" and draw(st.booleans()):
            return draw(NUMBERS)
        if inputs and draw(st.integers(0, 4)) == 0:
            return draw(views_of(draw(st.sampled_from(inputs))))  # an input passed again, or a view of it
        t = draw(tensors())
        inputs.append(t)
        return t
    if base == "Tensor[]":
        return [draw(argument("Tensor", name, inputs)) for _ in range(draw(st.integers(1, 3)))]
    if base == "Tensor?[]":
        return [draw(st.one_of(st.none(), tensors("int64"), tensors("bool"))) for _ in range(draw(st.integers(1, 2)))]
    if base == "Scalar":
        return draw(NUMBERS)
    if base == "int":
        return draw(INTS)
    if base == "int[]":
        return draw(st.lists(st.integers(-2, 4), max_size=3))
    if base == "bool":
        return draw(st.booleans())
    if base == "float":
        return draw(st.floats(-4, 4, allow_nan=False))
    if base == "ScalarType":
        return getattr(ember, draw(st.sampled_from(DTYPES)))
    if base == "Generator":
        return ember.Generator().manual_seed(draw(st.integers(0, 2**32 - 1)))
    # The factories' options: the CPU (honoured) and CUDA (refused, a RuntimeError).
    if base == "Layout":
        return ember.strided
    if base == "Device":
        return draw(st.sampled_from(("cpu", "cpu:0", ember.device("cpu"), "cuda")))
    if base == "MemoryFormat":
        return draw(st.sampled_from((ember.contiguous_format, ember.preserve_format)))
    if base == "str":  # the words ops take, and ones none does
        return draw(st.sampled_from(STRINGS))
    raise AssertionError(f"the fuzzer cannot make a '{type_}' argument ({name})")


@st.composite
def out_argument(draw, inputs: list[ember.Tensor], count: int) -> Any:
    def one() -> ember.Tensor:
        kind = draw(st.sampled_from(("new", "new", "shaped", "expanded", "alias", "alias")))
        if kind == "alias" and inputs:
            return draw(views_of(draw(st.sampled_from(inputs))))
        dtype = PREFERRED[0] if PREFERRED[0] and draw(st.booleans()) else draw(st.sampled_from(DTYPES))
        if kind == "expanded":
            return to_ember(np.zeros(1), dtype).expand(2, 3)
        if kind == "shaped":
            return draw(tensors(dtype))
        return to_ember(np.zeros(0), dtype)
    outs = tuple(one() for _ in range(count))
    return outs[0] if count == 1 else outs


# ---- one call ----------------------------------------------------------------------

def _tensors_in(value: Any) -> list[ember.Tensor]:
    if isinstance(value, ember.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _tensors_in(v)]
    return []


def _snapshot(t: ember.Tensor) -> tuple:
    return (t.dtype, tuple(t.shape), t.stride(), t.storage_offset(), t.storage().size(), ember._C._testing_to_bytes(t))


def _copied(value: Any) -> Any:
    if isinstance(value, ember.Tensor):
        return value.clone()
    if isinstance(value, ember.Generator):  # a stream in the same state draws the same numbers again
        return ember.Generator().set_state(value.get_state())
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_copied(v) for v in value)
    if isinstance(value, dict):  # the keywords: a generator= or a tensor passed by name
        return {k: _copied(v) for k, v in value.items()}
    return value


def _fresh_like(out: Any) -> Any:
    if isinstance(out, tuple):
        return tuple(_fresh_like(o) for o in out)
    return ember.empty(0, dtype=out.dtype)


def _close(got: ember.Tensor, want: ember.Tensor) -> bool:
    if got.dtype != want.dtype or tuple(got.shape) != tuple(want.shape):
        return False
    g, w = to_numpy(got), to_numpy(want)
    name = str(got.dtype).removeprefix("ember.")
    if name not in TOL:
        return bool(np.array_equal(g, w))
    g, w = g.astype(np.float64), w.astype(np.float64)
    with np.errstate(invalid="ignore"):
        ok = (np.abs(g - w) <= TOL[name] * (1 + np.abs(w))) | (np.isnan(g) & np.isnan(w)) | (g == w)
    return bool(ok.all())


class Fuzzer:
    def __init__(self, log_path: str):
        self.log = open(log_path, "w", buffering=1)
        self.specs = _numpy_specs()
        self.calls = self.errors = self.aliased = self.compared = 0
        self.failures: list[str] = []

    def fail(self, what: str) -> None:
        self.failures.append(what)
        raise AssertionError(what)

    def call(self, binding, overload: int, positional: list[Any], keywords: dict[str, Any]) -> None:
        what = f"{binding.kind} {binding.name}{tuple(overload_names(binding, overload))}: {positional!r} {keywords!r}"
        self.log.write(what + "\n")
        self.calls += 1
        self_t = positional.pop(0) if binding.kind == "method" else None
        fn = getattr(self_t, binding.name) if self_t is not None else getattr(ember, binding.name)
        args = ([self_t] if self_t is not None else []) + positional + list(keywords.values())
        watched = [t for a in args for t in _tensors_in(a)]
        before = [_snapshot(t) for t in watched]
        copies = (_copied(positional), _copied(keywords), ember.get_rng_state()) if "out" in keywords else None
        try:
            result = fn(*positional, **keywords)
        except ALLOWED as err:
            self.errors += 1
            message = str(err)
            if not message or "unknown C++ exception" in message:
                self.fail(f"{what}: {type(err).__name__} without a proper message: {message!r}")
            changed = [k for k, (t, b) in enumerate(zip(watched, before)) if _snapshot(t) != b]
            if changed:
                self.fail(f"{what}: raised {type(err).__name__}({message}) but changed arguments {changed}")
            return
        except Exception as err:  # noqa: BLE001 - anything else is a finding
            self.fail(f"{what}: raised {type(err).__name__}: {err}")
        if copies is not None:
            self.check_aliased(what, fn, keywords["out"], copies, result)
        if binding.kind == "function" and "out" not in keywords:
            self.check_numpy(what, binding.name, overload_names(binding, overload), positional, keywords, result)

    def check_aliased(self, what: str, fn, out: Any, copies, result: Any) -> None:
        """The call again on the inputs' copies (made before it), into new outputs."""
        positional, keywords, rng_state = copies
        ember.set_rng_state(rng_state)
        try:
            expected = fn(*positional, **dict(keywords, out=_fresh_like(out)))
        except ALLOWED:
            return  # an out= of another shape may be refused where a new one is resized (matmul's dot)
        self.aliased += 1
        for g, w in zip(_tensors_in(result), _tensors_in(expected)):
            if not _close(g, w):
                self.fail(f"{what}: out= result\n{g}\ndiffers from the same call on copies\n{w}")

    def check_numpy(self, what: str, name: str, names: tuple[str, ...], positional, keywords, result) -> None:
        names = tuple("self" if n == "input" else n for n in names)
        spec = self.specs.get((name, names))
        values = dict(zip(names, positional), **{("self" if k == "input" else k): v for k, v in keywords.items()})
        tensors_ = [v for v in values.values() if isinstance(v, ember.Tensor)]
        if spec is None or not tensors_ or any(t.dtype != ember.float64 or t.numel() == 0 or t.dim() == 0 for t in tensors_):
            return
        env = {"np": np, "math": math, "ref": numpy_refs}
        for n, _type, default, _kw in spec.args:
            if n in values:
                v = values[n]
                env[n] = to_numpy(v) if isinstance(v, ember.Tensor) else v
            elif default in ("True", "False", "None"):
                env[n] = {"True": True, "False": False, "None": None}[default]
            else:
                try:
                    env[n] = float(default) if "." in default else int(default)
                except (TypeError, ValueError):
                    return
        try:
            with np.errstate(all="ignore"):
                expected = eval(spec.numpy, env)  # noqa: S307 - schema text, from our own repository
        except Exception:  # noqa: BLE001 - NumPy refuses or differs in conventions: nothing to compare
            return
        got = _tensors_in(result) if not isinstance(result, ember.Tensor) else [result]
        want = list(expected) if isinstance(expected, tuple) else [expected]
        for g, w in zip(got, want):
            w = np.asarray(w)
            if tuple(g.shape) != w.shape or not np.issubdtype(w.dtype, np.number):
                return
            if g.dtype != ember.float64:
                return
            self.compared += 1
            gv = to_numpy(g)
            ok = np.isclose(gv, w, rtol=1e-7, atol=1e-9, equal_nan=True) | (gv == w)
            if not ok.all():
                self.fail(f"{what}: result\n{gv}\ndiffers from NumPy's {spec.numpy}\n{w}")


def overload_names(binding, overload: int) -> tuple[str, ...]:
    return tuple(p[0] for p in binding.overloads[overload] if p[0] != "out")


def main(examples: int, seed_value: int, log_path: str) -> int:
    fuzzer = Fuzzer(log_path)
    bindings = _bindings()

    @seed(seed_value)
    @settings(max_examples=examples, deadline=None, database=None, print_blob=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data) -> None:
        binding = data.draw(st.sampled_from(bindings), label="binding")
        overload = data.draw(st.integers(0, len(binding.overloads) - 1), label="overload")
        PREFERRED[0] = data.draw(st.sampled_from((None, "float64")), label="preferred dtype")
        inputs: list[ember.Tensor] = []
        positional, keywords = [], {}
        if binding.kind == "method":
            self_t = data.draw(tensors(), label="self")
            inputs.append(self_t)
            positional.append(self_t)
        by_keyword = False  # after an argument left out, the rest go by keyword
        for name, type_, default, kwarg_only in binding.overloads[overload]:
            if name == "out":
                continue
            if default is not None and data.draw(st.integers(0, 2), label=f"omit {name}") == 0:
                by_keyword = True
                continue
            value = data.draw(argument(type_, name, inputs), label=name)
            if kwarg_only or by_keyword:
                keywords[name] = value
            else:
                positional.append(value)
        if any(p[0] == "out" for p in binding.overloads[overload]) and data.draw(st.booleans(), label="with out"):
            count = 2 if binding.name in TWO_OUTPUTS else 1
            keywords["out"] = data.draw(out_argument(inputs, count), label="out")
        fuzzer.call(binding, overload, positional, keywords)

    status = run_to_first_failure(run)
    print(f"fuzz: {fuzzer.calls} calls, {fuzzer.errors} raised, {fuzzer.aliased} aliased out= compared with copies, "
          f"{fuzzer.compared} results compared with NumPy, {len(fuzzer.failures)} findings")
    return status


TWO_OUTPUTS = {"max", "min", "sort", "topk", "kthvalue", "median", "mode"}

if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]))
