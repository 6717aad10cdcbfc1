"""Headers that only depend on schemas/dtypes.yaml."""
from __future__ import annotations

from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output


def emit(schemas: SchemaSet, out: Output) -> None:
    dtypes = schemas.dtypes.dtypes
    out.add("generated/include/ember/dtype_list.h", render("dtype_list.h.j2", "schemas/dtypes.yaml", __name__, dtypes=dtypes))
    out.add("generated/python/dtype_interop.h", render("dtype_interop.h.j2", "schemas/dtypes.yaml", __name__, dtypes=dtypes))
