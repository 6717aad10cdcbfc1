#!/usr/bin/python3
"""Random draws per second: ember's fills beside NumPy's in the same run
(single thread, medians of repetitions, outputs preallocated where both
allow it). NumPy is timed with the legacy RandomState (MT19937, as ember)
and with its default Generator (PCG64).

    PYTHONPATH=build bench/random_draws.py [--n 4194304] [--repetitions 7]
"""
from __future__ import annotations

import argparse
import statistics
import timeit

import numpy as np

import ember


def best_rate(fn, n: int, reps: int) -> float:
    fn()  # warm up: first-touch of the output
    times = timeit.repeat(fn, number=1, repeat=reps)
    return n / statistics.median(times)


def cases(n: int):
    g = ember.Generator().manual_seed(1)
    f64 = ember.empty(n, dtype=ember.float64)
    f32 = ember.empty(n, dtype=ember.float32)
    i64 = ember.empty(n, dtype=ember.int64)
    probs = ember.ones(1000, dtype=ember.float64)
    rs = np.random.RandomState(1)
    pg = np.random.default_rng(1)
    o64 = np.empty(n)
    o32 = np.empty(n, np.float32)
    p = np.full(1000, 1e-3)
    return [
        ("uniform float64", lambda: f64.uniform_(generator=g), lambda: rs.random_sample(n),
         lambda: pg.random(out=o64)),
        ("uniform float32", lambda: f32.uniform_(generator=g), lambda: rs.random_sample(n).astype(np.float32),
         lambda: pg.random(out=o32, dtype=np.float32)),
        ("normal float64", lambda: f64.normal_(generator=g), lambda: rs.standard_normal(n),
         lambda: pg.standard_normal(out=o64)),
        ("exponential float64", lambda: f64.exponential_(generator=g), lambda: rs.standard_exponential(n),
         lambda: pg.standard_exponential(out=o64)),
        ("randint [0, 100) int64", lambda: i64.random_(0, 100, generator=g), lambda: rs.randint(0, 100, n),
         lambda: pg.integers(0, 100, n)),
        ("bernoulli(0.3) float64", lambda: f64.bernoulli_(0.3, generator=g), lambda: rs.random_sample(n) <= 0.3,
         lambda: pg.random(n) <= 0.3),
        ("multinomial, 1000 categories", lambda: ember.multinomial(probs, n, True, generator=g),
         lambda: rs.choice(1000, n, p=p), lambda: pg.choice(1000, n, p=p)),
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=1 << 22)
    parser.add_argument("--repetitions", type=int, default=7)
    args = parser.parse_args()
    print(f"{'draws':32} {'ember':>12} {'RandomState':>12} {'Generator':>12}   (million draws per second, n = {args.n})")
    for name, mine, legacy, pcg in cases(args.n):
        rates = [best_rate(f, args.n, args.repetitions) / 1e6 for f in (mine, legacy, pcg)]
        print(f"{name:32} {rates[0]:12.1f} {rates[1]:12.1f} {rates[2]:12.1f}")


if __name__ == "__main__":
    main()
