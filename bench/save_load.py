"""Save/load throughput of a 256 MiB float32 tensor: ember.save/ember.load
(.t7, binary) next to numpy.save/numpy.load, in one run.

    PYTHONPATH=build python3 bench/save_load.py [DIR]

DIR (default: a temporary folder) should be on the disk to measure.
"""
import os
import sys
import tempfile
import time

import numpy as np

import ember

MIB = 1 << 20
SIZE = 256 * MIB
REPEATS = 5


def best_mb_s(fns):
    """Best MB/s of each fn over REPEATS rounds; each round runs them all in
    turn, so page-cache writeback and disk noise fall on every one alike."""
    best = [float("inf")] * len(fns)
    for _ in range(REPEATS):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return [SIZE / MIB / b for b in best]


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp()
    a = np.random.default_rng(0).standard_normal(SIZE // 4, dtype=np.float32)
    t = ember.from_numpy(a)
    t7_path = os.path.join(folder, "bench.t7")
    npy_path = os.path.join(folder, "bench.npy")
    names = ["ember.save (.t7)", "numpy.save (.npy)", "ember.load (.t7)", "numpy.load (.npy)"]
    fns = [lambda: ember.save(t, t7_path), lambda: np.save(npy_path, a),
           lambda: ember.load(t7_path), lambda: np.load(npy_path)]
    rows = list(zip(names, best_mb_s(fns)))
    assert np.array_equal(ember.load(t7_path).numpy(), a)
    print(f"256 MiB float32, best of {REPEATS}, in {folder}")
    for name, mbs in rows:
        print(f"  {name:20s} {mbs:9.0f} MB/s")
    os.remove(t7_path)
    os.remove(npy_path)


if __name__ == "__main__":
    main()
