"""Finds and loads every schema file under schemas/."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .dtypes import DTypeTable, load_dtypes
from .model import Op
from .ops import load_ops


@dataclass(frozen=True)
class SchemaSet:
    dtypes: DTypeTable
    ops: tuple[Op, ...]


def load_schemas(root: Path) -> SchemaSet:
    schemas = root / "schemas"
    table = load_dtypes(schemas / "dtypes.yaml", "schemas/dtypes.yaml")
    files = sorted(p for p in schemas.rglob("*.yaml") if p.name != "dtypes.yaml")
    ops = load_ops([(p, p.relative_to(root).as_posix()) for p in files], table)
    return SchemaSet(table, tuple(ops))
