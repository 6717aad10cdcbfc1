"""generated/meson.build: the lists of generated library and test sources."""
from __future__ import annotations

from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output
from .cuda_sources import cuda_path, has_cuda
from . import thc_copies
from .op_sources import source_path
from .op_tests import has_tests, test_path
from .python_bindings import python_sources


def emit(schemas: SchemaSet, out: Output) -> None:
    sources = sorted([*(source_path(op) for op in schemas.ops), thc_copies.SOURCE])
    sources = [s.removeprefix("generated/") for s in sources]
    cuda = sorted(cuda_path(op).removeprefix("generated/") for op in schemas.ops if has_cuda(op))
    tests = sorted(test_path(op).removeprefix("generated/") for op in schemas.ops if has_tests(op))
    out.add("generated/meson.build", render("meson.build.j2", "the op schemas in schemas/", __name__, comment="#",
                                            files=sources, cuda=cuda, tests=tests,
                                            python=[p.removeprefix("generated/") for p in python_sources(schemas)]))
