"""ember.last_kernel() and ember.cpu_simd_target() (ember/kernel_log.h)."""
import threading

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
