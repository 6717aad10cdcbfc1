"""Random calls of every generated binding (tests/python/fuzz_ops.py) in a
child process. EMBER_FUZZ_EXAMPLES sets the calls per seed (default 2500)."""
import pytest

from fuzz_child import EXAMPLES, run_child


@pytest.mark.parametrize("seed", [0, 1])
def test_fuzz_bindings(seed, tmp_path):
    assert " 0 findings" in run_child("fuzz_ops.py", [str(EXAMPLES), str(seed)], tmp_path / "calls.log")
