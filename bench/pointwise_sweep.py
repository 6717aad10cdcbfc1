#!/usr/bin/python3
"""Times ember's elementwise ops beyond the benchmark set, dtype by dtype,
beside NumPy's and PyTorch's same functions, in one run, one thread, and
prints ember / best peer, worst first.

    OMP_NUM_THREADS=1 bench/pointwise_sweep.py [--size 1048576] [--filter REGEX] [--dtypes float32,float64]

The benchmark set (bench/compare.py) covers add, exp, tanh, ...; this
sweep is what finds an op left on a scalar loop (Note [SLEEF calls] in
kernels/sleef_math.h came from it: sin of float32 was 16x NumPy's time).
Uses /usr/bin/python3 with Debian's NumPy and PyTorch (`.ci/install-deps
--bench`); ember from build/ (EMBER_LIBRARY, PYTHONPATH as in the README).
"""
from __future__ import annotations

import argparse
import re
import timeit
import warnings

import numpy as np

try:
    import torch
except ImportError:
    torch = None

import ember

# ember name -> (NumPy function or None, inputs' domain (lo, hi)).
UNARY = {
    "exp": (np.exp, (-3, 3)), "log": (np.log, (0.1, 3)), "sqrt": (np.sqrt, (0.1, 3)),
    "sin": (np.sin, (-3, 3)), "cos": (np.cos, (-3, 3)), "tan": (np.tan, (-1.5, 1.5)),
    "asin": (np.arcsin, (-0.9, 0.9)), "acos": (np.arccos, (-0.9, 0.9)), "atan": (np.arctan, (-3, 3)),
    "sinh": (np.sinh, (-3, 3)), "cosh": (np.cosh, (-3, 3)), "tanh": (np.tanh, (-3, 3)),
    "asinh": (np.arcsinh, (-3, 3)), "acosh": (np.arccosh, (1, 4)), "atanh": (np.arctanh, (-0.9, 0.9)),
    "exp2": (np.exp2, (-3, 3)), "expm1": (np.expm1, (-3, 3)), "log2": (np.log2, (0.1, 3)),
    "log10": (np.log10, (0.1, 3)), "log1p": (np.log1p, (0.1, 3)), "erf": (None, (-3, 3)),
    "erfc": (None, (-3, 3)), "lgamma": (None, (0.1, 3)), "sigmoid": (None, (-3, 3)),
    "rsqrt": (None, (0.1, 3)), "reciprocal": (np.reciprocal, (0.1, 3)), "abs": (np.abs, (-3, 3)),
    "neg": (np.negative, (-3, 3)), "floor": (np.floor, (-3, 3)), "round": (np.round, (-3, 3)),
    "sign": (np.sign, (-3, 3)), "square": (np.square, (-3, 3)),
}
BINARY = {
    "add": (np.add, (-3, 3)), "mul": (np.multiply, (-3, 3)), "div": (np.true_divide, (0.1, 3)),
    "maximum": (np.maximum, (-3, 3)), "fmax": (np.fmax, (-3, 3)), "atan2": (np.arctan2, (-3, 3)),
    "hypot": (np.hypot, (-3, 3)), "pow": (np.power, (0.1, 3)), "fmod": (np.fmod, (0.1, 3)),
    "remainder": (np.remainder, (0.1, 3)), "floor_divide": (np.floor_divide, (0.1, 3)),
    "copysign": (np.copysign, (-3, 3)), "nextafter": (np.nextafter, (-3, 3)),
    "logaddexp": (np.logaddexp, (-3, 3)),
}


def best_time(f, repeat: int = 5) -> float:
    """Seconds per call: the least of `repeat` timings of enough calls for ~20 ms."""
    f()
    number = max(1, int(0.02 / max(1e-7, timeit.timeit(f, number=1))))
    return min(timeit.repeat(f, number=number, repeat=repeat)) / number


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=1 << 20)
    ap.add_argument("--filter", default="")
    ap.add_argument("--dtypes", default="float32,float64,float16,int32")
    args = ap.parse_args()
    ember.set_num_threads(1)
    if torch is not None:
        torch.set_num_threads(1)
    rng = np.random.default_rng(0)
    pattern = re.compile(args.filter)
    rows = []
    for name, (numpy_fn, (lo, hi)) in list(UNARY.items()) + list(BINARY.items()):
        if not pattern.search(name):
            continue
        arity = 1 if name in UNARY else 2
        for dtype in args.dtypes.split(","):
            xs = [rng.uniform(lo, hi, args.size).astype(dtype) for _ in range(arity)]
            ember_fn = getattr(ember, name)
            ember_xs = [ember.from_numpy(x) for x in xs]
            try:
                result = ember_fn(*ember_xs)
            except Exception:
                continue  # an op without this dtype
            ember_time = best_time(lambda: ember_fn(*ember_xs, out=result))
            peers = []
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if numpy_fn is not None:
                    out = np.empty_like(numpy_fn(*xs))
                    peers.append(("NumPy", best_time(lambda: numpy_fn(*xs, out=out))))
                torch_fn = getattr(torch, name, None) if torch is not None else None
                if torch_fn is not None:
                    try:
                        txs = [torch.from_numpy(x) for x in xs]
                        tout = torch_fn(*txs)
                        peers.append(("PyTorch", best_time(lambda: torch_fn(*txs, out=tout))))
                    except (RuntimeError, TypeError):
                        pass
            if not peers:
                continue
            peer, peer_time = min(peers, key=lambda p: p[1])
            rows.append((ember_time / peer_time, name, dtype, ember_time, peer, peer_time))
    print(f"{'op':14s} {'dtype':8s} {'ember ms':>9s} {'best peer':>10s} {'ms':>8s} {'ratio':>6s}")
    for ratio, name, dtype, et, peer, pt in sorted(rows, reverse=True):
        print(f"{name:14s} {dtype:8s} {et * 1e3:9.3f} {peer:>10s} {pt * 1e3:8.3f} {ratio:6.2f}")


if __name__ == "__main__":
    main()
