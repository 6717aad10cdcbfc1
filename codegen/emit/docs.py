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


def _backends(op) -> str:
    """Where the op runs (docs/cuda.md): its CUDA dtypes, a view's any device, or the CPU alone."""
    if op.signature is None:
        return "CPU (a TH C function)"
    if op.kind.device_agnostic:
        return "CPU and CUDA (a view: only sizes, strides and offset change)"
    if "cuda" in op.dtypes:
        return "CPU; CUDA: " + ", ".join(d.numpy for d in op.dtypes["cuda"])
    return "CPU (CUDA tensors raise 'not implemented for CUDA yet')"


def emit(schemas: SchemaSet, out: Output) -> None:
    groups = [(g, list(items)) for g, items in groupby(schemas.ops, key=lambda op: op.group)]
    n_c = sum(len(op.th) * len(op.th_exported_dtypes()) for op in schemas.ops)
    variants = {op.name: _variants(op) for op in schemas.ops if op.signature is not None}
    backends = {op.name: _backends(op) for op in schemas.ops}
    text = render("ops.md.j2", "the op schemas in schemas/", __name__, comment="<!--", ops=schemas.ops, groups=groups,
                  n_c_functions=n_c, variants=variants, backends=backends,
                  dtype_names=", ".join(f"{d.numpy} ({d.name})" for d in schemas.dtypes.dtypes))
    lines = text.split("\n")
    lines[0] += " -->"
    lines[1] = "<!-- " + lines[1].removeprefix("<!--").strip() + " -->"
    out.add("docs/ops.md", "\n".join(lines))
