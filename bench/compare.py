#!/usr/bin/python3
"""Runs ember's benchmark set and the same work in NumPy, in one run, and
prints ember/peer time ratios (single thread; medians of repetitions). Where
NumPy has no equivalent (topk) or computes less (sort without positions),
PyTorch 1.13 (Debian's python3-torch, when installed) is timed as well.

    bench/compare.py [--bench build/bench/bench_ops] [--repetitions 7] [--filter REGEX] [--cpu-time] [--threads N]

With --threads N (N > 1) a second table follows: ember's wall time on one
thread and on N, and the speedup, for the same benchmarks, in the same run.

Uses /usr/bin/python3 with Debian's python3-numpy (`.ci/install-deps --bench`).

B6 (1024^3 sgemm/dgemm) gets a table of its own: ember's mm beside a
direct cblas call on the same OpenBLAS, both with ember's choice of
OpenBLAS core (Note [OpenBLAS core type] in runtime/ops/openblas.h) and with
EMBER_OPENBLAS_CORETYPE=off (OpenBLAS's own choice), and NumPy's matmul
with its OpenBLAS's own choice and with OPENBLAS_CORETYPE=SkylakeX.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
import timeit

# NumPy's OpenBLAS reads these when numpy is imported: one thread, as
# everything else here.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

N = 1 << 24
SIDE = 4096
GEMM = 1024


def random_indices(shape, bound: int) -> np.ndarray:
    """bench_ops.cpp's random_indices: the same LCG, so both index alike."""
    n = int(np.prod(shape))
    out = np.empty(n, np.int64)
    x = 12345
    mask = (1 << 64) - 1
    for i in range(n):
        x = (x * 6364136223846793005 + 1442695040888963407) & mask
        out[i] = (x >> 33) % bound
    return out.reshape(shape)


def numpy_cases() -> list[tuple[str, callable, str]]:
    a = np.full(N, 0.5, np.float32)
    b = np.full(N, 0.5, np.float32)
    out = np.empty(N, np.float32)
    sq = np.full((SIDE, SIDE), 0.5, np.float32)
    sq2 = np.full((SIDE, SIDE), 0.5, np.float32).T
    sq_out = np.empty((SIDE, SIDE), np.float32)
    row = np.empty(SIDE, np.float32)
    s4a, s4b, s4r = np.full(4, 0.5, np.float32), np.full(4, 0.5, np.float32), np.empty(4, np.float32)
    ia, ib, iout = np.full(N, 1, np.int32), np.full(N, 1, np.int32), np.empty(N, np.int32)
    k = 1 << 20
    src1, idx1, out1 = np.full(k, 0.5, np.float32), random_indices((k,), k), np.empty(k, np.float32)
    src2, idx2 = np.full((1024, 1024), 0.5, np.float32), random_indices((1024, 1024), 1024)
    mi = np.full((512, 512), 1, np.int32)
    mi_out = np.empty((512, 512), np.int32)
    # bench_ops.cpp's varied(): lo + step * (i % 1000 + 1).
    steps = (np.arange(N) % 1000 + 1) * 0.01
    pos32, pos64, sym32 = steps.astype(np.float32), steps.copy(), (steps - 5.0).astype(np.float32)
    out64 = np.empty(N, np.float64)
    # bench_ops.cpp's varied(lo, step) for the B23-B27 operands (int32 from double truncates, as ember's .to).
    kv = (np.arange(N) % 1000 + 1).astype(np.float64)
    num_i32, den_i32 = (-500.0 + 1.0 * kv).astype(np.int32), (1.0 + 0.008 * kv).astype(np.int32)
    lhs32, rhs32 = (-5.0 + 0.01 * kv).astype(np.float32), (-4.0 + 0.008 * kv).astype(np.float32)
    lt_mask = np.empty(N, np.bool_)
    rng = np.random.default_rng(0)
    u20, u24 = rng.random(1 << 20, np.float32), rng.random(N, np.float32)
    usq, irow = rng.random((SIDE, SIDE), np.float32), np.empty(SIDE, np.int64)
    return [
        ("B1_add_f32_contiguous", lambda: np.add(a, b, out=out), "np.add(a, b, out=c)"),
        ("B2_add_f32_transposed", lambda: np.add(sq, sq2, out=sq_out), "np.add(a, b.T, out=c)"),
        ("B3_sumall_f32", lambda: a.sum(), "a.sum()"),
        ("B4a_sum_dim1_f32", lambda: np.sum(sq, axis=1, out=row), "a.sum(axis=1, out=r)"),
        ("B4b_sum_dim0_f32", lambda: np.sum(sq, axis=0, out=row), "a.sum(axis=0, out=r)"),
        ("B5_exp_f32", lambda: np.exp(a, out=out), "np.exp(a, out=c)"),
        ("B6_int32_mm_512", lambda: np.matmul(mi, mi, out=mi_out), "np.matmul(a, b, out=c) (int32 512^2)"),
        ("B7_copy_transposed_f32", lambda: np.copyto(sq_out, sq2), "np.copyto(c, a.T)"),
        ("B10_cadd_4_f32_TH", lambda: np.add(s4a, s4b, out=s4r), "np.add(a4, b4, out=c4) (Python)"),
        ("B10_add_4_f32_cpp", lambda: np.add(s4a, s4b, out=s4r), "np.add(a4, b4, out=c4) (Python)"),
        ("B11_add_i32", lambda: np.add(ia, ib, out=iout), "np.add(ia, ib, out=ic)"),
        ("B12_index_select_f32", lambda: np.take(src1, idx1, out=out1), "np.take(a, idx, out=c)"),
        ("B13_gather_dim1_f32", lambda: np.take_along_axis(src2, idx2, axis=1),
         "np.take_along_axis(a, idx, axis=1) (allocates)"),
        ("B20_log_f32", lambda: np.log(pos32, out=out), "np.log(a, out=c)"),
        ("B20_log_f64", lambda: np.log(pos64, out=out64), "np.log(a, out=c) (float64)"),
        # NumPy has no sigmoid: the expression its users write, one ufunc at a time into `out`.
        ("B21_sigmoid_f32", lambda: np.reciprocal(np.add(np.exp(np.negative(sym32, out=out), out=out), 1, out=out), out=out),
         "1 / (1 + np.exp(-a)) in place"),
        ("B22_tanh_f32", lambda: np.tanh(sym32, out=out), "np.tanh(a, out=c)"),
        ("B23_remainder_i32", lambda: np.remainder(num_i32, den_i32, out=iout), "np.remainder(ia, ib, out=ic)"),
        ("B24_lt_f32", lambda: np.less(lhs32, rhs32, out=lt_mask), "np.less(a, b, out=mask)"),
        ("B25_maximum_f32", lambda: np.maximum(lhs32, rhs32, out=out), "np.maximum(a, b, out=c)"),
        ("B26_clamp_f32", lambda: np.clip(lhs32, -1.0, 1.0, out=out), "np.clip(a, -1, 1, out=c)"),
        ("B27_pow_f32", lambda: np.power(pos32, np.float32(2.5), out=out), "np.power(a, 2.5, out=c)"),
        ("B28_copy_f32", lambda: np.copyto(out, a), "np.copyto(c, a)"),
        ("B8_sort_f32", lambda: np.sort(u20), "np.sort(a) (values only)"),
        ("B8_msort_f32", lambda: np.sort(u20), "np.sort(a)"),
        ("B8_sort_f32", lambda: np.take(u20, np.argsort(u20, kind="stable")), "np.argsort(a, kind='stable'), np.take"),
        ("B15_cumsum_f32", lambda: np.cumsum(u24, out=out), "np.cumsum(a, out=c)"),
        ("B16_max_dim1_f32", lambda: (np.max(usq, axis=1, out=row), np.argmax(usq, axis=1, out=irow)),
         "np.max(a, 1, out=r), np.argmax(a, 1, out=i)"),
        # Issue 14's bar for max with positions: NumPy's max without them.
        ("B16_max_dim1_f32", lambda: np.max(usq, axis=1, out=row), "np.max(a, 1, out=r) (values only)"),
    ]


def torch_cases() -> list[tuple[str, callable, str]]:
    """PyTorch 1.13 where NumPy has no equivalent, and where PyTorch is the
    best peer (B2, B7 in PERFORMANCE.md); empty without torch."""
    try:
        import torch
    except ImportError:
        return []
    torch.set_num_threads(1)
    rng = np.random.default_rng(0)
    u20 = torch.from_numpy(rng.random(1 << 20, np.float32))
    usq = torch.from_numpy(rng.random((SIDE, SIDE), np.float32))
    v20, i20 = torch.empty(1 << 20), torch.empty(1 << 20, dtype=torch.long)
    v100, i100 = torch.empty(100), torch.empty(100, dtype=torch.long)
    vrow, irow = torch.empty(SIDE), torch.empty(SIDE, dtype=torch.long)
    sq, sq2, sq_out = torch.full((SIDE, SIDE), 0.5), torch.full((SIDE, SIDE), 0.5).t(), torch.empty(SIDE, SIDE)
    return [
        ("B2_add_f32_transposed", lambda: torch.add(sq, sq2, out=sq_out), "torch.add(a, b.t(), out=c)"),
        ("B7_copy_transposed_f32", lambda: sq_out.copy_(sq2), "c.copy_(a.t())"),
        ("B8_sort_f32", lambda: torch.sort(u20, out=(v20, i20)), "torch.sort(a, out=(v, i))"),
        ("B8_msort_f32", lambda: torch.msort(u20, out=v20), "torch.msort(a, out=v)"),
        ("B14_topk100_f32", lambda: torch.topk(u20, 100, out=(v100, i100)), "torch.topk(a, 100, out=(v, i))"),
        ("B16_max_dim1_f32", lambda: torch.max(usq, 1, out=(vrow, irow)), "torch.max(a, 1, out=(v, i))"),
    ]


def time_numpy(fn, repetitions: int, cpu: bool) -> float:
    """Median seconds per call (of process CPU time with `cpu`)."""
    timer = timeit.Timer(fn, timer=time.process_time if cpu else time.perf_counter)
    number, _ = timer.autorange()
    return statistics.median(t / number for t in timer.repeat(repetitions, number))


def numpy_gemm(repetitions: int, cpu: bool) -> dict[str, float]:
    """Median seconds of np.matmul on 1024^2 float32 and float64."""
    times = {}
    for name, dtype in (("sgemm", np.float32), ("dgemm", np.float64)):
        a = np.full((GEMM, GEMM), 0.5, dtype)
        b = np.full((GEMM, GEMM), 0.5, dtype)
        c = np.empty((GEMM, GEMM), dtype)
        times[name] = time_numpy(lambda: np.matmul(a, b, out=c), repetitions, cpu)
    return times


def numpy_gemm_with(env_extra: dict[str, str], repetitions: int, cpu: bool) -> dict[str, float]:
    """numpy_gemm in a fresh process (OpenBLAS reads its variables once)."""
    env = dict(os.environ, **env_extra)
    command = [sys.executable, __file__, "--numpy-gemm", "--repetitions", str(repetitions)]
    if cpu:
        command.append("--cpu-time")
    result = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


def time_ember(binary: str, repetitions: int, pattern: str, cpu: bool,
               env_extra: dict[str, str] | None = None, threads: int = 1) -> dict[str, float]:
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), **(env_extra or {}))
    result = subprocess.run([binary, "--benchmark_format=json", f"--benchmark_repetitions={repetitions}",
                             "--benchmark_report_aggregates_only=true", f"--benchmark_filter={pattern}"], env=env, check=True,
                            capture_output=True, text=True)
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    times = {}
    for row in json.loads(result.stdout)["benchmarks"]:
        if row.get("aggregate_name") == "median":
            times[row["run_name"]] = row["cpu_time" if cpu else "real_time"] * scale[row["time_unit"]]
    return times


def ember_simd(binary: str) -> str:
    """The SIMD target bench_ops reports in its context (ember::cpu_simd_target())."""
    result = subprocess.run([binary, "--benchmark_format=json", "--benchmark_filter=^B10_cadd",
                             "--benchmark_min_time=0.001"], check=True, capture_output=True, text=True)
    return json.loads(result.stdout)["context"].get("ember_simd", "?")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", default=os.path.join(os.path.dirname(__file__), "..", "build", "bench", "bench_ops"))
    parser.add_argument("--repetitions", type=int, default=7)
    parser.add_argument("--filter", default=".", help="only the benchmarks whose names match this regex")
    parser.add_argument("--cpu-time", action="store_true",
                        help="compare CPU time instead of wall time (steadier on a shared, loaded machine)")
    parser.add_argument("--threads", type=int, default=1,
                        help="also time ember on this many threads and print its speedup over one thread")
    parser.add_argument("--numpy-gemm", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.numpy_gemm:
        print(json.dumps(numpy_gemm(args.repetitions, args.cpu_time)))
        return 0
    ember = time_ember(args.bench, args.repetitions, args.filter, args.cpu_time)
    print(f"ember's CPU kernels: {ember_simd(args.bench)}")
    print(f"{'benchmark':26} {'ember':>12} {'peer':>12} {'ember/peer':>11}  peer code")
    for peer, cases in (("NumPy", numpy_cases()), ("PyTorch", torch_cases())):
        for name, fn, code in cases:
            if not re.search(args.filter, name) or name not in ember:
                continue
            ours = ember[name]
            theirs = time_numpy(fn, args.repetitions, args.cpu_time)
            unit, mult = ("ns", 1e9) if ours < 1e-5 else ("ms", 1e3)
            print(f"{name:26} {ours * mult:9.3f} {unit} {theirs * mult:9.3f} {unit} {ours / theirs:11.2f}  {peer}: {code}")
    if "B6_sgemm_1024" in ember:
        report_b6(args, ember)
    if "B9_xcorr2_5x5_512_f32" in ember:
        report_b9(args, ember)
    if args.threads > 1:
        report_threads(args)
    return 0


def report_threads(args: argparse.Namespace) -> None:
    """Ember on one thread and on args.threads, timed back to back (wall time: CPU time would add the threads)."""
    one = time_ember(args.bench, args.repetitions, args.filter, False)
    many = time_ember(args.bench, args.repetitions, args.filter, False, threads=args.threads)
    print()
    print(f"{'threads':26} {'1 thread':>12} {f'{args.threads} threads':>12} {'speedup':>8}")
    for name in one:
        if name in many:
            unit, mult = ("ns", 1e9) if one[name] < 1e-5 else ("ms", 1e3)
            print(f"{name:26} {one[name] * mult:9.3f} {unit} {many[name] * mult:9.3f} {unit} {one[name] / many[name]:8.2f}")


def report_b6(args: argparse.Namespace, ember: dict[str, float]) -> None:
    """B6: ember's mm as a share of a direct cblas call's speed, and NumPy, per OpenBLAS core."""
    default_core = ember
    own_core = time_ember(args.bench, args.repetitions, "B6_.gemm_1024", args.cpu_time, {"EMBER_OPENBLAS_CORETYPE": "off"})
    numpy_own = numpy_gemm(args.repetitions, args.cpu_time)
    numpy_skx = numpy_gemm_with({"OPENBLAS_CORETYPE": "SkylakeX"}, args.repetitions, args.cpu_time)
    print()
    print(f"{'B6 1024^3':26} {'ember':>10} {'cblas':>10} {'cblas/ember':>12} {'NumPy':>10} {'ember/NumPy':>12}")
    for label, times, numpy_times in (("ember's core choice", default_core, numpy_skx),
                                      ("OpenBLAS's own choice", own_core, numpy_own)):
        for op in ("sgemm", "dgemm"):
            ours, cblas, theirs = times[f"B6_{op}_1024"], times[f"B6_{op}_1024_cblas"], numpy_times[op]
            print(f"{op + ', ' + label:26} {ours * 1e3:7.2f} ms {cblas * 1e3:7.2f} ms {cblas / ours:11.1%} "
                  f"{theirs * 1e3:7.2f} ms {ours / theirs:12.2f}")
    print("(NumPy on the first rows ran with OPENBLAS_CORETYPE=SkylakeX, on the others with its OpenBLAS's own choice)")
    if "B6_sgemm_512" in ember:
        sgemm = ember["B6_sgemm_512"]
        for name in ("B6_int32_mm_512", "B6_bf16_mm_512", "B6_int8_mm_512"):
            if name in ember:
                print(f"{name:26} {ember[name] * 1e3:7.2f} ms, {ember[name] / sgemm:.2f}x ember's sgemm of 512^3 "
                      f"({sgemm * 1e3:.2f} ms; generic GEMM, kernels/gemm.h)")


def report_b9(args: argparse.Namespace, ember: dict[str, float]) -> None:
    """B9: 5x5 valid xcorr2 of 512^2 float32 against PyTorch's conv2d (and SciPy's correlate2d when present)."""
    peers = {}
    try:
        import torch
        import torch.nn.functional as F
        torch.set_num_threads(1)
        x = torch.rand(1, 1, 512, 512)
        k = torch.rand(1, 1, 5, 5)
        peers["PyTorch conv2d"] = time_numpy(lambda: F.conv2d(x, k), args.repetitions, args.cpu_time)
    except ImportError:
        pass
    try:
        import scipy.signal
        a = np.random.rand(512, 512).astype(np.float32)
        k2 = np.random.rand(5, 5).astype(np.float32)
        peers["SciPy correlate2d"] = time_numpy(lambda: scipy.signal.correlate2d(a, k2, mode="valid"), args.repetitions,
                                                 args.cpu_time)
    except ImportError:
        pass
    ours = ember["B9_xcorr2_5x5_512_f32"]
    print()
    print(f"{'B9 xcorr2 5x5 valid 512^2':26} {'ember':>10} {'peer':>10} {'ember/peer':>12}  peer")
    for name, theirs in peers.items():
        print(f"{'':26} {ours * 1e3:7.3f} ms {theirs * 1e3:7.3f} ms {ours / theirs:12.2f}  {name}")
    if not peers:
        print(f"{'':26} {ours * 1e3:7.3f} ms  (no PyTorch or SciPy for /usr/bin/python3)")


if __name__ == "__main__":
    sys.exit(main())
