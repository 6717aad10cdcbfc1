"""ember's side of the .t7 interop check (run by ../torch7-binding):
  ember_side.py check DIR   ember.load the files Torch7 wrote and check them
  ember_side.py write DIR   ember.save the objects torch7_side.lua checks
Both build the objects from the same definition as torch7_side.lua's
objects(), with NumPy as the reference for the values."""
import sys

import numpy as np

import ember

FORMATS = ["binary", "ascii"]


def expected():
    base = np.arange(1, 25, dtype=np.float64).reshape(2, 3, 4)
    return {
        "numbers": [1.5, -2, 0, 1e300],
        "flags": {"yes": True, "no": False},
        "text": "ember and Torch7",
        "double": base,
        "transposed": base.transpose(2, 1, 0),
        "narrowed": base[:, :, 1:3],
        "floats": np.arange(5, dtype=np.float32) * 0.25,
        "longs": np.array([[-3, 7], [2**40, 1]], dtype=np.int64),
        "bytes": np.array([0, 1, 255], dtype=np.uint8),
        "ints": np.array([-2147483648, 2147483647], dtype=np.int32),
        "shorts": np.array([-32768, 32767], dtype=np.int16),
        "chars": np.array([-128, 127], dtype=np.int8),
    }


def as_ember(want):
    base = ember.from_numpy(want["double"].copy())
    shared = {"name": "shared", "n": 2}
    obj = {k: (ember.from_numpy(v.copy()) if isinstance(v, np.ndarray) else v) for k, v in want.items()}
    obj.update(double=base, transposed=base.permute(2, 1, 0), narrowed=base[:, :, 1:3],
               storage=ember.from_numpy(np.array([4.0, 5.0, 6.0])).storage(),
               same_a=shared, same_b=shared, empty=ember.from_numpy(np.zeros(0)))
    return obj


def check(path, fmt):
    got, want = ember.load(path, format=fmt), expected()
    for key, value in want.items():
        if isinstance(value, np.ndarray):
            arr = got[key].numpy()
            assert arr.dtype == value.dtype and np.array_equal(arr, value), (fmt, key, arr, value)
        else:
            assert got[key] == value, (fmt, key, got[key], value)
    assert got["transposed"].stride() == (1, 4, 12), (fmt, got["transposed"].stride())
    assert got["transposed"].data_ptr() == got["double"].data_ptr(), (fmt, "transposed shares double's storage")
    assert got["narrowed"].storage_offset() == 1, fmt
    assert got["same_a"] is got["same_b"] and got["same_a"]["name"] == "shared", fmt
    assert list(got["storage"]) == [4, 5, 6], fmt
    assert got["empty"].numel() == 0, fmt


def main():
    mode, directory = sys.argv[1], sys.argv[2]
    for fmt in FORMATS:
        if mode == "check":
            check(f"{directory}/from_torch7.{fmt}.t7", fmt)
        elif mode == "write":
            ember.save(as_ember(expected()), f"{directory}/from_ember.{fmt}.t7", format=fmt)
        else:
            sys.exit(__doc__)
    if mode == "check":
        print("ember_side: the files Torch7 wrote load in ember with the expected values")


if __name__ == "__main__":
    main()
