"""Random calls of every generated binding (tests/python/fuzz_ops.py), each
run in a child process so that a crash fails the test and names the call.
EMBER_FUZZ_EXAMPLES sets the calls per seed (default 2500)."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = int(os.environ.get("EMBER_FUZZ_EXAMPLES", "2500"))


@pytest.mark.parametrize("seed", [0, 1])
def test_fuzz_bindings(seed, tmp_path):
    log = tmp_path / "calls.log"
    child = subprocess.run([sys.executable, os.path.join(HERE, "fuzz_ops.py"), str(EXAMPLES), str(seed), str(log)],
                           capture_output=True, text=True, timeout=1800, env=dict(os.environ))
    print(child.stdout)
    if child.returncode < 0:
        calls = log.read_text().splitlines()
        pytest.fail(f"the fuzzer died of signal {-child.returncode} in call {len(calls)}:\n{calls[-1] if calls else '?'}\n"
                    f"{child.stderr[-4000:]}")
    assert child.returncode == 0, child.stdout[-8000:] + child.stderr[-4000:]
    assert " 0 findings" in child.stdout
