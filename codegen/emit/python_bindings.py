"""generated/python/: the CPython bindings of every op."""
from __future__ import annotations

from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output

PYTHON_SOURCES = ["generated/python/bindings.cpp"]


def emit(schemas: SchemaSet, out: Output) -> None:
    out.add("generated/python/bindings.cpp", render("python_bindings.cpp.j2", "the op schemas in schemas/"))
