"""Keys of `kernel:` that several kinds share."""
from __future__ import annotations

from ..dtypes import DType, DTypeTable
from ..errors import SchemaError
from ..signature import Signature
from ..yaml_source import Node
from .base import RESULT_RULES


def dtype_list(node: Node, key: str, table: DTypeTable) -> tuple[DType, ...]:
    raw = node.get(key)
    names = [raw] if isinstance(raw, str) else raw
    if not isinstance(names, list) or not names:
        raise SchemaError(node.at(key), f"'{key}' must be a group, a dtype, or a list of them")
    return table.resolve(names, node.at(key))


def result_rule(node: Node) -> str:
    result = node.get("result", "same")
    if result not in RESULT_RULES:
        raise SchemaError(node.at("result"), f"unknown result rule '{result}' (known: {', '.join(sorted(RESULT_RULES))})")
    return result


def kernel_args(node: Node, sig: Signature) -> tuple[str, ...]:
    """`args`: the non-tensor signature arguments a hand-written kernel takes, in order."""
    if "args" not in node:
        return ()
    raw = node.get("args")
    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        raise SchemaError(node.at("args"), "'args' must be a list of argument names")
    for name in raw:
        arg = sig.arg(name)
        if arg is None or arg.is_tensor:
            raise SchemaError(node.at("args"), f"kernel argument '{name}' is not a non-tensor argument of {sig.name}")
    return tuple(raw)
