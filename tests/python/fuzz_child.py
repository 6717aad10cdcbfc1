"""What the fuzzers (fuzz_ops.py, fuzz_th.py) share: running one in a child
process from a test, so that a crash fails the test and names the call
it died in (each fuzzer logs a call before making it), and running its
hypothesis test to the first failure."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = int(os.environ.get("EMBER_FUZZ_EXAMPLES", "2500"))


def run_child(script: str, args: list[str], log: Path) -> str:
    """Runs tests/python/<script> with `args` (its log file last); returns its output."""
    child = subprocess.run([sys.executable, os.path.join(HERE, script), *args, str(log)], capture_output=True,
                           text=True, timeout=1800)
    print(child.stdout)
    if child.returncode < 0:
        calls = log.read_text().splitlines() if log.exists() else []
        pytest.fail(f"{script} died of signal {-child.returncode} in call {len(calls)}:\n"
                    f"{calls[-1] if calls else '?'}\n{child.stderr[-4000:]}")
    assert child.returncode == 0, child.stdout[-8000:] + child.stderr[-4000:]
    return child.stdout


def run_to_first_failure(test: Callable[[], None]) -> int:
    """Runs a hypothesis test; prints its failure. Returns the exit status."""
    try:
        test()
    except AssertionError as err:
        print(f"FAILED: {err}")
        return 1
    return 0
