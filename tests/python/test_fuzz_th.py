"""Random calls of TH's C API (tests/python/fuzz_th.py) in a child process,
so that a crash fails the test and names the call. Needs the shared
library (EMBER_LIBRARY, set by meson test). EMBER_FUZZ_EXAMPLES sets the
calls per seed (default 2500)."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, "..", "..", "generated", "include", "TH", "THTensorFunctions.h")
EXAMPLES = int(os.environ.get("EMBER_FUZZ_EXAMPLES", "2500"))
LIBRARY = os.environ.get("EMBER_LIBRARY", "")


@pytest.mark.skipif(not os.path.exists(LIBRARY), reason="EMBER_LIBRARY does not name libember.so")
@pytest.mark.parametrize("seed", [0, 1])
def test_fuzz_th(seed, tmp_path):
    log = tmp_path / "calls.log"
    child = subprocess.run([sys.executable, os.path.join(HERE, "fuzz_th.py"), LIBRARY, HEADER, str(EXAMPLES), str(seed),
                            str(log)], capture_output=True, text=True, timeout=1800)
    print(child.stdout)
    if child.returncode < 0:
        calls = log.read_text().splitlines()
        pytest.fail(f"TH fuzzing died of signal {-child.returncode} in call {len(calls)}:\n{calls[-1] if calls else '?'}\n"
                    f"{child.stderr[-4000:]}")
    assert child.returncode == 0, child.stdout[-8000:] + child.stderr[-4000:]
