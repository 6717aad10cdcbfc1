"""python3 -m codegen [--root DIR] [--check]

Regenerates generated/ and docs/ops.md from schemas/. With --check,
writes nothing and exits 1 if anything would change (the stale test).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .emit import emit_all
from .errors import SchemaError
from .schema_set import load_schemas
from .writer import Output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m codegen", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the repository root (default: the one this codegen lives in)")
    parser.add_argument("--check", action="store_true", help="only report files that are out of date")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    try:
        schemas = load_schemas(root)
    except SchemaError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    out = Output(root)
    emit_all(schemas, out)
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
