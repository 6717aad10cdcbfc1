"""docs/ops.md: the op reference, one section per schema file."""
from __future__ import annotations

from itertools import groupby

from ..cpp import declarations
from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output


def _variants(op) -> str:
    names = []
    for d in declarations(op):
        form = f"`t.{d.name}(...)`" if d.is_method else f"`ember::{d.name}(...)`"
        if form not in names:
            names.append(form)
    return ", ".join(names)


def emit(schemas: SchemaSet, out: Output) -> None:
    groups = [(g, list(items)) for g, items in groupby(schemas.ops, key=lambda op: op.group)]
    n_c = sum(len(op.th) * len(op.th_exported_dtypes()) for op in schemas.ops)
    variants = {op.name: _variants(op) for op in schemas.ops if op.signature is not None}
    text = render("ops.md.j2", "the op schemas in schemas/", __name__, comment="<!--", ops=schemas.ops, groups=groups,
                  n_c_functions=n_c, variants=variants,
                  dtype_names=", ".join(f"{d.numpy} ({d.name})" for d in schemas.dtypes.dtypes))
    lines = text.split("\n")
    lines[0] += " -->"
    lines[1] = "<!-- " + lines[1].removeprefix("<!--").strip() + " -->"
    out.add("docs/ops.md", "\n".join(lines))
