"""`str` and `str?` arguments (PyTorch's `str? rounding_mode=None`): a
std::string_view / std::optional<std::string_view> in C++ with the quoted
default as a C++ string literal, the parser's `str` in Python, and the
words the Python tests try given by `values: {arg: one_of(...)}`."""
from __future__ import annotations

from conftest import line_of

FILE = "schemas/math/t.yaml"

QUANTILE = """\
ops:
  - signature: quantile(Tensor self, float q, *, str interpolation='linear', str? mode=None) -> Tensor
    variants: [function, method]
    dtypes: {cpu: floating}
    kernel: {kind: custom, impl: rt::quantile}
    doc: Quantiles.
    test: {gtest: [Quantile.Values], numpy: "np.quantile(self, q)", values: {interpolation: "one_of(linear, lower)"}}
"""


def test_str_arguments_in_cpp_and_python(repo):
    header = repo.generate(FILE, QUANTILE, "generated/include/ember/ops/quantile.h")
    assert "#include <string_view>" in header
    assert ("quantile(const TensorBase& self, double q, std::string_view interpolation = \"linear\", "
            "std::optional<std::string_view> mode = std::nullopt);") in header
    binding = (repo.root / "generated/python/t.cpp").read_text()
    assert "quantile(Tensor input, float q, *, str interpolation='linear', str? mode=None)" in binding
    assert "const std::string_view a2 = r.string(2);" in binding
    assert "const std::optional<std::string_view> a3 = r.optional_string(3);" in binding


def test_ops_without_str_arguments_do_not_include_string_view(repo):
    repo.write(FILE, QUANTILE.replace(", *, str interpolation='linear', str? mode=None", "")
                              .replace(', values: {interpolation: "one_of(linear, lower)"}', ""))
    assert repo.codegen().code == 0
    assert "string_view" not in (repo.root / "generated/include/ember/ops/quantile.h").read_text()


def test_values_of_a_str_argument_must_be_one_of_words(repo):
    text = QUANTILE.replace("one_of(linear, lower)", "linear")
    repo.write(FILE, text)
    r = repo.codegen()
    assert r.code == 2, r.err
    assert f"{FILE}:{line_of(text, 'values:')}:" in r.err, r.err
    assert "values of interpolation must be one_of(<word>, ...)" in r.err, r.err


def test_words_of_one_of_may_hold_punctuation(repo):
    # einsum's equations: any text without spaces is one word.
    text = QUANTILE.replace("one_of(linear, lower)", "one_of(ij,jk->ik, ...i)")
    tests = repo.generate(FILE, text, "generated/tests/python/test_ops_t.py")
    assert "'interpolation': 'one_of(ij,jk->ik, ...i)'" in tests, tests
