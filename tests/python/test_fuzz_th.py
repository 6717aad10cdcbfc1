"""Random calls of TH's C API (tests/python/fuzz_th.py) in a child process.
Needs the shared library (EMBER_LIBRARY, set by meson test).
EMBER_FUZZ_EXAMPLES sets the calls per seed (default 2500)."""
import os

import pytest

from fuzz_child import EXAMPLES, HERE, run_child

HEADER = os.path.join(HERE, "..", "..", "generated", "include", "TH", "THTensorFunctions.h")
LIBRARY = os.environ.get("EMBER_LIBRARY", "")


@pytest.mark.skipif(not os.path.exists(LIBRARY), reason="EMBER_LIBRARY does not name libember.so")
@pytest.mark.parametrize("seed", [0, 1])
def test_fuzz_th(seed, tmp_path):
    assert " 0 findings" in run_child("fuzz_th.py", [LIBRARY, HEADER, str(EXAMPLES), str(seed)], tmp_path / "calls.log")
