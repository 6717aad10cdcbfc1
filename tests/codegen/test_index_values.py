"""`values:` kinds for index arguments: `index(dim)` may name an `int?`
dim (None: positions over self flattened, take_along_dim) and
`flat_index` makes positions over self's elements (take); the Python
tests receive the kind as written."""
from __future__ import annotations

from conftest import line_of

FILE = "schemas/math/t.yaml"

TAKES = """\
ops:
  - signature: take(Tensor self, Tensor index) -> Tensor
    variants: [function]
    dtypes: {cpu: all}
    kernel: {kind: custom, impl: rt::take}
    doc: Take.
    test: {gtest: [Take.Values], numpy: "np.take(self, index)", values: {index: flat_index}}

  - signature: take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor
    variants: [function]
    dtypes: {cpu: all}
    kernel: {kind: custom, impl: rt::take_along_dim}
    doc: Take along dim.
    test: {gtest: [Take.Values], numpy: "ref.take_along_dim(self, indices, dim)", values: {indices: index(dim)}}
"""


def test_flat_index_and_index_of_an_optional_dim(repo):
    tests = repo.generate(FILE, TAKES, "generated/tests/python/test_ops_t.py")
    assert "'index': 'flat_index'" in tests, tests
    assert "'indices': 'index(dim)'" in tests, tests


def test_index_of_an_argument_that_is_not_a_dim_is_an_error(repo):
    text = TAKES.replace("index(dim)", "index(indices)")
    repo.write(FILE, text)
    r = repo.codegen()
    assert r.code == 2, r.err
    assert f"{FILE}:{line_of(text, 'index(indices)')}:" in r.err, r.err
    assert "values of indices must be mask, sorted, flat_index, index(<int dim argument>)" in r.err, r.err
