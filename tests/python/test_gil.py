"""Heavy calls release the GIL (runtime/python/gil.h), so Python threads
working on different tensors run in parallel.

With a switch interval far longer than the test, CPython never takes the
GIL from a thread that holds it; a thread can only start its next call
while the other is inside one if that call released the GIL. So
overlapping call intervals prove the release, whatever the machine's load
or core count (when both run, they share the cores).
"""
import sys
import threading
import time

import numpy as np
import pytest

import ember
from ember_np import to_ember

N = 1 << 22  # elements: far above kReleaseGilElements


def _intervals(fn, tensors, calls):
    """Runs fn(t) `calls` times in each of two threads; their (start, end) times."""
    spans = [[], []]
    barrier = threading.Barrier(2)

    def work(k):
        barrier.wait()
        for _ in range(calls):
            t0 = time.perf_counter()
            fn(tensors[k])
            spans[k].append((t0, time.perf_counter()))

    old = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    try:
        threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    finally:
        sys.setswitchinterval(old)
    return spans


def _overlap(a, b):
    return sum(max(0.0, min(a1, b1) - max(a0, b0)) for a0, a1 in a for b0, b1 in b)


@pytest.mark.parametrize("name,fn", [
    ("exp", lambda t: ember.exp(t)),
    ("add", lambda t: t + t),            # the operator's fast path
    ("method sum", lambda t: t.sum(0)),  # a reduction through a method
    ("clone", lambda t: t.clone()),
])
def test_two_threads_overlap(name, fn):
    tensors = [to_ember(np.linspace(0, 1, N, dtype=np.float32).reshape(1024, -1), "float32") for _ in range(2)]
    # A loaded machine may not wake the second thread before the first is
    # done; a held GIL gives no overlap in any attempt.
    for _ in range(5):
        spans = _intervals(fn, tensors, calls=12)
        busy = sum(e - s for s, e in spans[0])
        overlap = _overlap(spans[0], spans[1])
        if overlap > 0:
            break
    # Held, the intervals would be disjoint: the overlap exactly 0.
    assert overlap > 0, \
        f"{name}: calls of two threads overlapped {overlap * 1e3:.1f} ms of {busy * 1e3:.1f} ms: the GIL was held"


def test_small_calls_keep_the_gil():
    # Below the threshold a call is cheaper than releasing: no overlap is possible.
    tensors = [to_ember(np.ones(16), "float32") for _ in range(2)]
    spans = _intervals(lambda t: t + t, tensors, calls=200)
    assert _overlap(spans[0], spans[1]) == 0.0
