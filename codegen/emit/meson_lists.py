"""generated/meson.build: the list of generated sources."""
from __future__ import annotations

from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output
from .op_sources import source_path


def emit(schemas: SchemaSet, out: Output) -> None:
    sources = sorted(source_path(op).removeprefix("generated/") for op in schemas.ops)
    out.add("generated/meson.build", render("meson.build.j2", "the op schemas in schemas/", comment="#", files=sources))
