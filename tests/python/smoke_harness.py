"""Calls every bound function and method (generated/tests/python/test_bindings_smoke.py)
with one argument at a time replaced by something wrong, odd or huge:
None, strings, ints beyond int64, nested and ragged lists, long tuples,
NaN, tensors of other dtypes and shapes, dtypes where numbers belong. A
call may succeed or raise a Python exception of the documented kinds;
anything else (a crash, a SystemError, a C++ exception leaking as
RuntimeError "unknown") fails.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

import ember
from ember_np import to_ember

ALLOWED = (TypeError, ValueError, IndexError, OverflowError, MemoryError, RuntimeError)


@dataclass(frozen=True)
class Binding:
    kind: str                      # function | method
    name: str
    overloads: tuple[tuple[tuple[str, str, str | None, bool], ...], ...]  # params: (name, type, default, kwarg_only)


@dataclass(frozen=True)
class Call:
    binding: Binding
    overload: int

    def __str__(self) -> str:
        return f"{self.binding.kind}-{self.binding.name}-{self.overload}"


def calls(bindings: list[Binding]) -> list[Call]:
    return [Call(b, k) for b in bindings for k in range(len(b.overloads))]


def _tensor(shape=(2, 3), dtype="float32") -> ember.Tensor:
    return to_ember(np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape) % 5, dtype)


def _valid(type_: str) -> Any:
    base = type_.rstrip("?")
    if base in ("Tensor", "Tensor|Scalar"):
        return _tensor()
    if base == "Tensor[]":
        return [_tensor(), _tensor()]
    if base == "Tensor?[]":
        return [None, to_ember(np.array([0, 2, 1]), "int64")]
    if base.startswith("Tensor["):
        n = int(base[7:-1])
        return tuple(_tensor() for _ in range(n))
    return {"Scalar": 1, "int": 0, "int[]": (3, 2), "bool": False, "float": 1.0, "ScalarType": ember.float64,
            "Generator": ember.Generator(), "str": "floor", "Layout": ember.strided, "Device": "cpu",
            "MemoryFormat": ember.contiguous_format}[base]


def _bad_values() -> list[Any]:
    return [
        None, "x", b"x", 2**70, -(2**70), 2**62, -1, 0, True, 1.5, float("nan"), float("inf"),
        [[1, 2], [3]], [1, [2]], (1,) * 20, [], (), [None], ["a"], {"a": 1}, object(), ember.float64, ember.bool,
        _tensor((0, 3)), _tensor((2, 3), "int64"), _tensor((), "float32"), _tensor((4,), "bool"),
        _tensor((1, 1, 1, 1, 1, 1, 1, 1)), np.float32(2.5), np.int64(3), np.array([1.0, 2.0]), complex(1, 2),
        [_tensor(), "x"], (_tensor(),), (_tensor(), _tensor(), _tensor()), [None], [None, 2**70],
    ]


def _invoke(call: Call, positional: list[Any], keywords: dict[str, Any]) -> None:
    b = call.binding
    if b.kind == "function":
        fn: Callable = getattr(ember, b.name)
        fn(*positional, **keywords)
    else:
        getattr(_tensor(), b.name)(*positional, **keywords)


def _try(call: Call, positional: list[Any], keywords: dict[str, Any]) -> None:
    try:
        _invoke(call, positional, keywords)
    except ALLOWED as err:
        message = str(err)
        assert "unknown C++ exception" not in message, f"{call}: {message}"
        assert message, f"{call}: an exception without a message: {err!r}"


def run_call(call: Call) -> None:
    params = call.binding.overloads[call.overload]
    valid = [(name, _valid(type_), kwarg_only, default) for name, type_, default, kwarg_only in params]

    def split(values: list[tuple[str, Any, bool, str | None]]) -> tuple[list[Any], dict[str, Any]]:
        positional, keywords = [], {}
        for name, value, kwarg_only, _ in values:
            if kwarg_only:
                keywords[name] = value
            else:
                positional.append(value)
        return positional, keywords

    # As valid as the harness can make it, then every parameter replaced in turn.
    _try(call, *split(valid))
    for i in range(len(valid)):
        for bad in _bad_values():
            name, _, kwarg_only, default = valid[i]
            changed = list(valid)
            changed[i] = (name, bad, kwarg_only, default)
            _try(call, *split(changed))
            # The same value by keyword.
            positional, keywords = split(valid[:i] + valid[i + 1:])
            keywords[name] = bad
            if not kwarg_only:
                positional = [v for (n, v, k, _) in valid[:i] if not k]
                keywords.update({n: v for (n, v, k, _) in valid[i + 1:]})
            _try(call, positional, keywords)
    # Arity and keyword mistakes.
    positional, keywords = split(valid)
    _try(call, positional + [1, 2, 3], keywords)
    _try(call, [], {})
    _try(call, positional, dict(keywords, no_such_argument=1))
    if positional:
        _try(call, positional, dict(keywords, **{valid[0][0]: positional[0]}))
