#!/usr/bin/env python3
"""Device-to-device pointwise bandwidth on a GPU (issue 13's numbers).

    PYTHONPATH=build python3 bench/cuda_pointwise.py [log2 n]

c = a + b over 2^28 float32 (default) on cuda:0, as effective bandwidth
(3 x 4 bytes per element moved) beside a device-to-device copy of the
same bytes (cudaMemcpy through copy_), each the median of 20 timed calls
after warm-up, synchronized. Also a strided case (a transposed input) and
a dtype-converting copy. Prints nothing but a note where there is no GPU.
"""
from __future__ import annotations

import statistics
import sys
import time

import ember


def median_s(fn, repeats: int = 20) -> float:
    fn()
    ember.cuda.synchronize()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        ember.cuda.synchronize()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    if not ember.cuda.is_available():
        print("no CUDA device: nothing to measure")
        return
    log2n = int(sys.argv[1]) if len(sys.argv) > 1 else 28
    n = 1 << log2n
    a = ember.empty(n, device="cuda").fill_(1.0)
    b = ember.empty(n, device="cuda").fill_(2.0)
    c = ember.empty(n, device="cuda")
    side = 1 << (log2n // 2)
    sq = a.view(side, n // side)
    out_sq = ember.empty((side, n // side), device="cuda")
    half = ember.empty(n, dtype=ember.float16, device="cuda")
    rows = [
        ("add, contiguous", lambda: ember.add(a, b, out=c), 12),
        ("copy_ (same dtype)", lambda: c.copy_(a), 8),
        ("add, one input transposed", lambda: ember.add(sq, sq.t(), out=out_sq) if side == n // side else None, 12),
        ("copy_ float32 -> float16", lambda: half.copy_(a), 6),
        ("mul by a number, in place", lambda: c.mul_(1.0001), 8),
    ]
    print(f"n = 2^{log2n} float32 on {ember.cuda.current_device()} ({ember.cuda.device_count()} device(s))")
    for name, fn, bytes_per_element in rows:
        s = median_s(fn)
        print(f"{name:36s} {s * 1e3:9.3f} ms  {bytes_per_element * n / s / 1e9:8.1f} GB/s")


if __name__ == "__main__":
    main()
