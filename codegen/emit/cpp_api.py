"""The C++ API headers: per op, ember/ops/<op>.h (its ember::base functions
over TensorBase); for users, ops.h (the ember:: functions and the method
bodies, forwarding to those) and tensor_methods.inc (the method
declarations inside class Tensor)."""
from __future__ import annotations

from itertools import groupby

from ..cpp import alias_declarations, base_decl, declarations, function_declarations, method_target
from ..model import Op
from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output


def header_path(op: Op) -> str:
    return f"generated/include/ember/ops/{op.ident}.h"


def emit(schemas: SchemaSet, out: Output) -> None:
    ops = [op for op in schemas.ops if op.signature is not None]
    entries = [(op, declarations(op)) for op in ops]
    for op, decls in entries:
        out.add(header_path(op), render("op.h.j2", f"{op.where.file} (op {op.name})", __name__, op=op,
                                        decls=[base_decl(d) for d in function_declarations(op)],
                                        uses_generator=any(a.type == "Generator?" for a in op.signature.args),
                                        uses_string=any(a.type.startswith("str") for a in op.signature.args)))
    groups = [(g, list(items)) for g, items in groupby(entries, key=lambda e: e[0].group)]
    spaces: dict[str, list] = {}
    for op, decls in entries:
        if op.namespace:
            spaces.setdefault(op.namespace, []).append((op, [d for d in decls if d.variant == "function"]))
    aliases = [pair for op in ops for pair in alias_declarations(op)]
    out.add("generated/include/ember/ops.h",
            render("ops.h.j2", "the op schemas in schemas/", __name__, entries=entries, groups=groups,
                   namespaces=list(spaces.items()), aliases=aliases, method_target=method_target))
    out.add("generated/include/ember/tensor_methods.inc",
            render("tensor_methods.inc.j2", "the op schemas in schemas/", __name__, entries=entries, aliases=aliases))
