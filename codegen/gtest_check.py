"""`python3 -m codegen --check-tests`: every hand-written test that an
entry names in `test.gtest` is defined under tests/.

A check of its own (a meson test), not part of generation: a schema may
name tests that are still being written, and generating must not wait
for them.
"""
from __future__ import annotations

import re
from pathlib import Path

from .schema_set import SchemaSet

_DEFINITION = re.compile(r"^\s*(?:TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)", re.MULTILINE)


def defined_tests(root: Path) -> set[str]:
    """Suite.Name of every GoogleTest test defined in tests/**."""
    found: set[str] = set()
    for path in sorted((root / "tests").rglob("*")):
        if path.suffix in (".cpp", ".cc", ".h") and path.is_file():
            for m in _DEFINITION.finditer(path.read_text(encoding="utf-8", errors="replace")):
                found.add(f"{m.group(1)}.{m.group(2)}")
    return found


def missing_tests(schemas: SchemaSet, root: Path) -> list[str]:
    """`file:line: message` for each named test that is not defined."""
    defined = defined_tests(root)
    return [f"{op.test.gtest_at}: test {name} (named by '{op.name}') is not defined under tests/"
            for op in schemas.ops for name in op.test.gtest if name not in defined]
