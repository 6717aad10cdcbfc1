"""ember.cuda without a GPU (or without the CUDA backend): the queries
answer as torch.cuda does there, and what needs a device raises a clear
RuntimeError. On a machine with a GPU these skip; the CUDA suites run."""
import pytest

import ember

no_gpu = pytest.mark.skipif(ember.cuda.is_available(), reason="a CUDA device is present")


def test_is_built_is_a_bool_and_available_implies_built():
    assert isinstance(ember.cuda.is_built(), bool)
    assert not ember.cuda.is_available() or ember.cuda.is_built()


@no_gpu
def test_queries_answer_zero_devices():
    assert ember.cuda.is_available() is False
    assert ember.cuda.device_count() == 0
    assert ember.cuda.memory_allocated() == 0
    assert ember.cuda.memory_reserved("cuda:0") == 0
    ember.cuda.empty_cache()


@no_gpu
@pytest.mark.parametrize("call", [
    lambda: ember.cuda.current_device(),
    lambda: ember.cuda.set_device(0),
    lambda: ember.cuda.set_device("cuda:1"),
    lambda: ember.cuda.synchronize(),
])
def test_calls_needing_a_device_raise_and_say_why(call):
    why = "no CUDA device is available" if ember.cuda.is_built() else "built without CUDA"
    with pytest.raises(RuntimeError, match=why):
        call()


@pytest.mark.parametrize("device, error", [
    (ember.device("cpu"), ValueError),
    ("cpu", ValueError),
    (1.5, TypeError),
    ("gpu:0", RuntimeError),
])
def test_device_arguments_are_checked(device, error):
    with pytest.raises(error):
        ember.cuda.memory_allocated(device)
