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
[softmax by rows] and [softmax by columns]), runs of equal elements
(Note [runs of equal elements]), kthvalue and median (Note [selection
by partitions]), take without negative positions (runtime/ops/take.cpp),
any and all along a dim (kDecidePiece in kernels/reduce.h), batches of
dot products (einsum "ij,ij->i": runtime/ops/blas_routines.h) and dist
(runtime/ops/reduce_ops.cpp).
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
    ] + more_cases(rng, m, m2, em, em2, im, eim, mask, emask)


def more_cases(rng, m, m2, em, em2, im, eim, mask, emask):
    srt = np.sort(rng.random(1 << 16, dtype=np.float32))
    q = rng.random(1 << 20, dtype=np.float32)
    small = rng.integers(0, 1000, 1 << 22)
    vec = rng.random(S, dtype=np.float32)
    x3 = rng.random((S * S // 3, 3), dtype=np.float32)
    y3 = rng.random((S * S // 3, 3), dtype=np.float32)
    rows = rng.integers(0, S, S)
    batch_a, batch_b = rng.random((64, 64, 64), dtype=np.float32), rng.random((64, 64, 64), dtype=np.float32)
    esrt, eq, esmall, evec, ex3, ey3, erows = (ember.tensor(x) for x in (srt, q, small, vec, x3, y3, rows))
    eba, ebb = ember.tensor(batch_a), ember.tensor(batch_b)

    def runs_of(flat):
        return flat[np.r_[True, flat[1:] != flat[:-1]]]

    def add_at():
        out = np.zeros_like(m)
        np.add.at(out, rows, m)
        return out

    return [
        ("median dim 1", lambda: em.median(1), lambda: np.median(m, 1)),
        ("kthvalue 1000 dim 1", lambda: em.kthvalue(1000, 1), lambda: np.partition(m, 999, 1)[:, 999]),
        ("quantile 0.3 dim 1", lambda: ember.quantile(em, 0.3, 1), lambda: np.quantile(m, 0.3, 1)),
        ("searchsorted 2^20 in 2^16", lambda: ember.searchsorted(esrt, eq), lambda: np.searchsorted(srt, q)),
        ("bincount int64 2^22", lambda: ember.bincount(esmall), lambda: np.bincount(small)),
        ("histc 100 bins", lambda: ember.histc(em, 100, 0, 1), lambda: np.histogram(m, 100, (0, 1))),
        ("cumprod dim 1", lambda: em.cumprod(1), lambda: m.cumprod(1)),
        ("cummax dim 1", lambda: em.cummax(1), lambda: np.maximum.accumulate(m, 1)),
        ("logcumsumexp dim 1", lambda: em.logcumsumexp(1), lambda: np.logaddexp.accumulate(m, 1)),
        ("norm dim 1", lambda: em.norm(2, 1), lambda: np.linalg.norm(m, axis=1)),
        ("norm", lambda: em.norm(), lambda: np.linalg.norm(m)),
        ("dist", lambda: ember.dist(em, em2), lambda: np.linalg.norm(m - m2)),
        ("aminmax", lambda: ember.aminmax(em), lambda: (m.min(), m.max())),
        ("max dim 0 (values, indices)", lambda: em.max(0), lambda: (m.max(0), m.argmax(0))),
        ("var_mean dim 1", lambda: ember.var_mean(em, 1), lambda: (m.var(1), m.mean(1))),
        ("mean dim 0", lambda: em.mean(0), lambda: m.mean(0)),
        ("nansum", lambda: ember.nansum(em), lambda: np.nansum(m)),
        ("cross dim 1", lambda: ember.cross(ex3, ey3, dim=1), lambda: np.cross(x3, y3)),
        ("trace", lambda: em.trace(), lambda: np.trace(m)),
        ("index_add dim 0", lambda: ember.zeros_like(em).index_add(0, erows, em), add_at),
        ("masked_fill", lambda: em.masked_fill(emask, 0.0), lambda: np.where(mask, np.float32(0), m)),
        ("take 2^20", lambda: ember.take(em, ember.tensor(small[: 1 << 20])), lambda: np.take(m, small[: 1 << 20])),
        ("triu", lambda: em.triu(), lambda: np.triu(m)),
        ("diag", lambda: em.diag(), lambda: np.diag(m).copy()),
        ("repeat 2x2", lambda: em[:1024, :1024].repeat(2, 2), lambda: np.tile(m[:1024, :1024], (2, 2))),
        ("stack", lambda: ember.stack([em, em2]), lambda: np.stack([m, m2])),
        ("outer", lambda: ember.outer(evec, evec), lambda: np.outer(vec, vec)),
        ("mv", lambda: ember.mv(em, evec), lambda: m @ vec),
        ("bmm 64^3", lambda: ember.bmm(eba, ebb), lambda: np.matmul(batch_a, batch_b)),
        ("einsum ij,ij->i", lambda: ember.einsum("ij,ij->i", em, em2), lambda: np.einsum("ij,ij->i", m, m2)),
        ("lerp", lambda: ember.lerp(em, em2, 0.3), lambda: m + np.float32(0.3) * (m2 - m)),
        ("addcmul", lambda: ember.addcmul(em, em2, em2, value=0.5), lambda: m + np.float32(0.5) * m2 * m2),
        ("float32 -> int32", lambda: em.int(), lambda: m.astype(np.int32)),
        ("round", lambda: em.round(), lambda: np.round(m)),
        ("sign", lambda: em.sign(), lambda: np.sign(m)),
        ("nan_to_num", lambda: ember.nan_to_num(em), lambda: np.nan_to_num(m)),
        ("int64 >> 3", lambda: eim >> 3, lambda: im >> 3),
        ("gcd int64", lambda: ember.gcd(eim, eim + 1), lambda: np.gcd(im, im + 1)),
        ("randperm 2^20", lambda: ember.randperm(1 << 20), lambda: rng.permutation(1 << 20)),
        ("rand 2048^2", lambda: ember.rand(S, S), lambda: rng.random((S, S), dtype=np.float32)),
        ("randn 2048^2", lambda: ember.randn(S, S), lambda: rng.standard_normal((S, S), dtype=np.float32)),
        ("arange 2^22", lambda: ember.arange(1 << 22), lambda: np.arange(1 << 22)),
        ("linspace 2^22", lambda: ember.linspace(0, 1, 1 << 22), lambda: np.linspace(0, 1, 1 << 22, dtype=np.float32)),
        ("eye 2048", lambda: ember.eye(S), lambda: np.eye(S, dtype=np.float32)),
        ("unique_consecutive int64", lambda: ember.unique_consecutive(eim), lambda: runs_of(im.ravel())),
        ("any dim 1", lambda: emask.any(1), lambda: mask.any(1)),
        ("a == b", lambda: em == em2, lambda: m == m2),
        ("clamp int64", lambda: eim.clamp(10, 500), lambda: np.clip(im, 10, 500)),
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
