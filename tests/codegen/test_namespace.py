"""An op's `namespace` (schemas/math/linalg.yaml's `namespace: linalg`):
the C++ function also under ember::<namespace>::<short name>, the Python
function also in ember.<namespace> (the registry's init_generated_namespaces),
and its mistakes as `file:line` errors."""
from __future__ import annotations

from conftest import line_of

FILE = "schemas/math/t.yaml"

SOLVE = """\
ops:
  - signature: linalg_solve(Tensor A, Tensor B) -> Tensor
    namespace: linalg
    variants: [function]
    dtypes: {cpu: full_floating}
    kernel: {kind: custom, impl: rt::linalg_solve}
    doc: Solves.
    test: {gtest: [Linalg.Solve]}
"""


def test_a_namespace_gives_short_names_in_cpp_and_python(repo):
    ops_h = repo.generate(FILE, SOLVE, "generated/include/ember/ops.h")
    assert "namespace linalg {\n" in ops_h
    assert "inline Tensor solve(const Tensor& A, const Tensor& B) { return ember::linalg_solve(A, B); }" in ops_h
    registry = (repo.root / "generated/python/registry.cpp").read_text()
    assert 'PyModule_New("ember.linalg")' in registry
    assert '{"solve", "linalg_solve"},' in registry
    assert 'PyModule_AddObject(module, "linalg", sub)' in registry


def test_without_a_namespace_nothing_is_added(repo):
    repo.write(FILE, SOLVE.replace("    namespace: linalg\n", ""))
    assert repo.codegen().code == 0
    assert "namespace linalg" not in (repo.root / "generated/include/ember/ops.h").read_text()
    assert "ember.linalg" not in (repo.root / "generated/python/registry.cpp").read_text()


def expect_error(repo, text: str, fragment: str, message: str) -> None:
    repo.write(FILE, text)
    r = repo.codegen()
    assert r.code == 2, r.err
    assert f"{FILE}:{line_of(text, fragment)}:" in r.err, r.err
    assert message in r.err, r.err


def test_an_unknown_namespace_is_an_error(repo):
    text = SOLVE.replace("namespace: linalg", "namespace: fft")
    expect_error(repo, text, "namespace:", "unknown namespace 'fft' (known: linalg)")


def test_the_name_must_start_with_the_namespace(repo):
    text = SOLVE.replace("linalg_solve(", "solve(")
    expect_error(repo, text, "namespace:", "an op in namespace 'linalg' is a function named linalg_<name>, got 'solve'")


def test_a_c_only_entry_has_no_namespace(repo):
    text = """\
ops:
  - name: linalg_thing
    namespace: linalg
    dtypes: {cpu: full_floating}
    kernel: {kind: custom, impl: rt::thing}
    th: ["void THTensor_thing(THTensor *a)"]
    doc: A thing.
    test: {gtest: [Thing.All]}
"""
    expect_error(repo, text, "namespace:", "a C-only entry has no C++ or Python name to put in a namespace")
