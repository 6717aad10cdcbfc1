"""--check-tests: hand-written tests named in `test.gtest` must exist
under tests/ (a meson test of its own, so generation never waits for them)."""
from __future__ import annotations

from conftest import line_of

SCHEMA = """\
ops:
  - signature: clone(Tensor self) -> Tensor
    dtypes: {cpu: all}
    kernel: {kind: custom, impl: rt::clone_tensor}
    doc: A copy.
    test: {gtest: [Copy.Clone, Copy.CloneKeepsDtype]}
"""


def test_missing_hand_written_test_is_reported_at_the_entry(repo):
    repo.write("schemas/tensor/copy.yaml", SCHEMA)
    repo.write("tests/runtime/test_copy.cpp", "TEST(Copy, Clone) {}\n")
    assert repo.codegen().code == 0  # generation does not depend on tests/
    r = repo.codegen("--check-tests")
    assert r.code == 1
    line = line_of(SCHEMA, "gtest:")
    assert r.err.strip() == (f"error: schemas/tensor/copy.yaml:{line}: test Copy.CloneKeepsDtype "
                             f"(named by 'clone') is not defined under tests/")


def test_fixtures_and_typed_tests_count(repo):
    repo.write("schemas/tensor/copy.yaml", SCHEMA)
    repo.write("tests/runtime/test_copy.cpp", "TEST_F(Copy, Clone) {}\nTYPED_TEST(Copy, CloneKeepsDtype) {}\n")
    r = repo.codegen("--check-tests")
    assert r.code == 0, r.err
