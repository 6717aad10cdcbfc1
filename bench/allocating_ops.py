#!/usr/bin/env python3
"""Calls that allocate their result, beside NumPy and PyTorch in one run.

    OMP_NUM_THREADS=1 PYTHONPATH=build python3 bench/allocating_ops.py

compare.py writes into preallocated outputs (out=); Python code mostly
does not. Each statement runs in a loop that keeps its last result alive
until the next one exists, as `c = a + b` in a loop does, so every call
allocates while the previous result is held, then frees it. Large blocks
come back through Note [large block cache] (runtime/core/large_block_cache.h);
the `out=` row is the same op without allocating, for scale. Prints the
best of several runs in ms, and ember's ratio to the faster peer.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import ember

try:
    import torch
except ImportError:
    torch = None


def best_ms(fn, repeats: int) -> float:
    held = [None]
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        held[0] = fn()
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log2-size", type=int, default=24)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    if torch is not None:
        torch.set_num_threads(1)
    n = 1 << args.log2_size
    rng = np.random.default_rng(0)
    na = rng.random(n, dtype=np.float32)
    nb = rng.random(n, dtype=np.float32)
    ea, eb, eo = ember.tensor(na), ember.tensor(nb), ember.empty(n)
    no = np.empty(n, np.float32)
    ta = torch.from_numpy(na) if torch is not None else None
    tb = torch.from_numpy(nb) if torch is not None else None
    to = torch.empty(n) if torch is not None else None
    rows = [
        ("a + b", lambda: ea + eb, lambda: na + nb, lambda: ta + tb),
        ("add(a, b, out=o)", lambda: ember.add(ea, eb, out=eo), lambda: np.add(na, nb, out=no),
         lambda: torch.add(ta, tb, out=to)),
        ("(a + b) * a", lambda: (ea + eb) * ea, lambda: (na + nb) * na, lambda: (ta + tb) * ta),
        ("exp(a)", lambda: ember.exp(ea), lambda: np.exp(na), lambda: torch.exp(ta)),
        ("empty(n).fill_(1)", lambda: ember.empty(n).fill_(1), lambda: np.full(n, 1, np.float32),
         lambda: torch.empty(n).fill_(1)),
        ("a.clone()", lambda: ea.clone(), lambda: na.copy(), lambda: ta.clone()),
    ]
    print(f"2^{args.log2_size} float32, one thread, best of {args.repeats} (ms)")
    print(f"{'call':20} {'ember':>8} {'NumPy':>8} {'PyTorch':>8} {'ratio':>6}")
    for name, e, nfn, tfn in rows:
        te = best_ms(e, args.repeats)
        tn = best_ms(nfn, args.repeats)
        tt = best_ms(tfn, args.repeats) if torch is not None else float("inf")
        print(f"{name:20} {te:8.2f} {tn:8.2f} {tt:8.2f} {te / min(tn, tt):6.2f}")


if __name__ == "__main__":
    main()
