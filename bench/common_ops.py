#!/usr/bin/env python3
"""Everyday ops outside the benchmark set, beside NumPy in one run.

    OMP_NUM_THREADS=1 PYTHONPATH=build python3 bench/common_ops.py [--filter REGEX]

A survey for finding slow paths: 2048^2 float32 (int64, bool where
named) operands, results allocated as user code does. Prints the best
of several runs in ms and ember's ratio to NumPy, marking ratios above
1.2. The fast paths it keeps measured: masked selection (Note
[branch-free selection]), any/all (kernels/reducers.h), unique without
positions (Note [unique by sorted keys]), where and tril (Note [where on
dense operands]), indexing by rows (runtime/python/tensor_indexing.cpp),
integer division (Notes [division through double] in kernels/scalar_ops.h
and [int64 division by lanes] in kernels/sleef_math.cpp), transposed
copies (Note [register transpose] in kernels/transpose.h), floor
division by one number (kernels/floor_divide_by_number.h), best
positions (Note [one-pass best position]), amax and amin (the reduce
kind's MaxOf, MinOf), sums of bools and bytes (kWidenedIntegers in
kernels/reduce.h) and their counts (Note [counts in narrow
counters]), flips (Note [rows read backwards] in kernels/copy.h),
softmax, log_softmax and logsumexp by rows and by columns (Notes
[softmax by rows] and [softmax by columns]).
"""
from __future__ import annotations

import argparse
import re
import time

import numpy as np

import ember

S = 2048


def best_ms(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def cases():
    rng = np.random.default_rng(0)
    m, m2 = rng.random((S, S), dtype=np.float32), rng.random((S, S), dtype=np.float32)
    v = rng.random(S, dtype=np.float32)
    m64 = m.astype(np.float64)
    im = rng.integers(0, 1000, (S, S)).astype(np.int64)
    i32, i16, i8, u8 = (rng.integers(-120 if t != np.uint8 else 0, 120, (S, S)).astype(t)
                        for t in (np.int32, np.int16, np.int8, np.uint8))
    mask, zeros = m > 0.5, np.zeros((S, S), np.bool_)
    idx = rng.integers(0, S, S)
    em, em2, ev, em64, eim = (ember.tensor(x) for x in (m, m2, v, m64, im))
    ei32, ei16, ei8, eu8 = (ember.tensor(x) for x in (i32, i16, i8, u8))
    emask, ezeros, eidx = ember.tensor(mask), ember.tensor(zeros), ember.tensor(idx)
    m512 = np.ascontiguousarray(m[:, :512])
    em512 = ember.tensor(m512)
    return [
        ("mean", lambda: em.mean(), lambda: m.mean()),
        ("var", lambda: em.var(), lambda: m.var()),
        ("std dim 1", lambda: em.std(1), lambda: m.std(1)),
        ("prod dim 0", lambda: em.prod(0), lambda: m.prod(0)),
        ("argmax dim 1", lambda: em.argmax(1), lambda: m.argmax(1)),
        ("argmax dim 1, 2048 x 512", lambda: em512.argmax(1), lambda: m512.argmax(1)),
        ("amax dim 0", lambda: em.amax(0), lambda: m.max(0)),
        ("count_nonzero (bool)", lambda: ember.count_nonzero(emask), lambda: np.count_nonzero(mask)),
        ("sum (bool)", lambda: emask.sum(), lambda: mask.sum()),
        ("sum (int8)", lambda: ei8.sum(), lambda: i8.sum()),
        ("any (bool, first set)", lambda: emask.any(), lambda: mask.any()),
        ("any (bool, none set)", lambda: ezeros.any(), lambda: zeros.any()),
        ("all (bool)", lambda: ezeros.all(), lambda: zeros.all()),
        ("isnan(a).any()", lambda: em.isnan().any(), lambda: np.isnan(m).any()),
        ("cumsum dim 1", lambda: em.cumsum(1), lambda: m.cumsum(1)),
        ("a + row", lambda: em + ev, lambda: m + v),
        ("a * 2.5", lambda: em * 2.5, lambda: m * np.float32(2.5)),
        ("a.T contiguous", lambda: em.t().contiguous(), lambda: np.ascontiguousarray(m.T)),
        ("a.T contiguous (float64)", lambda: em64.t().contiguous(), lambda: np.ascontiguousarray(m64.T)),
        ("a.T contiguous (int16)", lambda: ei16.t().contiguous(), lambda: np.ascontiguousarray(i16.T)),
        ("a.T contiguous (uint8)", lambda: eu8.t().contiguous(), lambda: np.ascontiguousarray(u8.T)),
        ("a[:2047, :2047].T contiguous", lambda: em[:2047, :2047].t().contiguous(),
         lambda: np.ascontiguousarray(m[:2047, :2047].T)),
        ("a[:512, :512].T contiguous", lambda: em[:512, :512].t().contiguous(),
         lambda: np.ascontiguousarray(m[:512, :512].T)),
        ("float32 -> float64", lambda: em.double(), lambda: m.astype(np.float64)),
        ("int64 -> float32", lambda: eim.float(), lambda: im.astype(np.float32)),
        ("a[mask]", lambda: em[emask], lambda: m[mask]),
        ("masked_select / compress", lambda: ember.masked_select(em, emask), lambda: np.compress(mask.ravel(), m.ravel())),
        ("nonzero", lambda: emask.nonzero(), lambda: np.nonzero(mask)),
        ("where", lambda: ember.where(emask, em, em2), lambda: np.where(mask, m, m2)),
        ("a[rows]", lambda: em[eidx], lambda: m[idx]),
        ("cat", lambda: ember.cat([em, em2], 0), lambda: np.concatenate([m, m2], 0)),
        ("sort dim 1 (NumPy: values only)", lambda: em.sort(1), lambda: np.sort(m, 1)),
        ("argsort dim 1", lambda: em.argsort(1), lambda: np.argsort(m, 1)),
        ("unique int64", lambda: ember.unique(eim), lambda: np.unique(im)),
        ("unique float32, counts", lambda: ember.unique(em, return_counts=True),
         lambda: np.unique(m, return_counts=True)),
        ("int64 // 7", lambda: eim // 7, lambda: im // 7),
        ("int32 // 7", lambda: ei32 // 7, lambda: i32 // 7),
        ("int32 % 7", lambda: ei32 % 7, lambda: i32 % 7),
        ("int16 // 7", lambda: ei16 // 7, lambda: i16 // 7),
        ("uint8 // 7", lambda: eu8 // 7, lambda: u8 // 7),
        ("int8 // -7", lambda: ei8 // -7, lambda: i8 // np.int8(-7)),
        ("int16 // int16", lambda: ei16 // (ei16 | 1), lambda: i16 // (i16 | 1)),
        ("float32 % 0.3", lambda: em % 0.3, lambda: m % np.float32(0.3)),
        ("tril", lambda: em.tril(), lambda: np.tril(m)),
        ("roll", lambda: em.roll(5, 1), lambda: np.roll(m, 5, 1)),
        ("flip dim 1", lambda: em.flip(1), lambda: np.flip(m, 1).copy()),
        ("diff dim 1", lambda: em.diff(dim=1), lambda: np.diff(m, axis=1)),
        ("logsumexp dim 1", lambda: em.logsumexp(1), lambda: np.log(np.exp(m).sum(1))),
        ("logsumexp dim 0", lambda: em.logsumexp(0), lambda: np.log(np.exp(m).sum(0))),
        ("softmax dim 1", lambda: em.softmax(1), lambda: (lambda e: e / e.sum(1, keepdims=True))(np.exp(m))),
        ("softmax dim 0", lambda: em.softmax(0), lambda: (lambda e: e / e.sum(0, keepdims=True))(np.exp(m))),
        ("log_softmax dim 1", lambda: em.log_softmax(1), lambda: m - np.log(np.exp(m).sum(1, keepdims=True))),
        ("log_softmax dim 0", lambda: em.log_softmax(0), lambda: m - np.log(np.exp(m).sum(0, keepdims=True))),
        ("float64 matmul 512", lambda: em64[:512, :512] @ em64[:512, :512], lambda: m64[:512, :512] @ m64[:512, :512]),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filter", default="", help="only the rows whose name matches this regex")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    print(f"{'op':34} {'ember ms':>9} {'NumPy ms':>9} {'ratio':>6}")
    for name, fe, fn in cases():
        if not re.search(args.filter, name):
            continue
        te, tn = best_ms(fe, args.repeats), best_ms(fn, args.repeats)
        print(f"{name:34} {te:9.3f} {tn:9.3f} {te / tn:6.2f}{'  <' if te > 1.2 * tn else ''}")


if __name__ == "__main__":
    main()
