"""`returns_if` (schemas/math/search.yaml's unique): in Python a result
is returned only when its bool argument asks for it, the first alone or a
plain tuple; C++ returns them all. Its mistakes are `file:line` errors."""
from __future__ import annotations

from conftest import line_of

FILE = "schemas/math/t.yaml"

UNIQ = """\
ops:
  - signature: uniq(Tensor self, bool return_inverse=False, bool return_counts=False) -> (Tensor output, Tensor inverse_indices, Tensor counts)
    returns_if: {inverse_indices: return_inverse, counts: return_counts}
    variants: [function, method]
    dtypes: {cpu: all}
    kernel: {kind: custom, impl: rt::uniq, result: [same, Long, Long]}
    doc: Unique elements.
    test: {gtest: [Uniq.All], numpy: "ref.uniq(self)"}
"""


def test_python_returns_the_results_asked_for(repo):
    shard = repo.generate(FILE, UNIQ, "generated/python/t.cpp")
    assert "return to_python_selected(std::move(result), {true, a1, a2});" in shard   # function: input is a0
    assert "return to_python_selected(std::move(result), {true, a0, a1});" in shard   # method: no self
    assert "return_type_uniq" not in (repo.root / "generated/python/registry.cpp").read_text()
    ops_h = (repo.root / "generated/include/ember/ops.h").read_text()
    assert "std::tuple<Tensor, Tensor, Tensor> uniq(const Tensor& self, bool return_inverse = false" in ops_h
    tests = (repo.root / "generated/tests/python/test_ops_t.py").read_text()
    assert "returns_if=(None, 'return_inverse', 'return_counts')" in tests
    assert "results=('same', 'Long', 'Long')" in tests


def expect_error(repo, text: str, fragment: str, message: str) -> None:
    repo.write(FILE, text)
    r = repo.codegen()
    assert r.code == 2, r.err
    assert f"{FILE}:{line_of(text, fragment)}:" in r.err, r.err
    assert message in r.err, r.err


def test_an_unknown_result_is_an_error(repo):
    text = UNIQ.replace("counts: return_counts}", "count: return_counts}")
    expect_error(repo, text, "returns_if:", "'returns_if' names 'count', not a result of uniq after the first")


def test_the_first_result_is_always_returned(repo):
    text = UNIQ.replace("{inverse_indices:", "{output: return_counts, inverse_indices:")
    expect_error(repo, text, "returns_if:", "'returns_if' names 'output'")


def test_the_condition_is_a_bool_argument(repo):
    text = UNIQ.replace("counts: return_counts}", "counts: self}")
    expect_error(repo, text, "returns_if:", "result 'counts' must depend on a bool argument of uniq, got 'self'")


def test_no_out_variant(repo):
    text = UNIQ.replace("variants: [function, method]", "variants: [function, method, out]")
    expect_error(repo, text, "returns_if:", "an op with 'returns_if' has no out= variant")


def test_result_rules_one_per_result(repo):
    text = UNIQ.replace("result: [same, Long, Long]", "result: [same, Long]")
    expect_error(repo, text, "kernel:", "a list of result rules has one of")
