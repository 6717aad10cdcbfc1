"""python3 -m codegen [--root DIR] [--check | --check-tests]

Regenerates generated/ and docs/ops.md from schemas/. With --check,
writes nothing and exits 1 if anything would change (the stale test).
With --check-tests, exits 1 if a schema names a hand-written test
(`test.gtest`) that no file under tests/ defines.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .emit import emit_all
from .errors import SchemaError
from .gtest_check import missing_tests
from .schema_set import load_schemas
from .writer import Output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m codegen", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the repository root (default: the one this codegen lives in)")
    parser.add_argument("--check", action="store_true", help="only report files that are out of date")
    parser.add_argument("--check-tests", action="store_true",
                        help="only report hand-written tests that schemas name but tests/ lacks")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    try:
        schemas = load_schemas(root)
    except SchemaError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.check_tests:
        missing = missing_tests(schemas, root)
        for line in missing:
            print(f"error: {line}", file=sys.stderr)
        return 1 if missing else 0
    out = Output(root)
    try:
        emit_all(schemas, out)
    except SchemaError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    managed = root / "generated"
    if args.check:
        stale = out.differences(managed)
        for rel in stale:
            print(f"out of date: {rel}", file=sys.stderr)
        if stale:
            print("generated/ differs from what schemas/ and codegen/ produce: run `meson compile -C build regenerate` "
                  "(or python3 -m codegen) and commit the result", file=sys.stderr)
        return 1 if stale else 0
    for rel in out.write(managed):
        print(f"wrote {rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
