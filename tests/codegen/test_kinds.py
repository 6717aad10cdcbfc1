"""The kind table: every registered kind writes its TH C functions, and a
kind that writes none is told apart (ops.py then refuses `th:` on its
entries with file:line)."""
from __future__ import annotations

from codegen.kinds import KINDS
from codegen.kinds.base import Kind


def test_every_registered_kind_writes_th():
    assert KINDS and all(kind.writes_th for kind in KINDS.values())


def test_a_kind_without_th_body_writes_no_th():
    class Bare(Kind):
        name = "bare"

    assert not Bare().writes_th
