"""A pointwise entry's `compute_bound` (docs/adding-an-op.md): the CPU
kernels (the expression's and TH's) pass it to kernels::pointwise, which
then streams outputs only where the CPU wants that (Note [memory tuning
per CPU]), and one of one input tries the 16-bit table first (Note
[16-bit function tables]) and marks its PointwiseOp for small-integer
inputs' tables (Note [small integer function tables]); entries without it
pass nothing; a value other than a bool is refused."""
from __future__ import annotations

from conftest import NEG

FILE = "schemas/math/t.yaml"


def test_a_compute_bound_kernel_says_so_to_the_loop(repo):
    schema = NEG.replace('expr: "-self"}', 'expr: "-self", compute_bound: true}')
    cpp = repo.generate(FILE, schema, "generated/src/ops/t/neg.cpp")
    assert "kernels::pointwise<OutT, T, 1, true>(ops," in cpp
    assert "kernels::pointwise<OutT, T, 1>(ops," not in cpp


def test_a_compute_bound_kernel_of_one_input_tries_the_table_first(repo):
    schema = NEG.replace('expr: "-self"}', 'expr: "-self", compute_bound: true}')
    cpp = repo.generate(FILE, schema, "generated/src/ops/t/neg.cpp")
    assert '#include "kernels/half_function_table.h"' in cpp
    table = cpp.index("if (kernels::by_half_table<OutT, T>(ops, f)) return;")
    assert table < cpp.index("kernels::pointwise<OutT, T, 1, true>(ops, f);")


def test_a_compute_bound_kernel_of_one_input_marks_its_op_for_small_integer_tables(repo):
    schema = NEG.replace('expr: "-self"}', 'expr: "-self", compute_bound: true}')
    cpp = repo.generate(FILE, schema, "generated/src/ops/t/neg.cpp")
    op = next(line for line in cpp.splitlines() if line.startswith("constexpr rt::PointwiseOp neg_op{"))
    assert op.endswith(', {"self"}, -1, rt::DTypeSet{}, true};'), op


def test_other_kernels_pass_nothing(repo):
    cpp = repo.generate(FILE, NEG, "generated/src/ops/t/neg.cpp")
    assert "kernels::pointwise<OutT, T, 1>(ops," in cpp
    assert "by_half_table" not in cpp and "half_function_table.h" not in cpp
    op = next(line for line in cpp.splitlines() if line.startswith("constexpr rt::PointwiseOp neg_op{"))
    assert op.endswith('{"self"}};'), op


def test_a_compute_bound_that_is_not_a_bool_is_refused(repo):
    repo.write(FILE, NEG.replace('expr: "-self"}', 'expr: "-self", compute_bound: "yes"}'))
    r = repo.codegen()
    assert r.code == 2
    assert "'compute_bound' must be true or false, got 'yes'" in r.err
