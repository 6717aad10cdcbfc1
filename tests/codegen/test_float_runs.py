"""A reduce entry's `float_runs` (docs/adding-an-op.md): the generated
reducer, templated on its accumulator, names itself accumulating in the
element's compute type as its run_reducer, with kRun the run length
(Note [runs in float], kernels/reduce.h); without it there is none."""
from __future__ import annotations

FILE = "schemas/math/t.yaml"
SUM = """\
ops:
  - signature: sum(Tensor self) -> Tensor
    dtypes: {cpu: all}
    kernel: {kind: reduce, identity: "0", combine: "acc + x", merge: "a + b", result: integral_to_long%s}
    doc: Sum.
    test: {ref: sum}
"""


def reducer_of(repo):
    cpp = (repo.root / "generated/src/ops/t/sum.cpp").read_text()
    return cpp[cpp.index("template <class T, class Acc = kernels::acc_t<T>>"):cpp.index("};")]


def test_float_runs_declare_the_run_reducer(repo):
    repo.write(FILE, SUM % ", float_runs: 8")
    r = repo.codegen()
    assert r.code == 0, r.err
    reducer = reducer_of(repo)
    assert "using acc_type = Acc;" in reducer
    assert "using run_reducer = sum_reducer<T, kernels::opmath_t<T>>;" in reducer
    assert "static constexpr int kRun = 8;" in reducer


def test_without_float_runs_there_is_no_run_reducer(repo):
    repo.write(FILE, SUM % "")
    r = repo.codegen()
    assert r.code == 0, r.err
    assert "run_reducer" not in reducer_of(repo)
