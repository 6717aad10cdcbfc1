"""Pickling and copying: tensors of every dtype, views (non-contiguous,
offset), 0-dim and empty tensors, storages; copy.deepcopy keeps aliases."""
import copy
import pickle

import numpy as np
import pytest

import ember
from interop_util import DTYPES, NUMPY_DTYPES, same, sample


def geometry(t):
    return t.shape, t.stride(), t.storage_offset(), t.dtype


@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
@pytest.mark.parametrize("dtype,np_dtype", DTYPES)
def test_round_trips(dtype, np_dtype, protocol):
    a = sample((3, 4), np_dtype or np.float32)
    t = ember.tensor(a, dtype=dtype)
    cases = [t, t[:, 1::2], t[1:], t[2, 3], ember.zeros(0, 3, dtype=dtype), ember.tensor(a[0, 0], dtype=dtype)]
    for x in cases:
        y = pickle.loads(pickle.dumps(x, protocol=protocol))
        assert type(y) is ember.Tensor
        assert geometry(y) == geometry(x)
        assert y.tolist() == x.tolist()
        assert y.storage().data_ptr() != x.storage().data_ptr() or x.numel() == 0


def test_storages_round_trip():
    for s in [ember.FloatStorage([1.5, -2]), ember.BoolStorage([True, False]), ember.BFloat16Storage([0.5]),
              ember.LongStorage([2**62, -1]), ember.ByteStorage()]:
        r = pickle.loads(pickle.dumps(s))
        assert type(r) is type(s) and r.tolist() == s.tolist()


def test_tensors_sharing_a_pickle_keep_values():
    t = ember.tensor(np.arange(6.0))
    a, b = pickle.loads(pickle.dumps((t[:3], t[3:])))
    assert a.tolist() == [0.0, 1.0, 2.0] and b.tolist() == [3.0, 4.0, 5.0]


def test_deepcopy_preserves_aliasing():
    t = ember.tensor(np.arange(6.0))
    view = t[2:]
    c = copy.deepcopy({"t": t, "v": view})
    assert c["t"].tolist() == t.tolist() and c["v"].tolist() == view.tolist()
    assert c["t"].data_ptr() != t.data_ptr()
    c["t"][3] = 100  # the copies alias each other as the originals did
    assert c["v"][1].item() == 100 and view[1].item() == 3
    assert c["v"].storage_offset() == 2
    same_obj = copy.deepcopy([t, t])
    assert same_obj[0] is same_obj[1]


def test_copy_module_on_storages():
    s = ember.IntStorage([1, 2])
    c = copy.copy(s)
    c[0] = 5
    assert s[0] == 1
    d = copy.deepcopy(s)
    assert d.tolist() == [1, 2] and d.data_ptr() != s.data_ptr()


def test_dtype_objects_pickle_to_themselves():
    for dtype, _ in DTYPES:
        assert pickle.loads(pickle.dumps(dtype)) is dtype
