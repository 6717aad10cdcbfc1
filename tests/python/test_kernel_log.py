"""ember.last_kernel() and ember.cpu_simd_target() (ember/kernel_log.h), ember.blas_info() (ember/blas.h)."""
import threading

import numpy as np

import ember


def test_last_kernel_names_op_dtype_device_and_simd():
    a = ember.ones(4, dtype=ember.int32)
    b = ember.ones(4)
    a + b
    run = ember.last_kernel()
    assert run.op == "add"
    assert run.dtype == ember.float32  # int32 + float32 computes in float32
    assert run.device == "cpu"
    assert run.simd == ember.cpu_simd_target()
    b.sum()
    assert ember.last_kernel().op == "sum"


def test_simd_target_is_named():
    assert ember.cpu_simd_target() in {"AVX-512", "AVX2", "SSE4.2", "SSE2", "scalar"}


def test_a_new_thread_has_no_record():
    seen = []
    thread = threading.Thread(target=lambda: seen.append(ember.last_kernel()))
    thread.start()
    thread.join()
    assert seen == [None]


def _cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def test_blas_info_names_the_core_ember_asked_for_with_numpy_loaded_first():
    # Note [OpenBLAS core type]: NumPy (imported above) loaded OpenBLAS
    # first; ember's products still run SkylakeX's kernels on AVX-512 CPUs.
    import os
    a = ember.from_numpy(np.arange(12, dtype=np.float32).reshape(3, 4))
    np.testing.assert_array_equal(ember.mm(a, a.t()).numpy(), a.numpy() @ a.numpy().T)
    info = ember.blas_info()
    assert "OpenBLAS" in info
    asked = not os.environ.get("OPENBLAS_CORETYPE") and not os.environ.get("EMBER_OPENBLAS_CORETYPE")
    if asked and {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"} <= _cpu_flags():
        assert "core SkylakeX" in info, info
