"""ember.set_num_threads and ember.get_num_threads (ember/threads.h)."""
import numpy as np
import pytest

import ember


@pytest.fixture
def keep_count():
    before = ember.get_num_threads()
    yield
    ember.set_num_threads(before)


def test_set_then_get(keep_count):
    for n in (1, 3, 2):
        ember.set_num_threads(n)
        assert ember.get_num_threads() == n


@pytest.mark.parametrize("bad", [0, -1, -2**31, 2**31, 2**70])
def test_out_of_range_counts_raise_value_error_and_change_nothing(keep_count, bad):
    ember.set_num_threads(2)
    with pytest.raises(ValueError, match=r"set_num_threads.*argument 'n'"):
        ember.set_num_threads(bad)
    assert ember.get_num_threads() == 2


@pytest.mark.parametrize("bad", [2.0, "2", None])
def test_non_int_counts_raise_type_error(keep_count, bad):
    before = ember.get_num_threads()
    with pytest.raises(TypeError, match="set_num_threads"):
        ember.set_num_threads(bad)
    assert ember.get_num_threads() == before


def test_results_do_not_depend_on_the_count(keep_count):
    x = np.random.default_rng(5).standard_normal(1 << 20).astype(np.float32)
    t = ember.from_numpy(x)
    results = []
    for n in (1, 2):
        ember.set_num_threads(n)
        results.append([t.sum().numpy(), ember.cumsum(t, 0).numpy(), t.view(1024, 1024).amax(1).numpy()])
    for one, two in zip(*results):
        assert one.tobytes() == two.tobytes()
    np.testing.assert_allclose(results[0][0], x.astype(np.float64).sum(), rtol=1e-5)


def test_a_child_forked_after_threaded_ops_runs_them(keep_count):
    # Note [threads after fork]: GNU OpenMP cannot start threads in the
    # child, which hung on its first large op; it runs them on one thread.
    import os
    import signal

    ember.set_num_threads(2)
    x = np.arange(1 << 20, dtype=np.float32)
    t = ember.from_numpy(x)
    expected = (t + t).numpy()
    a = ember.from_numpy(np.ones((300, 300), dtype=np.float32))
    product = ember.mm(a, a).numpy()
    pid = os.fork()
    if pid == 0:
        signal.alarm(60)  # a child stuck on the parent's threads is killed, not left hanging
        ember.set_num_threads(2)
        ok = ((t + t).numpy().tobytes() == expected.tobytes() and ember.get_num_threads() == 1
              and np.array_equal(ember.mm(a, a).numpy(), product))
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    assert ember.get_num_threads() == 2
