"""ember.dtype objects: names, aliases, attributes, identity, the default dtype."""
import pickle

import pytest

import ember
from ember_np import to_ember

# (name, itemsize, is_floating_point, is_signed), from schemas/dtypes.yaml.
DTYPES = [
    ("uint8", 1, False, False), ("int8", 1, False, True), ("int16", 2, False, True), ("int32", 4, False, True),
    ("int64", 8, False, True), ("float32", 4, True, True), ("float64", 8, True, True), ("float16", 2, True, True),
    ("bool", 1, False, False), ("bfloat16", 2, True, True),
]
ALIASES = {"byte": "uint8", "char": "int8", "short": "int16", "int": "int32", "long": "int64",
           "float": "float32", "double": "float64", "half": "float16"}


@pytest.mark.parametrize("name,itemsize,floating,signed", DTYPES)
def test_attributes_and_repr(name, itemsize, floating, signed):
    d = getattr(ember, name)
    assert isinstance(d, ember.dtype)
    assert repr(d) == f"ember.{name}" == str(d)
    assert d.itemsize == itemsize
    assert d.is_floating_point is floating
    assert d.is_signed is signed
    assert d.is_complex is False


@pytest.mark.parametrize("alias,name", sorted(ALIASES.items()))
def test_aliases_are_the_same_object(alias, name):
    assert getattr(ember, alias) is getattr(ember, name)


def test_identity_equality_hashing():
    assert ember.float32 == ember.float and ember.float32 != ember.float64
    assert len({ember.float32, ember.float, ember.int64, ember.long}) == 2
    assert {ember.float32: 1}[ember.float] == 1
    assert len({getattr(ember, n) for n, *_ in DTYPES}) == 10


def test_dtype_cannot_be_constructed():
    with pytest.raises(TypeError):
        ember.dtype()


def test_pickle_gives_the_same_object():
    for name, *_ in DTYPES:
        d = getattr(ember, name)
        assert pickle.loads(pickle.dumps(d)) is d


def test_tensor_dtype():
    for name, *_ in DTYPES:
        assert to_ember([1, 0], name).dtype is getattr(ember, name)


def test_default_dtype():
    assert ember.get_default_dtype() is ember.float32
    try:
        ember.set_default_dtype(ember.float64)
        assert ember.get_default_dtype() is ember.float64
        # Integer true division gives the default dtype.
        assert ember.div(to_ember([1, 2], "int32"), 2).dtype is ember.float64
        assert (to_ember([1, 2], "int32") + 0.5).dtype is ember.float64
    finally:
        ember.set_default_dtype(ember.float32)
    assert ember.div(to_ember([1, 2], "int32"), 2).dtype is ember.float32


def test_set_default_dtype_rejects_non_floating():
    with pytest.raises(TypeError, match="floating"):
        ember.set_default_dtype(ember.int32)
    with pytest.raises(TypeError, match="ember.dtype"):
        ember.set_default_dtype("float64")
    assert ember.get_default_dtype() is ember.float32


def test_dtype_arguments_accept_dtype_objects_and_python_types():
    t = to_ember([1.5, 2.5], "float32")
    assert t.to(ember.int64).dtype is ember.int64
    assert t.to(dtype=ember.half).dtype is ember.float16
    assert t.to(float).dtype is ember.float64
    assert t.to(int).dtype is ember.int64
    assert t.to(bool).dtype is ember.bool
    with pytest.raises(RuntimeError, match="device string: float64"):  # a string is a device, as in PyTorch
        t.to("float64")
