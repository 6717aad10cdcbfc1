"""NumPy on the ops bench_kernels.cpp times, for side-by-side ratios.

Prints the median of `repeat` timings per op, in milliseconds, single
threaded (NumPy's ufuncs and reductions are). Run in the same session as
bench_kernels: `python3 bench/kernels/numpy_peer.py [repeat]`.
"""
import sys
import timeit

import numpy as np

N = 1 << 24
SIDE = 4096


def cases():
    a = np.arange(N, dtype=np.float32) % 7 + 1
    b = np.arange(N, dtype=np.float32) % 7 + 2
    c = np.empty(N, dtype=np.float32)
    ia, ib, ic = a.astype(np.int32), b.astype(np.int32), np.empty(N, dtype=np.int32)
    m = a.reshape(SIDE, SIDE)
    mb = b.reshape(SIDE, SIDE)
    mc = c.reshape(SIDE, SIDE)
    e = np.arange(N, dtype=np.float32) % 7 - 3
    return {
        "B1_add_f32": lambda: np.add(a, b, out=c),
        "B2_add_transposed": lambda: np.add(m, mb.T, out=mc),
        "B3_sum_all": lambda: a.sum(dtype=np.float64),
        "B3_sum_all_f32acc": lambda: a.sum(),
        "B4a_sum_dim1": lambda: m.sum(axis=1),
        "B4b_sum_dim0": lambda: m.sum(axis=0),
        "B5_exp_f32": lambda: np.exp(e, out=c),
        "B7_copy_transposed": lambda: np.copyto(mc, m.T),
        "B11_add_i32": lambda: np.add(ia, ib, out=ic),
    }


def main():
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    for name, fn in cases().items():
        fn()
        times = sorted(timeit.repeat(fn, number=1, repeat=repeat))
        print(f"{name:24s} {times[len(times) // 2] * 1e3:8.2f} ms")


if __name__ == "__main__":
    main()
