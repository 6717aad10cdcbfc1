"""All emitters, in one place: each adds its files to the Output."""
from __future__ import annotations

from ..schema_set import SchemaSet
from ..writer import Output
from . import cpp_api, cuda_sources, docs, dtype_headers, meson_lists, op_sources, op_tests, python_bindings, python_tests, th_headers, thc_copies


def emit_all(schemas: SchemaSet, out: Output) -> None:
    dtype_headers.emit(schemas, out)
    th_headers.emit(schemas, out)
    thc_copies.emit(schemas, out)
    cpp_api.emit(schemas, out)
    op_sources.emit(schemas, out)
    cuda_sources.emit(schemas, out)
    op_tests.emit(schemas, out)
    python_bindings.emit(schemas, out)
    python_tests.emit(schemas, out)
    meson_lists.emit(schemas, out)
    docs.emit(schemas, out)
