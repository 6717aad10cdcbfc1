"""`factory: new` / `factory: like` (schemas/math/construct.yaml): the
Python forms also take PyTorch's tensor options, checked by
factory_options() before the call, and a `like` factory's result takes
the memory_format asked for. Its mistakes are `file:line` errors."""
from __future__ import annotations

from conftest import line_of

FILE = "schemas/math/t.yaml"

FACTORIES = """\
ops:
  - signature: fives(int[] size, *, ScalarType? dtype=None) -> Tensor
    factory: new
    variants: [function, out]
    dtypes: {cpu: all}
    kernel: {kind: custom, impl: rt::fives}
    doc: Fives.
    test: {gtest: [Fives.All]}

  - signature: fives_like(Tensor self, *, ScalarType? dtype=None) -> Tensor
    factory: like
    dtypes: {cpu: all}
    kernel: {kind: custom, impl: rt::fives_like}
    doc: Fives like self.
    test: {gtest: [Fives.All]}
"""

OPTIONS = "Layout? layout=None, Device? device=None, bool? pin_memory=False, bool requires_grad=False"


def test_python_forms_take_the_options(repo):
    shard = repo.generate(FILE, FACTORIES, "generated/python/t.cpp")
    # The options come before out=, which the generated call finds last.
    assert f'"fives(int[] size, *, ScalarType? dtype=None, {OPTIONS}, Tensor? out=None)"' in shard
    assert f'"fives_like(Tensor input, *, ScalarType? dtype=None, {OPTIONS}, MemoryFormat? memory_format=None)"' in shard
    assert f'"fives_like(*, ScalarType? dtype=None, {OPTIONS}, MemoryFormat? memory_format=None)"' in shard
    assert "      const FactoryOptions options = factory_options(r);\n      if (r.is_none(6)) {" in shard
    assert shard.count("const FactoryOptions options = factory_options(r);") == 3
    # Every result gets the memory format and device asked for; out= must be on that device already.
    assert shard.count("result = finish_factory(std::move(result), options);") == 3
    assert shard.count("check_out_device(out0, options);") == 1
    # C++ is unchanged: the options are Python's.
    ops_h = (repo.root / "generated/include/ember/ops.h").read_text()
    assert "Tensor fives(IntList size, std::optional<DType> dtype = std::nullopt)" in ops_h
    registry = (repo.root / "generated/python/registry.cpp").read_text()
    assert "layout: layout | None = None, device: device | str | None = None" in registry


def expect_error(repo, text: str, fragment: str, message: str) -> None:
    repo.write(FILE, text)
    r = repo.codegen()
    assert r.code == 2, r.err
    assert f"{FILE}:{line_of(text, fragment)}:" in r.err, r.err
    assert message in r.err, r.err


def test_an_unknown_kind_is_an_error(repo):
    expect_error(repo, FACTORIES.replace("factory: new", "factory: fresh"), "factory: fresh",
                 "'factory' must be one of new, like, got 'fresh'")


def test_a_like_factory_takes_a_tensor_first(repo):
    text = FACTORIES.replace("factory: new", "factory: like")
    expect_error(repo, text, "factory: like", "a 'like' factory takes the tensor it is shaped like first")


def test_a_factory_returns_one_new_tensor(repo):
    text = FACTORIES.replace("fives(int[] size, *, ScalarType? dtype=None) -> Tensor",
                             "fives(Tensor(a!) self) -> Tensor(a!)").replace("variants: [function, out]", "variants: [inplace]")
    expect_error(repo, text, "factory: new", "a factory returns one new Tensor")
