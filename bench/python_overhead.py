#!/usr/bin/env python3
"""Per-call overhead of the Python bindings, beside NumPy in the same run.

    PYTHONPATH=build python3 bench/python_overhead.py

Tiny tensors, so the time is the binding's: argument parsing, dispatch,
the result object. Prints ns per call (median of several timeit repeats).
"""
from __future__ import annotations

import statistics
import timeit

import numpy as np

import ember

REPEATS = 9


def per_call_ns(stmt: str, env: dict, number: int = 200_000) -> float:
    times = timeit.repeat(stmt, globals=env, number=number, repeat=REPEATS)
    return statistics.median(times) / number * 1e9


def main() -> None:
    na = np.arange(4, dtype=np.float32)
    nb = np.arange(4, dtype=np.float32)
    a = ember.tensor(na) if hasattr(ember, "tensor") else None
    b = ember.tensor(nb) if hasattr(ember, "tensor") else None
    env = {"a": a, "b": b, "na": na, "nb": nb, "ember": ember, "np": np}
    rows = [
        ("a + b (4 x float32)", "a + b", "na + nb"),
        ("t.narrow(0, 1, 2) / a[1:3]", "a.narrow(0, 1, 2)", "na[1:3]"),
        ("ember.add(a, b) / np.add", "ember.add(a, b)", "np.add(na, nb)"),
        ("a.add(b, alpha=2)", "a.add(b, alpha=2)", "na + 2 * nb"),
        ("a + 1.5", "a + 1.5", "na + 1.5"),
        ("a.view(2, 2) / reshape", "a.view(2, 2)", "na.reshape(2, 2)"),
        ("a.sum()", "a.sum()", "na.sum()"),
    ]
    print(f"{'call':32} {'ember ns':>9} {'NumPy ns':>9} {'ratio':>6}")
    for name, e, n in rows:
        te = per_call_ns(e, env)
        tn = per_call_ns(n, env)
        print(f"{name:32} {te:9.0f} {tn:9.0f} {te / tn:6.2f}")


if __name__ == "__main__":
    main()
