"""Every kernel kind, by the name schemas give it (`kernel: {kind: ...}`).
kinds/base.py says what a kind answers."""
from __future__ import annotations

from . import along_dim, blas, copy, custom, pointwise, reduce, reduce_index, view
from .base import Kind

KINDS: dict[str, Kind] = {k.name: k for k in (
    pointwise.KIND, reduce.KIND, reduce_index.KIND, view.KIND, custom.KIND, blas.KIND, copy.KIND, along_dim.KIND)}
