"""Tiny repositories for the generator's tests: a copy of codegen/ and
schemas/dtypes.yaml, plus whatever op schema a test writes, generated
with `python3 -m codegen --root TMP` run from the copy."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Some tests import the generator's modules themselves.
sys.path.insert(0, str(ROOT))

# One valid entry; tests break it one way at a time.
NEG = """\
ops:
  - signature: neg(Tensor self) -> Tensor
    variants: [function, method, inplace, out]
    dtypes: {cpu: signed}
    kernel: {kind: pointwise, expr: "-self"}
    th:
      - void THTensor_neg(THTensor *self_ = out, THTensor *src = self)
    doc: Negates each element.
    test: {ref: "-self", tol: {Half: 1e-3}}
"""


@dataclass
class Result:
    code: int
    out: str
    err: str


class Repo:
    def __init__(self, root: Path):
        self.root = root

    def write(self, rel: str, text: str) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    def codegen(self, *args: str) -> Result:
        env = dict(os.environ, PYTHONPATH=str(self.root))
        r = subprocess.run([sys.executable, "-m", "codegen", "--root", str(self.root), *args],
                           cwd=self.root, env=env, capture_output=True, text=True, timeout=120)
        return Result(r.returncode, r.stdout, r.stderr)

    def generate(self, rel: str, text: str, output: str) -> str:
        """Writes the schema file rel, runs codegen, which must succeed,
        and returns the generated file `output` (relative to the root)."""
        self.write(rel, text)
        r = self.codegen()
        assert r.code == 0, r.err
        return (self.root / output).read_text()


def _copy_codegen(dst: Path) -> None:
    shutil.copytree(ROOT / "codegen", dst / "codegen", ignore=shutil.ignore_patterns("__pycache__"))


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    """codegen/ and schemas/dtypes.yaml only."""
    _copy_codegen(tmp_path)
    (tmp_path / "schemas").mkdir()
    shutil.copy(ROOT / "schemas" / "dtypes.yaml", tmp_path / "schemas" / "dtypes.yaml")
    return Repo(tmp_path)


@pytest.fixture
def full_repo(tmp_path: Path) -> Repo:
    """codegen/ and every schema of the real repository."""
    _copy_codegen(tmp_path)
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    return Repo(tmp_path)


def line_of(text: str, fragment: str, nth: int = 1) -> int:
    """1-based line of the nth line containing `fragment` in dedented `text`."""
    seen = 0
    for number, line in enumerate(textwrap.dedent(text).splitlines(), start=1):
        if fragment in line:
            seen += 1
            if seen == nth:
                return number
    raise AssertionError(f"{fragment!r} not in the schema text")
