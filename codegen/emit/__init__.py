"""All emitters, in one place: each adds its files to the Output."""
from __future__ import annotations

from ..schema_set import SchemaSet
from ..writer import Output
from . import dtype_headers


def emit_all(schemas: SchemaSet, out: Output) -> None:
    dtype_headers.emit(schemas, out)
