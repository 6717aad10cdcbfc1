"""The C++ API headers: ops.h (functions, method bodies) and
tensor_methods.inc (method declarations inside class Tensor)."""
from __future__ import annotations

from itertools import groupby

from ..cpp import declarations
from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output


def emit(schemas: SchemaSet, out: Output) -> None:
    ops = [op for op in schemas.ops if op.signature is not None]
    entries = [(op, declarations(op)) for op in ops]
    groups = [(g, list(items)) for g, items in groupby(entries, key=lambda e: e[0].group)]
    out.add("generated/include/ember/ops.h", render("ops.h.j2", "the op schemas in schemas/", __name__, groups=groups))
    out.add("generated/include/ember/tensor_methods.inc",
            render("tensor_methods.inc.j2", "the op schemas in schemas/", __name__, entries=entries))
