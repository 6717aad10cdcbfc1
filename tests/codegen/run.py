#!/usr/bin/env python3
"""The generator's tests, as meson runs them: pytest over this folder,
or exit code 77 (meson's "skipped") where pytest is not installed."""
import sys
from pathlib import Path

try:
    import pytest
except ImportError:
    print("pytest is not installed: skipping the codegen tests")
    sys.exit(77)

sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", str(Path(__file__).resolve().parent)]))
