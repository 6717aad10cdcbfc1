"""Which kernel the last op on this thread ran (ember/kernel_log.h), and which BLAS runs (ember/blas.h)."""
from __future__ import annotations

from typing import NamedTuple

from ember import _C


class KernelRun(NamedTuple):
    op: str          # the schema's op name: "add", "sum", "copy"
    dtype: object    # the ember.dtype the kernel computed in
    device: str      # "cpu" or "cuda"
    simd: str        # cpu_simd_target() on the CPU, "CUDA" on a GPU


def last_kernel() -> KernelRun | None:
    """The kernel the calling thread's last op ran, or None before any ran."""
    run = _C._last_kernel()
    return None if run is None else KernelRun(*run)


def cpu_simd_target() -> str:
    """The widest vector extension the CPU kernels were compiled for: "AVX-512", "AVX2", "SSE4.2", "SSE2" or "scalar"."""
    return _C._cpu_simd_target()


def blas_info() -> str:
    """OpenBLAS's build, the core its float32/float64 products run and why, and the library file (a private copy where another library, such as NumPy, loaded OpenBLAS first with another core)."""
    return _C._blas_info()
