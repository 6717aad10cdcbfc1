"""generated/python/: the CPython bindings of every op with a signature.

One source per schema group (a binding lives in the group of its first
overload), so a doc or signature edit rebuilds one shard plus the
registry; the registry holds the method tables, docstrings, the operator
table and the named tuples of multi-output ops.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..python_api import Binding, ReturnType, bindings, return_type_of, return_types
from ..python_calls import overload_body
from ..python_operators import OPERATORS, OperatorBinding, bind_operators
from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output


@dataclass(frozen=True)
class ShardBinding:
    binding: Binding
    parser_texts: tuple[str, ...]
    cases: tuple[str, ...]        # the body of each `case k:`


def shard_path(group: str) -> str:
    return f"generated/python/{group}.cpp"


def python_sources(schemas: SchemaSet) -> list[str]:
    groups = sorted({b.group for b in bindings(schemas.ops, schemas.dtypes)})
    return [shard_path(g) for g in groups] + ["generated/python/registry.cpp"]


def c_string(text: str) -> str:
    """A C string literal (split at newlines for readability)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    lines = escaped.split("\n")
    return "\n".join(f'"{line}\\n"' if i < len(lines) - 1 else f'"{line}"' for i, line in enumerate(lines))


def _used_return_types(binding: Binding, types: list[ReturnType]) -> list[str]:
    names = []
    for ov in binding.overloads:
        rt = return_type_of(ov.op, types)
        if rt is not None and rt.cpp_name not in names:
            names.append(rt.cpp_name)
    return names


def emit(schemas: SchemaSet, out: Output) -> None:
    all_bindings = bindings(schemas.ops, schemas.dtypes)
    types = return_types(schemas.ops)
    for group in sorted({b.group for b in all_bindings}):
        shard = [ShardBinding(b, tuple(b.parser_texts()), tuple("\n".join(overload_body(ov, types)) for ov in b.overloads))
                 for b in all_bindings if b.group == group]
        used = sorted({name for s in shard for name in _used_return_types(s.binding, types)})
        out.add(shard_path(group), render("python_shard.cpp.j2", f"the op schemas of group '{group}'", __name__,
                                          group=group, shard=shard, return_types=used))
    functions = {b.name for b in all_bindings if b.kind == "function"}
    methods = {b.name for b in all_bindings if b.kind == "method"}
    operators: list[OperatorBinding] = bind_operators(schemas.ops, functions, methods)
    out.add("generated/python/operators.h", render("python_operators.h.j2", "codegen/python_operators.py", __name__,
                                                  operators=OPERATORS))
    out.add("generated/python/registry.cpp", render(
        "python_registry.cpp.j2", "the op schemas in schemas/", __name__, bindings=all_bindings, operators=operators,
        return_types=types, docs={b.cpp_name: c_string(b.doc()) for b in all_bindings},
        namespaces=namespaces(schemas)))


def namespaces(schemas: SchemaSet) -> list[tuple[str, list[tuple[str, str]]]]:
    """Each namespace with its (name inside it, module function) pairs:
    ("linalg", [("solve", "linalg_solve"), ...])."""
    result: dict[str, list[tuple[str, str]]] = {}
    for op in schemas.ops:
        if op.namespace and "function" in op.variants:
            pair = (op.short_name, op.base_name)
            if pair not in result.setdefault(op.namespace, []):
                result[op.namespace].append(pair)
    return list(result.items())
