"""ember.save / ember.load (Torch7's .t7 format): round trips, sharing,
bad files, and interop with the `torchfile` reader both ways (skipped when
torchfile is not installed)."""
import struct

import numpy as np
import pytest

import ember

FORMATS = ["binary", "ascii"]
DTYPES = ["uint8", "int8", "int16", "int32", "int64", "float32", "float64", "float16"]


@pytest.fixture(params=FORMATS)
def fmt(request):
    return request.param


def round_trip(obj, tmp_path, fmt):
    path = tmp_path / "obj.t7"
    ember.save(obj, path, format=fmt)
    return ember.load(path, format=fmt)


def test_scalars_and_strings(tmp_path, fmt):
    obj = [None, True, False, 0, -7, 2**53, 0.1, -0.0, float("inf"), "héllo\n", b"\xff\x00"]
    back = round_trip(obj, tmp_path, fmt)
    # None in a list is a hole in the Lua table: the rest keep their keys.
    assert back == {2: True, 3: False, 4: 0, 5: -7, 6: 2**53, 7: 0.1, 8: -0.0, 9: float("inf"),
                    10: "héllo\n", 11: b"\xff\x00"}
    assert isinstance(back[4], int) and isinstance(back[7], float)
    assert str(back[8]) == "-0.0"  # -0.0 stays a float
    assert np.isnan(round_trip(float("nan"), tmp_path, fmt))


def test_ints_that_are_not_doubles_are_refused(tmp_path):
    with pytest.raises(ValueError, match="save: the int 9007199254740993 is not exactly a Lua number"):
        ember.save(2**53 + 1, tmp_path / "x.t7")
    assert ember.load(_saved(tmp_path, 2.0**60)) == 2.0**60  # beyond 2**53 loads as a float
    assert isinstance(ember.load(_saved(tmp_path, 2**60)), float)


def _saved(tmp_path, obj):
    path = tmp_path / "saved.t7"
    ember.save(obj, path)
    return path


def test_lists_dicts_and_shared_references(tmp_path, fmt):
    shared = {"k": [1, 2]}
    obj = {"a": shared, "b": shared, "list": [shared, (3, 4)], 1.5: "x", False: []}
    back = round_trip(obj, tmp_path, fmt)
    assert back["a"] is back["b"] is back["list"][0]
    assert back["a"] == {"k": [1, 2]}
    assert back["list"][1] == [3, 4]  # tuples save as tables and load as lists
    assert back[1.5] == "x" and back[False] == []


def test_cycles_are_refused(tmp_path):
    a = [1]
    a.append(a)
    with pytest.raises(ValueError, match="save: a list contains itself"):
        ember.save(a, tmp_path / "x.t7")


@pytest.mark.parametrize("dtype", DTYPES)
def test_tensors_keep_geometry_and_shared_storage(tmp_path, fmt, dtype):
    base = np.arange(24).reshape(4, 6).astype(dtype)
    t = ember.from_numpy(base)
    views = [t, t[1:, 2:5], t.t(), t[2], t[1:3].t()]
    back = round_trip(views + [views[1]], tmp_path, fmt)
    for orig, got in zip(views, back):
        np.testing.assert_array_equal(got.numpy(), orig.numpy())
        assert got.stride() == orig.stride()
        assert got.storage_offset() == orig.storage_offset()
        assert got.dtype == orig.dtype
    assert back[5] is back[1]
    # One storage: writing through one view shows in the others.
    back[0][1, 3] = 100
    assert back[1][0, 1].item() == 100


def test_bool_and_bfloat16_have_no_torch7_class(tmp_path):
    for dtype in [ember.bool, ember.bfloat16]:
        with pytest.raises(TypeError, match="save: Torch7 has no class for"):
            ember.save(ember.zeros([2], dtype=dtype), tmp_path / "x.t7")
        assert not (tmp_path / "x.t7").exists()


def test_bad_files(tmp_path):
    path = tmp_path / "bad.t7"
    path.write_bytes(struct.pack("<i", 42))
    with pytest.raises(ValueError, match=r"load: unknown type tag 42 \(at byte 0\)"):
        ember.load(path)
    path.write_bytes(struct.pack("<ii", 2, 2**31 - 1) + b"abc")
    with pytest.raises(ValueError, match="declared, but only 3 bytes are left"):
        ember.load(path)
    ember.save({"x": ember.arange(10)}, path)
    data = path.read_bytes()
    for n in range(len(data)):
        path.write_bytes(data[:n])
        with pytest.raises(ValueError, match="load: "):
            ember.load(path)
    with pytest.raises(ValueError, match="format must be 'binary' or 'ascii'"):
        ember.load(path, format="text")
    with pytest.raises(RuntimeError, match="load: cannot open"):
        ember.load(tmp_path / "missing.t7")


# --- interop with torchfile (an independent reader) -------------------------

def test_files_ember_writes_load_in_torchfile(tmp_path):
    torchfile = pytest.importorskip("torchfile")
    t = ember.from_numpy(np.arange(12, dtype=np.float64).reshape(3, 4))
    obj = {"t": t.t(), "i": ember.from_numpy(np.arange(5, dtype=np.int32)), "n": 3, "s": "str", "l": [1.5, True]}
    path = tmp_path / "x.t7"
    ember.save(obj, path)
    got = torchfile.load(str(path))
    np.testing.assert_array_equal(got[b"t"], t.t().numpy())
    np.testing.assert_array_equal(got[b"i"], np.arange(5, dtype=np.int32))
    assert got[b"n"] == 3 and got[b"s"] == b"str" and got[b"l"] == [1.5, True]


class T7Writer:
    """A minimal independent writer of Torch7's binary format, from its
    definition (docs/serialization.md), for files ember must read."""

    def __init__(self):
        self.out = b""
        self.index = 0

    def i32(self, v):
        self.out += struct.pack("<i", v)

    def i64(self, v):
        self.out += struct.pack("<q", v)

    def number(self, x):
        self.i32(1)
        self.out += struct.pack("<d", x)

    def string(self, s):
        self.i32(2)
        self.i32(len(s))
        self.out += s

    def torch_header(self, cls):
        self.index += 1
        self.i32(4)
        self.i32(self.index)
        for s in (b"V 1", cls):
            self.i32(len(s))
            self.out += s

    def array_tensor(self, a, cls_stem):
        self.torch_header(b"torch." + cls_stem + b"Tensor")
        self.i32(a.ndim)
        for v in list(a.shape) + [s // a.itemsize for s in a.strides]:
            self.i64(v)
        self.i64(1)
        self.torch_header(b"torch." + cls_stem + b"Storage")
        self.i64(a.size)
        self.out += a.tobytes()


def test_files_an_independent_writer_makes_load_in_ember(tmp_path):
    a = np.arange(6, dtype=np.float32).reshape(2, 3) * 0.5
    w = T7Writer()
    w.index = 1
    w.out = struct.pack("<iii", 3, 1, 2)  # table #1 with two entries
    w.string(b"weight")
    w.array_tensor(a, b"Float")
    w.number(1)
    w.string(b"one")
    path = tmp_path / "w.t7"
    path.write_bytes(w.out)
    got = ember.load(path)
    np.testing.assert_array_equal(got["weight"].numpy(), a)
    assert got[1] == "one"
