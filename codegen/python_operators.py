"""Python's operators on ember.Tensor, each mapped to the op that computes it.

The operator protocol itself (reflected forms, in-place forms, numbers on
either side) is hand-written in runtime/python/operators.cpp; this table
only says which schema op each operator calls, and is checked against the
schemas: an operator whose op does not exist yet raises a TypeError naming
the op, and starts working once an entry with that name lands.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import Op


@dataclass(frozen=True)
class Operator:
    enum: str                  # the C++ enumerator (Operator::Add)
    dunder: str                # for messages: __add__
    ops: tuple[str, ...]       # candidate op names, the first that exists is used
    arity: int                 # 1 or 2
    commutative: bool = False  # `2 + t` may be computed as `t + 2`
    numbers: bool = True       # whether a Python number is a valid operand


OPERATORS: tuple[Operator, ...] = (
    Operator("Add", "__add__", ("add",), 2, commutative=True),
    Operator("Sub", "__sub__", ("sub",), 2),
    Operator("Mul", "__mul__", ("mul",), 2, commutative=True),
    Operator("TrueDiv", "__truediv__", ("div",), 2),
    Operator("FloorDiv", "__floordiv__", ("floor_divide",), 2),
    Operator("Mod", "__mod__", ("remainder",), 2),
    Operator("Pow", "__pow__", ("pow",), 2),
    Operator("MatMul", "__matmul__", ("matmul",), 2, numbers=False),
    Operator("And", "__and__", ("bitwise_and",), 2, commutative=True),
    Operator("Or", "__or__", ("bitwise_or",), 2, commutative=True),
    Operator("Xor", "__xor__", ("bitwise_xor",), 2, commutative=True),
    Operator("LShift", "__lshift__", ("bitwise_left_shift", "__lshift__", "lshift"), 2),
    Operator("RShift", "__rshift__", ("bitwise_right_shift", "__rshift__", "rshift"), 2),
    Operator("Lt", "__lt__", ("lt",), 2),
    Operator("Le", "__le__", ("le",), 2),
    Operator("Gt", "__gt__", ("gt",), 2),
    Operator("Ge", "__ge__", ("ge",), 2),
    Operator("Eq", "__eq__", ("eq",), 2, commutative=True),
    Operator("Ne", "__ne__", ("ne",), 2, commutative=True),
    Operator("Neg", "__neg__", ("neg",), 1),
    Operator("Abs", "__abs__", ("abs",), 1),
    Operator("Invert", "__invert__", ("bitwise_not",), 1),
)


@dataclass(frozen=True)
class OperatorBinding:
    operator: Operator
    op_name: str | None        # the schema op used; None when none exists yet
    function: str | None       # C++ name of the generated function binding (ember.<op>)
    method: str | None         # of the method binding (Tensor.<op>), used when there is no function
    inplace: str | None        # of the in-place method binding (Tensor.<op>_)
    tensor_tensor: str | None  # C++ expression calling the op directly on (a, b): the fast path
    tensor_scalar: str | None  # on (a, Scalar b)
    inplace_tensor: str | None
    inplace_scalar: str | None
    unary: str | None


def _direct(op: Op, first: str, second: str | None) -> bool:
    """Whether `ember::<op>(a[, b])` (all other arguments defaulted) is valid C++."""
    sig = op.signature
    if sig is None or len(sig.returns) != 1 or sig.returns[0].type != "Tensor":
        return False
    wanted = [first] + ([second] if second else [])
    if len(sig.args) < len(wanted):
        return False
    for arg, kind in zip(sig.args, wanted):
        if kind == "Tensor" and arg.type not in ("Tensor", "Tensor|Scalar"):
            return False
        if kind == "Scalar" and arg.type not in ("Scalar", "Tensor|Scalar"):
            return False
        if arg.kwarg_only:
            return False
    return all(a.default is not None for a in sig.args[len(wanted):]) and not sig.writes_self


def bind_operators(ops: tuple[Op, ...], function_names: set[str], method_names: set[str]) -> list[OperatorBinding]:
    result = []
    for operator in OPERATORS:
        chosen = next((name for name in operator.ops if any(op.base_name == name for op in ops)), None)
        if chosen is None:
            result.append(OperatorBinding(operator, None, None, None, None, None, None, None, None, None))
            continue
        overloads = [op for op in ops if op.base_name == chosen and op.signature is not None]

        def find(first: str, second: str | None, variant: str) -> Op | None:
            return next((op for op in overloads if variant in op.variants and _direct(op, first, second)), None)

        fn = f"fn_{chosen}" if chosen in function_names else None
        method = f"m_{chosen}" if chosen in method_names else None
        inplace = f"m_{chosen}_" if f"{chosen}_" in method_names else None
        tt = ts = it = is_ = un = None
        if operator.arity == 2:
            if find("Tensor", "Tensor", "function"):
                tt = f"ember::{chosen}(a, b)"
            if operator.numbers and find("Tensor", "Scalar", "function"):
                ts = f"ember::{chosen}(a, b)"
            if find("Tensor", "Tensor", "inplace"):
                it = f"ember::{chosen}_(a, b)"
            if operator.numbers and find("Tensor", "Scalar", "inplace"):
                is_ = f"ember::{chosen}_(a, b)"
        elif find("Tensor", None, "function"):
            un = f"ember::{chosen}(a)"
        result.append(OperatorBinding(operator, chosen, fn, method, inplace, tt, ts, it, is_, un))
    return result
