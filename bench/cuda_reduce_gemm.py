#!/usr/bin/env python3
"""A whole-tensor sum and the big matrix products on a GPU, beside cuBLAS
called directly in the same run (issue 13's numbers).

    PYTHONPATH=build python3 bench/cuda_reduce_gemm.py [log2 n] [gemm size]

sum of 2^28 float32 (default) as effective bandwidth (4 bytes read per
element); ember.mm of two 8192 x 8192 float32 and float16 matrices
(default) against cublasGemmEx on the same device memory with the same
types and compute type (float, no TF32), loaded here through ctypes, as
TFLOP/s (2 n^3 per product). Each is the median of several synchronized
calls after a warm-up. Prints nothing but a note where there is no GPU.
"""
from __future__ import annotations

import ctypes
import sys

import ember
from cuda_pointwise import median_s

# cublas_api.h and library_types.h
CUBLAS_OP_N = 0
CUBLAS_COMPUTE_32F = 68
CUBLAS_GEMM_DEFAULT = -1
CUDA_TYPES = {ember.float32: 0, ember.float16: 2}


def cublas():
    for name in ("libcublas.so.13", "/usr/local/cuda/lib64/libcublas.so.13", "libcublas.so"):
        try:
            lib = ctypes.CDLL(name)
        except OSError:
            continue
        handle = ctypes.c_void_p()
        if lib.cublasCreate_v2(ctypes.byref(handle)) != 0:
            raise RuntimeError("cublasCreate failed")
        return lib, handle
    raise RuntimeError("libcublas could not be loaded")


def direct_gemm(lib, handle, a, b, c):
    """c = a @ b for row-major n x n tensors: column-major c^T = b^T a^T, as
    ember hands it to cuBLAS (legacy default stream, where ember runs)."""
    n = a.shape[0]
    t = CUDA_TYPES[a.dtype]
    one, zero = ctypes.c_float(1.0), ctypes.c_float(0.0)
    status = lib.cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, ctypes.byref(one),
                              ctypes.c_void_p(b.data_ptr()), t, n, ctypes.c_void_p(a.data_ptr()), t, n,
                              ctypes.byref(zero), ctypes.c_void_p(c.data_ptr()), t, n,
                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT)
    if status != 0:
        raise RuntimeError(f"cublasGemmEx returned {status}")


def main() -> None:
    if not ember.cuda.is_available():
        print("no CUDA device: nothing to measure")
        return
    log2n = int(sys.argv[1]) if len(sys.argv) > 1 else 28
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 8192
    n = 1 << log2n
    x = ember.empty(n, device="cuda").fill_(1.0)
    s = median_s(lambda: x.sum())
    print(f"sum of 2^{log2n} float32: {s * 1e3:8.3f} ms  {4 * n / s / 1e9:8.1f} GB/s")
    lib, handle = cublas()
    flops = 2.0 * size ** 3
    print(f"{'product':28} {'ember':>12} {'cuBLAS':>12} {'ember/cuBLAS':>13}")
    for dtype in (ember.float32, ember.float16):
        a = ember.empty((size, size), dtype=dtype, device="cuda").fill_(0.5)
        b = ember.empty((size, size), dtype=dtype, device="cuda").fill_(0.25)
        c = ember.empty((size, size), dtype=dtype, device="cuda")
        ours = median_s(lambda: ember.mm(a, b, out=c))
        theirs = median_s(lambda: direct_gemm(lib, handle, a, b, c))
        print(f"mm {size}^3 {str(dtype):15} {flops / ours / 1e12:8.1f} TF/s {flops / theirs / 1e12:8.1f} TF/s"
              f" {ours / theirs:13.3f}")


if __name__ == "__main__":
    main()
