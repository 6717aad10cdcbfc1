"""The output rule (Note [output aliasing] in runtime/ops/output.h), checked for
every op the schemas give an out= or in-place variant, on the calls that
tests/python/op_harness.py builds for the op (its contiguous layout).

- `out_aliased`: out= is each Tensor input of the result's dtype, whole,
  transposed and narrowed (a view of part of its memory); the result must
  equal, bit for bit, that of the same call on an untouched copy.
- `inplace_aliased`: each other Tensor argument of an in-place call is a
  view of self (whole, transposed, narrowed); self must end as a copy of
  self does with a copy of that view, or both calls raise the same error.
- `error_intact`: calls made to fail (an out= of each other dtype and of
  another shape, an expanded out=, a dim out of range, an input of a
  dtype the op does not declare) must raise a documented exception and
  leave every argument, out= included, exactly as it was: shape,
  strides, offset, storage size and values.
- `inplace_error_intact`: the same for in-place calls (each other tensor
  argument of every dtype, a dim out of range, an expanded self).
"""
from __future__ import annotations

import zlib
from typing import Any, Callable

import numpy as np

import ember
from ember_np import NP_DTYPES, to_ember, to_numpy
from op_harness import Case, _argument_sets, _Call, _result_dtype

ALIAS_FORMS = ("whole", "transposed", "narrowed")
ERRORS = (IndexError, TypeError, ValueError, RuntimeError, OverflowError)
ALL_DTYPES = ("uint8", "int8", "int16", "int32", "int64", "float32", "float64", "float16", "bool", "bfloat16")


def _alias(base: ember.Tensor, form: str) -> ember.Tensor | None:
    """A view of `base`'s memory in `form`, or None where the form does not apply."""
    if form == "whole":
        return base
    if form == "transposed":
        return base.t() if base.dim() == 2 else None
    if base.dim() == 0 or base.size(0) < 2:
        return None
    return base.narrow(0, 1, base.size(0) - 1)


def _tensor_slots(call: _Call) -> list[tuple[str, int | str]]:
    """Where the call's Tensor arguments are: ("pos", index) or ("kw", name)."""
    slots: list[tuple[str, int | str]] = [("pos", i) for i, v in enumerate(call.positional) if isinstance(v, ember.Tensor)]
    slots += [("kw", k) for k, v in call.keywords.items() if isinstance(v, ember.Tensor)]
    return slots


def _get(call: _Call, slot: tuple[str, int | str]) -> Any:
    return call.positional[slot[1]] if slot[0] == "pos" else call.keywords[slot[1]]


def _with(call: _Call, replaced: dict[tuple[str, int | str], Any]) -> tuple[list[Any], dict[str, Any]]:
    pos = [replaced.get(("pos", i), v) for i, v in enumerate(call.positional)]
    kw = {k: replaced.get(("kw", k), v) for k, v in call.keywords.items()}
    return pos, kw


def _same(a: ember.Tensor, b: ember.Tensor) -> bool:
    """Equal dtype, shape and values, NaN equal to NaN (bit-for-bit results)."""
    if a.dtype != b.dtype or tuple(a.shape) != tuple(b.shape):
        return False
    x, y = to_numpy(a), to_numpy(b)
    return bool(np.array_equal(x, y, equal_nan=np.issubdtype(x.dtype, np.floating)))


def _outcome(fn: Callable[[], Any]) -> tuple[Any, type | None]:
    try:
        return fn(), None
    except ERRORS as err:
        return None, type(err)


def _fresh(dtype: str) -> ember.Tensor:
    return to_ember(np.zeros(0), dtype)


def _result_dtypes(case: Case, call: _Call) -> tuple[str, ...]:
    dtypes = tuple(_result_dtype(r, case.dtype) for r in case.spec.results)
    if call.refs.get("dtype") is not None:
        dtypes = (call.refs["dtype"],) + dtypes[1:]
    return dtypes


def _calls(case: Case) -> list[_Call]:
    rng = np.random.default_rng(zlib.crc32(str(case).encode()))
    return _argument_sets(case.spec, case, rng)


def run_out_aliased(case: Case) -> None:
    spec = case.spec
    fn = getattr(ember, spec.python)
    for call in _calls(case):
        dtypes = _result_dtypes(case, call)
        for slot in _tensor_slots(call):
            value = _get(call, slot)
            for k, dtype in enumerate(dtypes):
                if value.dtype != getattr(ember, dtype):
                    continue
                for form in ALIAS_FORMS:
                    base, copy = value.clone(), value.clone()
                    alias = _alias(base, form)
                    if alias is None:
                        continue
                    what = f"{spec.signature} [{spec.where}] {case}: out[{k}] = {form} {slot} of {call.refs!r}"

                    def run(arg: ember.Tensor, out_k: ember.Tensor) -> tuple[ember.Tensor, ...]:
                        outs = tuple(out_k if j == k else _fresh(d) for j, d in enumerate(dtypes))
                        pos, kw = _with(call, {slot: arg})
                        fn(*pos, out=outs[0] if len(outs) == 1 else outs, **kw)
                        return outs

                    expected, expected_error = _outcome(lambda: run(copy, _fresh(dtype)))
                    got, error = _outcome(lambda: run(base, alias))
                    assert error == expected_error, f"{what}: raised {error}, unaliased {expected_error}"
                    if error is None:
                        for j, (g, e) in enumerate(zip(got, expected)):
                            assert _same(g, e), f"{what}: output {j}\n{g}\nexpected\n{e}"


def run_inplace_aliased(case: Case) -> None:
    spec = case.spec
    for call in _calls(case):
        self_t = call.positional[0]
        for slot in _tensor_slots(call)[1:]:
            for form in ALIAS_FORMS:
                base, copy = self_t.clone(), self_t.clone()
                alias = _alias(base, form)
                if alias is None:
                    continue
                what = f"{spec.signature} [{spec.where}] {case}: {slot} = {form} self of {call.refs!r}"

                def run(target: ember.Tensor, other: ember.Tensor) -> ember.Tensor:
                    pos, kw = _with(call, {slot: other})
                    return getattr(target, spec.python + "_")(*pos[1:], **kw)

                _, expected_error = _outcome(lambda: run(copy, _alias(copy, form).clone()))
                _, error = _outcome(lambda: run(base, alias))
                assert error == expected_error, f"{what}: raised {error}, unaliased {expected_error}"
                if error is None:
                    assert _same(base, copy), f"{what}:\n{base}\nexpected\n{copy}"


# ---- error_intact -----------------------------------------------------------------

def _snapshot(t: ember.Tensor) -> tuple:
    storage = t.storage()
    return (t.dtype, tuple(t.shape), t.stride(), t.storage_offset(), storage.size(), ember._C._testing_to_bytes(t))


def _patterned(dtype: str, shape: tuple[int, ...]) -> ember.Tensor:
    values = (np.arange(int(np.prod(shape))) % 7 + 1).reshape(shape)
    return to_ember(values.astype(NP_DTYPES.get(dtype, np.float32)), dtype)


def _check_intact(what: str, run: Callable[[], Any], tensors: list[ember.Tensor]) -> None:
    """If `run` raises, every tensor is as it was; a crash would end the process."""
    before = [_snapshot(t) for t in tensors]
    try:
        run()
    except ERRORS:
        after = [_snapshot(t) for t in tensors]
        for k, (b, a) in enumerate(zip(before, after)):
            assert a == b, f"{what}: argument {k} changed by a call that raised:\n{b[:5]}\n{a[:5]}"


def run_error_intact(case: Case) -> None:
    spec = case.spec
    fn = getattr(ember, spec.python)
    for call in _calls(case)[:4]:
        dtypes = _result_dtypes(case, call)
        inputs = [_get(call, s) for s in _tensor_slots(call)]
        what = f"{spec.signature} [{spec.where}] {case} with {call.refs!r}"

        def with_out(outs: tuple[ember.Tensor, ...], replaced: dict | None = None) -> Callable[[], Any]:
            pos, kw = _with(call, replaced or {})
            return lambda: fn(*pos, out=outs[0] if len(outs) == 1 else outs, **kw)

        # out= of every other dtype (and of another shape), one output at a time.
        for k in range(len(dtypes)):
            for dtype in ALL_DTYPES:
                outs = tuple(_patterned(dtype if j == k else d, (2, 3)) for j, d in enumerate(dtypes))
                _check_intact(f"{what}: out[{k}] of {dtype}", with_out(outs), inputs + list(outs))
        # An expanded out= cannot be written.
        expanded = tuple(_patterned(d, (1,)).expand(3, 4) for d in dtypes)
        _check_intact(f"{what}: expanded out", with_out(expanded), inputs + list(expanded))
        # A dim out of range.
        if "dim" in call.refs and isinstance(call.refs["dim"], int):
            outs = tuple(_patterned(d, (2, 3)) for d in dtypes)
            replaced = {("pos", i): 7 for i, (name, *_rest) in enumerate(spec.args) if name == "dim" and i < len(call.positional)}
            if not replaced and "dim" in call.keywords:
                replaced = {("kw", "dim"): 7}
            if replaced:
                _check_intact(f"{what}: dim 7", with_out(outs, replaced), inputs + list(outs))
        # self of a dtype the op does not declare.
        for dtype in ALL_DTYPES:
            if dtype in spec.dtypes or not call.positional or not isinstance(call.positional[0], ember.Tensor):
                continue
            self_t = call.positional[0]
            bad = _patterned(dtype, tuple(self_t.shape)) if self_t.numel() else _fresh(dtype)
            outs = tuple(_patterned(d, (2, 3)) for d in dtypes)
            _check_intact(f"{what}: self of {dtype}", with_out(outs, {("pos", 0): bad}), inputs[1:] + [bad] + list(outs))


def run_inplace_error_intact(case: Case) -> None:
    """In-place calls made to fail: each other tensor argument of every
    dtype, a dim out of range, an expanded self."""
    spec = case.spec
    method = spec.python + "_"
    for call in _calls(case)[:4]:
        self_t = call.positional[0]
        what = f"{spec.signature} [{spec.where}] {case} with {call.refs!r}"
        others = [_get(call, s) for s in _tensor_slots(call)[1:]]

        def run(target: ember.Tensor, replaced: dict) -> Callable[[], Any]:
            pos, kw = _with(call, replaced)
            return lambda: getattr(target, method)(*pos[1:], **kw)

        for slot in _tensor_slots(call)[1:]:
            value = _get(call, slot)
            for dtype in ALL_DTYPES:
                bad = _patterned(dtype, tuple(value.shape)) if value.numel() else _fresh(dtype)
                target = self_t.clone()
                _check_intact(f"{what}: {slot} of {dtype}", run(target, {slot: bad}), [target, bad] + others)
        if "dim" in call.refs and isinstance(call.refs["dim"], int):
            replaced = {("pos", i): 7 for i, (name, *_rest) in enumerate(spec.args) if name == "dim" and i < len(call.positional)}
            if not replaced and "dim" in call.keywords:
                replaced = {("kw", "dim"): 7}
            target = self_t.clone()
            _check_intact(f"{what}: dim 7", run(target, replaced), [target] + others)
        if self_t.dim() >= 1 and self_t.size(0) > 1:
            expanded = _patterned(case.dtype, (1,) + tuple(self_t.shape[1:])).expand(*self_t.shape)
            _check_intact(f"{what}: expanded self", run(expanded, {}), [expanded] + others)


RUNNERS = {"out_aliased": run_out_aliased, "inplace_aliased": run_inplace_aliased, "error_intact": run_error_intact,
           "inplace_error_intact": run_inplace_error_intact}
